import Foundation
import LaminaGraph
import LaminaGeometry

/// The layer types a scene may name, with the keys each adds to the common CALayer keys.
enum LayerKind: String, CaseIterable {
    case layer, shape, gradient, replicator, transform, text, scroll

    /// Keys every layer type accepts (scene-format.md, "Layer keys").
    static let commonKeys = [
        "type", "name", "frame", "bounds", "position", "anchorPoint", "anchorPointZ", "zPosition", "transform",
        "affineTransform", "sublayerTransform", "geometryFlipped", "hidden", "opacity", "allowsGroupOpacity",
        "backgroundColor", "cornerRadius", "maskedCorners", "cornerCurve", "borderWidth", "borderColor",
        "masksToBounds", "mask", "shadowOpacity", "shadowColor", "shadowOffset", "shadowRadius", "shadowPath",
        "contents", "contentsGravity", "contentsRect", "contentsCenter", "contentsScale", "minificationFilter",
        "magnificationFilter", "minificationFilterBias", "shouldRasterize", "rasterizationScale", "doubleSided",
        "allowsEdgeAntialiasing", "sublayers", "drawing", "beginTime", "timeOffset", "speed", "animations",
    ]

    /// Keys only this type accepts (scene-format.md, "Layer types").
    var specificKeys: [String] {
        switch self {
        case .layer, .transform: return []
        case .shape:
            return ["path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit",
                    "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd"]
        case .gradient: return ["colors", "locations", "startPoint", "endPoint", "gradientType"]
        case .replicator:
            return ["instanceCount", "instanceTransform", "instanceColor", "instanceRedOffset", "instanceGreenOffset",
                    "instanceBlueOffset", "instanceAlphaOffset", "preservesDepth", "instanceDelay"]
        case .text: return ["string", "font", "fontSize", "foregroundColor", "alignmentMode", "wrapped", "truncationMode"]
        case .scroll: return ["scrollTo"]
        }
    }

    /// Each type's keys, common and specific, made once.
    static let knownKeys: [LayerKind: KnownKeys] = Dictionary(uniqueKeysWithValues: allCases.map {
        ($0, KnownKeys(commonKeys + $0.specificKeys))
    })

    func makeLayer() -> Layer {
        switch self {
        case .layer: return Layer()
        case .shape: return ShapeLayer()
        case .gradient: return GradientLayer()
        case .replicator: return ReplicatorLayer()
        case .transform: return TransformLayer()
        case .text: return TextLayer()
        case .scroll: return ScrollLayer()
        }
    }
}

extension SceneReader {
    /// Decodes one layer object (and, recursively, its mask and sublayers) at nesting `depth` (1 = a root sublayer).
    ///
    /// A bad key is noted and its default kept; the other keys, the mask and the sublayers are still read.
    func layer(_ value: JSONValue, at p: JSONPointer, depth: Int) throws -> Layer {
        guard depth <= SceneDecoder.maxLayerDepth else {
            throw SceneError(p, "layers are nested more than \(SceneDecoder.maxLayerDepth) deep (sublayers and masks both count)")
        }
        let f = try fields(value, at: p, what: "a layer object")
        let (kind, typeKnown) = try layerKind(f)
        try f.rejectUnknown(typeKnown ? (LayerKind.knownKeys[kind] ?? KnownKeys(LayerKind.commonKeys + kind.specificKeys))
                                      : LayerKind.allKeys) { key in
            if let habit = LayerKind.habit(key, kind: kind) { return habit }
            guard typeKnown, let owner = LayerKind.allCases.first(where: { $0.specificKeys.contains(key) }) else { return nil }
            return "\"\(key)\" is a key of \"\(owner.rawValue)\" layers, and this layer's type is \"\(kind.rawValue)\""
        }
        try f.rejectTogether("frame", "bounds", why: "frame sets bounds.size and position; give either frame or bounds/position")
        try f.rejectTogether("frame", "position", why: "frame sets bounds.size and position; give either frame or bounds/position")
        try f.rejectTogether("affineTransform", "transform", why: "affineTransform is a shorthand for a 2D transform")

        let layer = kind.makeLayer()
        _ = try attempt { try geometry(f, layer) }
        _ = try attempt { try appearance(f, layer) }
        _ = try attempt { try contents(f, layer) }
        if typeKnown { _ = try attempt { try specific(f, layer, kind: kind) } }
        _ = try attempt { try timing(f, layer, depth: depth) }
        if let maskValue = f["mask"], maskValue != .null {
            if let mask = try attempt({ try self.layer(maskValue, at: p / "mask", depth: depth + 1) }) { layer.mask = mask }
        }
        if let list = f["sublayers"] {
            guard case .array(let items) = list else { throw list.fail(p / "sublayers", expected: "a list of layers") }
            for sub in try layers(items, at: p / "sublayers", depth: depth + 1) { layer.addSublayer(sub) }
        }
        return layer
    }

    /// The layer's type, and whether it was given right. A wrong type is noted; a Core Animation class name
    /// (`CATextLayer`) or a near miss is read as the type it names, anything else as a plain layer whose
    /// type-specific keys are not read (so that they raise no second refusal).
    private func layerKind(_ f: ObjectFields) throws -> (LayerKind, known: Bool) {
        guard let v = f["type"] else { return (.layer, true) }
        let q = f.pointer / "type"
        let all = LayerKind.allCases.map(\.rawValue)
        let expected = "expected one of \(all.joined(separator: ", "))"
        guard case .string(let name) = v else {
            try log.note(v.fail(q, expected: "a layer type (\(all.joined(separator: ", ")))"))
            return (.layer, false)
        }
        if let kind = LayerKind(rawValue: name) { return (kind, true) }
        if let (kind, note) = LayerKind.coreAnimationName(name) {
            try log.note(SceneError(q, "unknown layer type \(Echo.quoted(name)); \(note)"))
            return (kind ?? .layer, kind != nil)
        }
        var message = "unknown layer type \(Echo.quoted(name)); \(expected)"
        let near = KeySuggestion.nearest(to: name, in: all)
        if let near { message += " (did you mean \"\(near)\"?)" }
        try log.note(SceneError(q, message))
        if let near, let kind = LayerKind(rawValue: near) { return (kind, true) }
        return (.layer, false)
    }

    /// Name, bounds, position, anchor, transforms and flags; `frame` last, through CALayer's frame setter,
    /// once the anchor point it depends on is set.
    private func geometry(_ f: ObjectFields, _ l: Layer) throws {
        if let name = try f.read("name", { try $0.string(at: $1) }) { l.name = name }
        try f.set("anchorPoint", &l.anchorPoint) { try $0.point(at: $1) }
        try f.set("anchorPointZ", &l.anchorPointZ) { try $0.number(at: $1) }
        try f.set("bounds", &l.bounds) { try $0.rect(at: $1) }
        try f.set("position", &l.position) { try $0.point(at: $1) }
        try f.set("zPosition", &l.zPosition) { try $0.number(at: $1) }
        try f.set("transform", &l.transform) { try $0.transform(at: $1) }
        try f.set("affineTransform", &l.transform) { try $0.affineTransform(at: $1) }
        try f.set("sublayerTransform", &l.sublayerTransform) { try $0.transform(at: $1) }
        if let frame = try f.read("frame", { try $0.rect(at: $1, allowNegativeSize: true) }) {
            // CALayer's setter: bounds.size and position through anchorPoint, negative sizes standardised.
            l.frame = frame
        }
        try f.set("geometryFlipped", &l.isGeometryFlipped) { try $0.bool(at: $1) }
        try f.set("hidden", &l.isHidden) { try $0.bool(at: $1) }
        try f.set("doubleSided", &l.isDoubleSided) { try $0.bool(at: $1) }
        try f.set("allowsEdgeAntialiasing", &l.allowsEdgeAntialiasing) { try $0.bool(at: $1) }
    }

    /// Opacity, background, corners, border, clipping, shadow and rasterization.
    private func appearance(_ f: ObjectFields, _ l: Layer) throws {
        try f.set("opacity", &l.opacityValue) { try $0.number(at: $1, in: 0...1) }
        try f.set("allowsGroupOpacity", &l.allowsGroupOpacity) { try $0.bool(at: $1) }
        try f.set("backgroundColor", &l.backgroundColor) { try $0.optionalColor(at: $1) }
        try f.set("cornerRadius", &l.cornerRadius) { try $0.nonNegative(at: $1) }
        try f.set("maskedCorners", &l.maskedCorners) { try $0.corners(at: $1) }
        try f.set("cornerCurve", &l.cornerCurve) { try $0.name(CornerCurve.self, at: $1, what: "corner curve") }
        try f.set("borderWidth", &l.borderWidth) { try $0.nonNegative(at: $1) }
        try f.set("borderColor", &l.borderColor) { try $0.optionalColor(at: $1) }
        try f.set("masksToBounds", &l.masksToBounds) { try $0.bool(at: $1) }
        try f.set("shadowOpacity", &l.shadowOpacityValue) { try $0.number(at: $1, in: 0...1) }
        try f.set("shadowColor", &l.shadowColor) { try $0.optionalColor(at: $1) }
        try f.set("shadowOffset", &l.shadowOffset) { try $0.size(at: $1, allowNegative: true) }
        try f.set("shadowRadius", &l.shadowRadius) { try $0.nonNegative(at: $1) }
        try f.set("shadowPath", &l.shadowPathValue) { try self.optionalPath($0, at: $1) }
        try f.set("shouldRasterize", &l.shouldRasterize) { try $0.bool(at: $1) }
        try f.set("rasterizationScale", &l.rasterizationScale) { try $0.positive(at: $1) }
    }

    /// The image and how it is fitted, cropped, stretched and filtered.
    private func contents(_ f: ObjectFields, _ l: Layer) throws {
        try f.set("contents", &l.contentsValue) { try self.optionalImage($0, at: $1) }
        try f.set("contentsGravity", &l.contentsGravity) { try $0.name(ContentsGravity.self, at: $1, what: "contents gravity") }
        try f.set("contentsRect", &l.contentsRect) { try $0.rect(at: $1, allowNegativeSize: true) }
        try f.set("contentsCenter", &l.contentsCenter) { try $0.rect(at: $1, allowNegativeSize: true) }
        try f.set("contentsScale", &l.contentsScale) { try $0.positive(at: $1) }
        try f.set("minificationFilter", &l.minificationFilter) { try $0.name(ContentsFilter.self, at: $1, what: "filter") }
        try f.set("magnificationFilter", &l.magnificationFilter) { try $0.name(ContentsFilter.self, at: $1, what: "filter") }
        try f.set("minificationFilterBias", &l.minificationFilterBias) { try $0.number(at: $1) }
        // The drawn backing store replaces `contents` when both are given, as `-display` does.
        try f.set("drawing", &l.drawing) { try self.drawing($0, at: $1) }
    }
}
