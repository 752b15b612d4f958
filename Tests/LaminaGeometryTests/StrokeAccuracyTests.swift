import Foundation
import XCTest
@testable import LaminaGeometry

/// How far a curve's drawn coverage may be from the exact one: flattened and stroked at the planner's
/// tolerance (`PathAccuracy`), no pixel's coverage is off by more than half an 8-bit step (the bound
/// `PathAccuracy` states). The exact coverage is approximated by the same curve flattened a hundred times
/// more finely (an error of 1/100 of the bound).
final class StrokeAccuracyTests: XCTestCase {
    private let bound = 0.5 / 255

    /// The largest coverage difference over `clip` between `path` drawn at scale 1's tolerance and drawn
    /// finely, stroked with `style` (nil: filled).
    private func worstError(_ path: Path, style: StrokeStyle?, clip: PixelRect) -> Double {
        func coverage(_ tolerance: Double) -> [Float] {
            let outline = style.map { Stroker.stroke(path, $0, tolerance: tolerance) } ?? path.flattened(tolerance: tolerance)
            var rasterizer = PathRasterizer()
            return rasterizer.coverage(of: outline, rule: .nonZero, clip: clip)
        }
        let tolerance = PathAccuracy.tolerance(scale: 1)
        let drawn = coverage(tolerance), exact = coverage(tolerance / 100)
        return zip(drawn, exact).reduce(0) { max($0, abs(Double($1.0) - Double($1.1))) }
    }

    private var curves: [(String, Path)] {
        var s = Path()
        s.move(to: CGPoint(x: 6, y: 50))
        s.curve(to: CGPoint(x: 94, y: 50), control1: CGPoint(x: 30, y: -20), control2: CGPoint(x: 70, y: 120))
        var q = Path()
        q.move(to: CGPoint(x: 8, y: 90))
        q.quadCurve(to: CGPoint(x: 92, y: 88), control: CGPoint(x: 51.3, y: 3.7))
        return [("circle r3", Path(ellipseIn: CGRect(x: 46.2, y: 45.6, width: 6, height: 6))),
                ("circle r12", Path(ellipseIn: CGRect(x: 38.3, y: 37.9, width: 24, height: 24))),
                ("circle r44", Path(ellipseIn: CGRect(x: 5.6, y: 6.1, width: 88, height: 88))),
                // An arc of radius 800 crossing the clip at 45 degrees, where its chords are longest.
                ("circle r800", Path(ellipseIn: CGRect(x: -520.3, y: -519.8, width: 1600, height: 1600))),
                ("ellipse", Path(ellipseIn: CGRect(x: 4.4, y: 30.2, width: 91, height: 37))),
                ("cubic", s), ("quad", q)]
    }

    func testOnePointCurvedStrokes_areWithinHalfAStepOfExactCoverage() {
        let clip = PixelRect(x0: 0, y0: 0, x1: 100, y1: 100)
        var worst = 0.0
        for (name, path) in curves {
            for cap in [StrokeStyle.Cap.butt, .round] {
                let error = worstError(path, style: StrokeStyle(width: 1, cap: cap, join: .round), clip: clip)
                worst = max(worst, error)
                XCTAssertLessThanOrEqual(error, bound, "\(name), \(cap) caps: off by \(error * 255) steps")
            }
        }
        // Not a vacuous bound: the strokes' worst pixel comes near it.
        XCTAssertGreaterThan(worst, bound * 0.3)
    }

    func testWideStrokesAroundTightTurns_areWithinTheTightTurnTolerance() {
        // A cubic with a cusp (its control polygon crosses itself symmetrically) stroked 16 wide: the stretch
        // turning on a radius under 4 is flattened to `tightTurnPixels`, so its pixels may be off by that
        // much, and no more.
        var path = Path()
        path.move(to: CGPoint(x: 10, y: 80))
        path.curve(to: CGPoint(x: 90, y: 80), control1: CGPoint(x: 90, y: 10), control2: CGPoint(x: 10, y: 10))
        let clip = PixelRect(x0: 0, y0: 0, x1: 100, y1: 100)
        let error = worstError(path, style: StrokeStyle(width: 16, join: .round), clip: clip)
        XCTAssertLessThanOrEqual(error, PathAccuracy.tightTurnPixels * 1.01)
        let flattened = path.flattened(tolerance: PathAccuracy.pixels).reduce(0) { $0 + $1.points.count }
        let tight = path.flattened(tolerance: PathAccuracy.pixels,
                                   tightTurns: PathAccuracy.tightTurns(strokeWidth: 16, tolerance: PathAccuracy.pixels))
        XCTAssertLessThan(tight.reduce(0) { $0 + $1.points.count }, flattened, "the tight turn takes fewer points")
    }

    func testCurvedFills_areWithinTheToleranceOfExactCoverage() {
        let clip = PixelRect(x0: 0, y0: 0, x1: 100, y1: 100)
        var worst = 0.0
        for (name, path) in curves {
            let error = worstError(path, style: nil, clip: clip)
            worst = max(worst, error)
            XCTAssertLessThanOrEqual(error, bound, "\(name): off by \(error * 255) steps")
        }
        // The bound is near what curves reach: an outline along a row moves a whole pixel's edge.
        XCTAssertGreaterThan(worst, PathAccuracy.pixels * 0.6)
    }
}
