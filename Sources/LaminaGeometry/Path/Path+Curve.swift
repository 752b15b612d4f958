import Foundation

/// A quadratic or cubic Bézier curve in doubles, as flattening evaluates it.
struct Curve {
    /// The control points: three for a quadratic, four for a cubic.
    let x: [Double], y: [Double]

    init(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint) {
        x = [Double(p0.x), Double(p1.x), Double(p2.x)]
        y = [Double(p0.y), Double(p1.y), Double(p2.y)]
    }

    init(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) {
        x = [Double(p0.x), Double(p1.x), Double(p2.x), Double(p3.x)]
        y = [Double(p0.y), Double(p1.y), Double(p2.y), Double(p3.y)]
    }

    var isCubic: Bool { x.count == 4 }

    /// What Wang's formula divides by the tolerance: |d| / 4 for a quadratic with second difference d,
    /// 3 max(|d0|, |d1|) / 4 for a cubic (the chord of a parameter step h is within h² max|B''| / 8).
    var secondDifference: Double {
        func d(_ i: Int) -> Double { hypot(x[i] - 2 * x[i + 1] + x[i + 2], y[i] - 2 * y[i + 1] + y[i + 2]) }
        return isCubic ? 3 * max(d(0), d(1)) / 4 : d(0) / 4
    }

    /// The point at parameter `t`.
    func point(_ t: Double) -> CGPoint {
        let u = 1 - t
        if isCubic {
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, e = t * t * t
            return CGPoint(x: a * x[0] + b * x[1] + c * x[2] + e * x[3], y: a * y[0] + b * y[1] + c * y[2] + e * y[3])
        }
        return CGPoint(x: u * u * x[0] + 2 * u * t * x[1] + t * t * x[2], y: u * u * y[0] + 2 * u * t * y[1] + t * t * y[2])
    }

    /// Whether the radius of curvature at `t`, |B'|³ / |B' × B''|, is under `radius` (a cusp, where B' = 0,
    /// is).
    func turnsTighter(than radius: Double, at t: Double) -> Bool {
        let u = 1 - t
        let (dx, dy, ddx, ddy): (Double, Double, Double, Double)
        if isCubic {
            dx = 3 * (u * u * (x[1] - x[0]) + 2 * u * t * (x[2] - x[1]) + t * t * (x[3] - x[2]))
            dy = 3 * (u * u * (y[1] - y[0]) + 2 * u * t * (y[2] - y[1]) + t * t * (y[3] - y[2]))
            ddx = 6 * (u * (x[2] - 2 * x[1] + x[0]) + t * (x[3] - 2 * x[2] + x[1]))
            ddy = 6 * (u * (y[2] - 2 * y[1] + y[0]) + t * (y[3] - 2 * y[2] + y[1]))
        } else {
            dx = 2 * (u * (x[1] - x[0]) + t * (x[2] - x[1]))
            dy = 2 * (u * (y[1] - y[0]) + t * (y[2] - y[1]))
            ddx = 2 * (x[2] - 2 * x[1] + x[0])
            ddy = 2 * (y[2] - 2 * y[1] + y[0])
        }
        let speed = hypot(dx, dy)
        // At a cusp both sides are 0: `<=` counts it as tight.
        return speed * speed * speed <= radius * abs(dx * ddy - dy * ddx)
    }
}

extension Curve {
    /// The largest |B''| over the parameters `t0...t1`: B'' is constant for a quadratic and linear in t for
    /// a cubic, so its largest length is at an end.
    func largestSecondDerivative(_ t0: Double, _ t1: Double) -> Double {
        func at(_ t: Double) -> Double {
            if !isCubic { return 2 * hypot(x[2] - 2 * x[1] + x[0], y[2] - 2 * y[1] + y[0]) }
            let u = 1 - t
            return 6 * hypot(u * (x[2] - 2 * x[1] + x[0]) + t * (x[3] - 2 * x[2] + x[1]),
                             u * (y[2] - 2 * y[1] + y[0]) + t * (y[3] - 2 * y[2] + y[1]))
        }
        return max(at(t0), at(t1))
    }
}

extension Path {
    /// Pieces of the parameter a curve is cut into before each is given its own count of steps.
    static let flatteningPieces = 8

    /// How many pieces a curve whose Wang's-formula second difference is `d` is cut into, and whether its
    /// tight turns are flattened coarsely (`tightTurns` when it needs fewer steps than `tolerance`).
    static func flatteningPlan(_ d: Double, tolerance: Double, tightTurns: TightTurns?) -> (pieces: Int, tight: TightTurns?) {
        let n = segmentCount(d, tolerance: tolerance)
        if let turns = tightTurns, turns.radius > 0, segmentCount(d, tolerance: max(turns.tolerance, tolerance)) < n {
            return (segmentCount(d, tolerance: max(turns.tolerance, tolerance)), turns)
        }
        return (min(n, flatteningPieces), nil)
    }

    /// The most segments `flattenCurve` makes of a curve: each piece's steps are at most its share of
    /// Wang's count for the whole curve plus one, and at most `maxSegmentsPerCurve / pieces`.
    static func segmentBound(_ d: Double, tolerance: Double, tightTurns: TightTurns?) -> Int {
        let pieces = flatteningPlan(d, tolerance: tolerance, tightTurns: tightTurns).pieces
        return min(segmentCount(d, tolerance: tolerance) + pieces, pieces * max(1, maxSegmentsPerCurve / pieces))
    }

    /// Appends the points of `curve` after its start, the last one its end point exactly, every chord
    /// within `tolerance` of the curve.
    ///
    /// The parameter is cut into a few equal pieces, and each piece into the uniform steps Wang's formula
    /// gives for the piece alone: a step h of a piece where |B''| is at most M has chords within
    /// h² M / 8, so a cubic's flat stretches take fewer points than its sharp turns. With `tightTurns`
    /// the pieces are the coarser count of steps its tolerance needs for the whole curve, and a piece in
    /// which the curve turns tighter than its radius at any of the finer steps' points is one chord
    /// (within the coarser tolerance).
    static func flattenCurve(_ curve: Curve, tolerance: Double, tightTurns: TightTurns?,
                             into points: inout [CGPoint]) {
        let end = CGPoint(x: curve.x[curve.x.count - 1], y: curve.y[curve.y.count - 1])
        let (pieces, tight) = flatteningPlan(curve.secondDifference, tolerance: tolerance, tightTurns: tightTurns)
        for j in 0..<pieces {
            let t0 = Double(j) / Double(pieces), t1 = Double(j + 1) / Double(pieces), h = t1 - t0
            let steps = min(segmentCount(h * h * curve.largestSecondDerivative(t0, t1) / 8, tolerance: tolerance),
                            max(1, maxSegmentsPerCurve / pieces))
            let isTight = tight.map { turns in
                (0...steps).contains { k in curve.turnsTighter(than: turns.radius, at: t0 + h * Double(k) / Double(steps)) }
            } ?? false
            if !isTight {
                for k in 1..<steps { points.append(curve.point(t0 + h * Double(k) / Double(steps))) }
            }
            points.append(j == pieces - 1 ? end : curve.point(t1))
        }
    }
}
