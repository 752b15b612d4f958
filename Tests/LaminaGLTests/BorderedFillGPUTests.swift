import Foundation
import LaminaCore
import LaminaGL
import LaminaImage
import LaminaTestSupport
import XCTest

/// The GPU's fill with its border (a `.framed` shape and paint): the border program's two colours, the hole
/// drawn as the fill's solid pieces.
final class BorderedFillGPUTests: XCTestCase {
    /// Translucent fill and border over grey, as in the CPU's test: the hole is the fill over the background,
    /// the ring's middle the border over that, rounded once; everywhere within 1 of two draws.
    func testJoinedBytes_areTheBorderOverTheFill_roundedOnce() throws {
        let scene = Scene(width: 60, height: 50, scale: 1, background: Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
        let card = Layer()
        card.frame = CGRect(x: 10, y: 10, width: 40, height: 30)
        card.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 0.6)
        card.cornerRadius = 8
        card.borderWidth = 3
        card.borderColor = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        scene.root.addSublayer(card)
        let renderer = try GLTestSupport.renderer()
        let joined = try renderer.render(try Planner().plan(scene))
        let twice = try renderer.render(try Planner(joinsBorders: false).plan(scene))
        XCTAssertLessThanOrEqual(GLTestSupport.compare(joined, twice, maxDiff: 1, name: "joined-vs-two-draws"), 1)
        // 0.6 red over 128 grey; 0.5 blue over that (see BorderedFillTests for the arithmetic). The ring's
        // blue is 153.1 in exact arithmetic; llvmpipe blends RGBA8 targets in 8-bit fixed point and stores 154,
        // so the ring is held to 1 (the parity tolerance's unit).
        GLTestSupport.assertPixel(joined, 30, 25, [204, 51, 51, 255], "hole")
        GLTestSupport.assertPixel(joined, 11, 25, [102, 26, 153, 255], tolerance: 1, "ring")
    }
}
