import Foundation
import LaminaGraph

/// `opacity` and `allowsGroupOpacity` (ca-semantics.md): with group opacity the layer's output (shadow,
/// body, sublayers) is composited as one image at its opacity; without it, each draw takes the alpha alone.
extension GraphBuilder {
    /// `ops` (a layer's output) faded by the layer's opacity. Group opacity needs an isolated pass only when
    /// two of the draws could overlap; a single draw (or disjoint ones) takes the alpha directly, as Skia and
    /// Chromium fold it.
    func faded(_ ops: consuming [DrawOp], by layer: Layer, context ctx: Context) -> [DrawOp] {
        guard layer.opacityValue < 1 else { return ops }
        if !layer.allowsGroupOpacity || !mayOverlap(ops) {
            // In place: the array is this call's own (`consuming`), so no op is copied.
            for j in ops.indices { ops[j].paint = ops[j].paint.scalingAlpha(by: layer.opacityValue) }
            return ops
        }
        let rect = unionBounds(ops).intersection(ctx.interest)
        guard let id = offscreen(ops, rect: rect, reason: .groupOpacity, label: ctx.label) else { return [] }
        return [composite(id, rect: rect, opacity: layer.opacityValue, interest: ctx.interest)]
    }

    /// Whether two of `ops` could touch the same pixel.
    func mayOverlap(_ ops: [DrawOp]) -> Bool {
        guard ops.count > 1 else { return false }
        guard ops.count <= 64 else { return true }
        for i in 0..<ops.count {
            for j in (i + 1)..<ops.count where !ops[i].bounds.intersection(ops[j].bounds).isEmpty {
                return true
            }
        }
        return false
    }
}
