import Foundation
import LaminaGeometry
import XCTest

/// The rasterizer's runs (`rasterizeRuns`: values where edges pass, constants between them) are its dense
/// rows (`coverage(of:)`) to the bit, and a fill's inside comes out as constant runs.
final class PathRunsTests: XCTestCase {
    /// The coverage the runs describe, spread over the whole clip.
    private func spread(_ lines: [Polyline], _ rule: FillRule, clip: PixelRect) -> [Float] {
        var out = [Float](repeating: 0, count: clip.area)
        var r = PathRasterizer()
        r.rasterizeRuns(lines, rule: rule, clip: clip) { y, runs, values in
            var end = 0
            for run in runs {
                XCTAssertGreaterThanOrEqual(run.x0, end, "runs in order and disjoint")
                XCTAssertGreaterThan(run.count, 0)
                end = run.x0 + run.count
                for i in run.x0..<end { out[(y - clip.y0) * clip.width + i] = run.constant ?? values[i] }
            }
            XCTAssertLessThanOrEqual(end, clip.width)
        }
        return out
    }

    private func randomPolygon(_ rng: inout SplitMix64, points: Int, in box: ClosedRange<Double>) -> Polyline {
        Polyline(points: (0..<points).map { _ in
            CGPoint(x: Double.random(in: box, using: &rng), y: Double.random(in: box, using: &rng))
        }, closed: true)
    }

    func testRunsAreTheDenseRowsOnRandomPolygons() {
        var rng = SplitMix64(seed: 77)
        let clips = [PixelRect(x0: 0, y0: 0, x1: 64, y1: 64), PixelRect(x0: 10, y0: 7, x1: 41, y1: 52)]
        for trial in 0..<300 {
            let lines = (0..<(1 + trial % 3)).map { _ in
                randomPolygon(&rng, points: 3 + Int.random(in: 0...9, using: &rng), in: -8...72)
            }
            for rule in [FillRule.nonZero, .evenOdd] {
                for clip in clips {
                    var dense = PathRasterizer()
                    let expected = dense.coverage(of: lines, rule: rule, clip: clip)
                    XCTAssertEqual(spread(lines, rule, clip: clip), expected, "trial \(trial), \(rule)")
                }
            }
        }
    }

    func testInsideOfAFillIsOneConstantRunPerRow() {
        let square = Polyline(points: [CGPoint(x: 2.5, y: 1), CGPoint(x: 90.25, y: 1), CGPoint(x: 90.25, y: 9),
                                       CGPoint(x: 2.5, y: 9)], closed: true)
        var r = PathRasterizer()
        var rows = 0
        r.rasterizeRuns([square], rule: .nonZero, clip: PixelRect(x0: 0, y0: 0, x1: 100, y1: 10)) { _, runs, values in
            rows += 1
            // The cells each edge wrote (the left edge's pixel and the one after it, which takes the rest of
            // its area; the right edge's pixel) and the 86 pixels between them as one constant.
            XCTAssertEqual(runs.map(\.constant), [nil, 1, nil])
            XCTAssertEqual(runs.map(\.x0), [2, 4, 90])
            XCTAssertEqual(runs.map(\.count), [2, 86, 1])
            XCTAssertEqual(values[2], 0.5)
            XCTAssertEqual(values[3], 1)
            XCTAssertEqual(values[90], 0.25)
        }
        XCTAssertEqual(rows, 8)
    }
}
