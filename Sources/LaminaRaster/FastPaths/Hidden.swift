import LaminaGeometry

/// Pixels of an operation that later operations overwrite (`Occlusion`): rectangles, kept as the bands of
/// rows where the same rectangles apply, each with its hidden columns merged into sorted, disjoint runs, so a
/// row finds its hidden columns once and a run of columns splits around them without testing every
/// rectangle.
struct Hidden {
    /// The first row of each band; band `k` ends where band `k + 1` starts, the last at `end`.
    private let starts: [Int]
    private let end: Int
    /// Band `k`'s hidden columns: `columns[offsets[k]..<offsets[k + 1]]`.
    private let offsets: [Int]
    private let columns: [Range<Int>]

    /// No hidden pixels.
    init() {
        self.init(starts: [], end: 0, offsets: [0], columns: [])
    }

    private init(starts: [Int], end: Int, offsets: [Int], columns: [Range<Int>]) {
        self.starts = starts; self.end = end; self.offsets = offsets; self.columns = columns
    }

    init(_ rects: [PixelRect]) {
        let kept = rects.filter { !$0.isEmpty }.sorted { $0.x0 < $1.x0 }
        guard !kept.isEmpty else { self.init(); return }
        var ys: [Int] = []
        ys.reserveCapacity(kept.count * 2)
        for r in kept { ys.append(r.y0); ys.append(r.y1) }
        ys.sort()
        var starts: [Int] = [], offsets = [0], columns: [Range<Int>] = []
        starts.reserveCapacity(ys.count)
        offsets.reserveCapacity(ys.count)
        for k in 0..<(ys.count - 1) where ys[k] < ys[k + 1] {
            let y = ys[k], first = columns.count
            starts.append(y)
            // The rectangles are sorted by left edge, so each one either extends the last run or starts one.
            for r in kept where r.y0 <= y && y < r.y1 {
                if columns.count > first, r.x0 <= columns[columns.count - 1].upperBound {
                    let last = columns[columns.count - 1]
                    columns[columns.count - 1] = last.lowerBound..<Swift.max(last.upperBound, r.x1)
                } else {
                    columns.append(r.x0..<r.x1)
                }
            }
            offsets.append(columns.count)
        }
        self.init(starts: starts, end: ys[ys.count - 1], offsets: offsets, columns: columns)
    }

    var isEmpty: Bool { columns.isEmpty }

    /// The indices into the hidden columns of row `y` (empty where the row has none).
    @inline(__always)
    func runs(y: Int) -> Range<Int> {
        guard let first = starts.first, y >= first, y < end else { return 0..<0 }
        var k = starts.count - 1
        while starts[k] > y { k -= 1 }
        return offsets[k]..<offsets[k + 1]
    }

    /// Calls `body` on the runs of `xs` outside the hidden columns `runs` (from `runs(y:)`), left to right.
    @inline(__always)
    func forEachVisible(_ xs: Range<Int>, runs: Range<Int>, _ body: (Range<Int>) -> Void) {
        var x = xs.lowerBound
        for i in runs {
            let h = columns[i]
            if h.upperBound <= x { continue }
            if h.lowerBound >= xs.upperBound { break }
            if h.lowerBound > x { body(x..<h.lowerBound) }
            x = h.upperBound
            if x >= xs.upperBound { return }
        }
        if x < xs.upperBound { body(x..<xs.upperBound) }
    }

    /// Calls `body` on the runs of `xs` on row `y` outside every rectangle, left to right.
    @inline(__always)
    func forEachVisibleRun(_ xs: Range<Int>, y: Int, _ body: (Range<Int>) -> Void) {
        forEachVisible(xs, runs: runs(y: y), body)
    }
}
