import Foundation

/// Exact-area coverage of filled polygons, for both fill rules, one pixel row at a time.
///
/// **Method.** Each pixel row's edges are grouped into clusters: edges whose x extents in the row overlap
/// or touch, horizontal edges included. Between two clusters lies a strip of the row no edge enters, so its
/// winding number is one value, and each cluster is filled on its own from the winding number left of it.
/// A cluster is cut into horizontal bands at every vertex inside the row, so every edge in a band spans
/// the band's full height. Inside a band the fill is a union of trapezoids between consecutive edges, so
/// sorting the band's edges by x and walking the winding number (non-zero or even-odd) tells which edges
/// are boundaries. Each boundary edge adds the exact area to its right (positive when entering the fill,
/// negative when leaving) into a per-row difference buffer, the signed-area accumulation of font-rs and
/// stb_truetype v2; one prefix sum per row turns it into coverage. Where edges cross inside a band
/// (self-intersections, overlapping subpaths) the x order at the band's top and bottom differ; such a band
/// is halved until it is 1/256 px tall, so the only approximation is the order inside that last sliver.
///
/// **Accuracy.** Exact up to floating point (about 1e-12) wherever edges do not cross: convex and simple
/// shapes, holes, abutting subpaths. Near a crossing the error in one pixel is below 1/256 of it, under
/// one 8-bit step. Coverage is clamped to 0...1 and written as Float.
///
/// **Cost.** O(edges × bands) per cluster plus the pixels touched, per row: a cluster has one band plus one
/// per vertex of its own inside the row, so a near-horizontal curve, many short edges in a row, costs
/// about its edge count rather than its square. Edges outside the clip in y are dropped up front and x is
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
        func x(at y: Double) -> Double { x0 + (y - y0) * dxdy }
    }

    /// An edge's x at a band's top and bottom.
    struct Crossing {
        var top: Double, bottom: Double
        var winding: Int32
        var edge: Int
        var key: Double { top + bottom }
    }

    /// A row's edge, or a horizontal edge (`edge` -1), as the x extent it covers in the row.
    struct Extent {
        var lo: Double, hi: Double
        var edge: Int
    }

    /// A horizontal edge at `y` over `lo...hi`.
    struct Level {
        var y: Double, lo: Double, hi: Double
    }

    /// Bands with crossing edges are halved down to this height.
    static let minimumBand = 1.0 / 256

    /// Extents closer than this in x share a cluster: the ends of two edges at one vertex, computed along
    /// each edge, may differ by rounding.
    static let touching = 1e-9

    var edges: [Edge] = []
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

    public init() {}

    /// Rasterizes `polylines` (pixel space, y down, every polyline closed) inside `clip`, calling `body`
    /// once per row that has any coverage with the row's `y`, the first pixel's `x` and the coverage of
    /// the pixels from there (0...1). The buffer is only valid during the call.
    ///
    /// Rows without coverage are skipped, and each row's span is trimmed to the pixels the path touches.
    public mutating func rasterize(_ polylines: [Polyline], rule: FillRule, clip: PixelRect,
                                   row body: (_ y: Int, _ x0: Int, _ coverage: UnsafeBufferPointer<Float>) -> Void) {
        sweep(polylines, rule: rule, clip: clip) { rasterizer, y in
            rasterizer.emitRow(y: y, clipX0: clip.x0, body: body)
        }
    }

    /// The rows of `polylines` inside `clip` (as `rasterize`), each row resolved by `emit` after its edges
    /// were accumulated.
    mutating func sweep(_ polylines: [Polyline], rule: FillRule, clip: PixelRect,
                        emit: (inout PathRasterizer, _ y: Int) -> Void) {
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
            while next < edges.count, edges[next].y0 < bottom {
                active.append(next)
                next += 1
            }
            let all = edges
            active.removeAll { all[$0].y1 <= top }
            if active.isEmpty {
                guard next < edges.count else { break }
                // Jump straight to the next edge's first row.
                y = max(y + 1, Int(pixels: edges[next].y0, .down))
                continue
            }
            rasterizeRow(top: top, bottom: bottom, rule: rule)
            emit(&self, y)
            y += 1
        }
    }

    /// The coverage of every pixel of `clip`, row-major with `clip.width` floats per row.
    public mutating func coverage(of polylines: [Polyline], rule: FillRule, clip: PixelRect) -> [Float] {
        var out = [Float](repeating: 0, count: clip.area)
        let stride = clip.width
        rasterize(polylines, rule: rule, clip: clip) { y, x0, coverage in
            let base = (y - clip.y0) * stride + (x0 - clip.x0)
            for i in 0..<coverage.count { out[base + i] = coverage[i] }
        }
        return out
    }

    // MARK: - Edges

    /// Builds the edge list clipped to the clip's rows, sorted by top, and the horizontal edges inside
    /// them, sorted by y.
    private mutating func buildEdges(_ polylines: [Polyline], clip: PixelRect) {
        PathRasterizer.buildEdges(polylines, clip: clip, into: &edges)
        PathRasterizer.buildLevels(polylines, clip: clip, into: &levels)
    }

    /// The edges of `polylines` (every one closed) cut to the rows of `clip`, sorted by top, into `edges`:
    /// horizontal and non-finite edges are dropped. `PathTrapezoids` builds its edges here too.
    static func buildEdges(_ polylines: [Polyline], clip: PixelRect, into edges: inout [Edge]) {
        edges.removeAll(keepingCapacity: true)
        let minY = Double(clip.y0), maxY = Double(clip.y1)
        forEachSegment(polylines) { previous, point in
            var (x0, y0, x1, y1) = (Double(previous.x), Double(previous.y), Double(point.x), Double(point.y))
            guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, y0 != y1 else { return }
            var winding: Int32 = 1
            if y0 > y1 { swap(&x0, &x1); swap(&y0, &y1); winding = -1 }
            guard y1 > minY, y0 < maxY else { return }
            let dxdy = (x1 - x0) / (y1 - y0)
            // Cut to the clip's rows so later arithmetic works on small numbers.
            if y0 < minY { x0 += (minY - y0) * dxdy; y0 = minY }
            if y1 > maxY { x1 -= (y1 - maxY) * dxdy; y1 = maxY }
            guard dxdy.isFinite, x0.isFinite, x1.isFinite else { return }
            edges.append(Edge(x0: x0, y0: y0, x1: x1, y1: y1, dxdy: dxdy, winding: winding))
        }
        edges.sort { $0.y0 < $1.y0 }
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

    // MARK: - Rows and clusters

    /// One row: its edges and horizontal edges sorted by where they start in x and grouped into clusters
    /// whose x extents in the row overlap or touch; each cluster is filled on its own from the winding
    /// number left of it, which is the winding of the edge-free gap there.
    private mutating func rasterizeRow(top: Double, bottom: Double, rule: FillRule) {
        extents.removeAll(keepingCapacity: true)
        for i in active {
            let e = edges[i]
            let xa = e.x(at: max(top, e.y0)), xb = e.x(at: min(bottom, e.y1))
            extents.append(Extent(lo: min(xa, xb), hi: max(xa, xb), edge: i))
        }
        while nextLevel < levels.count, levels[nextLevel].y <= top { nextLevel += 1 }
        var level = nextLevel
        while level < levels.count, levels[level].y < bottom {
            extents.append(Extent(lo: levels[level].lo, hi: levels[level].hi, edge: -1))
            level += 1
        }
        // `active` keeps the last row's order, so the extents arrive nearly sorted.
        extents.sortNearlySorted(by: \.lo)
        active.removeAll(keepingCapacity: true)
        for x in extents where x.edge >= 0 { active.append(x.edge) }
        var winding: Int32 = 0
        var first = 0
        while first < extents.count {
            var end = first + 1, reach = extents[first].hi
            while end < extents.count, extents[end].lo <= reach + PathRasterizer.touching {
                reach = max(reach, extents[end].hi)
                end += 1
            }
            winding = rasterizeCluster(first..<end, top: top, bottom: bottom, rule: rule, winding: winding)
            first = end
        }
    }

    /// Fills the cluster `extents[range]` starting from the winding number left of it; returns the one
    /// right of it. A cluster without a vertex inside the row is one band; others are cut into bands at their
    /// vertices (`rasterizeBand`), swept top to bottom with the band's edges kept in last band's x order.
    private mutating func rasterizeCluster(_ range: Range<Int>, top: Double, bottom: Double, rule: FillRule,
                                           winding: Int32) -> Int32 {
        bandEdges.removeAll(keepingCapacity: true)
        splits.removeAll(keepingCapacity: true)
        splits.append(top)
        for k in range where extents[k].edge >= 0 {
            let i = extents[k].edge, e = edges[i]
            bandEdges.append(i)
            if e.y0 > top { splits.append(e.y0) }
            if e.y1 < bottom { splits.append(e.y1) }
        }
        splits.append(bottom)
        if bandEdges.isEmpty { return winding }
        if splits.count == 2 { return rasterizeBand(top: top, bottom: bottom, rule: rule, winding: winding) }
        // `edges` is sorted by top, so the indices in order are the edges in the order they start.
        swap(&clusterEdges, &bandEdges)
        clusterEdges.sort()
        if let after = rasterizeChain(top: top, bottom: bottom, rule: rule, winding: winding) { return after }
        splits.sort()
        bandEdges.removeAll(keepingCapacity: true)
        var next = 0, after = winding
        for s in 1..<splits.count {
            let ya = splits[s - 1], yb = splits[s]
            guard yb > ya else { continue }
            // Every edge starts and ends at a split or outside the row: those begun by `ya` and not ended
            // span the band.
            var kept = 0
            for k in bandEdges.indices where edges[bandEdges[k]].y1 > ya {
                bandEdges[kept] = bandEdges[k]
                kept += 1
            }
            bandEdges.removeLast(bandEdges.count - kept)
            while next < clusterEdges.count, edges[clusterEdges[next]].y0 <= ya {
                bandEdges.append(clusterEdges[next])
                next += 1
            }
            guard !bandEdges.isEmpty else { continue }
            after = rasterizeBand(top: ya, bottom: yb, rule: rule, winding: winding)
            for k in crossings.indices { bandEdges[k] = crossings[k].edge }
        }
        return after
    }

    /// A cluster whose edges (`clusterEdges`, in the order they start) follow one another down the row, one
    /// at a time and in one direction (a monotone piece of an outline): each of its bands holds one edge over
    /// the edge's own rows, so each edge is accumulated at once, with the arithmetic `rasterizeBand` does
    /// for it. Nil when the edges are not such a chain.
    private mutating func rasterizeChain(top: Double, bottom: Double, rule: FillRule, winding: Int32) -> Int32? {
        let first = edges[clusterEdges[0]]
        for k in clusterEdges.indices.dropFirst() {
            let e = edges[clusterEdges[k]]
            guard e.winding == first.winding, edges[clusterEdges[k - 1]].y1 <= e.y0 else { return nil }
        }
        let after = winding &+ first.winding
        guard rule.contains(winding) != rule.contains(after) else { return after }
        let sign: Double = rule.contains(after) ? 1 : -1
        for i in clusterEdges {
            let e = edges[i]
            let ya = max(top, e.y0), yb = min(bottom, e.y1)
            accumulate(top: e.x(at: ya), bottom: e.x(at: yb), height: yb - ya, sign: sign)
        }
        return after
    }
}

extension FillRule {
    /// Whether a point of winding number `winding` is inside.
    @inline(__always)
    func contains(_ winding: Int32) -> Bool { self == .nonZero ? winding != 0 : winding & 1 != 0 }
}
