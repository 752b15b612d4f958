import Foundation

/// The pieces of flattened polylines a stroke draws: trimmed to strokeStart...strokeEnd of the total length
/// (across subpaths, as Core Animation measures), then cut by the dash pattern (restarting at each
/// subpath, from the phase). A closed polyline stroked whole and undashed stays closed.
enum Dasher {
    /// The most dash pieces one stroke makes; past it the stroke ends (a 1e-7 dash on a 1e7 path).
    static let maxPieces = 10_000

    /// `polylines` trimmed and dashed; a pattern whose period is under `minimumPeriod` (local units: a
    /// quarter pixel, from the planner) draws solid, since dashes finer than a pixel only cost time.
    static func pieces(_ polylines: [Polyline], _ style: StrokeStyle, minimumPeriod: Double = 0) -> [Polyline] {
        let lengths = polylines.map(length)
        let total = lengths.reduce(0, +)
        let a = max(0, min(1, style.start)) * total, b = max(0, min(1, style.end)) * total
        guard b > a || (total == 0 && style.start <= 0 && style.end >= 1) else { return [] }
        var trimmed: [Polyline] = []
        var offset = 0.0
        for (poly, len) in zip(polylines, lengths) {
            defer { offset += len }
            let lo = max(0, a - offset), hi = min(len, b - offset)
            if len == 0 { if a <= offset, offset <= b { trimmed.append(Polyline(points: Array(poly.points.prefix(1)), closed: false)) }; continue }
            guard hi > lo || (hi == lo && lo == 0 && a <= offset) else { continue }
            if lo <= 0, hi >= len {
                trimmed.append(poly)
            } else {
                var cursor = 0
                trimmed.append(Walker(poly).piece(lo, hi, cursor: &cursor))
            }
        }
        guard let pattern = style.dashes, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }),
              pattern.reduce(0, +) > max(0, minimumPeriod) else { return trimmed }
        let cycle = pattern.count % 2 == 1 ? pattern + pattern : pattern
        var out: [Polyline] = []
        let period = cycle.reduce(0, +)
        for poly in trimmed {
            let walker = Walker(poly)
            var cursor = 0
            var phase = style.dashPhase.truncatingRemainder(dividingBy: period)
            if phase < 0 { phase += period }
            var i = 0
            while phase >= cycle[i] { phase -= cycle[i]; i = (i + 1) % cycle.count }
            var at = -phase
            while at < walker.length, out.count < maxPieces {
                let next = at + cycle[i]
                if i % 2 == 0 {
                    let lo = max(0, at), hi = min(walker.length, next)
                    if hi > lo || cycle[i] == 0 { out.append(walker.piece(lo, max(lo, hi), cursor: &cursor)) }
                }
                at = next
                i = (i + 1) % cycle.count
            }
        }
        return out
    }

    /// A polyline with its cumulative arc lengths, cut into pieces in increasing order with a cursor that
    /// only moves forward: a stroke of 100 000 dashes costs the path's points plus the dashes, not their
    /// product.
    struct Walker {
        let points: [CGPoint]
        /// cumulative[k]: the arc length from the start to points[k].
        let cumulative: [Double]
        var length: Double { cumulative.last ?? 0 }

        init(_ p: Polyline) {
            var pts = p.points
            if p.closed, let f = pts.first { pts.append(f) }
            points = pts
            var cum = [0.0]
            for k in pts.indices.dropFirst() {
                cum.append(cum[k - 1] + hypot(Double(pts[k].x - pts[k - 1].x), Double(pts[k].y - pts[k - 1].y)))
            }
            cumulative = cum
        }

        /// The point at arc length `s`, starting the search at segment `cursor` (moved to s's segment).
        func point(_ s: Double, cursor: inout Int) -> CGPoint {
            while cursor + 2 < points.count, cumulative[cursor + 1] < s { cursor += 1 }
            guard cursor + 1 < points.count else { return points[cursor] }
            let seg = cumulative[cursor + 1] - cumulative[cursor]
            let t = seg > 0 ? min(1, max(0, (s - cumulative[cursor]) / seg)) : 0
            let a = points[cursor], b = points[cursor + 1]
            return CGPoint(x: Double(a.x) + (Double(b.x) - Double(a.x)) * t, y: Double(a.y) + (Double(b.y) - Double(a.y)) * t)
        }

        /// The open piece between arc lengths `lo` <= `hi`, at or after the cursor.
        func piece(_ lo: Double, _ hi: Double, cursor: inout Int) -> Polyline {
            var out = [point(lo, cursor: &cursor)]
            var k = cursor + 1
            while k < points.count, cumulative[k] < hi {
                if cumulative[k] > lo { out.append(points[k]) }
                k += 1
            }
            out.append(point(hi, cursor: &cursor))
            return Polyline(points: out, closed: false)
        }
    }

    /// The length of a polyline (with its closing edge when closed).
    static func length(_ p: Polyline) -> Double {
        var total = 0.0
        let pts = p.points
        guard pts.count > 1 else { return 0 }
        for k in 1..<pts.count { total += hypot(Double(pts[k].x - pts[k - 1].x), Double(pts[k].y - pts[k - 1].y)) }
        if p.closed, let f = pts.first, let l = pts.last { total += hypot(Double(f.x - l.x), Double(f.y - l.y)) }
        return total
    }
}
