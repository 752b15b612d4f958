import Foundation
@testable import LaminaGeometry
import LaminaTestSupport
import XCTest

/// Clusters filled as chains (runs of linked edges, ordered per band) give the coverage of the band per
/// vertex they replace, and bands whose edges cross are cut exactly at the crossings.
final class PathChainsTests: XCTestCase {
    private func p(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }

    private func coverage(_ lines: [Polyline], _ rule: FillRule, clip: PixelRect, chains: Bool) -> [Float] {
        var r = PathRasterizer()
        r.usesChains = chains
        return r.coverage(of: lines, rule: rule, clip: clip)
    }

    /// Curved outlines: stroked curves (with tight turns, so pivots and crossings), rings, and wobbly
    /// polygons of many short edges.
    private func curvedShapes(_ rng: inout SplitMix64) -> [[Polyline]] {
        var shapes: [[Polyline]] = []
        for _ in 0..<40 {
            func q() -> CGPoint { CGPoint(x: Double.random(in: -4...68, using: &rng), y: Double.random(in: -4...68, using: &rng)) }
            var path = Path()
            path.move(to: q())
            path.curve(to: q(), control1: q(), control2: q())
            if Bool.random(using: &rng) { path.quadCurve(to: q(), control: q()) }
            let width = Double.random(in: 0.5...14, using: &rng)
            let style = StrokeStyle(width: width, cap: [.butt, .round, .square][Int.random(in: 0...2, using: &rng)],
                                    join: [.miter, .round, .bevel][Int.random(in: 0...2, using: &rng)],
                                    dashes: Bool.random(using: &rng) ? [9, 4] : nil)
            shapes.append(Stroker.stroke(path, style, tolerance: PathAccuracy.tolerance(scale: 1)))
        }
        for _ in 0..<20 {
            let cx = Double.random(in: 10...54, using: &rng), cy = Double.random(in: 10...54, using: &rng)
            let r = Double.random(in: 3...30, using: &rng)
            var ring = Path(ellipseIn: CGRect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r))
            let inner = r * Double.random(in: 0.3...0.9, using: &rng)
            ring.append(Path(ellipseIn: CGRect(x: cx - inner, y: cy - inner, width: 2 * inner, height: 2 * inner)))
            shapes.append(ring.flattened(tolerance: PathAccuracy.tolerance(scale: 1)))
            let n = Int.random(in: 20...200, using: &rng)
            shapes.append([Polyline(points: (0..<n).map { k in
                let a = 2 * Double.pi * Double(k) / Double(n)
                let rr = r * (1 + 0.3 * sin(7 * a + Double.random(in: 0...0.3, using: &rng)))
                return CGPoint(x: cx + rr * cos(a), y: cy + rr * sin(a))
            }, closed: true)])
        }
        return shapes
    }

    /// A rasterizer from the pool has buffers grown and written by earlier paths (wider, taller, with more
    /// edges); what it computes is a fresh rasterizer's, bit for bit.
    func testPooledRasterizersGiveAFreshOnesCoverage() {
        var rng = SplitMix64(seed: 77)
        let shapes = curvedShapes(&rng)
        let clips = [PixelRect(x0: 0, y0: 0, x1: 64, y1: 64), PixelRect(x0: 3, y0: -2, x1: 40, y1: 30),
                     PixelRect(x0: -10, y0: 5, x1: 80, y1: 70)]
        for (n, shape) in shapes.enumerated() {
            let clip = clips[n % clips.count], rule: FillRule = n % 2 == 0 ? .nonZero : .evenOdd
            let fresh = coverage(shape, rule, clip: clip, chains: true)
            let pooled = PathRasterizer.withPooled { $0.coverage(of: shape, rule: rule, clip: clip) }
            XCTAssertEqual(fresh, pooled, "shape \(n)")
        }
    }

    func testChainsGiveTheCoverageOfABandPerVertex() {
        var rng = SplitMix64(seed: 4242)
        let clip = PixelRect(x0: 0, y0: 0, x1: 64, y1: 64)
        var worst = 0.0
        for (n, shape) in curvedShapes(&rng).enumerated() {
            for rule in [FillRule.nonZero, .evenOdd] {
                let chained = coverage(shape, rule, clip: clip, chains: true)
                let banded = coverage(shape, rule, clip: clip, chains: false)
                let error = zip(chained, banded).reduce(0.0) { max($0, abs(Double($1.0) - Double($1.1))) }
                worst = max(worst, error)
                // The band path approximates crossings by 1/256-pixel slivers; the chain path cuts them exactly.
                XCTAssertLessThan(error, 1.0 / 256, "shape \(n), \(rule)")
            }
        }
        XCTAssertLessThan(worst, 1.0 / 256)
    }

    func testSimpleCurvedOutlinesAreTheSameToRounding() {
        // No crossings: both paths compute the same exact areas, in another order.
        var rng = SplitMix64(seed: 99)
        let clip = PixelRect(x0: 0, y0: 0, x1: 64, y1: 64)
        for (n, shape) in curvedShapes(&rng).enumerated().dropFirst(40) {
            let chained = coverage(shape, .nonZero, clip: clip, chains: true)
            let banded = coverage(shape, .nonZero, clip: clip, chains: false)
            for (a, b) in zip(chained, banded) { XCTAssertEqual(a, b, accuracy: 1e-6, "shape \(n)") }
        }
    }

    func testCrossingsAreCutExactly() {
        // A bowtie whose halves cross mid-pixel: every pixel's coverage is the exact area of the two triangles
        // inside it (no sliver approximation), under both rules.
        let a = p(0.3, 0.2), b = p(9.7, 8.9), c = p(9.7, 0.2), d = p(0.3, 8.9)
        let bowtie = Polyline(points: [a, b, c, d], closed: true)
        // The diagonals cross at (5, 4.55).
        let x = p(5, 4.55)
        let left = [a, x, d], right = [x, c, b]
        let clip = PixelRect(x0: 0, y0: 0, x1: 10, y1: 10)
        for rule in FillRule.allCases {
            let cov = coverage([bowtie], rule, clip: clip, chains: true)
            for py in 0..<10 {
                for px in 0..<10 {
                    let exact = PixelArea.of(left, px: px, py: py) + PixelArea.of(right, px: px, py: py)
                    XCTAssertEqual(Double(cov[py * 10 + px]), exact, accuracy: 1e-6, "pixel \(px), \(py), \(rule)")
                }
            }
        }
    }
}
