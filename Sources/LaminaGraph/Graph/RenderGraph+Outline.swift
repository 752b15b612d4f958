import Foundation
import LaminaGeometry

extension RenderGraph {
    /// A readable outline: one line per pass with its reason and size, then its operations.
    public var outline: String {
        var lines = ["canvas \(width)x\(height) px at scale \(scale), \(passes.count) pass(es), \(images.count) image(s)"]
        for pass in passes {
            switch pass.content {
            case .draw(let ops):
                lines.append("\(pass.id) \(pass.reason.rawValue) \"\(pass.label)\" \(pass.width)x\(pass.height): \(ops.count) op(s)")
                for op in ops { lines.append("  " + op.summary) }
            case .blur(let source, let sigma, let method):
                lines.append("\(pass.id) \(pass.reason.rawValue) \"\(pass.label)\" \(pass.width)x\(pass.height): "
                             + "blur of \(source), sigma \(String(format: "%.2f", sigma)) px; "
                             + BlurPyramid.describe(method))
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension DrawOp {
    /// One line describing the operation.
    var summary: String {
        let clipText = clips.isEmpty ? "" : " clips \(clips.count)"
        let flat = transform.planeKind.isFlat ? "" : " perspective"
        return "\(what) bounds \(bounds)\(clipText)\(flat)"
    }

    /// The shape and paint in words.
    private var what: String {
        func rounded(_ s: RoundedRect) -> String { s.isRect ? "" : " r=\(s.maxRadius)" }
        func fill(_ s: RoundedRect) -> String { s.isRect ? "fill rect" : "fill rounded rect r=\(s.maxRadius)" }
        switch (shape, paint) {
        case (.roundedRect(let s), .solid): return fill(s)
        case (.ring(let s, let w), .solid): return "border width \(w)" + rounded(s)
        case (.path(let p), .solid): return "path \(p.polylines.count) polyline(s) \(p.rule.rawValue)"
        case (.roundedRect(let s), .texture(let t)):
            let source: String
            switch t.source {
            case .image(let id): source = "image \(id) \(t.minFilter.rawValue)/\(t.magFilter.rawValue)"
            case .pass(let id):
                source = "composite \(id)" + (t.tint != nil ? " tinted" : "") + (t.mask.map { (t.invertsMask ? " masked by 1 - " : " masked by ") + "\($0)" } ?? "")
                    + (t.opacity < 1 ? " opacity \(t.opacity)" : "")
            }
            return source + rounded(s)
        case (.roundedRect(let s), .gradient(let g)): return "gradient \(g.kind) \(g.stops.count) stops" + rounded(s)
        default: return "\(paint) paint on a \(shape) shape"
        }
    }
}
