import Foundation
import LaminaCore
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaGL
import LaminaGraph
import LaminaGeometry

/// The llvmpipe shape of passes and draws (`RasterTuning.linear`: BGRA targets, smooth records, short
/// draws) changes no byte against the general shape (RGBA targets, flat records, one draw per batch).
final class LinearRasterTests: XCTestCase {
    /// A second renderer with the general shape, whatever the driver.
    nonisolated(unsafe) private static var generalRenderer: GPURenderer?

    /// The general shape, blending as the tuned renderer blends (in the shader or not): only the shape is
    /// compared.
    private func general() throws -> GPURenderer {
        if let r = Self.generalRenderer { return r }
        var tuning = RasterTuning.general
        tuning.fetchBlend = try GLTestSupport.renderer().tuning?.fetchBlend ?? false
        let r = try GPURenderer(platform: nil, tuning: tuning)
        Self.generalRenderer = r
        return r
    }

    /// The tuning without its blending and canvas choices.
    private func shape(_ t: RasterTuning?) -> RasterTuning? {
        guard var s = t else { return nil }
        s.fetchBlend = false
        s.drawsRegions = false
        return s
    }

    private func assertSameBytes(_ graph: RenderGraph, _ name: String, file: StaticString = #filePath,
                                 line: UInt = #line) throws {
        let r = try GLTestSupport.renderer()
        try XCTSkipUnless(shape(r.tuning) == .linear, "the renderer is not tuned for llvmpipe (\(r.info.glRenderer)): "
                          + "nothing to compare")
        let tuned = try r.render(graph)
        let plain = try general().render(graph)
        XCTAssertEqual(GLTestSupport.compare(tuned, plain, maxDiff: 0, name: name, file: file, line: line), 0,
                       file: file, line: line)
    }

    func testLlvmpipe_getsTheLinearShape() throws {
        let r = try GLTestSupport.renderer()
        var expected: RasterTuning = r.info.glRenderer.hasPrefix("llvmpipe") && r.options.linearRasterizer
            ? .linear : .general
        expected.fetchBlend = r.options.fetchBlend
            && r.info.extensions.contains { $0.name == "GL_EXT_shader_framebuffer_fetch" && $0.present }
        expected.drawsRegions = PathCoverageMethod.isSoftware(renderer: r.info.glRenderer)
        XCTAssertEqual(r.tuning, Optional(expected), "GL_RENDERER \(r.info.glRenderer)")
        XCTAssertEqual(shape(try general().tuning), .general)
    }

    /// 20 x 20 squares (a 16 x 16 solid interior each): every 8-bit level in red, a rounding tie
    /// ((m + 0.5) / 255) in green and an off-grid value in blue; opaque over white, then translucent
    /// (alpha k / 255) over the opaque ones. The opaque interiors take the linear rasterizer's 8-bit
    /// shading, the translucent ones the general blend.
    func testEveryLevel_matchesTheGeneralShape() throws {
        var ops: [DrawOp] = []
        for k in 0..<256 {
            let x = Double((k % 16) * 20), y = Double((k / 16) * 20)
            let g = Double((k * 7) % 255) + 0.5, b = Double(255 - k) * 0.999
            let opaque = PremultipliedColor(r: Double(k) / 255, g: g / 255, b: b / 255, a: 1)
            ops.append(square(x, y, 20, opaque))
            let a = Double(k) / 255
            let translucent = PremultipliedColor(r: a * 0.3, g: a * g / 255, b: a * 0.7, a: a)
            ops.append(square(x + 2, y + 2, 18, translucent))
        }
        try assertSameBytes(TestGraphs.canvas(ops, width: 320, height: 320, clear: TestGraphs.white), "levels")
    }

    /// Cards, textures, clips, a blurred shadow and a stack whose cuts stop at their limit (so its pass is
    /// depth tested, and the depth buffer comes off again for the next pass).
    func testScenes_matchTheGeneralShape() throws {
        try assertSameBytes(PassBatcherTests.stack(40) { $0 % 4 == 0 }, "stack")
        try assertSameBytes(TestGraphs.shapes(), "shapes")
        try assertSameBytes(TestGraphs.textures(), "textures")
        try assertSameBytes(TestGraphs.shadow(sigma: 6), "shadow")
        try assertSameBytes(FastPathTests.bigShapes(), "bigShapes")
        let sieve = Self.sieve()
        XCTAssertTrue(try PassBatcherTests.batches(sieve.ops).depthTested, "the sieve needs the depth test")
        // Depth tested on the linear shape too: with `avoidsDepth` (the default) llvmpipe draws the sieve in
        // order instead, so both ways are compared.
        let r = try GLTestSupport.renderer()
        let saved = r.options
        defer { r.options = saved }
        for avoids in [true, false] {
            r.options.avoidsDepth = avoids
            try assertSameBytes(sieve.graph, "sieve, avoidsDepth \(avoids)")
            try assertSameBytes(PassBatcherTests.stack(12) { $0 % 3 == 0 }, "after the sieve")
            try assertSameBytes(sieve.graph, "sieve again")
        }
    }

    func testSwap_swapsEveryPixelWhateverTheLength() {
        for count in [1, 7, 8, 9, 1 << 16 + 3] {
            var bytes = (0..<(4 * count)).map { UInt8(truncatingIfNeeded: $0 &* 37) }
            let before = bytes
            bytes.withUnsafeMutableBytes { if let p = $0.baseAddress { PixelSwizzle.swap(p, count: count) } }
            for i in 0..<count {
                let p = 4 * i
                XCTAssertEqual([bytes[p], bytes[p + 1], bytes[p + 2], bytes[p + 3]],
                               [before[p + 2], before[p + 1], before[p], before[p + 3]], "pixel \(i) of \(count)")
                if bytes[p] != before[p + 2] { break }
            }
        }
    }

    private func square(_ x: Double, _ y: Double, _ size: Double, _ color: PremultipliedColor) -> DrawOp {
        DrawOp(shape: .roundedRect(RoundedRect(rect: CGRect(x: x, y: y, width: size, height: size))), paint: .solid(color),
               transform: .identity,
               bounds: PixelRect(x0: Int(x), y0: Int(y), x1: Int(x + size), y1: Int(y + size)))
    }

    /// A translucent 200 x 200 fill under 60 small opaque squares: more cuts than `OccluderGrid` keeps.
    static func sieve() -> (ops: [DrawOp], graph: RenderGraph) {
        let under = DrawOp(shape: .roundedRect(RoundedRect(rect: CGRect(x: 0, y: 0, width: 200, height: 200))), paint: .solid(PremultipliedColor(r: 0.3, g: 0, b: 0.3, a: 0.6)),
                           transform: .identity, bounds: TestGraphs.full(200, 200))
        var ops = [under]
        for i in 0..<60 {
            let x = Double((i % 8) * 24 + 3), y = Double((i / 8) * 24 + 5)
            let square = RoundedRect(rect: CGRect(x: x, y: y, width: 18, height: 18))
            ops.append(DrawOp(shape: .roundedRect(square), paint: .solid(TestGraphs.green), transform: .identity,
                              bounds: PixelRect(x0: Int(x), y0: Int(y), x1: Int(x) + 18, y1: Int(y) + 18)))
        }
        return (ops, TestGraphs.canvas(ops, width: 200, height: 200, clear: TestGraphs.white))
    }
}
