import LaminaCore

/// Pixels that a later operation of the same pass overwrites whatever lies under them, so that what an
/// earlier draw would write there is never seen.
///
/// An opaque fill (alpha >= 1, no clips, with spans) stores its colour's pattern over its solid spans
/// (`Paint.fill`), bytes that do not depend on the destination. Its plain rows (`SpanPlan.isPlain`) share
/// one solid span, so the span over those rows is a rectangle of such pixels: `opaqueRect`. Operations of a
/// pass read the target only at the pixel they blend, so an earlier draw's bytes inside a later opaque
/// rectangle are replaced before anything reads them, and skipping them leaves every byte of the pass as
/// it was. A shadow's nine-patch slices are followed at once by their card, which hides most of the
/// shadow: the grid draws (`TexelGrid`) skip the rectangle of the fill among the next `lookahead`
/// operations that hides most of their bounds. Rejected: a per-pixel coverage mask of later opaque
/// pixels (exact for any shapes, but its bookkeeping costs about what the skipped blends do).
enum Occlusion {
    /// How many following operations are searched for an opaque rectangle.
    static let lookahead = 16

    /// The rectangle of pixels that an opaque fill with `plan` stores without reading them, if any: its
    /// solid span over its plain rows, within `bounds`.
    static func opaqueRect(plan: SpanPlan, bounds: PixelRect) -> PixelRect? {
        guard !bounds.isEmpty else { return nil }
        let mid = bounds.y0 + (bounds.y1 - bounds.y0) / 2
        guard plan.isPlain(row: mid) else { return nil }
        var top = mid, bottom = mid + 1
        while top > bounds.y0, plan.isPlain(row: top - 1) { top -= 1 }
        while bottom < bounds.y1, plan.isPlain(row: bottom) { bottom += 1 }
        let solid = plan.row(mid, bounds: bounds).solid
        let rect = PixelRect(x0: max(bounds.x0, solid.lowerBound), y0: top,
                             x1: min(bounds.x1, solid.upperBound), y1: bottom)
        return rect.isEmpty ? nil : rect
    }

    /// For each operation drawn through a texel grid, the later opaque rectangle that hides most of its
    /// bounds (nil: none, or not a grid draw).
    static func hidden(_ ops: [PreparedOp]) -> [PixelRect?] {
        var hidden = [PixelRect?](repeating: nil, count: ops.count)
        for i in ops.indices where ops[i].texelGrid != nil {
            var best = 0
            for j in (i + 1)..<min(ops.count, i + 1 + lookahead) {
                guard let rect = ops[j].opaqueRect else { continue }
                let area = rect.intersection(ops[i].bounds).area
                if area > best { best = area; hidden[i] = rect }
            }
        }
        return hidden
    }
}
