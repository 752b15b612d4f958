import Foundation
import LaminaCore
import LaminaGeometry
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest

/// A layer's background and border drawn as one operation (a `.framed` shape and paint), on both renderers:
/// the border over the fill, rounded once.
final class BorderedFillRenderTests: XCTestCase {
    /// A translucent fill and border over grey: the hole is the fill over the background and the ring's
    /// middle the border over that, each one blend of the source's bytes (the border over the fill composed
    /// exactly, then put on the 8-bit grid); everywhere the bytes are within 1 of two draws (two blends),
    /// and differ from them somewhere.
    func testJoinedBytes_areTheBorderOverTheFill_roundedOnce() throws {
        let grey = Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        let scene = makeScene(width: 60, height: 50, background: grey) { root in
            let card = layer(CGRect(x: 10, y: 10, width: 40, height: 30), Color(red: 1, green: 0, blue: 0, alpha: 0.6))
            card.cornerRadius = 8
            card.borderWidth = 3
            card.borderColor = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
            root.addSublayer(card)
        }
        let bg = [128, 128, 128, 255]
        let f = SIMD4(0.6, 0, 0, 0.6), b = SIMD4(0, 0, 0.5, 0.5)
        let hole = f.over(bg)
        let ring = (b + f * (1 - 0.5)).over(bg)
        try forEachBackend { backend, renderer in
            var separate = RenderOptions.default
            separate.joinsBorders = false
            let graph = try Planner().plan(scene)
            let joined = try renderer.render(graph)
            let twice = try backend.renderer(options: separate).render(graph)
            let cmp = try ImageComparison(joined, twice)
            XCTAssertLessThanOrEqual(cmp.maxDifference, 1, "\(backend)")
            XCTAssertGreaterThan(cmp.differingPixels, 0, "\(backend): the one rounding shows somewhere")
            assertPixel(joined, 30, 25, hole, "\(backend) hole")
            assertPixel(joined, 11, 25, ring, "\(backend) ring")
        }
    }
}

private extension SIMD4 where Scalar == Double {
    /// The bytes this premultiplied source makes over the pixel `dst`, as both renderers blend: the source
    /// rounded to bytes (ties up), then `s + round(d * (255 - a) / 255)` per channel.
    func over(_ dst: [Int]) -> [Int] {
        let s = [x, y, z, w].map { Int(($0 * 255 + 1.0 / 256).rounded()) }
        return (0..<4).map { s[$0] + (dst[$0] * (255 - s[3]) + 127) / 255 }
    }
}
