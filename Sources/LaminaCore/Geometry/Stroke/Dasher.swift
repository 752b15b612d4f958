import Foundation

/// The pieces of flattened polylines a stroke draws: trimmed to strokeStart...strokeEnd of the total length
/// (across subpaths, as Core Animation measures), then cut by the dash pattern (restarting at each
/// subpath, from the phase). A closed polyline stroked whole and undashed stays closed.
enum Dasher {
    /// The most dash pieces one stroke makes; the rest is drawn solid (a 1e-7 dash on a 1e7 path).
    static let maxPieces = 100_000

    static func pieces(_ polylines: [Polyline], _ style: StrokeStyle) -> [Polyline] {
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
            if lo <= 0, hi >= len { trimmed.append(poly) } else { trimmed.append(sub(poly, lo, hi)) }
        }
        guard let pattern = style.dashes, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }),
              pattern.reduce(0, +) > 0 else { return trimmed }
        let cycle = pattern.count % 2 == 1 ? pattern + pattern : pattern
        var out: [Polyline] = []
        for poly in trimmed {
            let len = length(poly)
            let period = cycle.reduce(0, +)
            var phase = style.dashPhase.truncatingRemainder(dividingBy: period)
            if phase < 0 { phase += period }
            var i = 0
            while phase >= cycle[i] { phase -= cycle[i]; i = (i + 1) % cycle.count }
            var at = -phase
            while at < len, out.count < maxPieces {
                let next = at + cycle[i]
                if i % 2 == 0 {
                    let lo = max(0, at), hi = min(len, next)
                    if hi > lo || cycle[i] == 0 { out.append(sub(poly, lo, max(lo, hi))) }
                }
                at = next
                i = (i + 1) % cycle.count
            }
        }
        return out
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

    /// The open part of `p` between arc lengths `lo` and `hi` (a single point when they are equal).
    static func sub(_ p: Polyline, _ lo: Double, _ hi: Double) -> Polyline {
        var pts = p.points
        if p.closed, let f = pts.first { pts.append(f) }
        var out: [CGPoint] = []
        var at = 0.0
        for k in 1..<max(1, pts.count) {
            let a = pts[k - 1], b = pts[k]
            let seg = hypot(Double(b.x - a.x), Double(b.y - a.y))
            let s0 = at, s1 = at + seg
            at = s1
            guard s1 >= lo, s0 <= hi, seg > 0 else { continue }
            func point(_ s: Double) -> CGPoint {
                let t = (s - s0) / seg
                return CGPoint(x: Double(a.x) + (Double(b.x) - Double(a.x)) * t, y: Double(a.y) + (Double(b.y) - Double(a.y)) * t)
            }
            if out.isEmpty { out.append(point(max(lo, s0))) }
            out.append(point(min(hi, s1)))
            if s1 >= hi { break }
        }
        return Polyline(points: out.isEmpty ? Array(p.points.prefix(1)) : out, closed: false)
    }
}
