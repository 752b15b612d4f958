import Foundation

/// Exact-area coverage of filled polygons, for both fill rules, one pixel row at a time.
///
/// **Method.** Each pixel row's edges are grouped into clusters: edges whose x extents in the row overlap
/// or touch, horizontal edges included. Between two clusters lies a strip of the row no edge enters, so its
/// winding number is one value, and each cluster is filled on its own from the winding number left of it.
/// Edges are linked into chains (a polyline's run going one way in y, `PathRasterizer+Chains.swift`): a
/// cluster of chains that keep their left-to-right order is filled chain by chain, cut into bands only
/// where chains begin or end. Any other cluster is cut into horizontal bands at every vertex inside the
/// row, so every edge in a band spans the band's full height. Inside a band the fill is a union of
/// trapezoids between consecutive edges, so sorting the band's edges by x and walking the winding number
/// (non-zero or even-odd) tells which edges are boundaries. Each boundary edge adds the exact area to its
/// right (positive when entering the fill, negative when leaving) into a per-row difference buffer, the
/// signed-area accumulation of font-rs and stb_truetype v2; one prefix sum per row turns it into coverage.
/// Where edges cross inside a band (self-intersections, overlapping subpaths) the x order at the band's
/// top and bottom differ; such a band is cut exactly where its edges cross (straight edges cross once), or,
/// past `exactCrossingEdges` edges, halved until it is 1/256 px tall, so the only approximation is the
/// order inside that last sliver.
///
/// **Accuracy.** Exact up to floating point (about 1e-12) wherever edges do not cross and where they cross
/// in bands of up to `exactCrossingEdges` edges. Past that, near a crossing the error in one pixel is below
/// 1/256 of it, under one 8-bit step. Coverage is clamped to 0...1 and written as Float.
///
/// **Cost.** Per row, the chains' edges (a flattened curve is a few chains of many short edges) plus the
/// pixels touched; a cluster whose chains cross costs O(edges x bands), one band per vertex of its own
/// inside the row. Edges outside the clip in y are dropped up front and x is
/// clamped to the clip, so far-away or huge coordinates cost nothing per pixel. Buffers live in the
/// rasterizer and are reused across rows and calls; nothing is allocated per pixel or per row once they
/// have grown.
///
/// **Rejected.** Pure signed-area accumulation over whole rows is exact only where the winding number
/// is 0 or ±1, so it gets overlapping non-zero subpaths and even-odd wrong. Point-sampled sub-scanlines
/// (16 per row) quantize near-horizontal edges to 1/16 of a pixel, an error of several 8-bit steps.
public struct PathRasterizer: Sendable {
    /// An edge with y0 < y1; `winding` is +1 when the polyline ran downward (increasing y), -1 upward.
    struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var dxdy: Double
        var winding: Int32
        /// The edge that goes on down from this one's bottom end in the same direction (the next segment of
        /// its polyline going down, or the previous one going up); -1 when there is none. Rows follow these
        /// chains (`rasterizeRow`).
        var below: Int32 = -1
        func x(at y: Double) -> Double { x0 + (y - y0) * dxdy }
    }

    /// An edge's x at a band's top and bottom.
    struct Crossing {
        var top: Double, bottom: Double
        var winding: Int32
        var edge: Int
        var key: Double { top + bottom }
    }

    /// A row's chain from its edge at the row's top (`edge`) to its last edge starting above the row's bottom
    /// (`last`), or a horizontal edge (both -1), as the x extent it covers in the row.
    struct Extent {
        var lo: Double, hi: Double
        var edge: Int
        var last: Int
    }

    /// A horizontal edge at `y` over `lo...hi`.
    struct Level {
        var y: Double, lo: Double, hi: Double
    }

    /// Bands with crossing edges are halved down to this height.
    static let minimumBand = 1.0 / 256

    /// Bands of at most this many edges are cut exactly where their edges cross, not halved.
    static let exactCrossingEdges = 24

    /// Extents closer than this in x share a cluster: the ends of two edges at one vertex, computed along
    /// each edge, may differ by rounding.
    static let touching = 1e-9

    var edges: [Edge] = []
    /// The chains' first edges, by top.
    var heads: [Int] = []
    var active: [Int] = []
    var splits: [Double] = []
    var bandEdges: [Int] = []
    var clusterEdges: [Int] = []
    var extents: [Extent] = []
    var levels: [Level] = []
    var nextLevel = 0
    var crossings: [Crossing] = []
    var delta: [Double] = []
    var row: [Float] = []
    /// The clip's left edge and width, and the index ranges of `delta` the current row's edges touched.
    var originX = 0.0
    var width = 0
    var touched: [Touched] = []
    var runs: [CoverageRun] = []
    /// Whether clusters are filled as chains where they can be (`rasterizeLoneChain`, `rasterizeChains`) and
    /// bands with crossing edges cut at the crossings (`cutAtCrossings`); off, every cluster is cut at every
    /// vertex and such bands halved, as tests compare.
    var usesChains = true
    /// Whether rows that would accumulate what the row above did are handed its coverage again
    /// (`repeatedRows`); off, every row is swept, as tests compare.
    var repeatsRows = true
    /// A row's cluster's chains (their edges in `clusterEdges`) and `rasterizeChains`' band limits and
    /// each band's chains in order.
    var chains: [Chain] = []
    var chainSplits: [Double] = []
    var bandOrder: [Int] = []
    var bandStarts: [Int] = []
    var bandKeys: [Double] = []
    /// A band's limits and the heights where its edges cross (`cutAtCrossings`).
    var cuts: [Double] = []
    /// The last row's `resolveRow` result, which a repeated row hands out again (`repeatedRows`).
    var lastResolved: (low: Int, high: Int, any: Bool)?

    public init() {}

    /// Rasterizes `polylines` (pixel space, y down, every polyline closed) inside `clip`, calling `body`
    /// once per row that has any coverage with the row's `y`, the first pixel's `x` and the coverage of
    /// the pixels from there (0...1). The buffer is only valid during the call.
    ///
    /// Rows without coverage are skipped, and each row's span is trimmed to the pixels the path touches.
    public mutating func rasterize(_ polylines: [Polyline], rule: FillRule, clip: PixelRect,
                                   row body: (_ y: Int, _ x0: Int, _ coverage: UnsafeBufferPointer<Float>) -> Void) {
        sweep(polylines, rule: rule, clip: clip) { rasterizer, y, repeated in
            rasterizer.emitRow(y: y, clipX0: clip.x0, repeated: repeated, body: body)
        }
    }

    /// The rows of `polylines` inside `clip` (as `rasterize`), each row resolved by `emit` after its edges
    /// were accumulated.
    mutating func sweep(_ polylines: [Polyline], rule: FillRule, clip: PixelRect,
                        emit: (inout PathRasterizer, _ y: Int, _ repeated: Bool) -> Void) {
        guard !clip.isEmpty else { return }
        buildEdges(PathRasterizer.clippedIfFar(polylines, to: clip), clip: clip)
        guard !edges.isEmpty else { return }
        width = clip.width
        originX = Double(clip.x0)
        if delta.count < width + 2 { delta = [Double](repeating: 0, count: width + 2) }
        if row.count < width { row = [Float](repeating: 0, count: width) }
        active.removeAll(keepingCapacity: true)
        touched.removeAll(keepingCapacity: true)
        nextLevel = 0
        var next = 0
        var y = clip.y0
        while y < clip.y1 {
            let top = Double(y), bottom = top + 1
            while next < heads.count, edges[heads[next]].y0 < bottom {
                active.append(heads[next])
                next += 1
            }
            guard rasterizeRow(top: top, bottom: bottom, rule: rule) else {
                guard next < heads.count else { break }
                // No chain reaches this row: jump straight to the next chain's first row.
                y = max(y + 1, Int(pixels: edges[heads[next]].y0, .down))
                continue
            }
            emit(&self, y, false)
            // Rows whose edges are the last row's, vertical and whole: the same coverage, handed out again.
            let end = repeatedRows(after: y, limit: clip.y1, next: next)
            for r in (y + 1)..<max(y + 1, end) { emit(&self, r, true) }
            y = max(y + 1, end)
        }
    }

    /// The end (exclusive) of the rows after `y` that would accumulate exactly what row `y` did: every
    /// chain of row `y` is a vertical edge through them (x the same double at every height, its area
    /// sums the same), no chain starts (`heads[next]`) and no horizontal edge lies in them. Such rows
    /// give row `y`'s coverage to the bit, so they are not swept again: the straight sides of a
    /// rectangle or a rounded rect drawn as a path (continuous corners) cost their corners' rows.
    private func repeatedRows(after y: Int, limit: Int, next: Int) -> Int {
        guard repeatsRows else { return y + 1 }
        var end = Double(limit)
        if next < heads.count { end = min(end, edges[heads[next]].y0) }
        // A row takes the horizontal edges strictly inside it (`rasterizeRow`): none may lie in row `y` or
        // in the rows after it, so the first one above `y` bounds them (one inside row `y` leaves none).
        var level = nextLevel
        while level < levels.count, levels[level].y <= Double(y) { level += 1 }
        if level < levels.count { end = min(end, levels[level].y) }
        for i in active {
            let e = edges[i]
            guard e.dxdy == 0, e.y0 <= Double(y) else { return y + 1 }
            end = min(end, e.y1)
        }
        // Rows r with r + 1 <= end are wholly inside.
        return max(y + 1, Int(pixels: end, .down, in: (y + 1)...limit))
    }

    /// The coverage of every pixel of `clip`, row-major with `clip.width` floats per row.
    public mutating func coverage(of polylines: [Polyline], rule: FillRule, clip: PixelRect) -> [Float] {
        coverageAndAny(of: polylines, rule: rule, clip: clip).coverage
    }

    /// `coverage(of:rule:clip:)`, and whether any pixel of it is covered (seen in the rows as they are copied,
    /// not by reading the whole result again). Each row's span is copied whole, cut to `clip`.
    public mutating func coverageAndAny(of polylines: [Polyline], rule: FillRule,
                                        clip: PixelRect) -> (coverage: [Float], any: Bool) {
        let stride = clip.width, area = clip.area
        var any = false
        let out = [Float](unsafeUninitializedCapacity: area) { buffer, initialized in
            buffer.initialize(repeating: 0)
            initialized = area
            guard let base = buffer.baseAddress else { return }
            rasterize(polylines, rule: rule, clip: clip) { y, x0, coverage in
                let start = max(x0, clip.x0), end = min(x0 + coverage.count, clip.x1)
                guard let source = coverage.baseAddress, y >= clip.y0, y < clip.y1, end > start else { return }
                let row = source + (start - x0)
                (base + (y - clip.y0) * stride + (start - clip.x0)).update(from: row, count: end - start)
                if !any { any = UnsafeBufferPointer(start: row, count: end - start).contains { $0 > 0 } }
            }
        }
        return (out, any)
    }

    // MARK: - Edges

    /// Builds the edge list clipped to the clip's rows in chains (`appendChains`), and the horizontal edges
    /// inside them, sorted by y.
    private mutating func buildEdges(_ polylines: [Polyline], clip: PixelRect) {
        appendChains(polylines, clip: clip)
        PathRasterizer.buildLevels(polylines, clip: clip, into: &levels)
    }

    /// Calls `body` with every segment of `polylines` (each closed: its last point joins its first), in order.
    @inline(__always)
    static func forEachSegment(_ polylines: [Polyline], _ body: (CGPoint, CGPoint) -> Void) {
        for polyline in polylines where polyline.points.count >= 2 {
            var previous = polyline.points[polyline.points.count - 1]
            for point in polyline.points {
                body(previous, point)
                previous = point
            }
        }
    }

    /// The horizontal edges of `polylines` strictly inside the rows of `clip`, sorted by y: they add no
    /// area, but a cluster must not be cut across one (`rasterizeRow`).
    static func buildLevels(_ polylines: [Polyline], clip: PixelRect, into levels: inout [Level]) {
        levels.removeAll(keepingCapacity: true)
        let minY = Double(clip.y0), maxY = Double(clip.y1)
        forEachSegment(polylines) { previous, point in
            let y = Double(point.y), xa = Double(previous.x), xb = Double(point.x)
            guard Double(previous.y) == y, y > minY, y < maxY, xa.isFinite, xb.isFinite else { return }
            levels.append(Level(y: y, lo: min(xa, xb), hi: max(xa, xb)))
        }
        levels.sort { $0.y < $1.y }
    }
}

extension FillRule {
    /// Whether a point of winding number `winding` is inside.
    @inline(__always)
    func contains(_ winding: Int32) -> Bool { self == .nonZero ? winding != 0 : winding & 1 != 0 }
}
