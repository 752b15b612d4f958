import Foundation
import LaminaCore
@testable import LaminaGL
import LaminaImage
import LaminaTestSupport
import XCTest
import LaminaGraph
import LaminaGeometry

/// GPU renderer: exact pixels of hand-built graphs where coverage and sampling are known analytically.
final class GPURendererTests: XCTestCase {
    typealias S = GLTestSupport

    func testRender_rectWithQuarterPixelEdge_givesThreeQuarterCoverage() throws {
        let img = try S.renderer().render(TestGraphs.shapes())
        S.assertPixel(img, 20, 8, [255, 0, 0, 255], "rect interior")
        // Left edge at x = 10.25: pixel 10's centre is 0.25 inside, coverage 0.75; red over white.
        S.assertPixel(img, 10, 8, [255, 64, 64, 255], "rect edge")
        S.assertPixel(img, 9, 8, [255, 255, 255, 255], "outside the bounds")
    }

    func testRender_roundedRect_cornerCoverageFromSignedDistance() throws {
        let img = try S.renderer().render(TestGraphs.shapes())
        S.assertPixel(img, 40, 40, [0, 0, 255, 255], "centre")
        S.assertPixel(img, 20, 20, [255, 255, 255, 255], "outside the corner arc")
        // Centre (21.5, 25.5), corner centre (30, 30), radius 10: d = sqrt(92.5) - 10 = -0.3823, coverage
        // 0.8823; blue over white leaves r = g = 0.1177 * 255 = 30.
        S.assertPixel(img, 21, 25, [30, 30, 255, 255], "corner arc")
    }

    func testRender_border_ringCoverageIsOuterMinusInner() throws {
        let img = try S.renderer().render(TestGraphs.shapes())
        S.assertPixel(img, 72, 30, [0, 255, 0, 255], "ring")
        S.assertPixel(img, 90, 30, [255, 255, 255, 255], "inside the ring")
        S.assertPixel(img, 70, 30, [64, 255, 64, 255], "outer edge at 70.25")
        // Inner edge at 74.25: outer 1 - inner 0.75 = 0.25.
        S.assertPixel(img, 74, 30, [191, 255, 191, 255], "inner edge at 74.25")
    }

    func testRender_clip_multipliesCoverage() throws {
        let img = try S.renderer().render(TestGraphs.shapes())
        S.assertPixel(img, 10, 90, [0, 255, 0, 255], "inside the clip")
        S.assertPixel(img, 30, 90, [191, 255, 191, 255], "clip edge at 30.25")
        S.assertPixel(img, 31, 90, [255, 255, 255, 255], "outside the clip")
        S.assertPixel(img, 80, 90, [255, 0, 0, 255], "rotated rounded rect centre")
    }

    func testRender_textureFilters_matchGLES3Sampling() throws {
        let img = try S.renderer().render(TestGraphs.textures())
        // Nearest, 2x magnified: pixel x shows texel floor(x / 2).
        S.assertPixel(img, 3, 3, [80, 80, 80, 255], "nearest")
        S.assertPixel(img, 6, 3, [240, 240, 240, 255], "nearest")
        // Linear, 2x magnified: U - 0.5 = 0.25 past texel centres gives weights 0.75 / 0.25.
        S.assertPixel(img, 10, 3, [0, 0, 0, 255], "linear, clamped to edge")
        S.assertPixel(img, 11, 3, [20, 20, 20, 255], "linear")
        S.assertPixel(img, 12, 3, [60, 60, 60, 255], "linear")
        S.assertPixel(img, 14, 3, [140, 140, 140, 255], "linear")
        // Trilinear 4x minified: lambda = 2, level 2 of the checker is uniform 128.
        S.assertPixel(img, 20, 0, [128, 128, 128, 255], tolerance: 1, "trilinear")
        S.assertPixel(img, 21, 1, [128, 128, 128, 255], tolerance: 1, "trilinear")
        // Linear minification samples level 0 only: four checker texels, half white.
        S.assertPixel(img, 24, 0, [128, 128, 128, 255], tolerance: 1, "linear min")
        // lodBias 0.5 at 2x minification: lambda 1.5 between levels 1 and 2, both uniform 128.
        S.assertPixel(img, 29, 1, [128, 128, 128, 255], tolerance: 1, "trilinear with bias")
    }

    func testRender_blurPassAndTintedComposite_matchExactBlur() throws {
        let img = try S.renderer().render(TestGraphs.shadow(sigma: 2))
        let blurred = ExactBlur.alpha(of: ExactBlur.square(size: 40, from: 12, to: 28), size: 40, sigma: 2)
        var worst = 0
        for y in 0..<48 {
            for x in 0..<48 {
                let sx = x - 4, sy = y - 4
                let a = (0..<40).contains(sx) && (0..<40).contains(sy) ? Double(blurred[sy * 40 + sx]) / 255 : 0
                let v = Int(((1 - 0.5 * a) * 255).rounded())
                let got = S.rgba(img, x, y)
                worst = max(worst, abs(got[0] - v), abs(got[3] - 255))
            }
        }
        XCTAssertLessThanOrEqual(worst, 1, "shadow differs from the exact blur by \(worst)")
    }

    func testRender_sameGraphTwice_givesIdenticalBytes() throws {
        let r = try S.renderer()
        for graph in [TestGraphs.shapes(), TestGraphs.textures(), TestGraphs.shadow(sigma: 12)] {
            let a = try r.render(graph), b = try r.render(graph)
            XCTAssertEqual(a.pixels, b.pixels)
        }
    }

    func testRender_manyFillsWithSharedClip_batchIntoFewDrawCalls() throws {
        let r = try S.renderer()
        let clip = Clip(shape: RoundedRect(rect: CGRect(x: 2, y: 2, width: 60, height: 60), radius: 8,
                                           corners: .all, curve: .circular), transform: .identity)
        let ops = (0..<100).map { i in
            DrawOp(shape: .roundedRect(RoundedRect(rect: CGRect(x: Double(i % 10) * 6, y: Double(i / 10) * 6,
                                                        width: 5, height: 5), radius: 1, corners: .all, curve: .circular)), paint: .solid(TestGraphs.red),
                   transform: .identity, clips: [clip], bounds: TestGraphs.full(64, 64))
        }
        let before = r.counters.drawCalls
        _ = try r.render(TestGraphs.canvas(ops, width: 64, height: 64))
        XCTAssertEqual(r.counters.drawCalls - before, 1, "100 fills should be one instanced draw")
    }

    func testFrameStats_shadowGraph_countsPassesDrawsAndTimes() throws {
        let r = try S.renderer()
        r.collectsGPUTimes = true
        defer { r.collectsGPUTimes = false }
        _ = try r.render(TestGraphs.shadow(sigma: 3))
        guard let stats = r.lastFrameStats else { return XCTFail("no stats") }
        XCTAssertEqual(stats.passes.map(\.reason), [.shadowShape, .shadowBlur, .canvas])
        XCTAssertEqual(stats.passes.map(\.drawCalls), [2, 2, 1],
                       "the shape's edges and its solid interior (two programs); exact blur: two directions")
        XCTAssertEqual(stats.passes[0].pixels, 40 * 40)
        XCTAssertEqual(stats.passes[1].pixels, 2 * 40 * 40)
        let timers = r.info.extensions.contains { $0.name == "GL_EXT_disjoint_timer_query" && $0.present }
        if timers {
            XCTAssertTrue(stats.passes.allSatisfy { $0.gpuTime != nil }, "\(stats.passes.map(\.gpuTime))")
        }
        // Wall times, drained before and after each pass, whatever the timer queries cover: positive, in
        // execution order, one pass ending before the next begins.
        let walls = stats.passes.compactMap { p in p.wallStart.flatMap { s in p.wallTime.map { (s, $0) } } }
        XCTAssertEqual(walls.count, 3, "every pass of a timed frame has a wall time")
        XCTAssertTrue(walls.allSatisfy { $0.0 >= 0 && $0.1 > 0 }, "\(walls)")
        XCTAssertTrue(zip(walls, walls.dropFirst()).allSatisfy { $0.0 + $0.1 <= $1.0 }, "passes overlap: \(walls)")
        r.collectsGPUTimes = false
        _ = try r.render(TestGraphs.shadow(sigma: 3))
        XCTAssertTrue(r.lastFrameStats?.passes.allSatisfy { $0.wallTime == nil && $0.gpuTime == nil } ?? false,
                      "an untimed frame is not drained pass by pass")
        r.collectsGPUTimes = true
        _ = try r.render(TestGraphs.shadow(sigma: 20))
        // Sigma 20 takes one box halving (BlurPyramid.choose: reduced sigma 10, fitted kernel, bound 0.16/255).
        XCTAssertEqual(r.lastFrameStats?.passes[1].drawCalls, 1 + 2,
                       "one halving, the two-direction blur; the texel copy upsamples")
        let saved = r.options
        defer { r.options = saved }
        r.options.keepsReducedBlurs = false
        _ = try r.render(TestGraphs.shadow(sigma: 20))
        XCTAssertEqual(r.lastFrameStats?.passes[1].drawCalls, 1 + 2 + 1, "and the upsampling pass when not kept reduced")
    }

    func testRender_passSamplingItself_isRefusedWithReason() throws {
        let op = DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: 8, height: 8)), paint: .texture(TextureDraw(source: .pass(PassID(0)))),
                        transform: .identity, bounds: TestGraphs.full(8, 8))
        XCTAssertThrowsError(try S.renderer().render(TestGraphs.canvas([op], width: 8, height: 8))) { error in
            XCTAssertTrue("\(error)".contains("samples itself"), "\(error)")
        }
        // The renderer is still usable afterwards.
        XCTAssertNoThrow(try S.renderer().render(TestGraphs.shapes()))
    }
}
