import Foundation
import LaminaImage
import LaminaGraph
import LaminaGeometry

/// The keys every layer type has (scene-format.md, "Layer keys"): geometry, appearance, shadow and contents.
/// Each is written where it differs from a fresh layer of the same type, or always when `full`.
extension SceneEncoder {
    /// A fresh layer of `l`'s type: the defaults its keys are compared with.
    static func defaults(for l: Layer) -> Layer {
        LayerKind(rawValue: l.typeName)?.makeLayer() ?? Layer()
    }

    /// True for layers of a class the scene format has a type for (subclasses included: an override of
    /// `draw(in:)` is written as the drawing it records).
    static func exports(_ l: Layer) -> Bool {
        switch LayerKind(rawValue: l.typeName) {
        case .layer?: return true
        case .shape?: return l is ShapeLayer
        case .gradient?: return l is GradientLayer
        case .replicator?: return l is ReplicatorLayer
        case .transform?: return l is TransformLayer
        case .text?: return l is TextLayer
        case .scroll?: return l is ScrollLayer
        case nil: return false
        }
    }

    func keys(_ l: Layer, defaults d: Layer, full: Bool, into o: inout JSONObjectText, _ state: inout State) throws {
        func put(_ key: String, _ differs: Bool, _ value: @autoclosure () -> String) {
            if full || differs { o[key] = value() }
        }
        if let n = l.name { o["name"] = quoted(n) }
        geometry(l, defaults: d, full: full, into: &o)
        put("hidden", l.isHidden != d.isHidden, bool(l.isHidden))
        put("opacity", l.opacityValue != d.opacityValue, number(l.opacityValue))
        put("allowsGroupOpacity", l.allowsGroupOpacity != d.allowsGroupOpacity, bool(l.allowsGroupOpacity))
        put("backgroundColor", l.backgroundColor != d.backgroundColor, optionalColor(l.backgroundColor))
        put("cornerRadius", l.cornerRadius != d.cornerRadius, number(l.cornerRadius))
        put("maskedCorners", l.maskedCorners != d.maskedCorners, corners(l.maskedCorners))
        put("cornerCurve", l.cornerCurve != d.cornerCurve, quoted(l.cornerCurve.rawValue))
        put("borderWidth", l.borderWidth != d.borderWidth, number(l.borderWidth))
        put("borderColor", l.borderColor != d.borderColor, optionalColor(l.borderColor))
        put("masksToBounds", l.masksToBounds != d.masksToBounds, bool(l.masksToBounds))
        put("shadowOpacity", l.shadowOpacityValue != d.shadowOpacityValue, number(l.shadowOpacityValue))
        put("shadowColor", l.shadowColor != d.shadowColor, optionalColor(l.shadowColor))
        put("shadowOffset", l.shadowOffset != d.shadowOffset, size(l.shadowOffset))
        put("shadowRadius", l.shadowRadius != d.shadowRadius, number(l.shadowRadius))
        put("shadowPath", l.shadowPathValue != nil, optionalPath(l.shadowPathValue))
        put("shouldRasterize", l.shouldRasterize != d.shouldRasterize, bool(l.shouldRasterize))
        put("rasterizationScale", l.rasterizationScale != d.rasterizationScale, number(l.rasterizationScale))
        if let bitmap = l.contentsValue {
            o["contents"] = quoted(try state.reference(for: bitmap))
        } else if full {
            o["contents"] = "null"
        }
        put("contentsGravity", l.contentsGravity != d.contentsGravity, quoted(l.contentsGravity.rawValue))
        put("contentsRect", l.contentsRect != d.contentsRect, rect(l.contentsRect))
        put("contentsCenter", l.contentsCenter != d.contentsCenter, rect(l.contentsCenter))
        put("contentsScale", l.contentsScale != d.contentsScale, number(l.contentsScale))
        put("minificationFilter", l.minificationFilter != d.minificationFilter, quoted(l.minificationFilter.rawValue))
        put("magnificationFilter", l.magnificationFilter != d.magnificationFilter, quoted(l.magnificationFilter.rawValue))
        put("minificationFilterBias", l.minificationFilterBias != d.minificationFilterBias, number(l.minificationFilterBias))
    }

    /// Bounds, position and anchor point (or `frame`, where CALayer's frame setter gives them back exactly),
    /// depth, transforms and flags.
    private func geometry(_ l: Layer, defaults d: Layer, full: Bool, into o: inout JSONObjectText) {
        func put(_ key: String, _ differs: Bool, _ value: @autoclosure () -> String) {
            if full || differs { o[key] = value() }
        }
        if !full, let frame = exactFrame(l, defaults: d) {
            o["frame"] = rect(frame)
        } else {
            o["bounds"] = rect(l.bounds)
            o["position"] = point(l.position)
            put("anchorPoint", l.anchorPoint != d.anchorPoint, point(l.anchorPoint))
        }
        put("anchorPointZ", l.anchorPointZ != d.anchorPointZ, number(l.anchorPointZ))
        put("zPosition", l.zPosition != d.zPosition, number(l.zPosition))
        put("transform", l.transform != d.transform, transform(l.transform))
        put("sublayerTransform", l.sublayerTransform != d.sublayerTransform, transform(l.sublayerTransform))
        put("geometryFlipped", l.isGeometryFlipped != d.isGeometryFlipped, bool(l.isGeometryFlipped))
        put("doubleSided", l.isDoubleSided != d.isDoubleSided, bool(l.isDoubleSided))
        put("allowsEdgeAntialiasing", l.allowsEdgeAntialiasing != d.allowsEdgeAntialiasing, bool(l.allowsEdgeAntialiasing))
    }

    /// The layer's frame, when the decoder's frame setter (with the default anchor point) gives back exactly
    /// its bounds and position; nil otherwise.
    private func exactFrame(_ l: Layer, defaults d: Layer) -> CGRect? {
        guard l.anchorPoint == d.anchorPoint, l.bounds.origin == .zero, l.transform == .identity,
              l.bounds.width >= 0, l.bounds.height >= 0 else { return nil }
        let frame = l.frame
        let probe = Layer()
        probe.frame = frame
        guard probe.bounds == l.bounds, probe.position == l.position else { return nil }
        return frame
    }

    /// The layer's CAMediaTiming keys and its animations.
    func timingKeys(_ l: Layer, path: String, full: Bool, into o: inout JSONObjectText, _ state: inout State,
                    indent: String) throws {
        if full || l.beginTime != 0 { o["beginTime"] = number(l.beginTime) }
        if full || l.timeOffset != 0 { o["timeOffset"] = number(l.timeOffset) }
        if full || l.speed != 1 { o["speed"] = number(l.speed) }
        guard !full, !l.animations.isEmpty else { return }
        let items = try l.animations.enumerated().map { i, a in
            try animation(a, layer: l, path: path + "/animations/\(i)", &state, indent: indent + "  ")
        }
        o["animations"] = list(items, indent: indent)
    }
}
