import Foundation
import LaminaGraph
import LaminaGeometry

/// A clip to a shape a rounded-rect clip cannot hold (continuous corners, ca-semantics.md §2): the clipped
/// operations drawn with the shape's own path as their shape, when each of them allows it, instead of a
/// content pass and a mask pass (`PassReason.clipShape`).
///
/// Every shape takes every paint, so an operation in the clip's space whose rect holds the whole clip
/// shape (the layer's contents, its gradient, a fill of its bounds) is the shape's path with that paint,
/// a texture stretched over the operation's rect as before; the layer's own background, already that path,
/// stays as it is. Each pixel then takes the shape's exact area once, where the mask pass multiplied it by
/// the operation's own edge coverage too (an antialiased bounds edge and the shape's edge on the same
/// pixels, or the background's path twice). Anything else in the group (sublayers, a border, a shadow, an
/// operation with clips or in another space) keeps the passes.
extension GraphBuilder {
    /// `ops` clipped to the path of `clipOps` (one white path fill in the layer's space). Never inlined: its
    /// one caller, `emitContent`, runs for every layer, and inlined there it cost 100 000 cards about 5 %
    /// of their planning (measured, interleaved with the build before it).
    @inline(never)
    func clippedToShape(_ ops: [DrawOp], clipOps: [DrawOp], context: Context) -> [DrawOp] {
        if let direct = drawnInShape(ops, clipOps) { return direct }
        return masked(ops, byOps: clipOps, reason: .clipShape, context: context)
    }

    /// The operations with the clip's path as their shape, or nil when one of them cannot take it.
    private func drawnInShape(_ ops: [DrawOp], _ clipOps: [DrawOp]) -> [DrawOp]? {
        guard clipOps.count == 1, case .path(let clip) = clipOps[0].shape, clip.antialiased, clipOps[0].clips.isEmpty
        else { return nil }
        let space = clipOps[0].transform, extent = Polyline.bounds(of: clip.polylines)
        guard !extent.isNull else { return nil }
        var out: [DrawOp] = []
        for op in ops {
            guard op.transform == space, op.clips.isEmpty, !op.adds else { return nil }
            switch op.shape {
            case .path(let p) where p.polylines == clip.polylines && p.rule == clip.rule && p.antialiased:
                out.append(op)
            case .roundedRect(let r) where r.isRect && r.rect.contains(extent):
                var shaped = op
                shaped.shape = .path(PathShape(polylines: clip.polylines, rule: clip.rule, frame: r.rect))
                shaped.bounds = op.bounds.intersection(clipOps[0].bounds)
                shaped.edgeAA = .all
                if !shaped.bounds.isEmpty { out.append(shaped) }
            default:
                return nil
            }
        }
        return out
    }
}
