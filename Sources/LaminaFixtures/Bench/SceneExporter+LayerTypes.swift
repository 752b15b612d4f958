import Foundation
import LaminaCore
import LaminaImage

/// The keys of the specialised layer types the exporter writes: CAShapeLayer's, CAGradientLayer's,
/// CAReplicatorLayer's and CATextLayer's.
extension SceneExporter {
    /// True for the layer classes the exporter writes: plain layers, shapes, gradients, replicators and text.
    static func exports(_ l: Layer) -> Bool {
        type(of: l) == Layer.self || l is ShapeLayer || l is GradientLayer || l is ReplicatorLayer || l is TextLayer
    }

    /// The type name and the type's own keys of `l`, into `o` (nothing for a plain layer).
    func specificKeys(_ l: Layer, into o: inout JSONObjectText) {
        if let g = l as? GradientLayer {
            o["type"] = quoted("gradient")
            if let colors = g.colorsValue { o["colors"] = "[" + colors.map(color).joined(separator: ", ") + "]" }
            if let locations = g.locationsValue { o["locations"] = "[" + locations.map(number).joined(separator: ", ") + "]" }
            o["startPoint"] = "[\(number(g.startPoint.x)), \(number(g.startPoint.y))]"
            o["endPoint"] = "[\(number(g.endPoint.x)), \(number(g.endPoint.y))]"
            if g.gradientType != .axial { o["gradientType"] = quoted(g.gradientType.rawValue) }
        } else if let r = l as? ReplicatorLayer {
            o["type"] = quoted("replicator")
            o["instanceCount"] = String(r.instanceCount)
            let t = r.instanceTransform
            let entries = [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34,
                           t.m41, t.m42, t.m43, t.m44]
            if t != .identity { o["instanceTransform"] = "[" + entries.map(number).joined(separator: ", ") + "]" }
            if r.instanceColor != .white { o["instanceColor"] = r.instanceColor.map(color) ?? "null" }
            for (key, value) in [("instanceRedOffset", r.instanceRedOffsetValue), ("instanceGreenOffset", r.instanceGreenOffsetValue),
                                 ("instanceBlueOffset", r.instanceBlueOffsetValue), ("instanceAlphaOffset", r.instanceAlphaOffsetValue)]
            where value != 0 {
                o[key] = number(value)
            }
            if r.preservesDepth { o["preservesDepth"] = "true" }
        } else if let t = l as? TextLayer {
            textKeys(t, into: &o)
        } else if let shape = l as? ShapeLayer {
            shapeKeys(shape, into: &o)
        }
    }

    /// A shape layer's keys, those that differ from Core Animation's defaults.
    private func shapeKeys(_ s: ShapeLayer, into o: inout JSONObjectText) {
        o["type"] = quoted("shape")
        if let path = s.pathValue { o["path"] = quoted(svg(path)) }
        if s.fillColor != .black { o["fillColor"] = s.fillColor.map(color) ?? "null" }
        if s.fillRule != .nonZero { o["fillRule"] = quoted(s.fillRule.rawValue) }
        if let stroke = s.strokeColor { o["strokeColor"] = color(stroke) }
        if s.lineWidth != 1 { o["lineWidth"] = number(s.lineWidth) }
        if s.lineCap != .butt { o["lineCap"] = quoted(s.lineCap.rawValue) }
        if s.lineJoin != .miter { o["lineJoin"] = quoted(s.lineJoin.rawValue) }
        if s.miterLimit != 10 { o["miterLimit"] = number(s.miterLimit) }
        if let dashes = s.lineDashPatternValue { o["lineDashPattern"] = "[" + dashes.map(number).joined(separator: ", ") + "]" }
        if s.lineDashPhase != 0 { o["lineDashPhase"] = number(s.lineDashPhase) }
        if s.strokeStart != 0 { o["strokeStart"] = number(s.strokeStart) }
        if s.strokeEnd != 1 { o["strokeEnd"] = number(s.strokeEnd) }
    }

    private func textKeys(_ t: TextLayer, into o: inout JSONObjectText) {
        o["type"] = quoted("text")
        if let runs = t.attributedString {
            o["string"] = "[" + runs.map { r in
                "{\"text\": \(quoted(r.text)), \"font\": \(quoted(r.font)), \"fontSize\": \(number(r.fontSize)), "
                    + "\"foregroundColor\": \(r.foregroundColor.map(color) ?? "null"), \"underline\": \(r.underline)}"
            }.joined(separator: ", ") + "]"
        } else if let s = t.stringValue {
            o["string"] = quoted(s)
        }
        o["font"] = quoted(t.fontValue)
        o["fontSize"] = number(t.fontSize)
        o["foregroundColor"] = t.foregroundColor.map(color) ?? "null"
        if t.alignmentMode != .natural { o["alignmentMode"] = quoted(t.alignmentMode.rawValue) }
        if t.isWrapped { o["wrapped"] = "true" }
        if t.truncationMode != .none { o["truncationMode"] = quoted(t.truncationMode.rawValue) }
    }
}
