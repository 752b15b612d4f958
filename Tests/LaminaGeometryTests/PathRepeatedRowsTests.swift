import Foundation
@testable import LaminaGeometry
import XCTest

/// Rows whose edges are the row above's, vertical and whole, take its coverage without being swept again;
/// every value is the one a full sweep gives.
final class PathRepeatedRowsTests: XCTestCase {
    private func coverage(_ lines: [Polyline], _ rule: FillRule, clip: PixelRect, repeats: Bool) -> [Float] {
        var r = PathRasterizer()
        r.repeatsRows = repeats
        return r.coverage(of: lines, rule: rule, clip: clip)
    }

    private func runs(_ lines: [Polyline], _ rule: FillRule, clip: PixelRect, repeats: Bool) -> [String] {
        var r = PathRasterizer()
        r.repeatsRows = repeats
        var out: [String] = []
        r.rasterizeRuns(lines, rule: rule, clip: clip) { y, runs, values in
            for run in runs {
                let v = run.constant.map { [$0] } ?? Array(values[run.x0..<(run.x0 + run.count)])
                out.append("\(y) \(run.x0) \(run.count) \(v.map(\.bitPattern))")
            }
        }
        return out
    }

    /// Shapes with long vertical sides at fractional x, starting and ending inside rows: rounded rects of
    /// both corner curves (a card drawn as a path), rects with a notch (a horizontal edge mid-height, a
    /// chain starting mid-way), overlapping rects under both rules, and a ring of two rects.
    private func shapes(_ rng: inout SplitMix64) -> [[Polyline]] {
        var out: [[Polyline]] = []
        for _ in 0..<30 {
            let x = Double.random(in: 0...20, using: &rng), y = Double.random(in: 0...20, using: &rng)
            let w = Double.random(in: 4...40, using: &rng), h = Double.random(in: 4...40, using: &rng)
            let curve: CornerCurve = Bool.random(using: &rng) ? .continuous : .circular
            let rr = RoundedRect(rect: CGRect(x: x, y: y, width: w, height: h),
                                 radius: Double.random(in: 0...12, using: &rng), corners: .all, curve: curve)
            out.append(Path(roundedRect: rr).flattened(tolerance: 0.05))
            let mid = y + h * Double.random(in: 0.2...0.8, using: &rng), notch = x + w * 0.5
            out.append([Polyline(points: [CGPoint(x: x, y: y), CGPoint(x: x + w, y: y), CGPoint(x: x + w, y: mid),
                                          CGPoint(x: notch, y: mid), CGPoint(x: notch, y: y + h), CGPoint(x: x, y: y + h)], closed: true)])
            let x2 = x + Double.random(in: -5...5, using: &rng), y2 = y + Double.random(in: -5...15, using: &rng)
            func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Polyline {
                Polyline(points: [CGPoint(x: x, y: y), CGPoint(x: x + w, y: y), CGPoint(x: x + w, y: y + h), CGPoint(x: x, y: y + h)], closed: true)
            }
            out.append([rect(x, y, w, h), rect(x2, y2, w * 0.7, h * 1.3)])
            out.append([rect(x, y, w, h), rect(x + 1.3, y + 1.7, max(0.5, w - 2.6), max(0.5, h - 3.4))])
        }
        return out
    }

    func testRepeatedRows_giveTheFullSweepsCoverageToTheBit() {
        var rng = SplitMix64(seed: 17)
        let clip = PixelRect(x0: 0, y0: 0, x1: 72, y1: 72)
        for (i, lines) in shapes(&rng).enumerated() {
            for rule in [FillRule.nonZero, .evenOdd] {
                let a = coverage(lines, rule, clip: clip, repeats: true)
                let b = coverage(lines, rule, clip: clip, repeats: false)
                XCTAssertEqual(a.map(\.bitPattern), b.map(\.bitPattern), "shape \(i) \(rule): dense rows")
                XCTAssertEqual(runs(lines, rule, clip: clip, repeats: true), runs(lines, rule, clip: clip, repeats: false),
                               "shape \(i) \(rule): runs")
            }
        }
    }

    /// A rect's straight middle: a pixel half covered on each side at every row, and the interior whole.
    func testRect_middleRowsKeepTheirEdgeCoverage() {
        let rect = Polyline(points: [CGPoint(x: 2.5, y: 1.25), CGPoint(x: 9.5, y: 1.25), CGPoint(x: 9.5, y: 30.75),
                                     CGPoint(x: 2.5, y: 30.75)], closed: true)
        let clip = PixelRect(x0: 0, y0: 0, x1: 12, y1: 32)
        let c = coverage([rect], .nonZero, clip: clip, repeats: true)
        for y in 2..<30 {
            XCTAssertEqual(c[y * 12 + 2], 0.5, "row \(y) left edge")
            XCTAssertEqual(c[y * 12 + 5], 1, "row \(y) interior")
            XCTAssertEqual(c[y * 12 + 9], 0.5, "row \(y) right edge")
            XCTAssertEqual(c[y * 12 + 10], 0, "row \(y) outside")
        }
        XCTAssertEqual(c[1 * 12 + 5], 0.75, "top row, three quarters covered")
        XCTAssertEqual(c[30 * 12 + 5], 0.75, "bottom row")
    }
}

