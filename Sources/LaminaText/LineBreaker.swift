/// Greedy line breaking at the break opportunities the shaper marked, as Core Text's word wrapping does:
/// a line takes clusters while they fit the width (trailing spaces hang and do not count); past the width it
/// ends at the last opportunity, and a word longer than the line is broken between clusters.
enum LineBreaker {
    /// The paragraph's clusters cut into lines of at most `width` points (a line keeps at least one cluster).
    static func wrap(_ clusters: [Cluster], width: Double) -> [Range<Int>] {
        guard !clusters.isEmpty else { return [0..<0] }
        var lines: [Range<Int>] = []
        var start = 0
        let tolerance = 1e-9 * max(1, width)
        while start < clusters.count {
            var inked = 0.0, running = 0.0
            var lastBreak = -1
            var end = clusters.count
            var i = start
            while i < clusters.count {
                let c = clusters[i]
                if i > start, c.breakBefore { lastBreak = i }
                running += c.advance
                if !c.isSpace { inked = running }
                if inked > width + tolerance, i > start {
                    end = lastBreak > start ? lastBreak : i
                    break
                }
                i += 1
            }
            lines.append(start..<end)
            start = end
        }
        return lines
    }

    /// The width of `clusters` without the spaces that end them.
    static func inkedWidth<C: Collection>(_ clusters: C) -> Double where C.Element == Cluster {
        var running = 0.0, inked = 0.0
        for c in clusters {
            running += c.advance
            if !c.isSpace { inked = running }
        }
        return inked
    }

    /// Which clusters stay when `clusters` are truncated to `width` with an ellipsis `ellipsis` points wide:
    /// a prefix (end), a suffix (start), or both (middle), each as long as fits. Spaces next to the ellipsis go.
    static func truncate(_ clusters: [Cluster], width: Double, ellipsis: Double,
                         mode: TextTruncation) -> (head: Range<Int>, tail: Range<Int>) {
        let budget = width - ellipsis
        let n = clusters.count
        func prefix(_ limit: Double) -> Int {
            var w = 0.0, k = 0
            while k < n, w + clusters[k].advance <= limit + 1e-9 { w += clusters[k].advance; k += 1 }
            return k
        }
        func suffix(_ limit: Double, from floor: Int) -> Int {
            var w = 0.0, k = n
            while k > floor, w + clusters[k - 1].advance <= limit + 1e-9 { w += clusters[k - 1].advance; k -= 1 }
            return k
        }
        var head = 0, tail = n
        switch mode {
        case .none, .end:
            head = prefix(budget)
        case .start:
            tail = suffix(budget, from: 0)
        case .middle:
            head = prefix(budget / 2)
            let used = clusters[0..<head].reduce(0) { $0 + $1.advance }
            tail = suffix(budget - used, from: head)
        }
        while head > 0, clusters[head - 1].isSpace { head -= 1 }
        while tail < n, clusters[tail].isSpace { tail += 1 }
        return (0..<head, tail..<n)
    }
}
