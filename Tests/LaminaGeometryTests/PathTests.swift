import XCTest
import Foundation
@testable import LaminaGeometry

/// Path builders, arcs, flattening tolerance, transforms and bounds.
final class PathTests: XCTestCase {
    private func p(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }

    /// The distance from `q` to the polyline through `points` (closed when `closed`).
    private func distance(_ q: (Double, Double), to points: [CGPoint], closed: Bool) -> Double {
        var best = Double.infinity
        let n = points.count
        for i in 0..<(closed ? n : n - 1) {
            let a = points[i], b = points[(i + 1) % n]
            let (ax, ay, bx, by) = (Double(a.x), Double(a.y), Double(b.x), Double(b.y))
            let dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy
            let t = len2 > 0 ? min(max(((q.0 - ax) * dx + (q.1 - ay) * dy) / len2, 0), 1) : 0
            best = min(best, hypot(q.0 - ax - t * dx, q.1 - ay - t * dy))
        }
        return best
    }

    func testRectIsClosedClockwiseFromTopLeft() {
        let path = Path(rect: CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(path.elements, [.move(p(1, 2)), .line(p(4, 2)), .line(p(4, 6)), .line(p(1, 6)), .close])
        XCTAssertEqual(Path(rect: CGRect(x: 4, y: 6, width: -3, height: -4)), path)
        let lines = path.flattened(tolerance: 0.1)
        XCTAssertEqual(lines, [Polyline(points: [p(1, 2), p(4, 2), p(4, 6), p(1, 6)], closed: true)])
    }

    func testEllipsePointsLieOnTheEllipse() {
        let rect = CGRect(x: 10, y: 20, width: 100, height: 60)
        let path = Path(ellipseIn: rect)
        XCTAssertEqual(path.elements.count, 6)
        XCTAssertEqual(path.elements.first, .move(p(110, 50)))
        let lines = path.flattened(tolerance: 0.01)
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines[0].closed)
        for q in lines[0].points {
            // Radial error of the kappa cubic is at most 0.027% of the radius, plus the flattening tolerance.
            let x = (Double(q.x) - 60) / 50, y = (Double(q.y) - 50) / 30
            let r = (x * x + y * y).squareRoot()
            XCTAssertEqual(r, 1, accuracy: 0.0003 + 0.01 / 30)
        }
        // The cardinal points are exact.
        for c in [p(110, 50), p(60, 80), p(10, 50), p(60, 20)] {
            XCTAssertTrue(lines[0].points.contains { hypot(Double($0.x - c.x), Double($0.y - c.y)) < 1e-12 }, "\(c)")
        }
    }

    func testCircularRoundedRectCornersAreQuarterCircles() {
        let shape = RoundedRect(rect: CGRect(x: 0, y: 0, width: 200, height: 100), radius: 20,
                                corners: .all, curve: .circular)
        let lines = Path(roundedRect: shape).flattened(tolerance: 0.005)
        XCTAssertEqual(lines.count, 1)
        let centres = [(20.0, 20.0), (180.0, 20.0), (180.0, 80.0), (20.0, 80.0)]
        for q in lines[0].points {
            let x = Double(q.x), y = Double(q.y)
            let onEdge = abs(x) < 1e-9 || abs(x - 200) < 1e-9 || abs(y) < 1e-9 || abs(y - 100) < 1e-9
            let inCorner = centres.first { abs(x - $0.0) <= 20 + 1e-9 && abs(y - $0.1) <= 20 + 1e-9
                && (x < 20 || x > 180) && (y < 20 || y > 80) }
            if let c = inCorner {
                XCTAssertEqual(hypot(x - c.0, y - c.1), 20, accuracy: 20 * 0.0003 + 0.005, "\(q)")
            } else {
                XCTAssertTrue(onEdge, "\(q) is neither on an edge nor on a corner")
            }
        }
    }

    func testContinuousCornerReachesItsExtentAlongEachEdge() {
        let r = 20.0, reach = 1.528665 * r
        let shape = RoundedRect(rect: CGRect(x: 0, y: 0, width: 200, height: 100), radius: r,
                                corners: .all, curve: .continuous)
        let path = Path(roundedRect: shape)
        XCTAssertEqual(path.elements.first, .move(p(reach, 0)))
        var ends: [CGPoint] = []
        for e in path.elements {
            if case .line(let q) = e { ends.append(q) }
        }
        let expected = [p(200 - reach, 0), p(200, 100 - reach), p(reach, 100), p(0, reach)]
        for (a, b) in zip(ends, expected) {
            XCTAssertEqual(Double(a.x), Double(b.x), accuracy: 1e-9)
            XCTAssertEqual(Double(a.y), Double(b.y), accuracy: 1e-9)
        }
        // Each corner ends on the next edge at the same reach: the top-right corner ends at (200, reach).
        guard case .cubic(_, _, let trEnd) = path.elements[4] else { return XCTFail("expected cubic") }
        XCTAssertEqual(Double(trEnd.x), 200, accuracy: 1e-9)
        XCTAssertEqual(Double(trEnd.y), reach, accuracy: 1e-9)
        // At the diagonal the curve passes 0.29151 r from each edge, the midpoint of the middle cubic, close
        // to the circle's 0.29289 r: the squircle differs mainly in how gradually it leaves the edges.
        guard case .cubic(_, _, let p0) = path.elements[2], case .cubic(let m1, let m2, let p3) = path.elements[3] else {
            return XCTFail("expected cubics")
        }
        let midX = (Double(p0.x) + 3 * Double(m1.x) + 3 * Double(m2.x) + Double(p3.x)) / 8
        let midY = (Double(p0.y) + 3 * Double(m1.y) + 3 * Double(m2.y) + Double(p3.y)) / 8
        XCTAssertEqual(200 - midX, 0.291507 * r, accuracy: 1e-4)
        XCTAssertEqual(midY, 0.291507 * r, accuracy: 1e-4)
        // Tangent continuity where each corner leaves an edge: the first control point lies on the edge.
        guard case .cubic(let c1, _, _) = path.elements[2] else { return XCTFail("expected cubic") }
        XCTAssertEqual(Double(c1.y), 0, accuracy: 1e-12)
        XCTAssertEqual(Double(c1.x), 200 - 1.088493 * r, accuracy: 1e-9)
    }

    func testPerCornerRadiiAndSquareCorners() {
        let shape = RoundedRect(rect: CGRect(x: 0, y: 0, width: 100, height: 50), minXMinY: 10, maxXMinY: 0,
                                minXMaxY: 5, maxXMaxY: 0, curve: .circular)
        let path = Path(roundedRect: shape)
        let lines = path.elements.compactMap { e -> CGPoint? in if case .line(let q) = e { return q }; return nil }
        XCTAssertTrue(lines.contains(p(100, 0)))
        XCTAssertTrue(lines.contains(p(100, 50)))
        XCTAssertTrue(lines.contains(p(5, 50)))
        XCTAssertEqual(path.elements.first, .move(p(10, 0)))
        let cubics = path.elements.filter { if case .cubic = $0 { return true }; return false }
        XCTAssertEqual(cubics.count, 2)
    }

    func testArcClockwiseFollowsIncreasingAngle() {
        var path = Path()
        path.addArc(center: p(0, 0), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        XCTAssertEqual(path.elements.count, 2)
        let pts = path.flattened(tolerance: 1e-4)[0].points
        XCTAssertTrue(pts.allSatisfy { $0.x >= -1e-9 && $0.y >= -1e-9 }, "a quarter through +x+y")
        var other = Path()
        other.addArc(center: p(0, 0), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        XCTAssertEqual(other.elements.count, 4, "three quarters, one cubic each")
        let otherPoints = other.flattened(tolerance: 1e-4)[0].points
        XCTAssertEqual(Double(otherPoints.map(\.y).min() ?? 0), -10, accuracy: 1e-4)
        for q in pts + otherPoints { XCTAssertEqual(hypot(Double(q.x), Double(q.y)), 10, accuracy: 0.003 + 1e-4) }
        guard case .cubic(_, _, let end)? = other.elements.last else { return XCTFail("no cubic") }
        XCTAssertEqual(Double(end.x), 0, accuracy: 1e-12)
        XCTAssertEqual(Double(end.y), 10, accuracy: 1e-12)
    }

    func testArcFullCircleAndLineFromCurrentPoint() {
        var path = Path()
        path.move(to: p(-50, 0))
        path.addArc(center: p(0, 0), radius: 5, startAngle: 0, endAngle: 4 * .pi, clockwise: true)
        XCTAssertEqual(path.elements.count, 6, "move, joining line, four quarter cubics")
        XCTAssertEqual(path.elements[1], .line(p(5, 0)))
        var empty = Path()
        empty.addArc(center: p(0, 0), radius: 5, startAngle: 1, endAngle: 1, clockwise: true)
        XCTAssertEqual(empty.elements.count, 1)
    }

    func testFlatteningRespectsTheTolerance() {
        let curves: [Path] = [
            Path(elements: [.move(p(0, 0)), .cubic(p(100, 200), p(-50, 300), p(300, 0))]),
            Path(elements: [.move(p(0, 0)), .cubic(p(100, 0), p(0, 100), p(100, 100))]),
            Path(elements: [.move(p(0, 0)), .quad(p(500, 400), p(10, 0))]),
        ]
        for path in curves {
            for tolerance in [1.0, 0.25, 0.01] {
                let line = path.flattened(tolerance: tolerance)[0]
                XCTAssertFalse(line.closed)
                var worst = 0.0
                for i in 0...2000 {
                    let t = Double(i) / 2000, u = 1 - t
                    let q: (Double, Double)
                    switch path.elements[1] {
                    case .cubic(let a, let b, let c):
                        q = (3 * u * u * t * Double(a.x) + 3 * u * t * t * Double(b.x) + t * t * t * Double(c.x),
                             3 * u * u * t * Double(a.y) + 3 * u * t * t * Double(b.y) + t * t * t * Double(c.y))
                    case .quad(let a, let c):
                        q = (2 * u * t * Double(a.x) + t * t * Double(c.x), 2 * u * t * Double(a.y) + t * t * Double(c.y))
                    default: return XCTFail("unexpected element")
                    }
                    worst = max(worst, distance(q, to: line.points, closed: false))
                }
                XCTAssertLessThanOrEqual(worst, tolerance)
                // The bound is not wildly conservative: halving the segments would exceed the tolerance.
                XCTAssertGreaterThan(worst, tolerance / 32, "too many segments: \(line.points.count)")
            }
        }
    }

    func testFlattenSubpathsClosedFlagsAndLoneMoves() {
        var path = Path()
        path.move(to: p(0, 0)); path.line(to: p(10, 0)); path.line(to: p(10, 10)); path.closeSubpath()
        path.line(to: p(-5, 0))
        path.move(to: p(100, 100))
        path.move(to: p(20, 20)); path.line(to: p(30, 20)); path.line(to: p(20, 20)); path.closeSubpath()
        let lines = path.flattened(tolerance: 0.1)
        XCTAssertEqual(lines, [
            Polyline(points: [p(0, 0), p(10, 0), p(10, 10)], closed: true),
            Polyline(points: [p(0, 0), p(-5, 0)], closed: false),
            Polyline(points: [p(20, 20), p(30, 20)], closed: true),
        ])
        XCTAssertEqual(Path().flattened(tolerance: 0.1), [])
        // Huge coordinates and a zero tolerance stay bounded.
        let huge = Path(elements: [.move(p(0, 0)), .cubic(p(1e12, -1e12), p(-1e12, 1e12), p(1, 1))])
        XCTAssertLessThanOrEqual(huge.flattened(tolerance: 0)[0].points.count, Path.maxSegmentsPerCurve + 1)
    }

    func testTransformedAndControlPointBounds() {
        let path = Path(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 10))
        let bounds = path.controlPointBounds
        XCTAssertEqual(Double(bounds.minX), 0, accuracy: 1e-12)
        XCTAssertEqual(Double(bounds.minY), 0, accuracy: 1e-12)
        XCTAssertEqual(Double(bounds.maxX), 20, accuracy: 1e-12)
        XCTAssertEqual(Double(bounds.maxY), 10, accuracy: 1e-12)
        let moved = path.transformed(by: Transform3D.translation(5, 7).scaled(2, 2))
        let b = moved.controlPointBounds
        XCTAssertEqual(Double(b.minX), 5, accuracy: 1e-12)
        XCTAssertEqual(Double(b.minY), 7, accuracy: 1e-12)
        XCTAssertEqual(Double(b.width), 40, accuracy: 1e-12)
        XCTAssertEqual(Double(b.height), 20, accuracy: 1e-12)
        XCTAssertEqual(path.transformed(by: CGAffineTransform(translationX: 5, y: 7)),
                       path.transformed(by: Transform3D.translation(5, 7)))
        XCTAssertTrue(Path().controlPointBounds.isNull)
        var q = Path()
        q.move(to: p(0, 0)); q.quadCurve(to: p(10, 0), control: p(5, -20))
        XCTAssertEqual(q.controlPointBounds, CGRect(x: 0, y: -20, width: 10, height: 20))
    }

    func testCurrentPoint() {
        var path = Path()
        XCTAssertNil(path.currentPoint)
        path.move(to: p(1, 1)); path.line(to: p(2, 2))
        XCTAssertEqual(path.currentPoint, p(2, 2))
        path.closeSubpath()
        XCTAssertEqual(path.currentPoint, p(1, 1))
    }
}

/// `Path.roundedRectShape`: rounded rects are recognised exactly, other paths are not.
final class PathRecognitionTests: XCTestCase {
    func testRoundedRectsRoundTrip() {
        let shapes = [
            RoundedRect(rect: CGRect(x: 3, y: 4, width: 120, height: 80), radius: 12, corners: .all, curve: .circular),
            RoundedRect(rect: CGRect(x: 0, y: 0, width: 50, height: 30), radius: 40, corners: .all, curve: .circular),
            RoundedRect(rect: CGRect(x: 0.5, y: 1.25, width: 60, height: 60), radius: 7,
                        corners: [.minXMinY, .maxXMaxY], curve: .circular),
            RoundedRect(rect: CGRect(x: 10, y: 10, width: 20, height: 30)),
        ]
        for shape in shapes {
            let found = Path(roundedRect: shape).roundedRectShape
            XCTAssertEqual(found?.rect, shape.rect)
            XCTAssertEqual(found?.minXMinY ?? -1, shape.minXMinY, accuracy: 1e-9)
            XCTAssertEqual(found?.maxXMinY ?? -1, shape.maxXMinY, accuracy: 1e-9)
            XCTAssertEqual(found?.minXMaxY ?? -1, shape.minXMaxY, accuracy: 1e-9)
            XCTAssertEqual(found?.maxXMaxY ?? -1, shape.maxXMaxY, accuracy: 1e-9)
        }
        XCTAssertEqual(Path(rect: CGRect(x: 1, y: 2, width: 3, height: 4)).roundedRectShape?.isRect, true)
    }

    func testOtherPathsAreNotRoundedRects() {
        XCTAssertNil(Path(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 20)).roundedRectShape)
        let continuous = RoundedRect(rect: CGRect(x: 0, y: 0, width: 100, height: 80), radius: 10, corners: .all,
                                     curve: .continuous)
        XCTAssertNil(Path(roundedRect: continuous).roundedRectShape)
        var two = Path(roundedRect: RoundedRect(rect: CGRect(x: 0, y: 0, width: 10, height: 10), radius: 2,
                                                corners: .all, curve: .circular))
        two.addRect(CGRect(x: 20, y: 0, width: 5, height: 5))
        XCTAssertNil(two.roundedRectShape)
    }
}
