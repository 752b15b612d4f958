import XCTest
import Foundation
@testable import LaminaGeometry

/// PathTrapezoids against PathRasterizer: the exact area of the trapezoids in each pixel (polygon clipping
/// in Double, independent of the GPU's formula) must be the CPU's coverage, to Float rounding where no
/// edges cross and within 1/255 where they do.
final class PathTrapezoidsTests: XCTestCase {
    private func p(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }

    /// The signed area of the quad (lt, top) (rt, top) (rb, bottom) (lb, bottom) inside pixel (px, py):
    /// Sutherland-Hodgman, which keeps winding numbers inside the window, then the shoelace formula.
    private func area(_ t: PathTrapezoid, px: Int, py: Int) -> Double {
        var poly = [(t.leftTop, t.top), (t.rightTop, t.top), (t.rightBottom, t.bottom), (t.leftBottom, t.bottom)]
        let x0 = Double(px), y0 = Double(py)
        let planes: [((Double, Double)) -> Double] = [{ $0.0 - x0 }, { x0 + 1 - $0.0 }, { $0.1 - y0 }, { y0 + 1 - $0.1 }]
        for inside in planes {
            var out: [(Double, Double)] = []
            for i in 0..<poly.count {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                let da = inside(a), db = inside(b)
                if da >= 0 { out.append(a) }
                if (da >= 0) != (db >= 0) {
                    let s = da / (da - db)
                    out.append((a.0 + s * (b.0 - a.0), a.1 + s * (b.1 - a.1)))
                }
            }
            poly = out
            if poly.isEmpty { return 0 }
        }
        var sum = 0.0
        for i in 0..<poly.count {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            sum += a.0 * b.1 - b.0 * a.1
        }
        return sum / 2
    }

    /// The coverage the trapezoids give each pixel of `clip`, clamped as the CPU clamps it.
    private func trapezoidCoverage(_ trapezoids: [PathTrapezoid], clip: PixelRect) -> [Double] {
        var out = [Double](repeating: 0, count: clip.area)
        for t in trapezoids {
            let lo = min(t.leftTop, t.leftBottom, t.rightTop, t.rightBottom)
            let hi = max(t.leftTop, t.leftBottom, t.rightTop, t.rightBottom)
            let y0 = max(clip.y0, Int(floor(t.top))), y1 = min(clip.y1, Int(ceil(t.bottom)))
            let x0 = max(clip.x0, Int(floor(lo))), x1 = min(clip.x1, Int(ceil(hi)))
            guard y1 > y0, x1 > x0 else { continue }
            let ys = y0..<y1, xs = x0..<x1
            for y in ys { for x in xs { out[(y - clip.y0) * clip.width + x - clip.x0] += area(t, px: x, py: y) } }
        }
        return out.map { min(max($0, 0), 1) }
    }

    /// Compares the two models over `clip`; returns the largest difference.
    @discardableResult
    private func check(_ polylines: [Polyline], _ rule: FillRule, clip: PixelRect, tolerance: Double,
                       _ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        var decomposer = PathTrapezoids()
        let trapezoids = try decomposer.decompose(polylines, rule: rule, clip: clip)
        var rasterizer = PathRasterizer()
        let cpu = rasterizer.coverage(of: polylines, rule: rule, clip: clip)
        let gpu = trapezoidCoverage(trapezoids, clip: clip)
        var worst = 0.0, at = 0
        for i in cpu.indices where abs(Double(cpu[i]) - gpu[i]) > worst { worst = abs(Double(cpu[i]) - gpu[i]); at = i }
        XCTAssertLessThanOrEqual(worst, tolerance, "\(name): pixel (\(at % clip.width + clip.x0), "
                                 + "\(at / clip.width + clip.y0)) cpu \(cpu[at]) trapezoids \(gpu[at])", file: file, line: line)
        return worst
    }

    private func polygon(_ points: [(Double, Double)]) -> Polyline {
        Polyline(points: points.map { p($0.0, $0.1) }, closed: true)
    }

    private func star(cx: Double, cy: Double, r: Double, points n: Int, step: Int, turn: Double = 0) -> Polyline {
        polygon((0..<n).map { i in
            let a = turn + Double(i * step) * 2 * .pi / Double(n)
            return (cx + r * sin(a), cy - r * cos(a))
        })
    }

    private func circle(cx: Double, cy: Double, r: Double, segments: Int = 96, reversed: Bool = false) -> Polyline {
        let pts = (0..<segments).map { i -> (Double, Double) in
            let a = Double(i) * 2 * .pi / Double(segments)
            return (cx + r * cos(a), cy + r * sin(a))
        }
        return polygon(reversed ? pts.reversed() : pts)
    }

    /// Float rounding of the CPU's output (it returns Float coverage, and zeroes values under 1e-7).
    private let floatExact = 1e-6
    private let oneStep = 1.0 / 255
    private let clip = PixelRect(x0: 0, y0: 0, x1: 64, y1: 64)

    func testDecompose_randomStarShapedPolygons_matchCPUToFloatRounding() throws {
        var rng = SplitMix64(seed: 19)
        for k in 0..<40 {
            let n = 3 + Int(rng.next() % 40)
            let cx = rng.uniform(10, 54), cy = rng.uniform(10, 54)
            // Sorted angles around an inside centre: a simple polygon, so no edges cross.
            let angles = (0..<n).map { _ in rng.uniform(0, 2 * .pi) }.sorted()
            let pts = angles.map { a -> (Double, Double) in
                let r = rng.uniform(2, 30)
                return (cx + r * cos(a), cy + r * sin(a))
            }
            for rule in [FillRule.nonZero, .evenOdd] {
                try check([polygon(pts)], rule, clip: clip, tolerance: floatExact, "star-shaped \(k) \(rule)")
            }
        }
    }

    func testDecompose_selfIntersectingStars_bothRules_withinOneStep() throws {
        for (n, step) in [(5, 2), (7, 3), (9, 4), (8, 3)] {
            for rule in [FillRule.nonZero, .evenOdd] {
                let s = star(cx: 31.7, cy: 32.3, r: 28.4, points: n, step: step, turn: 0.1)
                try check([s], rule, clip: clip, tolerance: oneStep, "star \(n)/\(step) \(rule)")
            }
        }
    }

    func testDecompose_randomSelfIntersectingPolygons_bothRules_withinOneStep() throws {
        var rng = SplitMix64(seed: 7)
        for k in 0..<30 {
            let n = 3 + Int(rng.next() % 25)
            let pts = (0..<n).map { _ in (rng.uniform(-8, 72), rng.uniform(-8, 72)) }
            for rule in [FillRule.nonZero, .evenOdd] {
                try check([polygon(pts)], rule, clip: clip, tolerance: oneStep, "random \(k) \(rule)")
            }
        }
    }

    func testDecompose_overlappingSubpaths_bothRules_withinOneStep() throws {
        let a = circle(cx: 25, cy: 30, r: 18.3), b = circle(cx: 38.5, cy: 33.2, r: 17.1)
        let c = circle(cx: 31, cy: 20, r: 9.7, reversed: true)
        for rule in [FillRule.nonZero, .evenOdd] {
            try check([a, b, c], rule, clip: clip, tolerance: oneStep, "circles \(rule)")
        }
    }

    func testDecompose_holesAndAbuttingSubpaths_matchCPUToFloatRounding() throws {
        let outer = polygon([(4.5, 5.25), (58.3, 6.1), (60.2, 57.7), (3.1, 59.9)])
        let hole = polygon([(20.2, 20.6), (20.7, 40.1), (41.3, 39.4), (40.9, 21.2)])
        let sameWay = polygon([(20.2, 20.6), (40.9, 21.2), (41.3, 39.4), (20.7, 40.1)])
        let abutting = [polygon([(0, 0), (30.5, 0), (30.5, 64), (0, 64)]), polygon([(30.5, 0), (64, 0), (64, 64), (30.5, 64)])]
        try check([outer, hole], .nonZero, clip: clip, tolerance: floatExact, "hole nonZero")
        try check([outer, sameWay], .evenOdd, clip: clip, tolerance: floatExact, "hole evenOdd")
        try check(abutting, .nonZero, clip: clip, tolerance: floatExact, "abutting")
    }

    func testDecompose_nearHorizontalEdgesAndThinBands_matchCPUToFloatRounding() throws {
        let sliver = polygon([(-3, 10.25), (70, 10.25 + 1e-6), (70, 10.75), (-3, 10.7500001)])
        let wedge = polygon([(1, 30), (63, 30.0004), (2, 30.9), (62.5, 45.000001), (1.5, 45)])
        try check([sliver], .nonZero, clip: clip, tolerance: floatExact, "sliver")
        try check([wedge], .evenOdd, clip: clip, tolerance: oneStep, "wedge")
        try check([polygon([(0.3, 50), (60, 50.00001), (30, 62)])], .nonZero, clip: clip, tolerance: floatExact, "flat")
    }

    func testDecompose_hugeCoordinates_matchCPUToFloatRounding() throws {
        let huge = polygon([(-1e7, -3e6), (1e7, 20.5), (31.25, 1e7)])
        let far = polygon([(-2e6, 10), (2e6, 11), (2e6, 50), (-2e6, 53)])
        try check([huge], .nonZero, clip: clip, tolerance: floatExact, "huge")
        try check([far], .evenOdd, clip: PixelRect(x0: 100, y0: 0, x1: 164, y1: 64), tolerance: floatExact, "far")
    }

    func testDecompose_circle_mergesBandsIntoFewTrapezoids() throws {
        var decomposer = PathTrapezoids()
        let wide = PixelRect(x0: 0, y0: 0, x1: 400, y1: 200)
        let circles = (0..<8).map { circle(cx: 25 + 50 * Double($0), cy: 100 + Double($0) * 0.37, r: 20, segments: 64) }
        let trapezoids = try decomposer.decompose(circles, rule: .nonZero, clip: wide)
        // Each circle's 64 edges end 64 times; unmerged, every band would cut all eight circles.
        XCTAssertLessThanOrEqual(trapezoids.count, 8 * 2 * 64)
        try check(circles, .nonZero, clip: wide, tolerance: floatExact, "eight circles")
    }

    func testDecompose_emptyAndDegenerateInput_givesNothing() throws {
        var decomposer = PathTrapezoids()
        XCTAssertEqual(try decomposer.decompose([], rule: .nonZero, clip: clip), [])
        XCTAssertEqual(try decomposer.decompose([polygon([(1, 1), (50, 1), (20, 1)])], rule: .nonZero, clip: clip), [])
        XCTAssertEqual(try decomposer.decompose([polygon([(1, 1), (50, 9), (20, 30)])], rule: .nonZero, clip: .empty), [])
    }
}
