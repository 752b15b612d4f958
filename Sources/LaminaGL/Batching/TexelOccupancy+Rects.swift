import LaminaGeometry
import LaminaGraph

/// The occupancy of a draw pass, known before it is drawn: every op touches only pixels inside its bounds
/// (RenderGraph's contract) and a pass starts transparent, so a texel outside the union of its ops' bounds
/// stays zero. Drawing the pass back (a group's opacity, a masked or rasterized layer) then shades only that
/// union: same bytes, fewer fragments.
extension TexelOccupancy {
    /// Passes with more ops than this are drawn back whole: the sweep below would cost more than it saves.
    static let maximumRects = 4096
    /// Spans stored over all rows past which a pass is drawn back whole (rects scattered over a tall pass).
    static let maximumSpans = 1 << 18

    /// The rows' spans of the union of `rects` within a `width` x `height` pass; nil when the union covers
    /// more than `worthCutting` of the pass or the rects are too many (`maximumRects`, `maximumSpans`).
    init?(rects: [PixelRect], width: Int, height: Int) {
        let pass = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        guard !pass.isEmpty, rects.count <= TexelOccupancy.maximumRects else { return nil }
        let inside = rects.map { $0.intersection(pass) }.filter { !$0.isEmpty }.sorted { $0.y0 < $1.y0 }
        // The rows where the set of rects crossing a row changes; between two of them every row has the same spans.
        var cuts = Set([0, height])
        for r in inside { cuts.insert(r.y0); cuts.insert(r.y1) }
        let rows = cuts.sorted()
        var spans: [Range<Int>] = [], starts: [Int] = [0], active: [PixelRect] = [], next = 0, covered = 0
        var band: [Range<Int>] = []
        for (ya, yb) in zip(rows, rows.dropFirst()) {
            active.removeAll { $0.y1 <= ya }
            while next < inside.count, inside[next].y0 <= ya { active.append(inside[next]); next += 1 }
            TexelOccupancy.union(of: active, into: &band)
            covered += band.reduce(0) { $0 + $1.count } * (yb - ya)
            guard spans.count + band.count * (yb - ya) <= TexelOccupancy.maximumSpans else { return nil }
            for _ in ya..<yb {
                spans.append(contentsOf: band)
                starts.append(spans.count)
            }
        }
        guard Double(covered) <= TexelOccupancy.worthCutting * Double(pass.area) else { return nil }
        self.spans = spans
        rowStarts = starts
    }

    /// The columns of `rects` (all crossing the rows in question) as sorted spans, overlapping or touching
    /// ones joined, in `xs` (its storage reused).
    private static func union(of rects: [PixelRect], into xs: inout [Range<Int>]) {
        xs.removeAll(keepingCapacity: true)
        for r in rects { xs.append(r.x0..<r.x1) }
        xs.sort { $0.lowerBound < $1.lowerBound }
        var out = 0
        for s in xs {
            if out > 0, s.lowerBound <= xs[out - 1].upperBound {
                xs[out - 1] = xs[out - 1].lowerBound..<max(xs[out - 1].upperBound, s.upperBound)
            } else {
                xs[out] = s
                out += 1
            }
        }
        xs.removeLast(xs.count - out)
    }

    /// The occupancy of draw pass `pass` from its ops' bounds; nil for a blur (its texels spread past its
    /// source's) or a pass not worth cutting.
    init?(pass: Pass) {
        guard case .draw(let ops) = pass.content, ops.count <= TexelOccupancy.maximumRects else { return nil }
        self.init(rects: ops.map(\.bounds), width: pass.width, height: pass.height)
    }
}
