import Foundation

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
        let what: String
        switch kind {
        case .fill(let s, _): what = s.isRect ? "fill rect" : "fill rounded rect r=\(s.maxRadius)"
        case .border(let s, let w, _): what = "border width \(w)" + (s.isRect ? "" : " r=\(s.maxRadius)")
        case .borderedFill(let s, _, let w, _):
            what = (s.isRect ? "fill rect" : "fill rounded rect r=\(s.maxRadius)") + " with border width \(w)"
        case .texture(let t):
            switch t.source {
            case .image(let id): what = "image \(id) \(t.minFilter.rawValue)/\(t.magFilter.rawValue)"
            case .pass(let id):
                what = "composite \(id)" + (t.tint != nil ? " tinted" : "") + (t.mask.map { (t.invertsMask ? " masked by 1 - " : " masked by ") + "\($0)" } ?? "")
                    + (t.opacity < 1 ? " opacity \(t.opacity)" : "")
            }
        case .path(let p): what = "path \(p.polylines.count) polyline(s) \(p.rule.rawValue)"
        case .gradient(let s, let g):
            what = "gradient \(g.kind) \(g.stops.count) stops" + (s.isRect ? "" : " r=\(s.maxRadius)")
        }
        let clipText = clips.isEmpty ? "" : " clips \(clips.count)"
        let flat = transform.planeKind.isFlat ? "" : " perspective"
        return "\(what) bounds \(bounds)\(clipText)\(flat)"
    }
}
