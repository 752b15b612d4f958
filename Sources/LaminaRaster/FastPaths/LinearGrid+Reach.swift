import LaminaImage

extension LinearGrid {
    /// Which columns of a `LinearGrid` read which texel columns, for an image whose non-zero texels are
    /// known (`Occupancy`). The columns' texel pairs never run backwards, so the columns reading any texel of
    /// a run `s ..< e` are one range, `low[s - t0] ..< high[e - 1 - t0]` (indices into the grid's columns).
    struct Reach {
        let occupancy: Occupancy
        /// The first texel column any grid column reads.
        let t0: Int
        /// Per texel column `t0 + i`: the first grid column whose second texel is at or past it.
        let low: [Int32]
        /// Per texel column `t0 + i`: the first grid column whose first texel is past it (the count of
        /// columns when none is).
        let high: [Int32]

        /// Nil when the occupancy is not the level's size or the columns' texels ever step backwards (a
        /// flipped draw), which the row walk then visits whole.
        init?(_ columns: [Line], occupancy: Occupancy, width: Int, height: Int) {
            guard occupancy.width == width, occupancy.height == height, let first = columns.first,
                  let last = columns.last else { return nil }
            for i in columns.indices.dropFirst()
            where columns[i].first < columns[i - 1].first || columns[i].second < columns[i - 1].second {
                return nil
            }
            let t0 = Int(first.first), count = Int(last.second) - t0 + 1
            guard count > 0 else { return nil }
            var low = [Int32](repeating: 0, count: count), high = low
            var x = 0
            for i in 0..<count {
                while x < columns.count, Int(columns[x].second) < t0 + i { x += 1 }
                low[i] = Int32(x)
            }
            x = 0
            for i in 0..<count {
                while x < columns.count, Int(columns[x].first) <= t0 + i { x += 1 }
                high[i] = Int32(x)
            }
            self.occupancy = occupancy
            self.t0 = t0
            self.low = low
            self.high = high
        }
    }

    /// Calls `body` with the runs of `xs` (pixel columns of row `row`) whose pixels read a non-zero texel,
    /// in order; with `xs` whole when the image's occupancy is not known. A pixel left out reads four zero
    /// texels, which the row loops skip anyway: what is drawn is the same.
    @inline(__always)
    func forEachLiveRun(_ xs: Range<Int>, _ row: Line, x0: Int, _ body: (Range<Int>) -> Void) {
        guard let reach, !xs.isEmpty else { return body(xs) }
        let firstTexel = Int(columns[xs.lowerBound - x0].first), lastTexel = Int(columns[xs.upperBound - 1 - x0].second)
        reach.occupancy.forEachRun(rows: Int(row.first), Int(row.second), in: firstTexel...lastTexel) { s, e in
            // Empty when no column reads the run (a minified draw steps over texels) or none of them is in `xs`.
            let lo = max(x0 + Int(reach.low[s - reach.t0]), xs.lowerBound)
            let hi = min(x0 + Int(reach.high[e - 1 - reach.t0]), xs.upperBound)
            if lo < hi { body(lo..<hi) }
        }
    }
}
