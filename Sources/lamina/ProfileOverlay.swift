import ArgumentParser
import LaminaCore
import LaminaGraph

/// `lamina profile --overlay`: Core Animation Instruments-style debug colouring, done as a post-pass over
/// the render graph (tint operations inserted after the operations they describe), so neither renderer
/// changes and both draw the overlay.
///
/// - `offscreen` ("Color Offscreen-Rendered Yellow"): after every composite of a pass that is not the
///   canvas (shadow, mask, group opacity, rasterization, ...), a translucent yellow fill of the composite's
///   destination, with the composite's transform and clips. A composite inside another offscreen pass is
///   tinted there too, so nesting shows as deeper yellow.
/// - `blended` ("Color Blended Layers"), approximated per operation, not per pixel: an unclipped
///   axis-aligned rect fill whose colour is opaque (and not modulated below alpha 1) is tinted green; every
///   other operation (rounded or translucent fills, borders, fills drawn with their border, paths,
///   textures, composites) is tinted red, even where its interior happens to be opaque (a rounded card's
///   middle, an opaque image). The tint has the operation's own shape (fill, border ring, path, texture
///   rectangle; a fill with its border: the whole shape), so it covers exactly what the operation touches.
///   Later operations draw over earlier tints, as they draw over the pixels.
/// - `hits-misses` ("Color Hits Green and Misses Red"): the frame drawn right after the one 1/fps before it,
///   on one renderer; each composite of a kept pass (a rasterized layer's bitmap, a drawn backing store) is
///   tinted green when the renderer reused it and red when it drew it again (its subtree changed).
enum ProfileOverlay: String, ExpressibleByArgument, CaseIterable {
    case offscreen, blended
    case hitsMisses = "hits-misses"

    static let yellow = PremultipliedColor(r: 0.45, g: 0.45, b: 0, a: 0.45)
    static let red = PremultipliedColor(r: 0.4, g: 0, b: 0, a: 0.4)
    static let green = PremultipliedColor(r: 0, g: 0.4, b: 0, a: 0.4)

    /// `graph` with this overlay's tint operations inserted; `reused` holds the kept passes the renderer will
    /// reuse (for `hits-misses`).
    func apply(to graph: RenderGraph, reused: Set<PassID> = []) -> RenderGraph {
        var out = graph
        let reasons = Dictionary(graph.passes.map { ($0.id, $0.reason) }, uniquingKeysWith: { a, _ in a })
        // Rasterized layers and drawn stores, as Instruments colours them; a shadow's blur, kept too when it
        // recurs, is not a layer's bitmap.
        let kept = Set(graph.passes.filter(\.isLayerBitmap).map(\.id))
        out.passes = graph.passes.map { pass in
            guard case .draw(let ops) = pass.content else { return pass }
            var p = pass
            p.content = .draw(ops.flatMap { op -> [DrawOp] in
                guard let tint = tint(for: op, reasons: reasons, kept: kept, reused: reused) else { return [op] }
                return [op, tint]
            })
            return p
        }
        return out
    }

    private func tint(for op: DrawOp, reasons: [PassID: PassReason], kept: Set<PassID>, reused: Set<PassID>) -> DrawOp? {
        switch self {
        case .hitsMisses:
            guard let t = op.texture, case .pass(let id) = t.source, kept.contains(id), let shape = op.shape.outline else {
                return nil
            }
            return tinted(op, .rect(shape.rect), reused.contains(id) ? ProfileOverlay.green : ProfileOverlay.red)
        case .offscreen:
            guard let t = op.texture, case .pass(let id) = t.source, let r = reasons[id], r != .canvas,
                  let shape = op.shape.outline else {
                return nil
            }
            return tinted(op, .rect(shape.rect), ProfileOverlay.yellow)
        case .blended:
            let color = ProfileOverlay.isOpaqueRectFill(op) ? ProfileOverlay.green : ProfileOverlay.red
            // The op's own coverage in the tint.
            return tinted(op, op.shape, color)
        }
    }

    /// An opaque rect fill with no clips: the one kind of draw that replaces pixels instead of blending.
    static func isOpaqueRectFill(_ op: DrawOp) -> Bool {
        guard case .roundedRect(let shape) = op.shape, case .solid(let c) = op.paint, shape.isRect, c.a >= 1,
              op.clips.isEmpty else { return false }
        return (op.modulate?.a ?? 1) >= 1
    }

    private func tinted(_ op: DrawOp, _ shape: DrawOp.Shape, _ color: PremultipliedColor) -> DrawOp {
        DrawOp(shape: shape, paint: .solid(color), transform: op.transform, clips: op.clips, bounds: op.bounds,
               edgeAA: op.edgeAA)
    }
}
