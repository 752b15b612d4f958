import Foundation

extension PathRasterizer {
    /// The edges of `polylines` (every one closed) cut to the rows of `clip`, sorted by top, into `edges`:
    /// horizontal and non-finite edges are dropped, and no links are kept. `PathTrapezoids` builds its
    /// edges here.
    static func buildEdges(_ polylines: [Polyline], clip: PixelRect, into edges: inout [Edge]) {
        edges.removeAll(keepingCapacity: true)
        forEachKeptEdge(polylines, clip: clip) { edge, _ in edges.append(edge) }
        edges.sort { $0.y0 < $1.y0 }
    }

    /// Sets `edges` to the edges of `polylines` cut to the rows of `clip`, chain by chain, each chain's edges
    /// top to bottom in consecutive indices (`below` the next index), and `heads` to the chains' first
    /// edges, sorted by top: the sweep starts chains, and a chain's edges follow in its rows.
    ///
    /// A chain is a run of consecutive segments going one way in y, each kept and starting where the one
    /// before ended (`forEachKeptEdge`'s `continues`): appended as they come, and reversed in place when the
    /// run went up, so that it reads top to bottom.
    mutating func appendChains(_ polylines: [Polyline], clip: PixelRect) {
        edges.removeAll(keepingCapacity: true)
        heads.removeAll(keepingCapacity: true)
        var runStart = 0, runGoesUp = false
        PathRasterizer.forEachKeptEdge(polylines, clip: clip) { edge, continues in
            if !continues {
                if edges.count > runStart { closeChain(runStart..<edges.count, reversed: runGoesUp) }
                runStart = edges.count
                runGoesUp = edge.winding < 0
            }
            edges.append(edge)
        }
        if edges.count > runStart { closeChain(runStart..<edges.count, reversed: runGoesUp) }
        let all = edges
        heads.sort { all[$0].y0 < all[$1].y0 }
    }

    /// Lays the chain in `edges[range]` top to bottom (reversing a run that went up), links each edge to the
    /// next, and records its head.
    private mutating func closeChain(_ range: Range<Int>, reversed: Bool) {
        if reversed { edges[range].reverse() }
        for k in range { edges[k].below = k + 1 < range.upperBound ? Int32(k + 1) : -1 }
        heads.append(range.lowerBound)
    }

    /// Calls `body` with each edge of `polylines` (every one closed) cut to the rows of `clip`, in the
    /// polylines' order (`below` unset), and whether it continues the edge before: that one was kept too,
    /// ended where this one starts, and went the same way in y. Horizontal and non-finite edges are left out.
    @inline(__always)
    static func forEachKeptEdge(_ polylines: [Polyline], clip: PixelRect, _ body: (Edge, _ continues: Bool) -> Void) {
        let minY = Double(clip.y0), maxY = Double(clip.y1)
        var previousKept = false
        var previousWinding: Int32 = 0
        var previousEnd = CGPoint(x: Double.nan, y: Double.nan)
        forEachSegment(polylines) { previous, point in
            var (x0, y0, x1, y1) = (Double(previous.x), Double(previous.y), Double(point.x), Double(point.y))
            let follows = previousKept && previous == previousEnd
            previousKept = false
            previousEnd = point
            guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, y0 != y1 else { return }
            var winding: Int32 = 1
            if y0 > y1 { swap(&x0, &x1); swap(&y0, &y1); winding = -1 }
            guard y1 > minY, y0 < maxY else { return }
            let dxdy = (x1 - x0) / (y1 - y0)
            // Cut to the clip's rows so later arithmetic works on small numbers.
            if y0 < minY { x0 += (minY - y0) * dxdy; y0 = minY }
            if y1 > maxY { x1 -= (y1 - maxY) * dxdy; y1 = maxY }
            guard dxdy.isFinite, x0.isFinite, x1.isFinite else { return }
            // Two kept segments meeting at a vertex and going the same way: the vertex lies inside the rows,
            // or one of them would not have been kept.
            body(Edge(x0: x0, y0: y0, x1: x1, y1: y1, dxdy: dxdy, winding: winding),
                 follows && previousWinding == winding)
            previousKept = true
            previousWinding = winding
        }
    }
}
