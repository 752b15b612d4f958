import Foundation
@testable import LaminaCore
import LaminaGeometry
import XCTest

/// `Polyline.mostEdgesPerLine`, the bound a path shadow's blur is chosen by: a fill's coverage along any
/// row or column varies by at most that many steps of its alpha.
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

    /// A path shadow's blur content is finite: half the edges per line, times the fill's alpha.
    func testAPathShadow_isBoundedByItsEdges() {
        let triangle = Polyline(points: [CGPoint(x: 0, y: 0), CGPoint(x: 80, y: 0), CGPoint(x: 40, y: 50)], closed: true)
        let op = DrawOp(shape: .path(PathShape(polylines: [triangle], rule: .nonZero)),
                        paint: .solid(PremultipliedColor(r: 0.5, g: 0.5, b: 0.5, a: 0.5)), transform: .identity,
                        bounds: PixelRect(x0: 0, y0: 0, x1: 80, y1: 50))
        // Rows through the top edge touch three edges: a rise of 1.5 x 0.5, rounded up to a quarter.
        XCTAssertEqual(GraphBuilder.blurContent(of: [op]), .shapes(variation: 0.75))
    }
}
