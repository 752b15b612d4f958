import Foundation

/// Exact-area coverage of filled polygons, for both fill rules, one pixel row at a time.
///
/// **Method.** Each pixel row is cut into horizontal bands at every vertex that lies inside it, so every
/// edge in a band spans the band's full height. Inside a band the fill is a union of trapezoids between
/// consecutive edges, so sorting the band's edges by x and walking the winding number (non-zero or
/// even-odd) tells which edges are boundaries. Each boundary edge adds the exact area to its right
/// (positive when entering the fill, negative when leaving) into a per-row difference buffer, the
/// signed-area accumulation of font-rs and stb_truetype v2; one prefix sum per row turns it into coverage.
/// Where edges cross inside a band (self-intersections, overlapping subpaths) the x order at the band's
/// top and bottom differ; such a band is halved until it is 1/256 px tall, so the only approximation is
/// the order inside that last sliver.
///
/// **Accuracy.** Exact up to floating point (about 1e-12) wherever edges do not cross: convex and simple
/// shapes, holes, abutting subpaths. Near a crossing the error in one pixel is below 1/256 of it, under
/// one 8-bit step. Coverage is clamped to 0...1 and written as Float.
///
/// **Cost.** O(active edges × bands + pixels touched) per row, where a row has one band plus one per
/// vertex inside it; edges outside the clip in y are dropped up front and x is clamped to the clip, so
/// far-away or huge coordinates cost nothing per pixel. Buffers live in the rasterizer and are reused
/// across rows and calls; nothing is allocated per pixel or per row once they have grown.
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
        var key: Double { top + bottom }
    }

    /// Bands with crossing edges are halved down to this height.
    static let minimumBand = 1.0 / 256

    private var edges: [Edge] = []
    private var active: [Int] = []
    private var splits: [Double] = []
    private var bandEdges: [Int] = []
    private var crossings: [Crossing] = []
    private var delta: [Double] = []
    private var row: [Float] = []
    /// The clip's left edge and width, and the touched index range of `delta` in the current row.
    private var originX = 0.0
    private var width = 0
    private var touchedLow = Int.max
    private var touchedHigh = -1

    public init() {}

    /// How far outside the clip a vertex may lie before its polyline is clipped first.
    static let farMargin = 1024.0

    /// The polylines, each clipped to `clip` grown by 2 pixels (Sutherland-Hodgman, which keeps every
    /// inside point's winding number) when it reaches more than `farMargin` outside: an edge from -1e7 to 1e7
    /// otherwise costs its whole length in the span accumulation (a dashed stroke of a curve with control
    /// points at 1e7 took minutes). Nearer polylines are kept as they are, so their bytes do not change.
    public static func clippedIfFar(_ polylines: [Polyline], to clip: PixelRect) -> [Polyline] {
        let lo = (Double(clip.x0) - farMargin, Double(clip.y0) - farMargin)
        let hi = (Double(clip.x1) + farMargin, Double(clip.y1) + farMargin)
        func far(_ p: CGPoint) -> Bool {
            !(Double(p.x) >= lo.0 && Double(p.x) <= hi.0 && Double(p.y) >= lo.1 && Double(p.y) <= hi.1)
        }
        guard polylines.contains(where: { $0.points.contains(where: far) }) else { return polylines }
        let box = (Double(clip.x0) - 2, Double(clip.y0) - 2, Double(clip.x1) + 2, Double(clip.y1) + 2)
        return polylines.map { line in
            guard line.points.contains(where: far) else { return line }
            var pts = line.points
            pts = clipEdge(pts) { Double($0.x) >= box.0 } cross: { a, b in intersectX(a, b, box.0) }
            pts = clipEdge(pts) { Double($0.x) <= box.2 } cross: { a, b in intersectX(a, b, box.2) }
            pts = clipEdge(pts) { Double($0.y) >= box.1 } cross: { a, b in intersectY(a, b, box.1) }
            pts = clipEdge(pts) { Double($0.y) <= box.3 } cross: { a, b in intersectY(a, b, box.3) }
            return Polyline(points: pts, closed: true)
        }
    }

    /// One Sutherland-Hodgman stage: the closed polygon `pts` cut by the half-plane `inside`.
    private static func clipEdge(_ pts: [CGPoint], inside: (CGPoint) -> Bool,
                                 cross: (CGPoint, CGPoint) -> CGPoint) -> [CGPoint] {
        guard let last = pts.last else { return [] }
        var out: [CGPoint] = []
        var prev = last
        for p in pts {
            switch (inside(prev), inside(p)) {
            case (true, true): out.append(p)
            case (true, false): out.append(cross(prev, p))
            case (false, true): out.append(cross(prev, p)); out.append(p)
            case (false, false): break
            }
            prev = p
        }
        return out
    }

    private static func intersectX(_ a: CGPoint, _ b: CGPoint, _ x: Double) -> CGPoint {
        let t = (x - Double(a.x)) / (Double(b.x) - Double(a.x))
        return CGPoint(x: x, y: Double(a.y) + (Double(b.y) - Double(a.y)) * t)
    }

    private static func intersectY(_ a: CGPoint, _ b: CGPoint, _ y: Double) -> CGPoint {
        let t = (y - Double(a.y)) / (Double(b.y) - Double(a.y))
        return CGPoint(x: Double(a.x) + (Double(b.x) - Double(a.x)) * t, y: y)
    }

    /// Rasterizes `polylines` (pixel space, y down, every polyline closed) inside `clip`, calling `body`
    /// once per row that has any coverage with the row's `y`, the first pixel's `x` and the coverage of
    /// the pixels from there (0...1). The buffer is only valid during the call.
    ///
    /// Rows without coverage are skipped, and each row's span is trimmed to the pixels the path touches.
    public mutating func rasterize(_ polylines: [Polyline], rule: FillRule, clip: PixelRect,
                                   row body: (_ y: Int, _ x0: Int, _ coverage: UnsafeBufferPointer<Float>) -> Void) {
        guard !clip.isEmpty else { return }
        buildEdges(PathRasterizer.clippedIfFar(polylines, to: clip), clip: clip)
        guard !edges.isEmpty else { return }
        width = clip.width
        originX = Double(clip.x0)
        if delta.count < width + 2 { delta = [Double](repeating: 0, count: width + 2) }
        if row.count < width { row = [Float](repeating: 0, count: width) }
        active.removeAll(keepingCapacity: true)
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
            emitRow(y: y, clipX0: clip.x0, body: body)
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

    /// Builds the edge list clipped to the clip's rows, sorted by top.
    private mutating func buildEdges(_ polylines: [Polyline], clip: PixelRect) {
        PathRasterizer.buildEdges(polylines, clip: clip, into: &edges)
    }

    /// The edges of `polylines` (every one closed) cut to the rows of `clip`, sorted by top, into `edges`:
    /// horizontal and non-finite edges are dropped. `PathTrapezoids` builds its edges here too.
    static func buildEdges(_ polylines: [Polyline], clip: PixelRect, into edges: inout [Edge]) {
        edges.removeAll(keepingCapacity: true)
        let minY = Double(clip.y0), maxY = Double(clip.y1)
        for polyline in polylines where polyline.points.count >= 2 {
            let points = polyline.points
            var previous = points[points.count - 1]
            for point in points {
                defer { previous = point }
                var (x0, y0, x1, y1) = (Double(previous.x), Double(previous.y), Double(point.x), Double(point.y))
                guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, y0 != y1 else { continue }
                var winding: Int32 = 1
                if y0 > y1 { swap(&x0, &x1); swap(&y0, &y1); winding = -1 }
                guard y1 > minY, y0 < maxY else { continue }
                let dxdy = (x1 - x0) / (y1 - y0)
                // Cut to the clip's rows so later arithmetic works on small numbers.
                if y0 < minY { x0 += (minY - y0) * dxdy; y0 = minY }
                if y1 > maxY { x1 -= (y1 - maxY) * dxdy; y1 = maxY }
                guard dxdy.isFinite, x0.isFinite, x1.isFinite else { continue }
                edges.append(Edge(x0: x0, y0: y0, x1: x1, y1: y1, dxdy: dxdy, winding: winding))
            }
        }
        edges.sort { $0.y0 < $1.y0 }
    }

    // MARK: - Rows and bands

    private mutating func rasterizeRow(top: Double, bottom: Double, rule: FillRule) {
        splits.removeAll(keepingCapacity: true)
        splits.append(top)
        for i in active {
            let e = edges[i]
            if e.y0 > top && e.y0 < bottom { splits.append(e.y0) }
            if e.y1 > top && e.y1 < bottom { splits.append(e.y1) }
        }
        splits.append(bottom)
        if splits.count > 2 { splits.sort() }
        for s in 1..<splits.count {
            let ya = splits[s - 1], yb = splits[s]
            guard yb > ya else { continue }
            bandEdges.removeAll(keepingCapacity: true)
            for i in active where edges[i].y0 <= ya && edges[i].y1 >= yb { bandEdges.append(i) }
            // A closed outline crosses any band an even number of times, so fewer than two means nothing.
            guard bandEdges.count >= 2 else { continue }
            rasterizeBand(top: ya, bottom: yb, rule: rule)
        }
    }

    /// Fills one band whose edges all span its full height, halving it where edges cross.
    private mutating func rasterizeBand(top ya: Double, bottom yb: Double, rule: FillRule) {
        crossings.removeAll(keepingCapacity: true)
        for i in bandEdges {
            let e = edges[i]
            crossings.append(Crossing(top: e.x(at: ya), bottom: e.x(at: yb), winding: e.winding))
        }
        sortCrossings()
        var ordered = true
        for i in 1..<crossings.count {
            let a = crossings[i - 1], b = crossings[i]
            // Equal x at a shared vertex is not a crossing; only a strict swap of order is.
            if b.top < a.top - 1e-9 || b.bottom < a.bottom - 1e-9 { ordered = false; break }
        }
        if !ordered && yb - ya > PathRasterizer.minimumBand {
            let mid = (ya + yb) / 2
            rasterizeBand(top: ya, bottom: mid, rule: rule)
            rasterizeBand(top: mid, bottom: yb, rule: rule)
            return
        }
        var winding: Int32 = 0
        for i in 0..<crossings.count {
            let c = crossings[i]
            let wasInside = rule == .nonZero ? winding != 0 : winding & 1 != 0
            winding &+= c.winding
            let isInside = rule == .nonZero ? winding != 0 : winding & 1 != 0
            if wasInside != isInside {
                accumulate(top: c.top, bottom: c.bottom, height: yb - ya, sign: isInside ? 1 : -1)
            }
        }
    }

    /// Insertion sort by mid x: bands hold few edges and arrive nearly sorted; large ones use `sort`.
    private mutating func sortCrossings() {
        let n = crossings.count
        guard n > 1 else { return }
        if n > 32 { crossings.sort { $0.key < $1.key }; return }
        for i in 1..<n {
            let c = crossings[i]
            var j = i
            while j > 0 && crossings[j - 1].key > c.key {
                crossings[j] = crossings[j - 1]
                j -= 1
            }
            crossings[j] = c
        }
    }

    // MARK: - Area accumulation

    /// Adds `sign` times the area right of the segment from x `top` to x `bottom` over a band of
    /// `height`, split where it leaves the clip so that no loop runs past the clip's columns.
    private mutating func accumulate(top: Double, bottom: Double, height: Double, sign: Double) {
        let a = top - originX, b = bottom - originX, w = Double(width)
        let lo = min(a, b), hi = max(a, b)
        if lo >= 0 && hi <= w {
            accumulateSpan(lo, hi, height * sign)
            return
        }
        // Cut where the segment meets x = 0 and x = width; the pieces outside become vertical runs at the
        // clip's edge, which cover the columns inside exactly as the original pieces did.
        var t0 = 0.0, t1 = 1.0
        if a != b {
            let c0 = min(max((0 - a) / (b - a), 0), 1), c1 = min(max((w - a) / (b - a), 0), 1)
            t0 = min(c0, c1); t1 = max(c0, c1)
        }
        func piece(_ from: Double, _ to: Double) {
            guard to > from else { return }
            let xa = min(max(a + from * (b - a), 0), w), xb = min(max(a + to * (b - a), 0), w)
            accumulateSpan(min(xa, xb), max(xa, xb), height * sign * (to - from))
        }
        piece(0, t0)
        piece(t0, t1)
        piece(t1, 1)
    }

    /// Adds the area right of a straight segment spanning local x `a...b` (0 <= a <= b <= width) over a
    /// signed height `h` to the difference buffer: `delta[j]` is coverage(j) minus coverage(j - 1).
    private mutating func accumulateSpan(_ a: Double, _ b: Double, _ h: Double) {
        let first = Int(pixels: a, .towardZero)
        var last = Int(pixels: b, .up) - 1
        if last < first { last = first }
        touchedLow = min(touchedLow, first)
        touchedHigh = max(touchedHigh, last + 1)
        if last == first {
            let mid = (a + b) / 2 - Double(first)
            delta[first] += h * (1 - mid)
            delta[first + 1] += h * mid
            return
        }
        let perX = h / (b - a)
        var above = 0.0, previous = 0.0
        for j in first...last {
            let enter = max(a, Double(j)), exit = min(b, Double(j + 1))
            let part = (exit - enter) * perX
            let cover = above + part * (Double(j + 1) - (enter + exit) / 2)
            delta[j] += cover - previous
            previous = cover
            above += part
        }
        delta[last + 1] += h - previous
    }

    /// Turns the difference buffer into coverage for the touched span, hands it out and clears it.
    private mutating func emitRow(y: Int, clipX0: Int,
                                  body: (_ y: Int, _ x0: Int, _ coverage: UnsafeBufferPointer<Float>) -> Void) {
        guard touchedHigh >= touchedLow else { return }
        let low = touchedLow, high = min(touchedHigh, width)
        touchedLow = Int.max
        touchedHigh = -1
        var sum = 0.0
        var any = false
        for x in low..<high {
            sum += delta[x]
            let c = Float(min(max(sum, 0), 1))
            row[x] = c < 1e-7 ? 0 : c
            any = any || row[x] > 0
        }
        for x in low...min(high + 1, width + 1) { delta[x] = 0 }
        guard any, high > low else { return }
        row.withUnsafeBufferPointer { buffer in
            body(y, clipX0 + low, UnsafeBufferPointer(rebasing: buffer[low..<high]))
        }
    }
}
