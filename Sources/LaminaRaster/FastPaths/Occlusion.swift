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
/// by the cards above them, which hide most of the shadow and of the cards below: grid draws (`TexelGrid`,
/// `LinearGrid`) and draws walked over spans (`scanSpans`: fills, borders, framed cards, gradients) skip
/// the rectangles of all later fills that cut their bounds (`Hidden`, at most `maxRects`, the largest
/// first). A card under others loses the evaluation of its corners and edges where they are covered, the
/// most costly of its pixels.
/// Rejected: a per-pixel coverage mask of later opaque pixels (exact for any shapes, but its bookkeeping
/// costs about what the skipped blends do).
enum Occlusion {
    /// How many rectangles one operation skips at most.
    static let maxRects = 16
    /// The fewest pixels a rectangle must hide to be skipped.
    static let minArea = 64

    /// The rectangle of pixels that an opaque fill with `plan` stores without reading them, if any: its
    /// solid span over its plain rows, within `bounds`; for a fill with its border (`hole`), the ring's
    /// hole, where the fill shows alone.
    static func opaqueRect(plan: SpanPlan, bounds: PixelRect, hole: Bool = false) -> PixelRect? {
        guard !bounds.isEmpty else { return nil }
        let mid = bounds.y0 + (bounds.y1 - bounds.y0) / 2
        guard plan.isPlain(row: mid) else { return nil }
        // The plain rows are one interval (`SpanPlan.isPlain`): its ends by bisection.
        var top = mid, above = bounds.y0 - 1
        while top - above > 1 {
            let m = above + (top - above) / 2
            if plan.isPlain(row: m) { top = m } else { above = m }
        }
        var bottom = mid + 1, below = bounds.y1
        while below - bottom > 0 {
            let m = bottom + (below - bottom) / 2
            if plan.isPlain(row: m) { bottom = m + 1 } else { below = m }
        }
        let row = plan.row(mid, bounds: bounds)
        let solid = hole ? row.hole : row.solid
        let rect = PixelRect(x0: max(bounds.x0, solid.lowerBound), y0: top,
                             x1: min(bounds.x1, solid.upperBound), y1: bottom)
        return rect.isEmpty ? nil : rect
    }

    /// For each operation that skips hidden pixels (`PassDraw.skipsHidden`), the later opaque rectangles
    /// that cut its bounds (empty: none, or an operation that draws every pixel).
    ///
    /// The pass is walked backwards, each opaque rectangle filed in the buckets it touches (`LaterOpaque`),
    /// so a grid draw looks only at rectangles near it: linear in the operations, where comparing every draw
    /// with every later rectangle was quadratic (100 000 shadowed cards never finished). Any subset of the
    /// later rectangles skips only pixels that are overwritten, so the bytes do not depend on which are kept.
    ///
    /// The rectangles are filed first, walking backwards; each operation then asks for those of the
    /// operations after it, on up to `workers` threads, a chunk of operations at a time.
    ///
    /// Empty when no operation skips hidden pixels or none is opaque (a pass of small kept draws).
    static func hidden(_ ops: [PassDraw], workers: Int = 1) -> [Hidden] {
        guard ops.contains(where: \.skipsHidden), ops.contains(where: { $0.opaqueRect != nil }) else { return [] }
        var hidden = [Hidden](repeating: Hidden(), count: ops.count)
        let area = ops.reduce(PixelRect.empty) { $0.union($1.bounds) }
        var filed = LaterOpaque(bounds: area)
        for i in ops.indices.reversed() {
            if let rect = ops[i].opaqueRect { filed.add(rect, index: i) }
        }
        let later = filed
        let chunk = 64
        hidden.withUnsafeMutableBufferPointer { out in
            Workers.perform(iterations: (ops.count + chunk - 1) / chunk, workers: workers) { c in
                for i in c * chunk..<min(ops.count, (c + 1) * chunk) where ops[i].skipsHidden {
                    // A sliver saves less than splitting every row around it costs.
                    var cuts = later.cuts(of: ops[i].bounds, after: i).filter { $0.area >= minArea }
                    guard !cuts.isEmpty else { continue }
                    cuts.sort { $0.area > $1.area }
                    out[i] = Hidden(Array(cuts.prefix(maxRects)))
                }
            }
        }
        return hidden
    }
}

/// The opaque rectangles of a pass's operations with their indices, filed in 128-pixel buckets. A bucket
/// keeps the first `perBucket` rectangles filed in it (the topmost, since the pass is walked backwards),
/// which bounds a query's cost whatever the number of layers; among those, an operation takes the ones
/// after it.
struct LaterOpaque {
    static let cell = 128
    static let perBucket = 32
    private let origin: (x: Int, y: Int)
    private let columns: Int, rows: Int
    private var buckets: [[(rect: PixelRect, index: Int)]]

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

    /// Files the rectangle `r` of operation `index`; rectangles are filed from the last operation back.
    mutating func add(_ r: PixelRect, index: Int) {
        guard let (cs, rs) = cells(r) else { return }
        for row in rs { for column in cs where buckets[row * columns + column].count < LaterOpaque.perBucket {
            buckets[row * columns + column].append((r, index))
        } }
    }

    /// The distinct intersections with `bounds` of the filed rectangles of operations after `index`.
    func cuts(of bounds: PixelRect, after index: Int) -> [PixelRect] {
        guard let (cs, rs) = cells(bounds) else { return [] }
        var out: [PixelRect] = []
        for row in rs { for column in cs {
            // Filed from the last operation back: the ones after `index` come first.
            for (r, filed) in buckets[row * columns + column] {
                guard filed > index else { break }
                let cut = r.intersection(bounds)
                if !cut.isEmpty, !out.contains(cut) { out.append(cut) }
            }
        } }
        return out
    }
}
