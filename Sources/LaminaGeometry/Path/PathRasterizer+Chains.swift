import Foundation

/// Clusters as monotone chains: a row's cluster is cut into bands only where a chain begins or ends, not
/// at every vertex.
///
/// A chain is a run of edges going one way in y, each starting where the one above ended (the `below`
/// links `appendEdges` records between consecutive segments that share their vertex, laid out by
/// `chainEdges`), so inside the row it is one continuous, y-monotone boundary
/// x(y). A flattened curve is a few long chains with many vertices: a stroke's two sides in a row, or a
/// ring's outer and inner outline. Where the cluster's chains keep their left-to-right order over a band
/// (checked at every vertex of every adjacent pair: between vertices x(y) is linear, so order at the
/// vertices is order everywhere), the winding number between them is constant, and each boundary chain
/// adds its edges' exact areas at once. That is the arithmetic a band per vertex did, without the bands:
/// the same coverage up to floating-point rounding of the sums' order. Chains that cross inside the row
/// (self-intersections, overlapping pieces) leave the cluster to the band-per-vertex path, which cuts bands
/// at the crossings.
extension PathRasterizer {
    /// A chain's edges in `clusterEdges[first..<end]` (top to bottom) and the part of the row it spans.
    struct Chain {
        var first: Int, end: Int
        var top: Double, bottom: Double
        var winding: Int32
    }

    /// Fills the cluster's chains (`chains`, their edges in `clusterEdges`); nil, having written nothing,
    /// when two chains cross inside a band.
    mutating func rasterizeChains(top: Double, bottom: Double, rule: FillRule, winding: Int32) -> Int32? {
        // Band limits: the row's top and bottom and every chain end inside the row.
        chainSplits.removeAll(keepingCapacity: true)
        chainSplits.append(top)
        for c in chains {
            if c.top > top { chainSplits.append(c.top) }
            if c.bottom < bottom { chainSplits.append(c.bottom) }
        }
        chainSplits.append(bottom)
        chainSplits.sort()
        // First every band's order, checked; only then any area, so a crossing leaves nothing written.
        bandOrder.removeAll(keepingCapacity: true)
        bandStarts.removeAll(keepingCapacity: true)
        for s in 1..<chainSplits.count where chainSplits[s] > chainSplits[s - 1] {
            bandStarts.append(bandOrder.count)
            guard orderBand(top: chainSplits[s - 1], bottom: chainSplits[s]) else { return nil }
        }
        bandStarts.append(bandOrder.count)
        var after = winding
        var band = 0
        for s in 1..<chainSplits.count where chainSplits[s] > chainSplits[s - 1] {
            after = fillBand(top: chainSplits[s - 1], bottom: chainSplits[s],
                             order: bandStarts[band]..<bandStarts[band + 1], rule: rule, winding: winding)
            band += 1
        }
        return after
    }

    /// Appends to `bandOrder` the chains spanning the band `ya...yb`, left to right; false when two of them
    /// cross (adjacent chains out of order at one of their vertices or the band's ends).
    private mutating func orderBand(top ya: Double, bottom yb: Double) -> Bool {
        let start = bandOrder.count
        for (k, c) in chains.enumerated() where c.top <= ya && c.bottom >= yb { bandOrder.append(k) }
        guard bandOrder.count - start > 1 else { return true }
        bandKeys.removeAll(keepingCapacity: true)
        for k in bandOrder[start...] { bandKeys.append(chainX(k, at: ya) + chainX(k, at: yb)) }
        // Insertion sort of the band's few chains by their key.
        for i in (start + 1)..<bandOrder.count {
            let chain = bandOrder[i], key = bandKeys[i - start]
            var j = i
            while j > start, bandKeys[j - 1 - start] > key {
                bandOrder[j] = bandOrder[j - 1]
                bandKeys[j - start] = bandKeys[j - 1 - start]
                j -= 1
            }
            bandOrder[j] = chain
            bandKeys[j - start] = key
        }
        for i in (start + 1)..<bandOrder.count
        where !inOrder(chains[bandOrder[i - 1]], chains[bandOrder[i]], top: ya, bottom: yb) {
            return false
        }
        return true
    }

    /// Chain `k`'s x at `y` (inside its span).
    private func chainX(_ k: Int, at y: Double) -> Double {
        let c = chains[k]
        var i = c.first
        while i + 1 < c.end, edges[clusterEdges[i]].y1 < y { i += 1 }
        return edges[clusterEdges[i]].x(at: y)
    }

    /// Whether `a` lies left of (or on) `b` over `ya...yb`: checked at the band's ends and at every vertex
    /// of either in between, as `rasterizeBand` checks order (a swap by more than 1e-9).
    private func inOrder(_ a: Chain, _ b: Chain, top ya: Double, bottom yb: Double) -> Bool {
        var ia = a.first, ib = b.first
        while ia + 1 < a.end, edges[clusterEdges[ia]].y1 <= ya { ia += 1 }
        while ib + 1 < b.end, edges[clusterEdges[ib]].y1 <= ya { ib += 1 }
        var y = ya
        while true {
            let ea = edges[clusterEdges[ia]], eb = edges[clusterEdges[ib]]
            if ea.x(at: y) > eb.x(at: y) + 1e-9 { return false }
            let next = min(ea.y1, eb.y1)
            guard next < yb else { break }
            let moveA = ea.y1 <= next && ia + 1 < a.end, moveB = eb.y1 <= next && ib + 1 < b.end
            guard moveA || moveB else { break }
            y = next
            if moveA { ia += 1 }
            if moveB { ib += 1 }
        }
        let ea = edges[clusterEdges[ia]], eb = edges[clusterEdges[ib]]
        return ea.x(at: yb) <= eb.x(at: yb) + 1e-9
    }

    /// Adds the areas of the boundary chains of one band (`bandOrder[order]`, left to right), from the
    /// winding number left of the cluster; returns the one right of it.
    private mutating func fillBand(top ya: Double, bottom yb: Double, order: Range<Int>, rule: FillRule,
                                   winding start: Int32) -> Int32 {
        var winding = start
        for k in order {
            let c = chains[bandOrder[k]]
            let wasInside = rule.contains(winding)
            winding &+= c.winding
            let isInside = rule.contains(winding)
            guard wasInside != isInside else { continue }
            let sign: Double = isInside ? 1 : -1
            for i in c.first..<c.end {
                let e = edges[clusterEdges[i]]
                let y0 = max(ya, e.y0), y1 = min(yb, e.y1)
                guard y1 > y0 else { continue }
                accumulate(top: e.x(at: y0), bottom: e.x(at: y1), height: y1 - y0, sign: sign)
            }
        }
        return winding
    }
}
