import Foundation
import LaminaGeometry
import LaminaGraph

/// A layer property an animation can move, by its Core Animation key path: how to read it from a layer and
/// write the presented value back.
public struct AnimatedKeyPath: Sendable {
    /// What kind of value the key path holds (and the scene format writes).
    public enum Kind: String, Sendable { case number, point, size, rect, color, transform, bool, colors, numbers, path }

    public let name: String
    public let kind: Kind
    /// The layer class that has it (nil: every layer).
    public let layerType: String?
    /// Saves the stored property the key path writes on a layer (its root: `transform` for
    /// `transform.rotation.z`) and returns what writes it back as it was (`Presentation.restore`); nil for a
    /// layer without it.
    let root: Save
    let get: @Sendable (Layer) -> AnimatableValue?
    let set: @Sendable (Layer, AnimatableValue) -> Void

    /// The key path named `name`, or nil when Lamina does not animate it.
    public static func named(_ name: String) -> AnimatedKeyPath? { table[name] }

    /// Every key path, sorted, for suggestions and the schema.
    public static var allNames: [String] { table.keys.sorted() }

    private static let table: [String: AnimatedKeyPath] = {
        var out: [String: AnimatedKeyPath] = [:]
        for k in common + transformHelpers(base: "transform", \.transform) + transformHelpers(base: "sublayerTransform", \.sublayerTransform)
            + specialized { out[k.name] = k }
        return out
    }()

    private static func number(_ name: String, _ path: ReferenceWritableKeyPath<Layer, Double>) -> AnimatedKeyPath {
        AnimatedKeyPath(name: name, kind: .number, layerType: nil, root: restorer(path), get: { .number($0[keyPath: path]) },
                        set: { l, v in if case .number(let x) = v { l[keyPath: path] = x } })
    }
    private static func color(_ name: String, _ path: ReferenceWritableKeyPath<Layer, Color?>) -> AnimatedKeyPath {
        AnimatedKeyPath(name: name, kind: .color, layerType: nil, root: restorer(path), get: { .color($0[keyPath: path]) },
                        set: { l, v in if case .color(let c) = v { l[keyPath: path] = c } })
    }

    private static let common: [AnimatedKeyPath] = [
        AnimatedKeyPath(name: "position", kind: .point, layerType: nil, root: restorer(\Layer.position), get: { .point($0.position) },
                        set: { l, v in if case .point(let p) = v { l.position = p } }),
        AnimatedKeyPath(name: "position.x", kind: .number, layerType: nil, root: restorer(\Layer.position), get: { .number(Double($0.position.x)) },
                        set: { l, v in if case .number(let x) = v { l.position.x = x } }),
        AnimatedKeyPath(name: "position.y", kind: .number, layerType: nil, root: restorer(\Layer.position), get: { .number(Double($0.position.y)) },
                        set: { l, v in if case .number(let y) = v { l.position.y = y } }),
        AnimatedKeyPath(name: "bounds", kind: .rect, layerType: nil, root: restorer(\Layer.bounds), get: { .rect($0.bounds) },
                        set: { l, v in if case .rect(let r) = v { l.bounds = r.standardized } }),
        AnimatedKeyPath(name: "bounds.origin", kind: .point, layerType: nil, root: restorer(\Layer.bounds), get: { .point($0.bounds.origin) },
                        set: { l, v in if case .point(let p) = v { l.bounds.origin = p } }),
        AnimatedKeyPath(name: "bounds.size", kind: .size, layerType: nil, root: restorer(\Layer.bounds), get: { .size($0.bounds.size) },
                        set: { l, v in if case .size(let s) = v { l.bounds.size = CGSize(width: max(0, s.width), height: max(0, s.height)) } }),
        AnimatedKeyPath(name: "bounds.size.width", kind: .number, layerType: nil, root: restorer(\Layer.bounds), get: { .number(Double($0.bounds.width)) },
                        set: { l, v in if case .number(let w) = v { l.bounds.size.width = max(0, w) } }),
        AnimatedKeyPath(name: "bounds.size.height", kind: .number, layerType: nil, root: restorer(\Layer.bounds), get: { .number(Double($0.bounds.height)) },
                        set: { l, v in if case .number(let h) = v { l.bounds.size.height = max(0, h) } }),
        AnimatedKeyPath(name: "anchorPoint", kind: .point, layerType: nil, root: restorer(\Layer.anchorPoint), get: { .point($0.anchorPoint) },
                        set: { l, v in if case .point(let p) = v { l.anchorPoint = p } }),
        number("zPosition", \.zPosition),
        AnimatedKeyPath(name: "opacity", kind: .number, layerType: nil, root: restorer(\Layer.opacityValue), get: { .number($0.opacityValue) },
                        set: { l, v in if case .number(let x) = v { l.opacityValue = min(1, max(0, x)) } }),
        AnimatedKeyPath(name: "hidden", kind: .bool, layerType: nil, root: restorer(\Layer.isHidden), get: { .bool($0.isHidden) },
                        set: { l, v in if case .bool(let b) = v { l.isHidden = b } }),
        color("backgroundColor", \.backgroundColor),
        AnimatedKeyPath(name: "cornerRadius", kind: .number, layerType: nil, root: restorer(\Layer.cornerRadius), get: { .number($0.cornerRadius) },
                        set: { l, v in if case .number(let x) = v { l.cornerRadius = max(0, x) } }),
        AnimatedKeyPath(name: "borderWidth", kind: .number, layerType: nil, root: restorer(\Layer.borderWidth), get: { .number($0.borderWidth) },
                        set: { l, v in if case .number(let x) = v { l.borderWidth = max(0, x) } }),
        color("borderColor", \.borderColor),
        AnimatedKeyPath(name: "shadowOpacity", kind: .number, layerType: nil, root: restorer(\Layer.shadowOpacityValue), get: { .number($0.shadowOpacityValue) },
                        set: { l, v in if case .number(let x) = v { l.shadowOpacityValue = min(1, max(0, x)) } }),
        AnimatedKeyPath(name: "shadowRadius", kind: .number, layerType: nil, root: restorer(\Layer.shadowRadius), get: { .number($0.shadowRadius) },
                        set: { l, v in if case .number(let x) = v { l.shadowRadius = max(0, x) } }),
        AnimatedKeyPath(name: "shadowOffset", kind: .size, layerType: nil, root: restorer(\Layer.shadowOffset), get: { .size($0.shadowOffset) },
                        set: { l, v in if case .size(let s) = v { l.shadowOffset = s } }),
        color("shadowColor", \.shadowColor),
        AnimatedKeyPath(name: "shadowPath", kind: .path, layerType: nil, root: restorer(\Layer.shadowPathValue), get: { .path($0.shadowPathValue) },
                        set: { l, v in if case .path(let p) = v { l.shadowPathValue = p } }),
        AnimatedKeyPath(name: "contentsRect", kind: .rect, layerType: nil, root: restorer(\Layer.contentsRect), get: { .rect($0.contentsRect) },
                        set: { l, v in if case .rect(let r) = v { l.contentsRect = r } }),
        AnimatedKeyPath(name: "transform", kind: .transform, layerType: nil, root: restorer(\Layer.transform), get: { .transform($0.transform) },
                        set: { l, v in if case .transform(let t) = v { l.transform = t } }),
        AnimatedKeyPath(name: "sublayerTransform", kind: .transform, layerType: nil, root: restorer(\Layer.sublayerTransform), get: { .transform($0.sublayerTransform) },
                        set: { l, v in if case .transform(let t) = v { l.sublayerTransform = t } }),
    ]

    /// `transform.rotation`, `.rotation.x|y|z`, `.scale`, `.scale.x|y|z`, `.translation.x|y|z` (and the
    /// same under `sublayerTransform`): scalars, read from the matrix's decomposition and written back into
    /// it (the other pieces kept), so a rotation from 0 to 2 pi turns once.
    private static func transformHelpers(base: String, _ path: ReferenceWritableKeyPath<Layer, Transform3D>) -> [AnimatedKeyPath] {
        let parts: [(String, TransformPart)] = [
            ("rotation", .rotation(2)), ("rotation.x", .rotation(0)), ("rotation.y", .rotation(1)), ("rotation.z", .rotation(2)),
            ("scale", .uniformScale), ("scale.x", .scale(0)), ("scale.y", .scale(1)), ("scale.z", .scale(2)),
            ("translation.x", .translation(0)), ("translation.y", .translation(1)), ("translation.z", .translation(2)),
        ]
        return parts.map { suffix, part in
            AnimatedKeyPath(name: base + "." + suffix, kind: .number, layerType: nil, root: restorer(path),
                            get: { .number(TransformPart.read(part, of: $0[keyPath: path])) },
                            set: { l, v in
                                if case .number(let x) = v { l[keyPath: path] = TransformPart.write(part, x, into: l[keyPath: path]) }
                            })
        }
    }

    private static let specialized: [AnimatedKeyPath] = [
        typed("shape", "path", .path, root: restorer(\ShapeLayer.pathValue), { ($0 as? ShapeLayer).map { .path($0.pathValue) } },
              { l, v in if let s = l as? ShapeLayer, case .path(let p) = v { s.pathValue = p } }),
        typed("shape", "fillColor", .color, root: restorer(\ShapeLayer.fillColor), { ($0 as? ShapeLayer).map { .color($0.fillColor) } },
              { l, v in if let s = l as? ShapeLayer, case .color(let c) = v { s.fillColor = c } }),
        typed("shape", "strokeColor", .color, root: restorer(\ShapeLayer.strokeColor), { ($0 as? ShapeLayer).map { .color($0.strokeColor) } },
              { l, v in if let s = l as? ShapeLayer, case .color(let c) = v { s.strokeColor = c } }),
        typed("shape", "lineWidth", .number, root: restorer(\ShapeLayer.lineWidth), { ($0 as? ShapeLayer).map { .number($0.lineWidth) } },
              { l, v in if let s = l as? ShapeLayer, case .number(let x) = v { s.lineWidth = max(0, x) } }),
        typed("shape", "strokeStart", .number, root: restorer(\ShapeLayer.strokeStart), { ($0 as? ShapeLayer).map { .number($0.strokeStart) } },
              { l, v in if let s = l as? ShapeLayer, case .number(let x) = v { s.strokeStart = min(1, max(0, x)) } }),
        typed("shape", "strokeEnd", .number, root: restorer(\ShapeLayer.strokeEnd), { ($0 as? ShapeLayer).map { .number($0.strokeEnd) } },
              { l, v in if let s = l as? ShapeLayer, case .number(let x) = v { s.strokeEnd = min(1, max(0, x)) } }),
        typed("shape", "lineDashPhase", .number, root: restorer(\ShapeLayer.lineDashPhase), { ($0 as? ShapeLayer).map { .number($0.lineDashPhase) } },
              { l, v in if let s = l as? ShapeLayer, case .number(let x) = v { s.lineDashPhase = x } }),
        typed("shape", "miterLimit", .number, root: restorer(\ShapeLayer.miterLimit), { ($0 as? ShapeLayer).map { .number($0.miterLimit) } },
              { l, v in if let s = l as? ShapeLayer, case .number(let x) = v { s.miterLimit = max(0, x) } }),
        typed("gradient", "colors", .colors, root: restorer(\GradientLayer.colorsValue), { ($0 as? GradientLayer).map { .colors($0.colorsValue ?? []) } },
              { l, v in if let g = l as? GradientLayer, case .colors(let c) = v { g.colorsValue = c } }),
        typed("gradient", "locations", .numbers, root: restorer(\GradientLayer.locationsValue), { ($0 as? GradientLayer).map { .numbers($0.locationsValue ?? []) } },
              { l, v in if let g = l as? GradientLayer, case .numbers(let x) = v { g.locationsValue = x.isEmpty ? nil : x } }),
        typed("gradient", "startPoint", .point, root: restorer(\GradientLayer.startPoint), { ($0 as? GradientLayer).map { .point($0.startPoint) } },
              { l, v in if let g = l as? GradientLayer, case .point(let p) = v { g.startPoint = p } }),
        typed("gradient", "endPoint", .point, root: restorer(\GradientLayer.endPoint), { ($0 as? GradientLayer).map { .point($0.endPoint) } },
              { l, v in if let g = l as? GradientLayer, case .point(let p) = v { g.endPoint = p } }),
        typed("replicator", "instanceColor", .color, root: restorer(\ReplicatorLayer.instanceColor), { ($0 as? ReplicatorLayer).map { .color($0.instanceColor) } },
              { l, v in if let r = l as? ReplicatorLayer, case .color(let c) = v { r.instanceColor = c } }),
        typed("text", "foregroundColor", .color, root: restorer(\TextLayer.foregroundColor), { ($0 as? TextLayer).map { .color($0.foregroundColor) } },
              { l, v in if let t = l as? TextLayer, case .color(let c) = v { t.foregroundColor = c } }),
        typed("text", "fontSize", .number, root: restorer(\TextLayer.fontSize), { ($0 as? TextLayer).map { .number($0.fontSize) } },
              { l, v in if let t = l as? TextLayer, case .number(let x) = v { t.fontSize = max(0, x) } }),
    ] + ["instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset"].map { name in
        let path: ReferenceWritableKeyPath<ReplicatorLayer, Double>
        switch name {
        case "instanceRedOffset": path = \.instanceRedOffsetValue
        case "instanceGreenOffset": path = \.instanceGreenOffsetValue
        case "instanceBlueOffset": path = \.instanceBlueOffsetValue
        default: path = \.instanceAlphaOffsetValue
        }
        return typed("replicator", name, .number, root: restorer(path), { ($0 as? ReplicatorLayer).map { .number($0[keyPath: path]) } },
                     { l, v in if let r = l as? ReplicatorLayer, case .number(let x) = v { r[keyPath: path] = x } })
    }

    private static func typed(_ type: String, _ name: String, _ kind: Kind, root: @escaping Save,
                              _ get: @escaping @Sendable (Layer) -> AnimatableValue?,
                              _ set: @escaping @Sendable (Layer, AnimatableValue) -> Void) -> AnimatedKeyPath {
        AnimatedKeyPath(name: name, kind: kind, layerType: type, root: root, get: get, set: set)
    }
}

/// One scalar piece of a transform, read from and written into its decomposition.
enum TransformPart: Sendable {
    case rotation(Int), scale(Int), uniformScale, translation(Int)

    static func read(_ part: TransformPart, of m: Transform3D) -> Double {
        guard let d = DecomposedTransform(m) else { return part.isScale ? 1 : 0 }
        switch part {
        case .rotation(let axis): return eulerAngles(d.quaternion)[axis]
        case .scale(let axis): return d.scale[axis]
        case .uniformScale: return d.scale.x
        case .translation(let axis): return d.translation[axis]
        }
    }

    /// `m` with the piece set to `value`; a rotation replaces the rotation about that axis, keeping the
    /// other two (Euler angles, x then y then z), so a rotation past pi keeps turning.
    static func write(_ part: TransformPart, _ value: Double, into m: Transform3D) -> Transform3D {
        guard var d = DecomposedTransform(m) else { return m }
        switch part {
        case .rotation(let axis):
            var angles = eulerAngles(d.quaternion)
            angles[axis] = value
            let rotation = Transform3D.rotation(angles.x, 1, 0, 0).concatenating(.rotation(angles.y, 0, 1, 0))
                .concatenating(.rotation(angles.z, 0, 0, 1))
            var unrotated = d
            unrotated.quaternion = SIMD4(0, 0, 0, 1)
            // Scale and skew first, then the rotation, then translation and perspective, as the
            // decomposition composes them.
            var plain = unrotated
            plain.translation = .zero
            plain.perspective = SIMD4(0, 0, 0, 1)
            var moved = DecomposedTransform(.identity) ?? unrotated
            moved.translation = d.translation
            moved.perspective = d.perspective
            return plain.matrix.concatenating(rotation).concatenating(moved.matrix)
        case .scale(let axis): d.scale[axis] = value
        case .uniformScale: d.scale = SIMD3(value, value, value)
        case .translation(let axis): d.translation[axis] = value
        }
        return d.matrix
    }

    private var isScale: Bool {
        switch self {
        case .scale, .uniformScale: return true
        default: return false
        }
    }

    /// Rotations about x, then y, then z whose product is the quaternion's rotation.
    private static func eulerAngles(_ q: SIMD4<Double>) -> SIMD3<Double> {
        let m = DecomposedTransform.rotationMatrix(q)
        // m = Rx(a) Ry(b) Rz(c) for row vectors.
        let b = asin(max(-1, min(1, -m.m13)))
        let a = atan2(m.m23, m.m33)
        let c = atan2(m.m12, m.m11)
        return SIMD3(a, b, c)
    }
}

extension DecomposedTransform {
    /// The rotation matrix of a unit quaternion, as `matrix` composes it.
    static func rotationMatrix(_ q: SIMD4<Double>) -> Transform3D {
        var d = DecomposedTransform(.identity)
        d?.quaternion = q
        return d?.matrix ?? .identity
    }
}
