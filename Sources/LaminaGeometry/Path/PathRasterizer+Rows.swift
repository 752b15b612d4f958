import Foundation

extension PathRasterizer {
    // MARK: - Rows and clusters

    /// One row: its chains (runs of linked edges inside the row, `Edge.below`) and horizontal edges sorted
    /// by where they start in x and grouped into clusters whose x extents in the row overlap or touch; each
    /// cluster is filled on its own from the winding number left of it, which is the winding of the
    /// edge-free gap there. A chain's edges touch one another at their shared vertices, so a chain as one
    /// extent groups the row exactly as its edges one by one would, and a curve's many short edges cost one
    /// extent to sort.
    ///
    /// `active` holds an edge per chain: its last one starting above the last row's bottom, or the chain's
    /// first edge when the sweep has just started it. Each moves down to its edge at this row's top (the first one ending below
    /// it), which begins the chain's extent; a chain that ends at or above `top` leaves. False, having
    /// filled nothing, when no chain reaches the row.
    mutating func rasterizeRow(top: Double, bottom: Double, rule: FillRule) -> Bool {
        extents.removeAll(keepingCapacity: true)
        for start in active {
            var i = start
            while edges[i].y1 <= top, edges[i].below >= 0 { i = Int(edges[i].below) }
            let e = edges[i]
            guard e.y1 > top else { continue }
            var xa = e.x(at: max(top, e.y0)), xb = e.x(at: min(bottom, e.y1))
            var lo = min(xa, xb), hi = max(xa, xb)
            var j = Int(e.below), last = i
            while j >= 0, edges[j].y0 < bottom {
                let next = edges[j]
                xa = next.x0
                xb = next.x(at: min(bottom, next.y1))
                lo = min(lo, xa, xb); hi = max(hi, xa, xb)
                last = j
                j = Int(next.below)
            }
            extents.append(Extent(lo: lo, hi: hi, edge: i, last: last))
        }
        guard !extents.isEmpty else {
            active.removeAll(keepingCapacity: true)
            return false
        }
        while nextLevel < levels.count, levels[nextLevel].y <= top { nextLevel += 1 }
        var level = nextLevel
        while level < levels.count, levels[level].y < bottom {
            extents.append(Extent(lo: levels[level].lo, hi: levels[level].hi, edge: -1, last: -1))
            level += 1
        }
        // `active` keeps the last row's order, so the extents arrive nearly sorted.
        extents.sortNearlySorted(by: \.lo)
        active.removeAll(keepingCapacity: true)
        // The next row's walk starts from each chain's last edge in this one: those above it end in this row.
        for x in extents where x.edge >= 0 { active.append(x.last) }
        var winding: Int32 = 0
        var first = 0
        while first < extents.count {
            var end = first + 1, reach = extents[first].hi
            while end < extents.count, extents[end].lo <= reach + PathRasterizer.touching {
                reach = max(reach, extents[end].hi)
                end += 1
            }
            if usesChains, end == first + 1, extents[first].edge >= 0 {
                winding = rasterizeLoneChain(from: extents[first].edge, top: top, bottom: bottom, rule: rule,
                                             winding: winding)
            } else {
                winding = rasterizeCluster(first..<end, top: top, bottom: bottom, rule: rule, winding: winding)
            }
            first = end
        }
        return true
    }

    /// A cluster of one chain (from edge `i`, the one at the row's top, down through those that start above
    /// `bottom`): the most common cluster, a curve's side alone in its stretch of the row. Each edge adds
    /// its area where the chain is a boundary, as `rasterizeChain` (or, for an edge across the whole row,
    /// `rasterizeBand`) adds it, without gathering the edges first.
    @inline(__always)
    private mutating func rasterizeLoneChain(from i: Int, top: Double, bottom: Double, rule: FillRule,
                                             winding: Int32) -> Int32 {
        let after = winding &+ edges[i].winding
        guard rule.contains(winding) != rule.contains(after) else { return after }
        let sign: Double = rule.contains(after) ? 1 : -1
        let all = edges, origin = originX, w = Double(width)
        var cells = Cells()
        // Through pointers: `below` links stay inside `edges`, and `accumulate` writes only cells of `delta`.
        all.withUnsafeBufferPointer { chain in
            delta.withUnsafeMutableBufferPointer { buffer in
                guard let chain = chain.baseAddress, let delta = buffer.baseAddress else { return }
                var j = i
                while true {
                    let e = chain[j]
                    let ya = max(top, e.y0), yb = min(bottom, e.y1)
                    PathRasterizer.accumulate(into: delta, origin: origin, width: w, top: e.x(at: ya), bottom: e.x(at: yb),
                                              height: yb - ya, sign: sign, cells: &cells)
                    let b = Int(e.below)
                    guard b >= 0, chain[b].y0 < bottom else { return }
                    j = b
                }
            }
        }
        touch(cells)
        return after
    }

    /// Appends the chain from edge `i` down through the edges that start above `bottom` to `clusterEdges`;
    /// returns whether any of its edges has a vertex inside the row (`top` is the row's).
    @inline(__always)
    @discardableResult
    mutating func appendChain(from i: Int, top: Double, bottom: Double) -> Bool {
        var j = i, inner = false
        while true {
            clusterEdges.append(j)
            let e = edges[j]
            if e.y0 > top || e.y1 < bottom { inner = true }
            let b = Int(e.below)
            guard b >= 0, edges[b].y0 < bottom else { return inner }
            j = b
        }
    }

    /// Fills the cluster `extents[range]` starting from the winding number left of it; returns the one
    /// right of it. A cluster without a vertex inside the row is one band. Others are filled as chains
    /// (`rasterizeChains`) where they keep their order, else cut into bands at every vertex.
    private mutating func rasterizeCluster(_ range: Range<Int>, top: Double, bottom: Double, rule: FillRule,
                                           winding: Int32) -> Int32 {
        clusterEdges.removeAll(keepingCapacity: true)
        chains.removeAll(keepingCapacity: true)
        var inner = false
        for k in range where extents[k].edge >= 0 {
            let first = clusterEdges.count
            if appendChain(from: extents[k].edge, top: top, bottom: bottom) { inner = true }
            let head = edges[clusterEdges[first]], tail = edges[clusterEdges[clusterEdges.count - 1]]
            chains.append(Chain(first: first, end: clusterEdges.count, top: max(top, head.y0),
                                bottom: min(bottom, tail.y1), winding: head.winding))
        }
        if clusterEdges.isEmpty { return winding }
        if !inner {
            swap(&bandEdges, &clusterEdges)
            return rasterizeBand(top: top, bottom: bottom, rule: rule, winding: winding)
        }
        if chainsFollowOneAnother() {
            // One chain is in order already.
            if chains.count > 1 { sortClusterEdgesByTop() }
            if let after = rasterizeChain(top: top, bottom: bottom, rule: rule, winding: winding) { return after }
        } else if usesChains, chains.count < clusterEdges.count,
                  let after = rasterizeChains(top: top, bottom: bottom, rule: rule, winding: winding) {
            return after
        }
        sortClusterEdgesByTop()
        return rasterizeBandsAtVertices(top: top, bottom: bottom, rule: rule, winding: winding)
    }

    /// The cluster of `clusterEdges` (in the order they start) cut into bands at every vertex inside the row,
    /// swept top to bottom with each band's edges kept in the last band's x order.
    private mutating func rasterizeBandsAtVertices(top: Double, bottom: Double, rule: FillRule,
                                                   winding: Int32) -> Int32 {
        splits.removeAll(keepingCapacity: true)
        splits.append(top)
        for i in clusterEdges {
            let e = edges[i]
            if e.y0 > top { splits.append(e.y0) }
            if e.y1 < bottom { splits.append(e.y1) }
        }
        splits.append(bottom)
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

    /// Puts `clusterEdges` in the order the edges start.
    private mutating func sortClusterEdgesByTop() {
        let all = edges
        clusterEdges.sort { all[$0].y0 < all[$1].y0 }
    }

    /// Whether the cluster's chains (at most eight) go one way and follow one another down the row without
    /// overlapping in y: `rasterizeChain`'s case.
    private func chainsFollowOneAnother() -> Bool {
        guard chains.count > 1 else { return true }
        guard chains.count <= 8 else { return false }
        for a in chains.indices {
            guard chains[a].winding == chains[0].winding else { return false }
            for b in chains.indices where b != a {
                if chains[a].top < chains[b].bottom && chains[b].top < chains[a].bottom { return false }
            }
        }
        return true
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
