import LaminaGL
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest

/// A graph rendered on the GPU with its fast paths on and off, and what each frame's canvas pass counted.
struct FastPathsOnAndOff {
    let fast: Image, reference: Image
    /// Pixels the canvas pass shaded, and the frame's draw calls, with the fast paths on and off.
    let fastPixels: Int, referencePixels: Int
    let fastDrawCalls: Int, referenceDrawCalls: Int

    init(_ graph: RenderGraph) throws {
        let r = try GLTestSupport.renderer()
        let saved = r.options
        defer { r.options = saved }
        r.options.gpuFastPaths = true
        fast = try r.render(graph)
        let on = try XCTUnwrap(r.lastFrameStats)
        r.options.gpuFastPaths = false
        reference = try r.render(graph)
        let off = try XCTUnwrap(r.lastFrameStats)
        fastPixels = try XCTUnwrap(on.passes.last?.pixels)
        referencePixels = try XCTUnwrap(off.passes.last?.pixels)
        (fastDrawCalls, referenceDrawCalls) = (on.drawCalls, off.drawCalls)
    }
}
