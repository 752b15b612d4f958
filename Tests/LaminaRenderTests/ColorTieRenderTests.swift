import Foundation
import LaminaCore
import LaminaGeometry
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest

/// Colours at exact ties between two 8-bit steps (0.9 x 255 = 229.5): every value either renderer stores,
/// the canvas clear included, is rounded by one rule (`StoreRounding`, ties up), so both store the same byte.
final class ColorTieRenderTests: XCTestCase {
    private let canvas = Color(red: 0.85, green: 0.88, blue: 0.9, alpha: 1)

    /// The canvas clears to blue 230 (229.5 rounded up) on both renderers, not 229 on one and 230 on the other.
    func testCanvasBackgroundAtATie_clearsToTheSameByteOnBoth() throws {
        let scene = makeScene(width: 8, height: 8, background: canvas) { _ in }
        try forEachBackend { backend, renderer in
            let image = try renderer.render(try Planner().plan(scene))
            assertPixel(image, 3, 3, [217, 224, 230, 255], "\(backend)")
        }
    }

    /// A translucent fill at ties (alpha 0.5, so the destination is halved: 229.5 x 0.5) over the tie canvas:
    /// source-over of the exact premultiplied source (63.75, 38.25, 12.75, 127.5 steps) over the cleared bytes
    /// (217, 224, 230), rounded once, on both renderers.
    func testTranslucentFillAtTies_blendsToTheSameBytesOnBoth() throws {
        let scene = makeScene(width: 8, height: 8, background: canvas) { root in
            root.addSublayer(layer(CGRect(x: 0, y: 0, width: 8, height: 8), Color(red: 0.5, green: 0.3, blue: 0.1, alpha: 0.5)))
        }
        func over(_ s: Double, _ d: Double) -> Int { Int((s * 0.5 * 255 + d * 0.5).rounded()) }
        let expected = [over(0.5, 217), over(0.3, 224), over(0.1, 230), 255]
        XCTAssertEqual(expected, [172, 150, 128, 255])
        try forEachBackend { backend, renderer in
            let image = try renderer.render(try Planner().plan(scene))
            assertPixel(image, 4, 4, expected, "\(backend)")
        }
    }

    /// The clear's bytes are the store rule's: ties up, whole steps kept, out-of-range and NaN held to 0...255.
    func testClearBytes_followTheStoreRule() {
        let c = Color(red: 0.85, green: 0.7, blue: 0.9, alpha: 1).premultiplied
        let b = ClearColor.bytes(c)
        XCTAssertEqual([b.r, b.g, b.b, b.a], [217, 179, 230, 255])
        let odd = ClearColor.bytes(PremultipliedColor(r: -0.2, g: .nan, b: 3, a: 100.0 / 255))
        XCTAssertEqual([odd.r, odd.g, odd.b, odd.a], [0, 0, 255, 100])
    }
}
