import Foundation

extension PathRasterizer {
    /// Fills one band of a cluster whose edges (`bandEdges`) all span its full height, cut where its edges
    /// cross (`cutAtCrossings`, else halved), starting from the winding number `winding` left of the
    /// cluster; returns the winding number right of it.
    @discardableResult
    mutating func rasterizeBand(top ya: Double, bottom yb: Double, rule: FillRule, winding start: Int32) -> Int32 {
        crossings.removeAll(keepingCapacity: true)
        for i in bandEdges {
            let e = edges[i]
            crossings.append(Crossing(top: e.x(at: ya), bottom: e.x(at: yb), winding: e.winding, edge: i))
        }
        crossings.sortNearlySorted(by: \.key)
        var ordered = true
        for i in crossings.indices.dropFirst() {
            let a = crossings[i - 1], b = crossings[i]
            // Equal x at a shared vertex is not a crossing; only a strict swap of order is.
            if b.top < a.top - 1e-9 || b.bottom < a.bottom - 1e-9 { ordered = false; break }
        }
        if !ordered && yb - ya > PathRasterizer.minimumBand {
            if usesChains, crossings.count <= PathRasterizer.exactCrossingEdges, cutAtCrossings(top: ya, bottom: yb) {
                // `cuts` holds the band's limits and every crossing between; each piece is in order.
                let limits = cuts
                var after = start
                for k in 1..<limits.count where limits[k] > limits[k - 1] {
                    after = rasterizeBand(top: limits[k - 1], bottom: limits[k], rule: rule, winding: start)
                }
                return after
            }
            let mid = (ya + yb) / 2
            rasterizeBand(top: ya, bottom: mid, rule: rule, winding: start)
            return rasterizeBand(top: mid, bottom: yb, rule: rule, winding: start)
        }
        var winding = start
        for i in 0..<crossings.count {
            let c = crossings[i]
            let wasInside = rule.contains(winding)
            winding &+= c.winding
            let isInside = rule.contains(winding)
            if wasInside != isInside {
                accumulate(top: c.top, bottom: c.bottom, height: yb - ya, sign: isInside ? 1 : -1)
            }
        }
        return winding
    }

    /// Sets `cuts` to the band's top, the heights where two of its edges (`crossings`) swap order, and its
    /// bottom, sorted: straight edges cross at most once, so between two cuts every pair keeps its order.
    /// False when no crossing lies strictly inside the band (the order differs only by rounding).
    mutating func cutAtCrossings(top ya: Double, bottom yb: Double) -> Bool {
        cuts.removeAll(keepingCapacity: true)
        cuts.append(ya)
        let height = yb - ya
        for i in crossings.indices {
            let a = crossings[i]
            for j in (i + 1)..<crossings.count {
                let b = crossings[j]
                let dTop = b.top - a.top, dBottom = b.bottom - a.bottom
                guard (dTop < -1e-9 && dBottom > 1e-9) || (dTop > 1e-9 && dBottom < -1e-9) else { continue }
                let y = ya + height * (dTop / (dTop - dBottom))
                if y > ya, y < yb { cuts.append(y) }
            }
        }
        guard cuts.count > 1 else { return false }
        cuts.append(yb)
        cuts.sort()
        return true
    }

    // MARK: - Area accumulation

    /// Adds `sign` times the area right of the segment from x `top` to x `bottom` over a band of
    /// `height` (`PathRasterizer.accumulate(into:...)`), and records the cells it wrote.
    mutating func accumulate(top: Double, bottom: Double, height: Double, sign: Double) {
        var cells = Cells()
        let origin = originX, w = Double(width)
        delta.withUnsafeMutableBufferPointer { buffer in
            guard let delta = buffer.baseAddress else { return }
            PathRasterizer.accumulate(into: delta, origin: origin, width: w, top: top, bottom: bottom, height: height,
                                      sign: sign, cells: &cells)
        }
        touch(cells)
    }

    /// The cells of `delta` some accumulation wrote: `lo...hi`, empty while `lo > hi`. The pieces of one
    /// segment, and the segments of one chain, meet, so what they wrote is one range.
    struct Cells {
        var lo = Int.max, hi = Int.min

        @inline(__always)
        mutating func add(_ first: Int, _ last: Int) {
            lo = min(lo, first)
            hi = max(hi, last)
        }
    }

    /// Records the cells an accumulation wrote (`touch`), if any.
    @inline(__always)
    mutating func touch(_ cells: Cells) {
        if cells.lo <= cells.hi { touch(cells.lo, cells.hi) }
    }

    /// Adds `sign` times the area right of the segment from x `top` to x `bottom` (pixel space; `origin` is
    /// the clip's left edge) over a band of `height` to the difference buffer `delta` of `width` + 2 cells,
    /// split where it leaves the clip so that no loop runs past the clip's columns; widens `cells` to what
    /// it wrote.
    @inline(__always)
    static func accumulate(into delta: UnsafeMutablePointer<Double>, origin: Double, width w: Double, top: Double,
                           bottom: Double, height: Double, sign: Double, cells: inout Cells) {
        let a = top - origin, b = bottom - origin
        let lo = min(a, b), hi = max(a, b)
        if lo >= 0 && hi <= w {
            accumulateSpan(into: delta, lo, hi, height * sign, cells: &cells)
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
            accumulateSpan(into: delta, min(xa, xb), max(xa, xb), height * sign * (to - from), cells: &cells)
        }
        piece(0, t0)
        piece(t0, t1)
        piece(t1, 1)
    }

    /// Adds the area right of a straight segment spanning local x `a...b` (0 <= a <= b <= width) over a
    /// signed height `h` to the difference buffer: `delta[j]` is coverage(j) minus coverage(j - 1).
    @inline(__always)
    static func accumulateSpan(into delta: UnsafeMutablePointer<Double>, _ a: Double, _ b: Double, _ h: Double,
                               cells: inout Cells) {
        let first = Int(pixels: a, .towardZero)
        var last = Int(pixels: b, .up) - 1
        if last < first { last = first }
        cells.add(first, last + 1)
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
}

extension Array {
    /// Sorts by `key`, ascending, for arrays that arrive nearly sorted (the last band's or row's order):
    /// insertion sort, stable, linear when few are out of place; past 16 descents, the library's sort.
    mutating func sortNearlySorted(by key: (Element) -> Double) {
        let n = count
        guard n > 1 else { return }
        var descents = 0
        for i in 1..<n where key(self[i]) < key(self[i - 1]) { descents += 1 }
        guard descents > 0 else { return }
        if descents > 16 { sort { key($0) < key($1) }; return }
        for i in 1..<n {
            let x = self[i], k = key(x)
            var j = i
            while j > 0 && key(self[j - 1]) > k {
                self[j] = self[j - 1]
                j -= 1
            }
            self[j] = x
        }
    }
}
