import Foundation
import LaminaCore
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaGL
import LaminaGraph

/// Blur passes that only texel copies read stay at their reduced pyramid level, and the copies upsample
/// them on the pixels they draw (`BlurRunner.runReduced`, `primitive.frag` REDUCED).
final class ReducedBlurTests: XCTestCase {
    /// Shadowed rounded cards: their shadows go through the atlas, whose nine-patch slices are texel copies.
    static func cards(shadowRadius: Double) -> Scene {
        let scene = Scene(width: 220, height: 160, scale: 1, background: .white)
        for i in 0..<6 {
            let card = Layer()
            card.frame = CGRect(x: 14.3 + Double(i % 3) * 68, y: 16.6 + Double(i / 3) * 70, width: 48, height: 44)
            card.backgroundColor = Color(red: 0.2 + 0.1 * Double(i), green: 0.5, blue: 0.8)
            card.cornerRadius = 9
            card.shadowOpacity = 0.6
            card.shadowRadius = shadowRadius
            card.shadowOffset = CGSize(width: 0, height: 3)
            scene.root.addSublayer(card)
        }
        return scene
    }

    func testAtlasBlur_isKeptReduced_andMatchesTheUpsampledPass() throws {
        let r = try GLTestSupport.renderer()
        let saved = r.options
        defer { r.options = saved }
        for radius in [6.0, 12, 24] {
            let graph = try Planner().plan(Self.cards(shadowRadius: radius))
            let blurs = graph.passes.filter(\.isBlur)
            XCTAssertFalse(blurs.isEmpty, "radius \(radius): the shadows are blurred")
            r.options.keepsReducedBlurs = true
            XCTAssertEqual(FrameExecutor.keptReduced(graph, options: r.options), Set(blurs.map(\.id)),
                           "radius \(radius): only texel copies read the atlas blur")
            let reduced = try r.render(graph)
            r.options.keepsReducedBlurs = false
            let upsampled = try r.render(graph)
            // The copies reconstruct each texel with the upsampling shader's arithmetic and round it to 8 bits
            // (to nearest even) as its RGBA8 target would: byte-identical on llvmpipe (92 scenes). A driver
            // may compile the two shaders' float operations differently (fused or not), so a rounding may
            // land one level apart, two where shadows overlap: the bound allows that.
            let worst = GLTestSupport.compare(reduced, upsampled, maxDiff: 2, name: "reduced blur r\(radius)")
            XCTAssertLessThanOrEqual(worst, 2)
            XCTAssertNotEqual(reduced.pixels, Image(width: 220, height: 160).pixels, "something was drawn")
        }
    }

    func testBlurReadOtherwise_isUpsampled() {
        // A nearest copy under a translation by a fraction of a pixel is not texel for texel.
        var graph = TestGraphs.shadow(sigma: 12)
        XCTAssertEqual(FrameExecutor.keptReduced(graph), [PassID(1)], "the plain copy may read it reduced")
        if case .draw(var ops) = graph.passes[2].content {
            ops[0].transform = .translation(4.5, 4)
            graph.passes[2].content = .draw(ops)
        }
        XCTAssertEqual(FrameExecutor.keptReduced(graph), [], "a resampling draw needs the full-size pass")
        XCTAssertEqual(FrameExecutor.keptReduced(BlurSweep.graph(size: 60, square: (18, 42), sigma: 12,
                                                                 method: BlurPyramid.choose(sigma: 12, content: .shapes(variation: 1)))), [],
                       "a blur that is the canvas is read back at its full size")
    }
}
