import Foundation
import LaminaCore
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaGL
import LaminaGraph
import LaminaGeometry

/// Gray passes (`Pass.isGray`) are blurred two pixels to a texel in 16-bit fixed point (`blur_wide.frag`), by the
/// exact kernel and by the pyramid: every exact stage's sums are the RGBA stages' sums for one channel, stored
/// in the same fixed point (`QUANTIZE` into a float intermediate), so the bytes must be the RGBA blur's.
final class PackedGrayBlurTests: XCTestCase {
    /// A gray shape pass of `width` x `height` (an opaque rounded rect running off the right edge, and a
    /// translucent rect over it), its blur, and, when `copied`, a canvas copying the blur texel for texel
    /// in white (so the blur may stay at its reduced level, and its bytes reach the canvas as they are);
    /// otherwise the blur is the canvas.
    static func graph(width: Int, height: Int, sigma: Double, method: BlurMethod, copied: Bool) -> RenderGraph {
        let full = TestGraphs.full(width, height)
        let w = Double(width), h = Double(height)
        let opaque = RoundedRect(rect: CGRect(x: w * 0.3, y: h * 0.25, width: w * 0.7, height: h * 0.5), minXMinY: 5,
                                  maxXMinY: 5, minXMaxY: 5, maxXMaxY: 5)
        let faint = PremultipliedColor(r: 0.6, g: 0.6, b: 0.6, a: 0.6)
        let ops = [DrawOp(shape: .roundedRect(opaque), paint: .solid(TestGraphs.white), transform: .identity, bounds: full),
                   DrawOp(shape: .roundedRect(RoundedRect(rect: CGRect(x: 3.5, y: 2.25, width: w * 0.5, height: h * 0.4))), paint: .solid(faint), transform: .identity, bounds: full)]
        let shape = Pass(id: PassID(0), reason: .shadowShape, label: "shape", width: width, height: height,
                         content: .draw(ops), isGray: true)
        let blur = Pass(id: PassID(1), reason: .shadowBlur, label: "blur", width: width, height: height,
                        content: .blur(source: PassID(0), sigma: sigma, method: method), isGray: true)
        guard copied else {
            return RenderGraph(width: width, height: height, scale: 1, clearColor: .transparent,
                               passes: [shape, blur], images: [])
        }
        let draw = TextureDraw(source: .pass(PassID(1)),
                               minFilter: .nearest, magFilter: .nearest, tint: TestGraphs.white)
        let copy = DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: w, height: h)), paint: .texture(draw), transform: .identity,
                          bounds: full)
        return TestGraphs.canvas([copy], width: width, height: height, before: [shape, blur])
    }

    /// Packed (two pixels a texel) against RGBA, over the exact kernel and
    /// the pyramids (box and binomial, one to three levels),
    /// on widths whose every level leaves a partial last texel, read back whole or copied from the reduced
    /// level.
    func testPackedBlur_matchesTheRGBABlur() throws {
        let r = try GLTestSupport.renderer()
        let saved = r.options
        defer { r.options = saved }
        r.options.keepsReducedBlurs = true
        // Both are the same sums in the same order; a driver other than llvmpipe may still fuse a multiply
        // and an add in one program and not in the other, which moves a rounding by one level.
        let bound = r.info.glRenderer.hasPrefix("llvmpipe") ? 0 : 1
        for (width, height) in [(37, 29), (53, 44), (101, 67)] {
            let chosen = [1.5, 4, 6, 8, 20].map { ($0, BlurPyramid.choose(sigma: $0, content: .shapes(variation: 2))) }
            let forced = BlurPyramid.candidates(sigma: 20).filter { $0.levels <= 3 }.map { (20.0, $0) }
            for (sigma, method) in chosen + forced {
                for copied in [false, true] {
                    let graph = Self.graph(width: width, height: height, sigma: sigma, method: method, copied: copied)
                    let name = "\(width)x\(height) sigma \(sigma) \(method.downsample) k=\(method.levels)"
                        + (copied ? " copied" : "")
                    if copied && method.levels > 0 {
                        XCTAssertEqual(FrameExecutor.keptReduced(graph), [PassID(1)], "\(name): read reduced")
                    }
                    r.options.packsGrayBlurs = true
                    let packed = try r.render(graph)
                    let packedFragments = r.lastFrameStats?.passes[1].pixels
                    r.options.packsGrayBlurs = false
                    let rgba = try r.render(graph)
                    // The packed blur shades a texel per two pixels in all but the vertical stage to RGBA.
                    XCTAssertLessThan(packedFragments ?? .max, r.lastFrameStats?.passes[1].pixels ?? 0,
                                      "\(name): the blur ran packed")
                    // The exact blur: the same sums. A pyramid: wide 16-bit levels against 32-bit float ones, each
                    // within BlurPyramid.levelRounding a level of the exact values, so a byte may round apart.
                    let allowed = method.levels > 0 ? 1 : bound
                    XCTAssertLessThanOrEqual(GLTestSupport.compare(packed, rgba, maxDiff: allowed, name: name), allowed)
                    // The right edge is blurred too, so a pixel past a row's width read as anything but
                    // transparent would show there.
                    let edge = (height / 2 * width + width - 1) * 4
                    XCTAssertGreaterThan(rgba.pixels[edge + 3], 0, "\(name): the blur reaches the right edge")
                }
            }
        }
    }

    /// The planner marks the shadow atlas's passes gray (their shapes are drawn in white of their alpha) and
    /// nothing else.
    func testAtlasPasses_areGray() throws {
        let graph = try Planner().plan(ReducedBlurTests.cards(shadowRadius: 8))
        let gray = graph.passes.filter(\.isGray)
        XCTAssertEqual(gray.map(\.reason), [.shadowShape, .shadowBlur])
        XCTAssertFalse(graph.passes.last?.isGray ?? true, "the canvas is not gray")
        guard case .draw(let ops)? = gray.first?.content else { return XCTFail("the atlas shape pass draws") }
        for op in ops {
            switch (op.shape, op.paint) {
            case (.roundedRect, .solid(let c)), (.ring, .solid(let c)):
                XCTAssertTrue(c.r == c.a && c.g == c.a && c.b == c.a, "\(c) is gray")
            default: XCTFail("the atlas draws fills and borders only")
            }
        }
    }
}
