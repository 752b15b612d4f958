import Foundation
import CGLES
import LaminaCore
@testable import LaminaGL
import LaminaImage
import LaminaRaster
import LaminaTestSupport
import XCTest
import LaminaGraph
import LaminaGeometry

/// The GPU's path coverage (`PathCoverage`: trapezoids, exact areas added into a float atlas, and the
/// CPU's rows uploaded) against the CPU's `PathRasterizer` on opaque fills, where a coverage error shows
/// undiluted in the colour: random self-intersecting polygons under both rules, many fills sharing one
/// atlas, hard-edged fills, near-horizontal edges and a fill reaching far past its bounds. Each check runs
/// with both methods, each on a renderer of its own whatever the default is.
final class PathCoverageGPUTests: XCTestCase {
    private let black = PremultipliedColor(r: 0, g: 0, b: 0, a: 1)

    /// The test run's renderer computing path coverage by `method`.
    private func renderer(_ method: PathCoverageMethod) throws -> GPURenderer {
        try GLTestSupport.renderer(pathCoverage: method)
    }

    private func polygon(_ points: [(Double, Double)]) -> Polyline {
        Polyline(points: points.map { CGPoint(x: $0.0, y: $0.1) }, closed: true)
    }

    private func fill(_ lines: [Polyline], _ rule: FillRule, bounds: PixelRect, antialiased: Bool = true,
                      transform: Transform3D = .identity) -> DrawOp {
        DrawOp(shape: .path(PathShape(polylines: lines, rule: rule, antialiased: antialiased)), paint: .solid(black),
               transform: transform, bounds: bounds)
    }

    private func check(_ ops: [DrawOp], width: Int, height: Int, maxDiff: Int, _ name: String,
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let graph = TestGraphs.canvas(ops, width: width, height: height, clear: TestGraphs.white)
        let cpu = try CPURenderer(threads: 2).render(graph)
        for method in [PathCoverageMethod.trapezoids, .upload] {
            let gpu = try renderer(method).render(graph)
            let worst = GLTestSupport.compare(gpu, cpu, maxDiff: maxDiff, name: "\(name) (\(method))", file: file, line: line)
            print("path coverage \(name) (\(method)): largest channel difference \(worst)")
        }
    }

    /// `count` random self-intersecting polygons in a grid of `columns` cells of `cell` pixels (cell k with
    /// `vertices(k)` vertices, up to 4 pixels past its cell), non-zero and even-odd in turn, each bounded by
    /// its cell.
    private func randomFills(seed: UInt64, count: Int, columns: Int, cell: (w: Int, h: Int),
                             vertices: (Int) -> Int) -> [DrawOp] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { k in
            let x0 = Double((k % columns) * cell.w), y0 = Double((k / columns) * cell.h)
            let pts = (0..<vertices(k)).map { _ in
                (x0 + rng.uniform(-4, Double(cell.w) + 4), y0 + rng.uniform(-4, Double(cell.h) + 4))
            }
            let b = PixelRect(x0: Int(x0), y0: Int(y0), x1: Int(x0) + cell.w, y1: Int(y0) + cell.h)
            return fill([polygon(pts)], k % 2 == 0 ? .nonZero : .evenOdd, bounds: b)
        }
    }

    func testCoverage_randomPolygonsBothRules_withinOneStep() throws {
        let ops = randomFills(seed: 1919, count: 24, columns: 6, cell: (50, 50)) { 3 + $0 % 9 }
        try check(ops, width: 300, height: 200, maxDiff: 1, "random polygons")
    }

    /// A fill over the decomposition's cap is decomposed in halves of its rows, each alone (a million-crossing
    /// star, 18 s in a release build, drew nothing before): with the cap lowered to 16 trapezoids, every fill
    /// here is split down to a few rows, and the coverage is still the CPU's.
    func testCoverage_overTheTrapezoidCap_isSplitByRows() throws {
        let renderer = try renderer(.trapezoids)
        renderer.pathTrapezoidLimit = 16
        defer { renderer.pathTrapezoidLimit = PathTrapezoids.maximumTrapezoids }
        let ops = randomFills(seed: 77, count: 6, columns: 3, cell: (100, 100)) { 9 + $0 }
        try check(ops, width: 300, height: 200, maxDiff: 1, "over the trapezoid cap")
    }

    /// A pass's trapezoids past the records held at once are drawn in rounds, each adding to the coverage
    /// the earlier ones drew (the GPU refused such a pass, 4 M trapezoids, where the CPU drew it): with the
    /// limit lowered to 10 records, these fills are drawn in dozens of rounds, one fill often across
    /// several, and the bytes are those of one round.
    func testCoverage_pastTheRecordLimit_isDrawnInRounds_sameBytes() throws {
        // Nothing kept between the frames, so the second draws its coverage again, in rounds.
        var options = RenderOptions()
        (options.pathCoverage, options.keepsPathCoverage) = (.trapezoids, false)
        // The second frame draws its fills, not copies of kept regions (`KeptCompositesGPUTests`).
        options.keepsDraws = false
        let renderer = try GPURenderer(options: options)
        let ops = randomFills(seed: 4242, count: 12, columns: 4, cell: (75, 66)) { 5 + $0 }
        let graph = TestGraphs.canvas(ops, width: 300, height: 200, clear: TestGraphs.white)
        let once = try renderer.render(graph)
        let oneRound = renderer.lastFrameStats?.passes.last?.drawCalls ?? 0
        renderer.pathRecordLimit = 10
        defer { renderer.pathRecordLimit = PathCoverage.defaultRecordLimit }
        let rounds = try renderer.render(graph)
        let draws = renderer.lastFrameStats?.passes.last?.drawCalls ?? 0
        XCTAssertGreaterThan(draws, oneRound + 12, "drawn in rounds: \(draws) draws against \(oneRound)")
        XCTAssertEqual(GLTestSupport.compare(rounds, once, maxDiff: 0, name: "rounds"), 0)
        let cpu = try CPURenderer(threads: 2).render(graph)
        XCTAssertLessThanOrEqual(GLTestSupport.compare(rounds, cpu, maxDiff: 1, name: "rounds against the CPU"), 1)
    }

    func testCoverage_hardEdgedRotatedPieces_matchCPU() throws {
        let t = Transform3D.rotation(0.37, 0, 0, 1).concatenating(.translation(60.25, 10.5))
        let a = polygon([(0, 0), (90, 0), (70, 60), (0, 60)]), b = polygon([(90, 0), (120, 0), (120, 60), (70, 60)])
        let bounds = PixelRect(x0: 0, y0: 0, x1: 200, y1: 160)
        try check([fill([a], .nonZero, bounds: bounds, antialiased: false, transform: t),
                   fill([b], .nonZero, bounds: bounds, antialiased: false, transform: t)],
                  width: 200, height: 160, maxDiff: 0, "hard-edged pieces")
    }

    func testCoverage_thinBandsAndFarVertices_withinOneStep() throws {
        let sliver = polygon([(-40, 10.25), (240, 10.2501), (240, 10.9), (-40, 11.3)])
        let far = polygon([(-1e6, 30), (1e6, 41.5), (120.3, 1e6)])
        let star = polygon((0..<7).map { i in
            let a = Double(i * 3) * 2 * .pi / 7 + 0.05
            return (100 + 45 * sin(a), 100 - 45 * cos(a))
        })
        let bounds = PixelRect(x0: 0, y0: 0, x1: 200, y1: 160)
        try check([fill([sliver], .nonZero, bounds: bounds), fill([far], .evenOdd, bounds: bounds),
                   fill([star], .evenOdd, bounds: bounds)], width: 200, height: 160, maxDiff: 1, "thin and far")
    }

    /// A renderer whose options name no method uploads the CPU's coverage, on every driver (it was the
    /// trapezoids on a hardware GPU), so its path fills are the CPU renderer's to the byte.
    func testDefaultMethod_isTheUpload_andMatchesTheCPUExactly() throws {
        XCTAssertEqual(PathCoverageMethod.standard, .upload)
        let renderer = try GLTestSupport.renderer()
        XCTAssertEqual(renderer.pathCoverage, .upload)
        let ops = randomFills(seed: 11, count: 12, columns: 4, cell: (w: 50, h: 40), vertices: { 5 + $0 % 6 })
        let graph = TestGraphs.canvas(ops, width: 200, height: 120, clear: TestGraphs.white)
        let cpu = try CPURenderer(threads: 2).render(graph)
        let gpu = try renderer.render(graph)
        XCTAssertEqual(GLTestSupport.compare(gpu, cpu, maxDiff: 0, name: "default method"), 0)
    }

    func testFormat_picksR32FThenR16F_elseNone() {
        XCTAssertEqual(PathCoverage.format(extensions: ["GL_EXT_color_buffer_float", "GL_EXT_float_blend"]), GL_R32F)
        XCTAssertEqual(PathCoverage.format(extensions: ["GL_EXT_color_buffer_float"]), GL_R16F)
        XCTAssertEqual(PathCoverage.format(extensions: ["GL_EXT_color_buffer_half_float"]), GL_R16F)
        XCTAssertNil(PathCoverage.format(extensions: []))
    }

    func testAtlas_packsTallestFirstIntoPages() {
        let atlas = CoverageAtlas(sizes: [(30, 10), (40, 50), (60, 20), (100, 90)], width: 100, maxHeight: 120)
        // 100x90 opens page 0; 40x50 does not fit under it (140 > 120), so opens page 1, where 60x20 joins its
        // shelf and 30x10 starts the next.
        XCTAssertEqual(atlas.pageHeights, [90, 60])
        XCTAssertEqual(atlas.slots[3], CoverageAtlas.Slot(page: 0, x: 0, y: 0))
        XCTAssertEqual(atlas.slots[1], CoverageAtlas.Slot(page: 1, x: 0, y: 0))
        XCTAssertEqual(atlas.slots[2], CoverageAtlas.Slot(page: 1, x: 40, y: 0))
        XCTAssertEqual(atlas.slots[0], CoverageAtlas.Slot(page: 1, x: 0, y: 50))
    }
}
