import LaminaGeometry

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
    ///
    /// The pass is walked backwards, each opaque rectangle filed in the buckets it touches (`LaterOpaque`),
    /// so a grid draw looks only at rectangles near it: linear in the operations, where comparing every draw
    /// with every later rectangle was quadratic (100 000 shadowed cards never finished). Any subset of the
    /// later rectangles skips only pixels that are overwritten, so the bytes do not depend on which are kept.
    static func hidden(_ ops: [PreparedOp]) -> [Hidden] {
        var hidden = [Hidden](repeating: Hidden(), count: ops.count)
        guard ops.contains(where: \.drawsByGrid) else { return hidden }
        let area = ops.reduce(PixelRect.empty) { $0.union($1.bounds) }
        var later = LaterOpaque(bounds: area)
        for i in ops.indices.reversed() {
            if ops[i].drawsByGrid, !later.isEmpty {
                var cuts = later.cuts(of: ops[i].bounds)
                if !cuts.isEmpty {
                    cuts.sort { $0.area > $1.area }
                    hidden[i] = Hidden(cuts.prefix(maxRects).map { $0 })
                }
            }
            guard ops[i].occludes, let plan = ops[i].spans else { continue }
            var hole = false
            if case .framed = ops[i].shape { hole = true }
            if let rect = opaqueRect(plan: plan, bounds: ops[i].bounds, hole: hole) { later.add(rect) }
        }
        return hidden
    }
}

/// The opaque rectangles of the operations after the current one, filed in 128-pixel buckets. A bucket keeps
/// the first `perBucket` rectangles filed in it (the topmost, since the pass is walked backwards), which
/// bounds a query's cost whatever the number of layers.
struct LaterOpaque {
    static let cell = 128
    static let perBucket = 32
    private let origin: (x: Int, y: Int)
    private let columns: Int, rows: Int
    private var buckets: [[PixelRect]]
    private(set) var isEmpty = true

    init(bounds: PixelRect) {
        origin = (bounds.x0, bounds.y0)
        columns = max(1, (bounds.width + LaterOpaque.cell - 1) / LaterOpaque.cell)
        rows = max(1, (bounds.height + LaterOpaque.cell - 1) / LaterOpaque.cell)
        buckets = Array(repeating: [], count: columns * rows)
    }

    /// The buckets `r` touches.
    private func cells(_ r: PixelRect) -> (ClosedRange<Int>, ClosedRange<Int>)? {
        guard !r.isEmpty else { return nil }
        let c0 = max(0, (r.x0 - origin.x) / LaterOpaque.cell), c1 = min(columns - 1, (r.x1 - 1 - origin.x) / LaterOpaque.cell)
        let r0 = max(0, (r.y0 - origin.y) / LaterOpaque.cell), r1 = min(rows - 1, (r.y1 - 1 - origin.y) / LaterOpaque.cell)
        guard c0 <= c1, r0 <= r1 else { return nil }
        return (c0...c1, r0...r1)
    }

    mutating func add(_ r: PixelRect) {
        guard let (cs, rs) = cells(r) else { return }
        for row in rs { for column in cs where buckets[row * columns + column].count < LaterOpaque.perBucket {
            buckets[row * columns + column].append(r)
        } }
        isEmpty = false
    }

    /// The distinct filed rectangles' intersections with `bounds`.
    func cuts(of bounds: PixelRect) -> [PixelRect] {
        guard let (cs, rs) = cells(bounds) else { return [] }
        var out: [PixelRect] = []
        for row in rs { for column in cs {
            for r in buckets[row * columns + column] {
                let cut = r.intersection(bounds)
                if !cut.isEmpty, !out.contains(cut) { out.append(cut) }
            }
        } }
        return out
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
