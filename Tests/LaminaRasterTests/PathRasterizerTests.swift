import LaminaTestSupport
import XCTest
import Foundation
import LaminaCore
@testable import LaminaRaster
import LaminaGeometry

/// PathRasterizer against exact areas: pixel-by-pixel polygon clipping for simple shapes, known totals
/// for circles and self-intersecting shapes, and the two fill rules.
final class PathRasterizerTests: XCTestCase {
    private func p(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }

    private func coverage(_ polylines: [Polyline], _ rule: FillRule = .nonZero, clip: PixelRect) -> [Float] {
        var r = PathRasterizer()
        return r.coverage(of: polylines, rule: rule, clip: clip)
    }

    private func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, reversed: Bool = false) -> Polyline {
        let pts = [p(x0, y0), p(x1, y0), p(x1, y1), p(x0, y1)]
        return Polyline(points: reversed ? pts.reversed() : pts, closed: true)
    }

    private func shoelace(_ points: [CGPoint]) -> Double {
        var area = 0.0
        for i in 0..<points.count {
            let a = points[i], b = points[(i + 1) % points.count]
            area += Double(a.x) * Double(b.y) - Double(b.x) * Double(a.y)
        }
        return abs(area) / 2
    }

    func testCircleTotalCoverageMatchesItsArea() {
        let circle = Path(ellipseIn: CGRect(x: 32.3 - 20, y: 31.7 - 20, width: 40, height: 40)).flattened(tolerance: 0.01)
        let clip = PixelRect(x0: 0, y0: 0, x1: 64, y1: 64)
        let total = coverage(circle, clip: clip).reduce(0.0) { $0 + Double($1) }
        XCTAssertEqual(total, Double.pi * 400, accuracy: Double.pi * 400 * 0.005)
        // The rasterizer is exact for the polygon it was given.
        XCTAssertEqual(total, shoelace(circle[0].points), accuracy: 1e-3)
    }

    func testConvexPolygonsMatchExactPixelAreas() {
        var rng = SplitMix64(seed: 122)
        for _ in 0..<20 {
            let cx = Double.random(in: 8...24, using: &rng), cy = Double.random(in: 8...24, using: &rng)
            let angles = (0..<Int.random(in: 3...9, using: &rng)).map { _ in Double.random(in: 0..<(2 * .pi), using: &rng) }.sorted()
            let rx = Double.random(in: 1...8, using: &rng), ry = Double.random(in: 0.3...8, using: &rng)
            let pts = angles.map { p(cx + rx * cos($0), cy + ry * sin($0)) }
            let clip = PixelRect(x0: 0, y0: 0, x1: 32, y1: 32)
            for rule in FillRule.allCases {
                let cov = coverage([Polyline(points: pts, closed: true)], rule, clip: clip)
                for y in 0..<32 {
                    for x in 0..<32 {
                        XCTAssertEqual(Double(cov[y * 32 + x]), PixelArea.of(pts, px: x, py: y), accuracy: 1e-5,
                                       "pixel \(x),\(y) of \(pts)")
                    }
                }
            }
        }
    }

    func testHalfPlaneEdgeAtQuarterPixel() {
        let cov = coverage([rect(10.25, -5, 100, 30)], clip: PixelRect(x0: 0, y0: 0, x1: 20, y1: 20))
        for y in 0..<20 {
            XCTAssertEqual(cov[y * 20 + 9], 0)
            XCTAssertEqual(cov[y * 20 + 10], 0.75, accuracy: 1e-6)
            XCTAssertEqual(cov[y * 20 + 11], 1, accuracy: 1e-6)
        }
    }

    func testHorizontalEdgeIsExactToo() {
        let cov = coverage([rect(-5, 10.3, 30, 30)], clip: PixelRect(x0: 0, y0: 0, x1: 20, y1: 20))
        XCTAssertEqual(cov[9 * 20 + 5], 0)
        XCTAssertEqual(cov[10 * 20 + 5], 0.7, accuracy: 1e-6)
        XCTAssertEqual(cov[11 * 20 + 5], 1, accuracy: 1e-6)
    }

    /// Rows are filled cluster by cluster (edges whose extents in the row touch), each from the winding
    /// number left of it: a comb whose teeth end in horizontal edges inside rows, staircases whose steps
    /// sit at fractional y, and a shape wound the other way beside them, all match exact pixel areas.
    func testClustersSplitByHorizontalEdges_matchExactAreas() {
        let comb = [p(2, 2.25), p(14.5, 2.25), p(14.5, 3.6), p(5.2, 3.6), p(5.2, 5.4), p(12.7, 5.4), p(12.7, 6.8),
                    p(5.2, 6.8), p(5.2, 8.1), p(15.3, 8.1), p(15.3, 9.75), p(2, 9.75)]
        let stairs = [p(18, 1.5), p(20.4, 1.5), p(21.1, 3.3), p(23.6, 3.3), p(24.2, 5.7), p(27.8, 5.7), p(29.5, 11.2),
                      p(17.4, 11.2)]
        let backwards = [p(3.5, 12.4), p(9.3, 18.8), p(13.9, 12.9), p(11.2, 12.9), p(9.4, 15.1), p(6.6, 12.4)]
        let clip = PixelRect(x0: 0, y0: 0, x1: 32, y1: 20)
        for rule in [FillRule.nonZero, .evenOdd] {
            let cov = coverage([Polyline(points: comb, closed: true), Polyline(points: stairs, closed: true),
                                Polyline(points: backwards, closed: true)], rule, clip: clip)
            for py in 0..<20 {
                for px in 0..<32 {
                    let exact = [comb, stairs, backwards].reduce(0) { $0 + PixelArea.of($1, px: px, py: py) }
                    XCTAssertEqual(Double(cov[py * 32 + px]), exact, accuracy: 1e-6, "pixel (\(px), \(py)), \(rule)")
                }
            }
        }
    }

    func testIntegerRectIsExactlyOneInsideAndZeroOutside() {
        let clip = PixelRect(x0: 0, y0: 0, x1: 12, y1: 12)
        let cov = coverage([rect(2, 3, 8, 9)], clip: clip)
        for y in 0..<12 {
            for x in 0..<12 {
                let inside = (2..<8).contains(x) && (3..<9).contains(y)
                XCTAssertEqual(cov[y * 12 + x], inside ? 1 : 0, "pixel \(x),\(y)")
            }
        }
        // A fractional rect's corner pixel covers the product of its two fractions.
        let frac = coverage([rect(2.25, 3.5, 7.75, 8.5)], clip: clip)
        XCTAssertEqual(frac[3 * 12 + 2], 0.375, accuracy: 1e-6)
        XCTAssertEqual(frac[8 * 12 + 7], 0.375, accuracy: 1e-6)
    }

    func testOverlappingSameDirectionSquaresDifferByRule() {
        let squares = [rect(0, 0, 10, 10), rect(5, 5, 15, 15)]
        let clip = PixelRect(x0: 0, y0: 0, x1: 16, y1: 16)
        let nonZero = coverage(squares, .nonZero, clip: clip)
        let evenOdd = coverage(squares, .evenOdd, clip: clip)
        XCTAssertEqual(nonZero[7 * 16 + 7], 1)
        XCTAssertEqual(evenOdd[7 * 16 + 7], 0)
        XCTAssertEqual(nonZero[2 * 16 + 2], 1)
        XCTAssertEqual(evenOdd[2 * 16 + 2], 1)
        XCTAssertEqual(nonZero.reduce(0, +), 175, accuracy: 1e-3)
        XCTAssertEqual(evenOdd.reduce(0, +), 150, accuracy: 1e-3)
        // A reversed inner square is a hole under non-zero as well.
        let hole = coverage([rect(0, 0, 10, 10), rect(3, 3, 7, 7, reversed: true)], .nonZero, clip: clip)
        XCTAssertEqual(hole[5 * 16 + 5], 0)
        XCTAssertEqual(hole.reduce(0, +), 84, accuracy: 1e-3)
    }

    func testPentagramCentreFilledOnlyUnderNonZero() {
        let c = (20.5, 20.5), r = 18.0
        let star = (0..<5).map { i -> CGPoint in
            let a = -Double.pi / 2 + Double(i * 2) * 2 * .pi / 5
            return p(c.0 + r * cos(a), c.1 + r * sin(a))
        }
        let clip = PixelRect(x0: 0, y0: 0, x1: 41, y1: 41)
        let nonZero = coverage([Polyline(points: star, closed: true)], .nonZero, clip: clip)
        let evenOdd = coverage([Polyline(points: star, closed: true)], .evenOdd, clip: clip)
        XCTAssertEqual(nonZero[20 * 41 + 20], 1)
        XCTAssertEqual(evenOdd[20 * 41 + 20], 0)
        // Exact areas: the pentagram's five points plus the pentagon; even-odd leaves the pentagon out.
        let inner = r * sin(Double.pi / 10) / sin(7 * Double.pi / 10)
        let pentagon = 2.5 * inner * inner * sin(2 * Double.pi / 5)
        let outline = (0..<10).map { i -> CGPoint in
            let a = -Double.pi / 2 + Double(i) * Double.pi / 5, rr = i % 2 == 0 ? r : inner
            return p(c.0 + rr * cos(a), c.1 + rr * sin(a))
        }
        let full = shoelace(outline)
        // Self-intersections cost at most a 1/256-pixel sliver each.
        XCTAssertEqual(nonZero.reduce(0.0) { $0 + Double($1) }, full, accuracy: 0.05)
        XCTAssertEqual(evenOdd.reduce(0.0) { $0 + Double($1) }, full - pentagon, accuracy: 0.05)
    }

    func testBowtieCrossingIsAccurate() {
        // Two triangles meeting at (5.3, 5.3): exact total area 2 * (10.6 * 5.3 / 2).
        let bowtie = Polyline(points: [p(0, 0), p(10.6, 10.6), p(10.6, 0), p(0, 10.6)], closed: true)
        let clip = PixelRect(x0: 0, y0: 0, x1: 12, y1: 12)
        for rule in FillRule.allCases {
            let cov = coverage([bowtie], rule, clip: clip)
            XCTAssertEqual(cov.reduce(0.0) { $0 + Double($1) }, 10.6 * 5.3, accuracy: 0.01)
            for v in cov { XCTAssertTrue(v >= 0 && v <= 1) }
        }
    }

    func testDegenerateInputsDoNotCrashOrHang() {
        let clip = PixelRect(x0: 0, y0: 0, x1: 16, y1: 16)
        XCTAssertEqual(coverage([], clip: clip), [Float](repeating: 0, count: 256))
        XCTAssertEqual(coverage([Polyline(points: [p(3, 3)], closed: true)], clip: clip).reduce(0, +), 0)
        XCTAssertEqual(coverage([Polyline(points: [p(1, 1), p(5, 5), p(9, 9)], closed: true)], clip: clip).reduce(0, +), 0)
        XCTAssertEqual(coverage([rect(2, 2, 8, 8)], clip: .empty), [])
        XCTAssertEqual(coverage([Polyline(points: [p(1, 1), p(.nan, 4), p(5, 1)], closed: true)], clip: clip).count, 256)
        // Far outside in every direction: nothing to draw, and no loop over the huge extent.
        XCTAssertEqual(coverage([rect(1e15, 1e15, 2e15, 2e15)], clip: clip).reduce(0, +), 0)
        XCTAssertEqual(coverage([rect(-2e15, 0, -1e15, 16)], clip: clip).reduce(0, +), 0)
        // A huge triangle covering the clip fills it completely.
        let huge = Polyline(points: [p(-1e12, -1e12), p(1e12, -1e9), p(-1e9, 1e12)], closed: true)
        for v in coverage([huge], clip: clip) { XCTAssertEqual(v, 1, accuracy: 1e-5) }
        // A shape straddling the clip's sides is clipped, not shifted.
        let straddle = coverage([rect(-1e9, 4, 1e9, 6)], clip: PixelRect(x0: 5, y0: 0, x1: 9, y1: 10))
        XCTAssertEqual(straddle.reduce(0, +), 8, accuracy: 1e-4)
    }

    func testRowCallbackTrimsSpansAndOffsetsClip() {
        var r = PathRasterizer()
        var rows: [(Int, Int, [Float])] = []
        r.rasterize([rect(12.5, 21, 14, 23)], rule: .nonZero, clip: PixelRect(x0: 10, y0: 20, x1: 30, y1: 30)) { y, x0, c in
            rows.append((y, x0, Array(c)))
        }
        XCTAssertEqual(rows.map(\.0), [21, 22])
        for row in rows {
            XCTAssertEqual(row.1, 12)
            XCTAssertEqual(row.2.prefix(2), [0.5, 1])
            XCTAssertTrue(row.2.dropFirst(2).allSatisfy { $0 == 0 })
        }
        // Reusing the rasterizer gives the same answer.
        var again: [(Int, Int, [Float])] = []
        r.rasterize([rect(12.5, 21, 14, 23)], rule: .nonZero, clip: PixelRect(x0: 10, y0: 20, x1: 30, y1: 30)) { y, x0, c in
            again.append((y, x0, Array(c)))
        }
        XCTAssertEqual(again.map(\.2), rows.map(\.2))
    }
}
