import LaminaCore

/// Pixels that a later operation of the same pass overwrites whatever lies under them, so that what an
/// earlier draw would write there is never seen.
///
/// An opaque fill (alpha >= 1, no clips, with spans) stores its colour's pattern over its solid spans
/// (`Paint.fill`), bytes that do not depend on the destination. Its plain rows (`SpanPlan.isPlain`) share
/// one solid span, so the span over those rows is a rectangle of such pixels: `opaqueRect`. Operations of a
/// pass read the target only at the pixel they blend, so an earlier draw's bytes inside a later opaque
/// rectangle are replaced before anything reads them, and skipping them leaves every byte of the pass as
/// it was. A shadow's nine-patch slices are followed at once by their card, and among overlapping cards
/// by the cards above them, which hide most of the shadow: the grid draws (`TexelGrid`) skip the
/// rectangles of all later fills that cut their bounds (`Hidden`, at most `maxRects`, the largest first).
/// Rejected: a per-pixel coverage mask of later opaque pixels (exact for any shapes, but its bookkeeping
/// costs about what the skipped blends do).
enum Occlusion {
    /// How many rectangles one operation skips at most.
    static let maxRects = 16

    /// The rectangle of pixels that an opaque fill with `plan` stores without reading them, if any: its
    /// solid span over its plain rows, within `bounds`; for a fill with its border (`hole`), the ring's
    /// hole, where the fill shows alone.
    static func opaqueRect(plan: SpanPlan, bounds: PixelRect, hole: Bool = false) -> PixelRect? {
        guard !bounds.isEmpty else { return nil }
        let mid = bounds.y0 + (bounds.y1 - bounds.y0) / 2
        guard plan.isPlain(row: mid) else { return nil }
        var top = mid, bottom = mid + 1
        while top > bounds.y0, plan.isPlain(row: top - 1) { top -= 1 }
        while bottom < bounds.y1, plan.isPlain(row: bottom) { bottom += 1 }
        let row = plan.row(mid, bounds: bounds)
        let solid = hole ? row.hole : row.solid
        let rect = PixelRect(x0: max(bounds.x0, solid.lowerBound), y0: top,
                             x1: min(bounds.x1, solid.upperBound), y1: bottom)
        return rect.isEmpty ? nil : rect
    }

    /// For each operation drawn through a texel grid, the later opaque rectangles that cut its bounds
    /// (empty: none, or not a grid draw).
    static func hidden(_ ops: [PreparedOp]) -> [Hidden] {
        var hidden = [Hidden](repeating: Hidden(), count: ops.count)
        guard ops.contains(where: { $0.texelGrid != nil }) else { return hidden }
        // The opaque rectangles with their operations' indices, in drawing order.
        let opaque = ops.indices.compactMap { j -> (Int, PixelRect)? in
            guard ops[j].occludes, let plan = ops[j].spans else { return nil }
            var hole = false
            if case .borderedFill = ops[j].kind { hole = true }
            return opaqueRect(plan: plan, bounds: ops[j].bounds, hole: hole).map { (j, $0) }
        }
        guard !opaque.isEmpty else { return hidden }
        var first = 0   // the first opaque rectangle after operation i
        for i in ops.indices {
            while first < opaque.count, opaque[first].0 <= i { first += 1 }
            guard ops[i].texelGrid != nil, first < opaque.count else { continue }
            let bounds = ops[i].bounds
            var cuts: [(area: Int, rect: PixelRect)] = []
            for (_, rect) in opaque[first...] {
                let cut = rect.intersection(bounds)
                if !cut.isEmpty { cuts.append((cut.area, cut)) }
            }
            guard !cuts.isEmpty else { continue }
            cuts.sort { $0.area > $1.area }
            hidden[i] = Hidden(cuts.prefix(maxRects).map(\.rect))
        }
        return hidden
    }
}

/// Rectangles of an operation's pixels that later operations overwrite (`Occlusion`), and the runs of a
/// row's columns outside them.
struct Hidden {
    /// Sorted by left edge.
    private let rects: [PixelRect]

    init(_ rects: [PixelRect] = []) {
        self.rects = rects.sorted { $0.x0 < $1.x0 }
    }

    /// Calls `body` on the runs of `xs` on row `y` outside every rectangle, left to right.
    @inline(__always)
    func forEachVisibleRun(_ xs: Range<Int>, y: Int, _ body: (Range<Int>) -> Void) {
        var x = xs.lowerBound
        for r in rects where r.y0 <= y && y < r.y1 {
            if r.x0 > x { body(x..<Swift.min(r.x0, xs.upperBound)) }
            x = Swift.max(x, r.x1)
            if x >= xs.upperBound { return }
        }
        if x < xs.upperBound { body(x..<xs.upperBound) }
    }
}
