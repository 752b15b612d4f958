import Foundation

/// The parameters of a stroke (CAShapeLayer's and CGContext's), in the path's local units.
public struct StrokeStyle: Sendable, Hashable {
    public enum Cap: Sendable { case butt, round, square }
    public enum Join: Sendable { case miter, round, bevel }

    public var width: Double
    public var cap: Cap
    public var join: Join
    public var miterLimit: Double
    /// Dash lengths, on and off alternately, from `dashPhase` into the pattern; nil or all zero: solid.
    public var dashes: [Double]?
    public var dashPhase: Double
    /// The part of the path stroked, as fractions of its total length (strokeStart, strokeEnd).
    public var start: Double
    public var end: Double

    public init(width: Double, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 10,
                dashes: [Double]? = nil, dashPhase: Double = 0, start: Double = 0, end: Double = 1) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
        self.dashes = dashes; self.dashPhase = dashPhase; self.start = start; self.end = end
    }
}

/// Turns flattened polylines into the outlines of their stroke, to be filled with the non-zero rule: the
/// planner strokes, so no renderer knows a stroke exists (DESIGN.md).
///
/// Each open piece becomes one closed outline: its left offset forward, the end cap, its right offset
/// backward, the start cap. Each closed polyline becomes two loops (the left offset, and the right offset
/// reversed), whose non-zero fill is the band between them. At a vertex the outer side gets the join
/// (a miter within the limit, as its tip alone, the point where the two offsets meet; else a bevel; or a
/// round arc); the inner side takes the point where its offsets cross, or, where they do not cross within
/// both segments, goes through the vertex itself (tiny-skia's "pivot"), so a tight inner corner never
/// leaves a hole. Zero-length pieces with round or square caps draw a dot, as CoreGraphics does. Arcs are
/// flattened to `tolerance` (local units).
public enum Stroker {
    /// The outlines of `path` stroked with `style`: flattened to `tolerance` (local units, from
    /// `PathAccuracy.tolerance(scale:)`), except the stretches of its curves that turn on a radius under a
    /// quarter of the stroke's width (`PathAccuracy.tightTurns`).
    public static func stroke(_ path: Path, _ style: StrokeStyle, tolerance: Double) -> [Polyline] {
        let tight = PathAccuracy.tightTurns(strokeWidth: style.width, tolerance: tolerance)
        return stroke(path.flattened(tolerance: tolerance, tightTurns: tight), style, tolerance: tolerance)
    }

    /// The outlines of `polylines` stroked with `style`. `tolerance` is `PathAccuracy.pixels` of a pixel in
    /// local units (`PathAccuracy.tolerance(scale:)`): it flattens the joins' and caps' arcs, and dash
    /// patterns whose period is under a quarter pixel, so measured, draw solid.
    public static func stroke(_ polylines: [Polyline], _ style: StrokeStyle, tolerance: Double) -> [Polyline] {
        let hw = style.width / 2
        guard hw > 0, hw.isFinite else { return [] }
        let tol = max(tolerance, hw * 1e-4)
        var out: [Polyline] = []
        // A quarter pixel in local units: `tolerance` is `PathAccuracy.pixels` of a pixel.
        for piece in Dasher.pieces(polylines, style, minimumPeriod: 0.25 * tolerance / PathAccuracy.pixels) {
            let points = dedup(piece.points, closed: piece.closed)
            if points.count < 2 || (piece.closed && points.count < 3) {
                if let p = points.first, let dot = dot(p, hw: hw, cap: style.cap, tol: tol) { out.append(dot) }
                continue
            }
            if piece.closed {
                let segments = Segments(points, closed: true)
                out.append(Polyline(points: side(points, segments, s: 1, hw: hw, style, tol), closed: true))
                out.append(Polyline(points: side(points, segments, s: -1, hw: hw, style, tol).reversed(), closed: true))
            } else {
                out.append(Polyline(points: openOutline(points, hw: hw, style, tol), closed: true))
            }
        }
        return out
    }

    /// Consecutive equal points merged (and, closed, a last point equal to the first).
    static func dedup(_ points: [CGPoint], closed: Bool) -> [CGPoint] {
        var out: [CGPoint] = []
        out.reserveCapacity(points.count)
        for p in points where out.last.map({ apart($0, p) }) ?? true { out.append(p) }
        if closed, out.count > 1, let f = out.first, let l = out.last, !apart(f, l) {
            out.removeLast()
        }
        return out
    }

    /// Whether two points are more than 1e-12 apart (`hypot` of their difference). The distance is at least
    /// the larger coordinate difference, so a difference over 1e-12 decides without `hypot`, unless the other
    /// is NaN (`hypot` of a NaN and a finite number is NaN, which is not apart).
    @inline(__always)
    static func apart(_ a: CGPoint, _ b: CGPoint) -> Bool {
        let dx = Double(a.x - b.x), dy = Double(a.y - b.y)
        if abs(dx) > 1e-12 || abs(dy) > 1e-12, !dx.isNaN, !dy.isNaN { return true }
        return hypot(dx, dy) > 1e-12
    }

    /// Each segment of a polyline (segment i from point i to point i + 1, the last one back to the first
    /// when closed) as its offset sides read it: the difference of its ends and its length, measured once for
    /// both sides and every join at its ends (`hypot` was a tenth of a cold stroke-heavy frame when each
    /// side measured each segment five times).
    struct Segments {
        let dx: [Double], dy: [Double], length: [Double]
        let closed: Bool

        init(_ p: [CGPoint], closed: Bool) {
            let n = p.count, count = closed ? n : n - 1
            var dx = [Double](), dy = [Double](), length = [Double]()
            dx.reserveCapacity(count)
            dy.reserveCapacity(count)
            length.reserveCapacity(count)
            for i in 0..<max(0, count) {
                let a = p[i], b = p[(i + 1) % n]
                let x = Double(b.x - a.x), y = Double(b.y - a.y)
                dx.append(x)
                dy.append(y)
                length.append(hypot(x, y))
            }
            self.dx = dx
            self.dy = dy
            self.length = length
            self.closed = closed
        }

        var count: Int { length.count }

        /// Segment i's offset on side `s` at half width `hw`: its direction turned a quarter, times hw.
        @inline(__always)
        func normal(_ i: Int, s: Double, hw: Double) -> (Double, Double) {
            (-dy[i] / length[i] * hw * s, dx[i] / length[i] * hw * s)
        }
    }

    /// One offset side of `p` (s = +1 left, -1 right) with its joins; open: from the first point's offset
    /// to the last's. `segments` are `p`'s (`Segments`).
    static func side(_ p: [CGPoint], _ segments: Segments, s: Double, hw: Double, _ style: StrokeStyle,
                     _ tol: Double) -> [CGPoint] {
        let n = p.count
        func normal(_ i: Int) -> (Double, Double) { segments.normal(i, s: s, hw: hw) }
        func off(_ q: CGPoint, _ v: (Double, Double)) -> CGPoint { CGPoint(x: Double(q.x) + v.0, y: Double(q.y) + v.1) }
        var out: [CGPoint] = []
        if segments.closed {
            for i in 0..<n {
                let before = (i + n - 1) % n
                let vin = normal(before), vout = normal(i)
                out.append(off(p[i], vin))
                join(p[i], vin, vout, s: s, hw: hw, style, tol, room: min(segments.length[before], segments.length[i]),
                     into: &out)
            }
        } else {
            let count = segments.count
            out.append(off(p[0], normal(0)))
            for i in 0..<count {
                out.append(off(p[i + 1], normal(i)))
                if i + 1 < count {
                    join(p[i + 1], normal(i), normal(i + 1), s: s, hw: hw, style, tol,
                         room: min(segments.length[i], segments.length[i + 1]), into: &out)
                }
            }
        }
        return out
    }

    /// The points after `q + a` up to `q + b` on one side at a vertex (`q + a` is the last point of `out`):
    /// the outer side's join, or the inner side. `room` is the shorter of the two segments at the vertex.
    /// A miter within the limit replaces `q + a` with its tip and adds nothing: the side runs on along both
    /// offsets' lines to the tip and from it, so the points before and after the join reach it straight.
    ///
    /// The inner side's offset lines cross at X = q + (a + b) k, hw tan(theta / 2) along each from the
    /// vertex. Where both segments are longer than that (the turns of a flattened curve), the side takes X
    /// in place of q + a and goes on from there: the triangles (X, q + a, q) and (X, q, q + b) lie inside the
    /// two segments' bands, so the stroke covers the same region, without the crossing and the spike to q
    /// that every flattened vertex would otherwise add (each crossing cost the rasterizers a split band).
    /// Tighter corners go through the vertex itself (tiny-skia's "pivot"), so they never leave a hole.
    static func join(_ q: CGPoint, _ a: (Double, Double), _ b: (Double, Double), s: Double, hw: Double,
                     _ style: StrokeStyle, _ tol: Double, room: Double, into out: inout [CGPoint]) {
        let qx = Double(q.x), qy = Double(q.y)
        let end = CGPoint(x: qx + b.0, y: qy + b.1)
        // a x b is the directions' cross product (offsets are the directions turned by a quarter, times s
        // and hw, and s^2 = 1); the side is outer when the path turns away from it: s * cross < 0.
        let cross = a.0 * b.1 - a.1 * b.0, dot = a.0 * b.0 + a.1 * b.1
        if abs(cross) <= 1e-12 * hw * hw, dot > 0 { out.append(end); return }
        let outer = cross * s < 0 || (abs(cross) <= 1e-12 * hw * hw && s > 0)
        guard outer else {
            // hw tan(theta / 2) = hw sqrt(1 - cos^2) / cos, kept clear of both segments' far ends.
            if let (x, cosHalf) = crossing(q, a, b, hw: hw), cosHalf > 0.1, !out.isEmpty,
               hw * (1 - cosHalf * cosHalf).squareRoot() / cosHalf < 0.99 * room {
                out[out.count - 1] = x
                return
            }
            out.append(q)
            out.append(end)
            return
        }
        switch style.join {
        case .bevel:
            out.append(end)
        case .miter:
            if let (tip, cosHalf) = crossing(q, a, b, hw: hw), 1 / cosHalf <= style.miterLimit, !out.isEmpty {
                // The side runs on from q + a to the tip along the incoming segment's offset, and from the tip
                // to q + b along the outgoing one's: the tip alone takes the place of all three points, the
                // same outline with a third of the points where a mitred curve turns at every vertex.
                out[out.count - 1] = tip
                return
            }
            out.append(end)
        case .round:
            arc(q, from: a, to: b, hw: hw, through: nil, tol: tol, into: &out)
            out.append(end)
        }
    }

    /// Where the offset lines q + a + t a' and q + b + t b' of one side cross (the miter's tip on the outer side,
    /// the inner corner on the other), q + (a + b) hw / (cos(theta / 2) |a + b|), with cos(theta / 2), the
    /// cosine of half the turn; nil when the offsets are opposite (a half turn: the lines never cross).
    static func crossing(_ q: CGPoint, _ a: (Double, Double), _ b: (Double, Double),
                         hw: Double) -> (point: CGPoint, cosHalf: Double)? {
        let mx = a.0 + b.0, my = a.1 + b.1, ml = hypot(mx, my)
        let cosHalf = ml > 0 ? (mx * a.0 + my * a.1) / (ml * hw) : 0
        guard cosHalf > 0 else { return nil }
        let k = hw / cosHalf / ml
        return (CGPoint(x: Double(q.x) + mx * k, y: Double(q.y) + my * k), cosHalf)
    }

    /// Points of the arc about `c` from offset `a` to offset `b` (both excluded), the short way, or through
    /// the direction `through` when given (a half turn for caps).
    static func arc(_ c: CGPoint, from a: (Double, Double), to b: (Double, Double), hw: Double,
                    through: (Double, Double)?, tol: Double, into out: inout [CGPoint]) {
        let t0 = atan2(a.1, a.0)
        var sweep = atan2(b.1, b.0) - t0
        while sweep > Double.pi { sweep -= 2 * Double.pi }
        while sweep <= -Double.pi { sweep += 2 * Double.pi }
        if let d = through {
            let mid = t0 + sweep / 2
            if cos(mid) * d.0 + sin(mid) * d.1 < 0 { sweep += sweep > 0 ? -2 * Double.pi : 2 * Double.pi }
        }
        let step = 2 * acos(max(-1, min(1, 1 - tol / hw)))
        let count = Int(pixels: abs(sweep) / max(step, 1e-3), .up, in: 1...256)
        for k in 1..<count {
            let t = t0 + sweep * Double(k) / Double(count)
            out.append(CGPoint(x: Double(c.x) + hw * cos(t), y: Double(c.y) + hw * sin(t)))
        }
    }

    /// An open piece's closed outline: left side, end cap, right side backwards, start cap.
    static func openOutline(_ p: [CGPoint], hw: Double, _ style: StrokeStyle, _ tol: Double) -> [CGPoint] {
        let segments = Segments(p, closed: false)
        var out = side(p, segments, s: 1, hw: hw, style, tol)
        let right = side(p, segments, s: -1, hw: hw, style, tol)
        cap(p[p.count - 1], toward: p[p.count - 2], hw: hw, style, tol, into: &out)
        out += right.reversed()
        cap(p[0], toward: p[1], hw: hw, style, tol, into: &out)
        return out
    }

    /// The cap at the end `e` of a piece whose neighbouring point is `toward`, between the two offsets.
    static func cap(_ e: CGPoint, toward: CGPoint, hw: Double, _ style: StrokeStyle, _ tol: Double,
                    into out: inout [CGPoint]) {
        let dx = Double(e.x - toward.x), dy = Double(e.y - toward.y), len = hypot(dx, dy)
        let d = (dx / len, dy / len)
        // The outline arrives on the left offset of the travel direction d and leaves on the right one.
        let from = (-d.1 * hw, d.0 * hw), to = (d.1 * hw, -d.0 * hw)
        let ex = Double(e.x), ey = Double(e.y)
        switch style.cap {
        case .butt:
            break
        case .square:
            out.append(CGPoint(x: ex + from.0 + d.0 * hw, y: ey + from.1 + d.1 * hw))
            out.append(CGPoint(x: ex + to.0 + d.0 * hw, y: ey + to.1 + d.1 * hw))
        case .round:
            arc(e, from: from, to: to, hw: hw, through: d, tol: tol, into: &out)
        }
    }

    /// The dot a zero-length piece draws: a circle for round caps, an axis-aligned square for square caps.
    static func dot(_ p: CGPoint, hw: Double, cap: StrokeStyle.Cap, tol: Double) -> Polyline? {
        let x = Double(p.x), y = Double(p.y)
        switch cap {
        case .butt: return nil
        case .square:
            return Polyline(points: [CGPoint(x: x - hw, y: y - hw), CGPoint(x: x + hw, y: y - hw),
                                     CGPoint(x: x + hw, y: y + hw), CGPoint(x: x - hw, y: y + hw)], closed: true)
        case .round:
            var points = [CGPoint(x: x + hw, y: y)]
            arc(p, from: (hw, 0), to: (-hw, 0), hw: hw, through: (0, 1), tol: tol, into: &points)
            points.append(CGPoint(x: x - hw, y: y))
            arc(p, from: (-hw, 0), to: (hw, 0), hw: hw, through: (0, -1), tol: tol, into: &points)
            return Polyline(points: points, closed: true)
        }
    }
}
