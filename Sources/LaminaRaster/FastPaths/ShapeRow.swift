import Foundation

/// One shape on one row of an axis-aligned operation: the quantities its spans share, computed once.
///
/// `inner` and `extent` are the two questions a row asks of a shape, at the half pixel (the solid spans,
/// the hole) or at `SpanPlan.exactMargin` (the exact spans); each evaluates the same expressions on the
/// same values whichever margin it is given, so a span does not depend on which other spans the row
/// computed.
struct ShapeRow {
    let minX: Double, maxX: Double, minY: Double, maxY: Double
    /// The row's local y, and whether it lies above the centre line (then the top radii apply).
    let qy: Double
    let top: Bool
    /// The radii of the row's half, left and right, and how far the row reaches into each one's corner
    /// band (above 0 inside it).
    let rl: Double, rr: Double
    let dyl: Double, dyr: Double
    /// How deep, in pixels, the row lies inside the top and bottom edges.
    let inside: Double

    @inline(__always)
    init(_ s: SpanPlan.Box, _ a: SpanPlan.Axis, qy: Double) {
        minX = s.minX; maxX = s.maxX; minY = s.minY; maxY = s.maxY
        self.qy = qy
        inside = min(qy - minY, maxY - qy) * a.sy
        top = qy < s.midY
        (rl, rr) = top ? (s.minXMinY, s.maxXMinY) : (s.minXMaxY, s.maxXMaxY)
        dyl = top ? (minY + rl) - qy : qy - (maxY - rl)
        dyr = top ? (minY + rr) - qy : qy - (maxY - rr)
    }

    /// The columns where the shape's coverage is 1: `m` pixels inside every straight edge (`margin` is `m`
    /// across in local units, `mx` along x), and in the corner rows inside each corner's circle shrunk by
    /// `margin`.
    ///
    /// A pixel whose centre lies at distance <= r - 0.5 / min(sx, sy) from a corner's centre has a signed
    /// distance of at most -0.5 pixels (the Jacobian is diag(1/sx, 1/sy)), so its coverage is exactly 1.
    @inline(__always)
    func inner(_ a: SpanPlan.Axis, m: Double, margin: Double, mx: Double) -> Range<Int>? {
        guard inside >= m else { return nil }
        // How far from the corner circle's centre, along x, coverage stays 1 on this row; nil when the row
        // is not in this corner's band, -1 when it is beyond the shrunk circle.
        func reach(_ radius: Double, _ dy: Double) -> Double? {
            guard radius > 0, dy > 0 else { return nil }
            let shrunk = radius - margin
            guard shrunk > dy else { return -1 }
            return (shrunk * shrunk - dy * dy).squareRoot()
        }
        var lo = minX + mx, hi = maxX - mx
        if let d = reach(rl, dyl) { lo = d < 0 ? minX + rl : minX + rl - d }
        if let d = reach(rr, dyr) { hi = d < 0 ? maxX - rr : maxX - rr + d }
        return a.columns(lo, hi, margin: 0)
    }

    /// The local x-interval where the shape's coverage can be above 0 (within `margin`, local units,
    /// outside it); nil when the whole row is at least that far outside.
    @inline(__always)
    func extent(margin: Double) -> (Double, Double)? {
        guard qy > minY - margin, qy < maxY + margin else { return nil }
        func reach(_ radius: Double, _ dy: Double) -> Double? {
            guard radius > 0, dy > 0 else { return nil }
            let grown = radius + margin
            return dy >= grown ? 0 : (grown * grown - dy * dy).squareRoot()
        }
        var lo = minX - margin, hi = maxX + margin
        if let d = reach(rl, dyl) { lo = minX + rl - d }
        if let d = reach(rr, dyr) { hi = maxX - rr + d }
        return (lo, hi)
    }

    /// Off both corner bands and `exactMargin` inside the top and bottom edges (see `SpanPlan.isPlain`).
    var isPlain: Bool { inside >= SpanPlan.exactMargin && !(rl > 0 && dyl > 0) && !(rr > 0 && dyr > 0) }
}
