import Foundation

/// The keys of the specialised layer types the exporter writes: CAGradientLayer's, CAReplicatorLayer's and
/// CATextLayer's.
extension SceneExporter {
    /// True for the layer classes the exporter writes: plain layers, gradients, replicators and text.
    static func exports(_ l: Layer) -> Bool {
        type(of: l) == Layer.self || l is GradientLayer || l is ReplicatorLayer || l is TextLayer
    }

    /// The type name and the type's own keys of `l`, into `o` (nothing for a plain layer).
    func specificKeys(_ l: Layer, into o: inout JSONObjectText) {
        if let g = l as? GradientLayer {
            o["type"] = quoted("gradient")
            if let colors = g.colors { o["colors"] = "[" + colors.map(color).joined(separator: ", ") + "]" }
            if let locations = g.locations { o["locations"] = "[" + locations.map(number).joined(separator: ", ") + "]" }
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
            for (key, value) in [("instanceRedOffset", r.instanceRedOffset), ("instanceGreenOffset", r.instanceGreenOffset),
                                 ("instanceBlueOffset", r.instanceBlueOffset), ("instanceAlphaOffset", r.instanceAlphaOffset)]
            where value != 0 {
                o[key] = number(value)
            }
            if r.preservesDepth { o["preservesDepth"] = "true" }
        } else if let t = l as? TextLayer {
            textKeys(t, into: &o)
        }
    }

    private func textKeys(_ t: TextLayer, into o: inout JSONObjectText) {
        o["type"] = quoted("text")
        if let runs = t.attributedString {
            o["string"] = "[" + runs.map { r in
                "{\"text\": \(quoted(r.text)), \"font\": \(quoted(r.font)), \"fontSize\": \(number(r.fontSize)), "
                    + "\"foregroundColor\": \(r.foregroundColor.map(color) ?? "null"), \"underline\": \(r.underline)}"
            }.joined(separator: ", ") + "]"
        } else if let s = t.string {
            o["string"] = quoted(s)
        }
        o["font"] = quoted(t.font)
        o["fontSize"] = number(t.fontSize)
        o["foregroundColor"] = t.foregroundColor.map(color) ?? "null"
        if t.alignmentMode != .natural { o["alignmentMode"] = quoted(t.alignmentMode.rawValue) }
        if t.isWrapped { o["wrapped"] = "true" }
        if t.truncationMode != .none { o["truncationMode"] = quoted(t.truncationMode.rawValue) }
    }
}
