import Foundation
@testable import LaminaCore
import LaminaGeometry
import XCTest
import LaminaGraph

/// `Polyline.mostEdgesPerLine` and `Polyline.isConvex`, the bounds a path shadow's blur is chosen by: a
/// fill's coverage along any row or column varies by at most that many steps of its alpha, and a convex
/// fill's rises once.
final class PathEdgesPerLineTests: XCTestCase {
    func testASquare_isTouchedByThreeEdgesOnItsTopRow() throws {
        let square = Polyline(points: [CGPoint(x: 10, y: 10), CGPoint(x: 20, y: 10), CGPoint(x: 20, y: 20),
                                       CGPoint(x: 10, y: 20)], closed: true)
        XCTAssertEqual(Polyline.mostEdgesPerLine([square]), 3)
        XCTAssertNil(Polyline.mostEdgesPerLine([square], limit: 2), "past the limit, no bound")
        let far = Polyline(points: [CGPoint(x: 0, y: 0), CGPoint(x: Double.infinity, y: 0), CGPoint(x: 0, y: 5)], closed: true)
        XCTAssertNil(Polyline.mostEdgesPerLine([far]))
    }

    /// Random polygons (self-intersecting, both fill rules): the total variation of every row and column of
    /// the exact-area coverage the CPU draws stays within the count.
    func testCoverageVariation_staysWithinTheCount() throws {
        var rng = SplitMix64(seed: 2024)
        var raster = PathRasterizer()
        let clip = PixelRect(x0: 0, y0: 0, x1: 64, y1: 64)
        for trial in 0..<40 {
            let n = 3 + trial % 9
            let points = (0..<n).map { _ in CGPoint(x: rng.uniform(4, 60), y: rng.uniform(4, 60)) }
            let lines = [Polyline(points: points, closed: true)]
            let bound = try XCTUnwrap(Polyline.mostEdgesPerLine(lines))
            for rule in [FillRule.nonZero, .evenOdd] {
                let c = raster.coverage(of: lines, rule: rule, clip: clip)
                var worst = 0.0
                for i in 0..<64 {
                    var row = 0.0, column = 0.0
                    for j in 1..<64 {
                        row += Double(abs(c[i * 64 + j] - c[i * 64 + j - 1]))
                        column += Double(abs(c[j * 64 + i] - c[(j - 1) * 64 + i]))
                    }
                    worst = max(worst, row, column)
                }
                XCTAssertLessThanOrEqual(worst, Double(bound) + 1e-4, "trial \(trial), \(rule)")
            }
        }
    }

    /// A path shadow's blur content is finite: a convex path rises by its alpha, any other by half the edges
    /// per line times its alpha.
    func testAPathShadow_isBoundedByItsEdges() {
        func op(_ line: Polyline) -> DrawOp {
            DrawOp(shape: .path(PathShape(polylines: [line], rule: .nonZero)),
                   paint: .solid(PremultipliedColor(r: 0.5, g: 0.5, b: 0.5, a: 0.5)), transform: .identity,
                   bounds: PixelRect(x0: 0, y0: 0, x1: 80, y1: 80))
        }
        let triangle = Polyline(points: [CGPoint(x: 0, y: 0), CGPoint(x: 80, y: 0), CGPoint(x: 40, y: 50)], closed: true)
        XCTAssertEqual(GraphBuilder.blurContent(of: [op(triangle)]), .shapes(variation: 0.5))
        // A pentagram: its middle rows meet four edges, and more where its vertices lie: 2.5 x 0.5, up to a quarter.
        let star = Self.pentagram(cx: 40, cy: 40, r: 35)
        let edges = Polyline.mostEdgesPerLine([star]) ?? 0
        XCTAssertEqual(GraphBuilder.blurContent(of: [op(star)]),
                       .shapes(variation: (Double(edges) / 2 * 0.5 * 4).rounded(.up) / 4))
        XCTAssertGreaterThanOrEqual(edges, 4)
    }

    func testConvexity() {
        func poly(_ p: [(Double, Double)]) -> Polyline { Polyline(points: p.map { CGPoint(x: $0.0, y: $0.1) }, closed: true) }
        XCTAssertTrue(poly([(0, 0), (10, 0), (10, 10), (0, 10)]).isConvex)
        XCTAssertTrue(poly([(0, 0), (0, 10), (10, 10), (10, 0)]).isConvex, "either orientation")
        XCTAssertTrue(poly([(0, 0), (5, 0), (10, 0), (10, 10), (10, 10), (0, 10)]).isConvex, "collinear and repeated points")
        XCTAssertFalse(poly([(0, 0), (10, 0), (10, 5), (5, 5), (5, 10), (0, 10)]).isConvex, "an L")
        XCTAssertFalse(Self.pentagram(cx: 0, cy: 0, r: 10).isConvex, "turns of one sign, twice around")
        XCTAssertFalse(poly([(0, 0), (10, 0), (5, 0), (5, 5)]).isConvex, "a spike back along an edge")
        XCTAssertFalse(poly([(0, 0), (10, 0)]).isConvex)
    }

    /// Random convex polygons (points on rotated ellipses): every row and column of the CPU's coverage
    /// rises once, by at most 1 (total variation at most 2).
    func testConvexCoverage_risesOnce() throws {
        var rng = SplitMix64(seed: 77)
        var raster = PathRasterizer()
        let clip = PixelRect(x0: 0, y0: 0, x1: 64, y1: 64)
        var convex = 0
        for trial in 0..<40 {
            let n = 3 + trial % 20, a = rng.uniform(2, 28), b = rng.uniform(0.3, 28), turn = rng.uniform(0, 6.3)
            let angles = (0..<n).map { _ in rng.uniform(0, 2 * Double.pi) }.sorted()
            let points = angles.map { t -> CGPoint in
                let x = a * cos(t), y = b * sin(t)
                return CGPoint(x: 32 + x * cos(turn) - y * sin(turn), y: 32 + x * sin(turn) + y * cos(turn))
            }
            let line = Polyline(points: points, closed: true)
            guard line.isConvex else { continue }   // points in angular order on an ellipse always are
            convex += 1
            let c = raster.coverage(of: [line], rule: .nonZero, clip: clip)
            for i in 0..<64 {
                var row = 0.0, column = 0.0
                for j in 1..<64 {
                    row += Double(abs(c[i * 64 + j] - c[i * 64 + j - 1]))
                    column += Double(abs(c[j * 64 + i] - c[(j - 1) * 64 + i]))
                }
                XCTAssertLessThanOrEqual(max(row, column), 2 + 1e-4, "trial \(trial), line \(i)")
            }
        }
        XCTAssertGreaterThanOrEqual(convex, 36)
    }

    static func pentagram(cx: Double, cy: Double, r: Double) -> Polyline {
        Polyline(points: (0..<5).map { k in
            let t = Double(2 * k % 5) * 2 * Double.pi / 5
            return CGPoint(x: cx + r * sin(t), y: cy - r * cos(t))
        }, closed: true)
    }
}
