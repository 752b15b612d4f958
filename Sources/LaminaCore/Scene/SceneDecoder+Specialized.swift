import Foundation
import LaminaGeometry

/// The keys of CAShapeLayer, CAGradientLayer, CAReplicatorLayer, CATextLayer and CAScrollLayer.
extension SceneReader {
    /// Largest `instanceCount` accepted: keeps a typo from asking for billions of instances.
    static let maxInstanceCount = 100_000
    /// Most colours (stops) a gradient takes: both renderers walk the stops per pixel.
    static let maxGradientStops = 256

    func specific(_ f: ObjectFields, _ layer: Layer, kind: LayerKind) throws {
        switch layer {
        case let s as ShapeLayer: try shape(f, s)
        case let g as GradientLayer: try gradient(f, g)
        case let r as ReplicatorLayer: try replicator(f, r)
        case let t as TextLayer: try text(f, t)
        case let s as ScrollLayer:
            if let p = try f.read("scrollTo", { try $0.point(at: $1) }) { s.scroll(to: p) }
        default: break
        }
    }

    private func shape(_ f: ObjectFields, _ s: ShapeLayer) throws {
        try f.set("path", &s.pathValue) { try self.optionalPath($0, at: $1) }
        try f.set("fillColor", &s.fillColor) { try $0.optionalColor(at: $1) }
        try f.set("fillRule", &s.fillRule) { try $0.name(FillRule.self, at: $1, what: "fill rule") }
        try f.set("strokeColor", &s.strokeColor) { try $0.optionalColor(at: $1) }
        try f.set("lineWidth", &s.lineWidth) { try $0.nonNegative(at: $1) }
        try f.set("lineCap", &s.lineCap) { try $0.name(ShapeLayer.LineCap.self, at: $1, what: "line cap") }
        try f.set("lineJoin", &s.lineJoin) { try $0.name(ShapeLayer.LineJoin.self, at: $1, what: "line join") }
        try f.set("miterLimit", &s.miterLimit) { try $0.nonNegative(at: $1) }
        try f.set("lineDashPattern", &s.lineDashPatternValue) { v, p in
            if case .null = v { return nil }
            guard case .array(let items) = v else { throw v.fail(p, expected: "a list of dash lengths, or null") }
            return try items.enumerated().map { try $1.nonNegative(at: p / $0) }
        }
        try f.set("lineDashPhase", &s.lineDashPhase) { try $0.number(at: $1) }
        try f.set("strokeStart", &s.strokeStart) { try $0.number(at: $1, in: 0...1) }
        try f.set("strokeEnd", &s.strokeEnd) { try $0.number(at: $1, in: 0...1) }
    }

    private func gradient(_ f: ObjectFields, _ g: GradientLayer) throws {
        try f.set("colors", &g.colorsValue) { v, p in
            if case .null = v { return nil }
            guard case .array(let items) = v else { throw v.fail(p, expected: "a list of colours") }
            guard items.count <= SceneReader.maxGradientStops else {
                throw SceneError(p, "\(items.count) colours; a gradient takes at most \(SceneReader.maxGradientStops)")
            }
            return try items.enumerated().map { try $1.color(at: p / $0) }
        }
        try f.set("locations", &g.locationsValue) { v, p in
            if case .null = v { return nil }
            guard case .array(let items) = v else { throw v.fail(p, expected: "a list of locations, or null") }
            return try items.enumerated().map { try $1.number(at: p / $0) }
        }
        if let locations = g.locationsValue, locations.count != (g.colorsValue?.count ?? 0) {
            g.locationsValue = nil
            try f.refuse(SceneError(f.pointer / "locations",
                                    "\(locations.count) locations for \(g.colorsValue?.count ?? 0) colours; give one location per colour, or none"))
        }
        try f.set("startPoint", &g.startPoint) { try $0.point(at: $1) }
        try f.set("endPoint", &g.endPoint) { try $0.point(at: $1) }
        try f.set("gradientType", &g.gradientType) { try $0.name(GradientLayer.GradientType.self, at: $1, what: "gradient type") }
    }

    private func replicator(_ f: ObjectFields, _ r: ReplicatorLayer) throws {
        try f.set("instanceCount", &r.instanceCount) { v, p in
            if case .number(let x) = v, x < 0 {
                throw SceneError(p, "instanceCount must be >= 0, found \(formatNumber(x))")
            }
            return try v.integer(at: p, in: 0...SceneReader.maxInstanceCount)
        }
        try f.set("instanceTransform", &r.instanceTransform) { try $0.transform(at: $1) }
        try f.set("instanceColor", &r.instanceColor) { try $0.optionalColor(at: $1) }
        try f.set("instanceRedOffset", &r.instanceRedOffsetValue) { try $0.number(at: $1) }
        try f.set("instanceGreenOffset", &r.instanceGreenOffsetValue) { try $0.number(at: $1) }
        try f.set("instanceBlueOffset", &r.instanceBlueOffsetValue) { try $0.number(at: $1) }
        try f.set("instanceAlphaOffset", &r.instanceAlphaOffsetValue) { try $0.number(at: $1) }
        try f.set("preservesDepth", &r.preservesDepth) { try $0.bool(at: $1) }
        try f.set("instanceDelay", &r.instanceDelay) { try $0.number(at: $1) }
    }
}
