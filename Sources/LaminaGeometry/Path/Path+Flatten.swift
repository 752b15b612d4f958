import Foundation

/// Flattening to polylines, transforms and bounds.
///
/// Curves are split into a segment count computed up front from their second differences (Wang's
/// formula) rather than by recursive subdivision: the bound is provable, the loop has no recursion,
/// and the count is cheap enough to compute per curve every frame.
extension Path {
    /// The most segments one curve is split into, so huge or degenerate coordinates cannot hang a frame.
    static let maxSegmentsPerCurve = 4096

    /// The path as polylines whose distance from the true curves is at most `tolerance`.
    ///
    /// Lines are kept as they are. A quad with second difference d = p0 - 2p1 + p2 needs
    /// n = ⌈√(|d| / (4 tol))⌉ uniform segments, a cubic n = ⌈√(3 max(|d0|, |d1|) / (4 tol))⌉, because the
    /// chord of a parameter step h deviates at most h²·max|B''|/8 from the curve. Each subpath becomes one
    /// polyline; `closed` is true only when the subpath ended with a close, in which case the closing point
    /// is not repeated. Fills treat every polyline as closed either way. Subpaths that never draw (a lone
    /// move) are dropped. A tolerance that is not positive is treated as 1e-6.
    ///
    /// With `tightTurns` (a stroke's), the stretches of curves turning on a smaller radius are flattened
    /// to its coarser tolerance (`flattenCurve`).
    public func flattened(tolerance: Double, tightTurns: TightTurns? = nil) -> [Polyline] {
        let tol = tolerance > 1e-6 ? tolerance : 1e-6
        var result: [Polyline] = []
        var points: [CGPoint] = []
        var start = CGPoint.zero
        var current = CGPoint.zero
        func flush(closed: Bool) {
            if points.count >= 2 {
                if closed, points.count > 2, points[points.count - 1] == points[0] { points.removeLast() }
                result.append(Polyline(points: points, closed: closed))
            }
            points.removeAll(keepingCapacity: true)
        }
        func beginIfNeeded() { if points.isEmpty { points.append(current) } }
        for element in elements {
            switch element {
            case .move(let p):
                flush(closed: false)
                start = p; current = p
            case .line(let p):
                beginIfNeeded()
                points.append(p)
                current = p
            case .quad(let c, let p):
                beginIfNeeded()
                Path.flattenCurve(Curve(current, c, p), tolerance: tol, tightTurns: tightTurns, into: &points)
                current = p
            case .cubic(let c1, let c2, let p):
                beginIfNeeded()
                Path.flattenCurve(Curve(current, c1, c2, p), tolerance: tol, tightTurns: tightTurns, into: &points)
                current = p
            case .close:
                flush(closed: true)
                current = start
            }
        }
        flush(closed: false)
        return result
    }

    /// At least as many line segments as `flattened(tolerance:tightTurns:)` makes, without making them: what
    /// the planner charges to a scene's path segment limit before flattening.
    public func flattenedSegmentCount(tolerance: Double, tightTurns: TightTurns? = nil) -> Int {
        let tol = tolerance > 1e-6 ? tolerance : 1e-6
        var count = 0
        var current = CGPoint.zero, start = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let p): start = p; current = p
            case .line(let p): count += 1; current = p
            case .quad(let c, let p):
                let d = hypot(Double(current.x) - 2 * Double(c.x) + Double(p.x), Double(current.y) - 2 * Double(c.y) + Double(p.y))
                count += Path.segmentBound(d / 4, tolerance: tol, tightTurns: tightTurns)
                current = p
            case .cubic(let c1, let c2, let p):
                let d0 = hypot(Double(current.x) - 2 * Double(c1.x) + Double(c2.x), Double(current.y) - 2 * Double(c1.y) + Double(c2.y))
                let d1 = hypot(Double(c1.x) - 2 * Double(c2.x) + Double(p.x), Double(c1.y) - 2 * Double(c2.y) + Double(p.y))
                count += Path.segmentBound(3 * max(d0, d1) / 4, tolerance: tol, tightTurns: tightTurns)
                current = p
            case .close: count += 1; current = start
            }
        }
        return count
    }

    static func segmentCount(_ secondDifference: Double, tolerance: Double) -> Int {
        let n = (secondDifference / tolerance).squareRoot().rounded(.up)
        guard n.isFinite else { return 1 }
        return Int(pixels: n, .up, in: 1...maxSegmentsPerCurve)
    }

    /// The path with every point mapped by the 2D affine part of `t` (m11, m12, m21, m22, m41, m42).
    ///
    /// Affine maps take Bézier curves to Bézier curves exactly, so mapping control points is exact. For a
    /// perspective transform, flatten first and project the polyline points instead.
    public func transformed(by t: Transform3D) -> Path {
        func map(_ p: CGPoint) -> CGPoint {
            let x = Double(p.x), y = Double(p.y)
            return CGPoint(x: x * t.m11 + y * t.m21 + t.m41, y: x * t.m12 + y * t.m22 + t.m42)
        }
        return Path(elements: elements.map { element in
            switch element {
            case .move(let p): return .move(map(p))
            case .line(let p): return .line(map(p))
            case .quad(let c, let p): return .quad(map(c), map(p))
            case .cubic(let c1, let c2, let p): return .cubic(map(c1), map(c2), map(p))
            case .close: return .close
            }
        })
    }

    /// The path mapped by an affine transform.
    public func transformed(by t: CGAffineTransform) -> Path { transformed(by: Transform3D(affine: t)) }

    /// The smallest rect containing every point and control point (`CGPath.boundingBox`); it contains the
    /// curves but may be larger than their exact bounds. `CGRect.null` for a path with no points.
    public var controlPointBounds: CGRect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: CGPoint) {
            minX = min(minX, Double(p.x)); minY = min(minY, Double(p.y))
            maxX = max(maxX, Double(p.x)); maxY = max(maxY, Double(p.y))
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        guard minX <= maxX, minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
