import Foundation
import LaminaCore
@testable import LaminaGL
import LaminaImage
import LaminaRaster
import LaminaTestSupport
import XCTest
import LaminaGraph
import LaminaGeometry

/// `PathCoverage`'s stencil method (`RenderOptions.pathCoverage = .stencil`: winding numbers in the
/// stencil, 1.0 on unmarked inside pixels, exact trapezoid areas on the pixels the trapezoids' boundaries
/// pass through) against the CPU's `PathRasterizer` and against the trapezoid method, on opaque black fills
/// over white, where a coverage error shows undiluted: a pixel counted by both the cover and the areas
/// would read a partial area as 1 (or 1 as 0 if neither), many steps off.
final class StencilCoverageGPUTests: XCTestCase {
    private let black = PremultipliedColor(r: 0, g: 0, b: 0, a: 1)

    /// The test run's renderer computing path coverage by `method` (the stencil method by default).
    private func renderer(_ method: PathCoverageMethod = .stencil) throws -> GPURenderer {
        try GLTestSupport.renderer(pathCoverage: method)
    }

    private func polygon(_ points: [(Double, Double)]) -> Polyline {
        Polyline(points: points.map { CGPoint(x: $0.0, y: $0.1) }, closed: true)
    }

    private func circle(_ cx: Double, _ cy: Double, _ r: Double, segments: Int = 64, clockwise: Bool = true) -> Polyline {
        polygon((0..<segments).map { i in
            let a = Double(clockwise ? i : -i) * 2 * .pi / Double(segments)
            return (cx + r * cos(a), cy + r * sin(a))
        })
    }

    private func star(_ cx: Double, _ cy: Double, _ r: Double, points: Int, step: Int) -> Polyline {
        polygon((0..<points).map { i in
            let a = Double(i * step) * 2 * .pi / Double(points) + 0.05
            return (cx + r * sin(a), cy - r * cos(a))
        })
    }

    private func fill(_ lines: [Polyline], _ rule: FillRule, bounds: PixelRect,
                      transform: Transform3D = .identity) -> DrawOp {
        DrawOp(shape: .path(PathShape(polylines: lines, rule: rule)), paint: .solid(black), transform: transform, bounds: bounds)
    }

    /// Renders `ops` with the stencil method, the trapezoid method and the CPU; asserts the stencil method
    /// within `maxDiff` of the CPU and within 0 of the trapezoid method, and returns the stencil image.
    @discardableResult
    private func check(_ ops: [DrawOp], width: Int, height: Int, maxDiff: Int = 1, _ name: String,
                       file: StaticString = #filePath, line: UInt = #line) throws -> Image {
        let graph = TestGraphs.canvas(ops, width: width, height: height, clear: TestGraphs.white)
        let stencil = try renderer().render(graph)
        let trapezoids = try renderer(.trapezoids).render(graph)
        let cpu = try CPURenderer(threads: 2).render(graph)
        let worst = GLTestSupport.compare(stencil, cpu, maxDiff: maxDiff, name: "stencil \(name)", file: file, line: line)
        let apart = GLTestSupport.compare(stencil, trapezoids, maxDiff: 0, name: "stencil vs trapezoids \(name)",
                                          file: file, line: line)
        print("stencil coverage \(name): largest difference \(worst) from the CPU, \(apart) from the trapezoids")
        return stencil
    }

    func testLargeInteriors_rotatedRectAndDisc_matchCPU() throws {
        let t = Transform3D.rotation(0.3, 0, 0, 1).concatenating(.translation(120.3, 10.7))
        let bounds = PixelRect(x0: 0, y0: 0, x1: 320, y1: 240)
        let image = try check([fill([polygon([(0, 0), (150, 0), (150, 110), (0, 110)])], .nonZero, bounds: bounds, transform: t),
                               fill([circle(90.4, 160.2, 70.3)], .evenOdd, bounds: bounds)], width: 320, height: 240, "interiors")
        // Deep inside both: full coverage, black (the cover's 1.0).
        GLTestSupport.assertPixel(image, 90, 160, [0, 0, 0, 255], "disc centre")
        GLTestSupport.assertPixel(image, 170, 80, [0, 0, 0, 255], "rect interior")
        GLTestSupport.assertPixel(image, 300, 230, [255, 255, 255, 255], "outside")
    }

    func testHoles_bothOrientationsBothRules_matchCPU() throws {
        let outer = circle(60, 60, 50), same = circle(60, 60, 25.3), reversed = circle(60, 60, 25.3, clockwise: false)
        var ops: [DrawOp] = []
        for (k, (inner, rule)) in [(same, FillRule.nonZero), (same, .evenOdd), (reversed, .nonZero), (reversed, .evenOdd)].enumerated() {
            let dx = Double(k * 120)
            let t = Transform3D.translation(dx, 0)
            ops.append(fill([outer, inner], rule, bounds: PixelRect(x0: k * 120, y0: 0, x1: k * 120 + 120, y1: 120), transform: t))
        }
        let image = try check(ops, width: 480, height: 120, "holes")
        // The centre: winding 2 (same orientation) is filled under nonZero only; winding 0 is a hole for both.
        GLTestSupport.assertPixel(image, 60, 60, [0, 0, 0, 255], "same orientation, nonZero")
        GLTestSupport.assertPixel(image, 180, 60, [255, 255, 255, 255], "same orientation, evenOdd")
        GLTestSupport.assertPixel(image, 300, 60, [255, 255, 255, 255], "reversed, nonZero")
        GLTestSupport.assertPixel(image, 420, 60, [255, 255, 255, 255], "reversed, evenOdd")
        GLTestSupport.assertPixel(image, 60, 20, [0, 0, 0, 255], "ring")
    }

    func testSelfIntersectingStarsAndOverlappingSubpaths_matchCPU() throws {
        var ops: [DrawOp] = []
        for (k, rule) in [FillRule.nonZero, .evenOdd].enumerated() {
            let x0 = k * 200
            let b = PixelRect(x0: x0, y0: 0, x1: x0 + 200, y1: 200)
            let t = Transform3D.translation(Double(x0), 0)
            ops.append(fill([star(60, 60, 55.5, points: 5, step: 2), star(60, 60, 30.2, points: 7, step: 3)], rule,
                            bounds: b, transform: t))
            ops.append(fill([circle(140, 140, 40.7), circle(165.2, 150.1, 30.4), circle(150, 120.5, 20)], rule,
                            bounds: b, transform: t))
        }
        try check(ops, width: 400, height: 200, "stars and overlaps")
    }

    func testThinStrokesAndHalfPixelJoins_matchCPU() throws {
        var ops: [DrawOp] = []
        let b = PixelRect(x0: 0, y0: 0, x1: 200, y1: 120)
        for k in 0..<12 {
            let a = Double(k) * .pi / 12, w = 0.15 + 0.1 * Double(k % 4)
            let (c, s) = (cos(a), sin(a))
            let (x0, y0, x1, y1) = (100 - 90 * c, 60 - 50 * s, 100 + 90 * c, 60 + 50 * s)
            ops.append(fill([polygon([(x0 - w * s, y0 + w * c), (x1 - w * s, y1 + w * c), (x1 + w * s, y1 - w * c),
                                      (x0 + w * s, y0 - w * c)])], .nonZero, bounds: b))
        }
        // Vertices at half-pixel heights cut the trapezoids mid-row inside the fill: those rows are marked and
        // summed from the trapezoids above and below, never covered as well.
        ops.append(fill([polygon([(20.25, 10.5), (60.75, 10.5), (70.5, 40.5), (60.75, 70.5), (20.25, 70.5), (10.5, 40.5)])],
                        .evenOdd, bounds: b))
        try check(ops, width: 200, height: 120, "thin strokes")
    }

    func testWindingPast127_marksWholeRect_matchesCPU() throws {
        // 130 nested squares of one orientation: winding up to 130, past the 7-bit count.
        let squares = (0..<130).map { i -> Polyline in
            let d = Double(i) * 0.35
            return polygon([(5 + d, 5 + d), (115 - d, 5 + d), (115 - d, 115 - d), (5 + d, 115 - d)])
        }
        XCTAssertGreaterThan(StencilCover.windingBound(squares), StencilCover.maximumWinding)
        let image = try check([fill(squares, .nonZero, bounds: PixelRect(x0: 0, y0: 0, x1: 120, y1: 120))],
                              width: 120, height: 120, "winding 130")
        // Winding 128 at the centre would read 0 in a 7-bit count; the whole rect takes the area path instead.
        GLTestSupport.assertPixel(image, 60, 60, [0, 0, 0, 255], "winding 130")
    }

    func testWindingBound_countsMonotoneChains() {
        XCTAssertEqual(StencilCover.windingBound([circle(0, 0, 10)]), 1)
        // A pentagram winds twice about its centre; its chains give a bound of at least that.
        XCTAssertGreaterThanOrEqual(StencilCover.windingBound([star(0, 0, 10, points: 5, step: 2)]), 2)
        XCTAssertEqual(StencilCover.windingBound([circle(0, 0, 10), circle(0, 0, 5, clockwise: false)]), 2)
        XCTAssertEqual(StencilCover.windingBound([polygon([(0, 0), (10, 0), (5, 0)])]), 0)
    }
}
