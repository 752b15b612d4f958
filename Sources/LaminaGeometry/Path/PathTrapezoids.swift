import Foundation

/// The region between two straight edges over a horizontal band, in pixels (y down): its left edge runs
/// from (`leftTop`, `top`) to (`leftBottom`, `bottom`), its right edge from (`rightTop`, `top`) to
/// (`rightBottom`, `bottom`).
///
/// Its coverage of a pixel is the signed area `A(left) - A(right)`, where `A(edge)` is the area of the pixel
/// right of the edge within the band. Left of right everywhere except in the 1/256 px slivers where
/// `PathTrapezoids` leaves crossing edges unresolved, where the same formula gives the CPU's signed sum.
public struct PathTrapezoid: Sendable, Equatable {
    public var top: Double, bottom: Double
    public var leftTop: Double, leftBottom: Double
    public var rightTop: Double, rightBottom: Double

    public init(top: Double, bottom: Double, leftTop: Double, leftBottom: Double, rightTop: Double,
                rightBottom: Double) {
        self.top = top; self.bottom = bottom
        self.leftTop = leftTop; self.leftBottom = leftBottom
        self.rightTop = rightTop; self.rightBottom = rightBottom
    }
}

/// A path's fill under its fill rule as disjoint trapezoids: resolution-independent geometry for the GPU's
/// exact-area coverage (LaminaGL's `PathCoverage`), the coverage model of `PathRasterizer`.
///
/// **Method.** The polylines are clipped as `PathRasterizer` clips them (`clippedIfFar`, then edges cut to
/// the clip's rows), and swept over y in bands cut at every vertex's y (over the whole clip, not per pixel
/// row), so every edge of a band spans its full height. The band's edges are sorted by their x at mid-band
/// and walked with the fill rule, as `PathRasterizer.rasterizeBand` walks them; each maximal inside span is
/// a trapezoid between two edges. A span whose two edges bounded a span in the band above continues that
/// trapezoid (one straight edge each side, so the union is one trapezoid), so the count grows with the
/// edges and crossings, not with the bands times the spans. Where edges cross inside a band (their order at
/// the top and the bottom differ), the band is split exactly at the earliest crossing of two neighbours;
/// where rounding leaves no progress, it is halved instead, down to `PathRasterizer.minimumBand`, below
/// which it is walked in mid-band order as the CPU walks it.
///
/// **Accuracy.** Summing each trapezoid's exact area per pixel gives `PathRasterizer`'s coverage up to
/// floating point (1e-12) wherever edges do not cross; near a crossing both are within 1/256 of a pixel of
/// the true area (the CPU halves bands where the split is exact here), under one 8-bit step.
///
/// **Cost.** O(bands x active edges) time with bands = distinct vertex y + crossings, like the CPU's
/// per-row cost without the rows; O(edges + trapezoids) memory. Both are data-controlled, so bands and
/// trapezoids are capped (`maximumBands`, `maximumTrapezoids`) and `decompose` throws `LimitExceeded` past
/// them rather than growing without bound.
public struct PathTrapezoids: Sendable {
    /// Most trapezoids one fill may produce: 2^20 (32 MiB of float records on the GPU).
    public static let maximumTrapezoids = 1 << 20
    /// Most bands (after crossing splits) one fill may sweep.
    public static let maximumBands = 1 << 22

    /// A fill past one of the limits.
    public struct LimitExceeded: Error, CustomStringConvertible, Equatable {
        public let what: String
        public let limit: Int
        public var description: String { "a path fill needs more than \(limit) \(what)" }
        public init(what: String, limit: Int) { self.what = what; self.limit = limit }
    }

    /// An edge's x at a band's top and bottom, and its index.
    struct Crossing {
        var top: Double, bottom: Double
        var winding: Int32
        var edge: Int
        var key: Double { top + bottom }
    }

    /// A trapezoid still growing downward: its edges, top, and x at the top.
    struct Open {
        var left: Int, right: Int
        var top: Double, leftTop: Double, rightTop: Double
        var pair: UInt64 { UInt64(UInt32(truncatingIfNeeded: left)) << 32 | UInt64(UInt32(truncatingIfNeeded: right)) }
    }

    private var edges: [PathRasterizer.Edge] = []
    private var ys: [Double] = []
    private var active: [Int] = []
    private var crossings: [Crossing] = []
    private var open: [Open] = []
    private var nextOpen: [Open] = []
    private var openIndex: [UInt64: Int] = [:]
    private var stack: [(top: Double, bottom: Double)] = []
    private var out: [PathTrapezoid] = []
    private var bands = 0
    /// A vertical edge right of the clip, closing a span the walk leaves open (an outline whose winding does
    /// not return to 0, which the CPU fills to the clip's right edge).
    private var sentinel = 0

    /// This decomposer's cap on trapezoids, `maximumTrapezoids` unless lowered (tests of what a caller does
    /// past it).
    public var trapezoidLimit = PathTrapezoids.maximumTrapezoids

    public init() {}

    /// The trapezoids of `polylines` (pixel space, y down, every polyline closed) filled by `rule`, cut to
    /// the rows of `clip`; in x they may reach past `clip` (at most `PathRasterizer.farMargin` + 2 pixels),
    /// where they cover only pixels outside it.
    public mutating func decompose(_ polylines: [Polyline], rule: FillRule, clip: PixelRect) throws -> [PathTrapezoid] {
        // Everything a sweep left, also one that threw part-way (a caller may go on with smaller clips).
        out.removeAll(keepingCapacity: true)
        open.removeAll(keepingCapacity: true)
        nextOpen.removeAll(keepingCapacity: true)
        openIndex.removeAll(keepingCapacity: true)
        stack.removeAll(keepingCapacity: true)
        bands = 0
        guard !clip.isEmpty else { return [] }
        PathRasterizer.buildEdges(PathRasterizer.clippedIfFar(polylines, to: clip), clip: clip, into: &edges)
        guard edges.count >= 2 else { return [] }
        sentinel = edges.count
        let far = Double(clip.x1) + 1
        edges.append(PathRasterizer.Edge(x0: far, y0: Double(clip.y0), x1: far, y1: Double(clip.y1), dxdy: 0,
                                         winding: 0))
        ys.removeAll(keepingCapacity: true)
        for e in edges[..<sentinel] { ys.append(e.y0); ys.append(e.y1) }
        ys.sort()
        active.removeAll(keepingCapacity: true)
        var nextEdge = 0
        var previous = ys[0]
        for y in ys.dropFirst() where y > previous {
            let top = previous
            previous = y
            while nextEdge < sentinel, edges[nextEdge].y0 <= top {
                active.append(nextEdge)
                nextEdge += 1
            }
            let all = edges
            active.removeAll { all[$0].y1 <= top }
            try sweep(top: top, bottom: y, rule: rule)
        }
        try close(at: previous)
        return out
    }

    // MARK: - Bands

    /// Walks the band `top...bottom` (every active edge spans it), split where its edges cross.
    private mutating func sweep(top: Double, bottom: Double, rule: FillRule) throws {
        stack.removeAll(keepingCapacity: true)
        stack.append((top, bottom))
        while let band = stack.popLast() {
            bands += 1
            guard bands <= PathTrapezoids.maximumBands else {
                throw LimitExceeded(what: "bands", limit: PathTrapezoids.maximumBands)
            }
            fillCrossings(top: band.top, bottom: band.bottom)
            if let y = split(top: band.top, bottom: band.bottom) {
                // The lower half is pushed first, so bands are walked top to bottom.
                stack.append((y, band.bottom))
                stack.append((band.top, y))
                continue
            }
            try emitSpans(top: band.top, bottom: band.bottom, rule: rule)
        }
    }

    /// The active edges' x at `top` and `bottom`, sorted by mid-band x; `active` keeps that order, so the
    /// next band's sort starts nearly sorted.
    private mutating func fillCrossings(top: Double, bottom: Double) {
        crossings.removeAll(keepingCapacity: true)
        for i in active {
            let e = edges[i]
            crossings.append(Crossing(top: e.x(at: top), bottom: e.x(at: bottom), winding: e.winding, edge: i))
        }
        crossings.sort { $0.key < $1.key }
        for k in crossings.indices { active[k] = crossings[k].edge }
    }

    /// Where to split a band whose edges cross, or nil when they do not (the CPU's test: a strict swap of
    /// order by more than 1e-9) or the band is a sliver: the earliest crossing of two neighbours in
    /// mid-band order, the midpoint when rounding puts it on the band's boundary.
    private func split(top: Double, bottom: Double) -> Double? {
        guard bottom - top > PathRasterizer.minimumBand, crossings.count > 1 else { return nil }
        var earliest = Double.infinity
        for i in 1..<crossings.count {
            let p = crossings[i - 1], q = crossings[i]
            guard q.top < p.top - 1e-9 || q.bottom < p.bottom - 1e-9 else { continue }
            let dTop = p.top - q.top, dBottom = p.bottom - q.bottom
            guard dTop != dBottom else { continue }
            let t = min(max(dTop / (dTop - dBottom), 0), 1)
            earliest = min(earliest, top + (bottom - top) * t)
        }
        guard earliest.isFinite else { return nil }
        return earliest > top && earliest < bottom ? earliest : (top + bottom) / 2
    }

    // MARK: - Spans and trapezoids

    /// Walks the sorted crossings with the rule: each inside span continues the open trapezoid of its two
    /// edges or opens one; open trapezoids no span continues are closed at `top`.
    private mutating func emitSpans(top: Double, bottom: Double, rule: FillRule) throws {
        nextOpen.removeAll(keepingCapacity: true)
        var winding: Int32 = 0
        var left = -1
        for c in crossings {
            let wasInside = rule == .nonZero ? winding != 0 : winding & 1 != 0
            winding &+= c.winding
            let isInside = rule == .nonZero ? winding != 0 : winding & 1 != 0
            if !wasInside && isInside {
                left = c.edge
            } else if wasInside && !isInside {
                addSpan(left: left, right: c.edge, top: top)
            }
        }
        let inside = rule == .nonZero ? winding != 0 : winding & 1 != 0
        if inside && left >= 0 { addSpan(left: left, right: sentinel, top: top) }
        for o in open where o.left >= 0 { try emit(o, bottom: top) }
        swap(&open, &nextOpen)
        openIndex.removeAll(keepingCapacity: true)
        for (k, o) in open.enumerated() { openIndex[o.pair] = k }
    }

    private mutating func addSpan(left: Int, right: Int, top: Double) {
        let candidate = Open(left: left, right: right, top: top, leftTop: 0, rightTop: 0)
        if let k = openIndex[candidate.pair], open[k].left == left {
            nextOpen.append(open[k])
            open[k].left = -1
            return
        }
        nextOpen.append(Open(left: left, right: right, top: top, leftTop: edges[left].x(at: top),
                             rightTop: edges[right].x(at: top)))
    }

    /// Closes every open trapezoid at `y` (the sweep's end).
    private mutating func close(at y: Double) throws {
        for o in open where o.left >= 0 { try emit(o, bottom: y) }
        open.removeAll(keepingCapacity: true)
        openIndex.removeAll(keepingCapacity: true)
    }

    private mutating func emit(_ o: Open, bottom: Double) throws {
        guard out.count < trapezoidLimit else {
            throw LimitExceeded(what: "trapezoids", limit: trapezoidLimit)
        }
        out.append(PathTrapezoid(top: o.top, bottom: bottom, leftTop: o.leftTop, leftBottom: edges[o.left].x(at: bottom),
                                 rightTop: o.rightTop, rightBottom: edges[o.right].x(at: bottom)))
    }
}
