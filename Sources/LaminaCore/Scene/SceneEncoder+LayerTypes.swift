import Foundation
import LaminaImage
import LaminaGraph
import LaminaGeometry

/// The keys of the specialised layer types (scene-format.md, "Layer types"): CAShapeLayer's,
/// CAGradientLayer's, CAReplicatorLayer's and CATextLayer's; a transform or scroll layer has none of its own
/// (a scroll layer's `scrollTo` is its bounds' origin, written with `bounds`).
extension SceneEncoder {
    /// The layer's `type`, unless it is a plain layer.
    func specificType(_ l: Layer, into o: inout JSONObjectText) {
        if l.typeName != "layer" { o["type"] = quoted(l.typeName) }
    }

    /// The type's own keys, those that differ from its defaults (all of them when `full`).
    func specificKeys(_ l: Layer, full: Bool, into o: inout JSONObjectText) throws {
        func put(_ key: String, _ differs: Bool, _ value: @autoclosure () -> String) {
            if full || differs { o[key] = value() }
        }
        switch l {
        case let s as ShapeLayer: shapeKeys(s, put: put)
        case let g as GradientLayer:
            put("colors", g.colorsValue != nil, g.colorsValue.map { "[" + $0.map(color).joined(separator: ", ") + "]" } ?? "null")
            put("locations", g.locationsValue != nil, g.locationsValue.map(numbers) ?? "null")
            put("startPoint", g.startPoint != GradientLayer().startPoint, point(g.startPoint))
            put("endPoint", g.endPoint != GradientLayer().endPoint, point(g.endPoint))
            put("gradientType", g.gradientType != .axial, quoted(g.gradientType.rawValue))
        case let r as ReplicatorLayer:
            put("instanceCount", r.instanceCount != 1, String(r.instanceCount))
            put("instanceTransform", r.instanceTransform != .identity, transform(r.instanceTransform))
            put("instanceColor", r.instanceColor != .white, optionalColor(r.instanceColor))
            put("instanceRedOffset", r.instanceRedOffsetValue != 0, number(r.instanceRedOffsetValue))
            put("instanceGreenOffset", r.instanceGreenOffsetValue != 0, number(r.instanceGreenOffsetValue))
            put("instanceBlueOffset", r.instanceBlueOffsetValue != 0, number(r.instanceBlueOffsetValue))
            put("instanceAlphaOffset", r.instanceAlphaOffsetValue != 0, number(r.instanceAlphaOffsetValue))
            put("preservesDepth", r.preservesDepth, bool(r.preservesDepth))
            put("instanceDelay", r.instanceDelay != 0, number(r.instanceDelay))
        case let t as TextLayer: textKeys(t, put: put)
        default: break
        }
    }

    private func shapeKeys(_ s: ShapeLayer, put: (String, Bool, @autoclosure () -> String) -> Void) {
        put("path", s.pathValue != nil, optionalPath(s.pathValue))
        put("fillColor", s.fillColor != .black, optionalColor(s.fillColor))
        put("fillRule", s.fillRule != .nonZero, quoted(s.fillRule.rawValue))
        put("strokeColor", s.strokeColor != nil, optionalColor(s.strokeColor))
        put("lineWidth", s.lineWidth != 1, number(s.lineWidth))
        put("lineCap", s.lineCap != .butt, quoted(s.lineCap.rawValue))
        put("lineJoin", s.lineJoin != .miter, quoted(s.lineJoin.rawValue))
        put("miterLimit", s.miterLimit != 10, number(s.miterLimit))
        put("lineDashPattern", s.lineDashPatternValue != nil, s.lineDashPatternValue.map(numbers) ?? "null")
        put("lineDashPhase", s.lineDashPhase != 0, number(s.lineDashPhase))
        put("strokeStart", s.strokeStart != 0, number(s.strokeStart))
        put("strokeEnd", s.strokeEnd != 1, number(s.strokeEnd))
    }

    /// A text layer's keys; an attributed string is a list of runs, each with all its attributes.
    private func textKeys(_ t: TextLayer, put: (String, Bool, @autoclosure () -> String) -> Void) {
        if let runs = t.attributedString {
            put("string", true, "[" + runs.map { r in
                var o = JSONObjectText()
                o["text"] = quoted(r.text); o["font"] = quoted(r.font); o["fontSize"] = number(r.fontSize)
                o["foregroundColor"] = optionalColor(r.foregroundColor); o["underline"] = bool(r.underline)
                return o.text
            }.joined(separator: ", ") + "]")
        } else {
            put("string", t.stringValue != nil, t.stringValue.map(quoted) ?? "null")
        }
        let d = TextLayer()
        put("font", t.fontValue != d.fontValue, quoted(t.fontValue))
        put("fontSize", t.fontSize != d.fontSize, number(t.fontSize))
        put("foregroundColor", t.foregroundColor != d.foregroundColor, optionalColor(t.foregroundColor))
        put("alignmentMode", t.alignmentMode != .natural, quoted(t.alignmentMode.rawValue))
        put("wrapped", t.isWrapped, bool(t.isWrapped))
        put("truncationMode", t.truncationMode != .none, quoted(t.truncationMode.rawValue))
    }
}
