import Foundation
import LaminaCore
import LaminaImage
import LaminaTestSupport
import XCTest

/// A drawn backing store on the canvas behaves as contents do: its contentsScale decides its sharpness, and
/// the fast paths change none of its bytes.
final class DrawnLayerRenderTests: XCTestCase {
    /// A 100x100 layer filling its left half, on a 2x canvas, at `scale`.
    func halfFilled(contentsScale scale: Double) -> Scene {
        makeScene(width: 100, height: 100, scale: 2) { root in
            let layer = Layer()
            layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            layer.contentsScale = scale
            layer.draw = { ctx in
                ctx.setFillColor(.black)
                ctx.fill(CGRect(x: 0, y: 0, width: 50, height: 100))
            }
            root.addSublayer(layer)
        }
    }

    func testOneXStoreOnATwoXCanvas_isSoft_twoXStoreIsSharp() throws {
        let soft = try renderCPU(halfFilled(contentsScale: 1))
        let sharp = try renderCPU(halfFilled(contentsScale: 2))
        // Canvas pixel 99 lies between store pixels 49 (filled) and 50 (empty) of the 1x store.
        let edge = soft.pixel(x: 99, y: 100).a
        XCTAssertTrue(edge > 0 && edge < 255, "magnified 1x store: an edge pixel between values, found \(edge)")
        XCTAssertEqual(sharp.pixel(x: 99, y: 100).a, 255)
        XCTAssertEqual(sharp.pixel(x: 100, y: 100).a, 0)
        XCTAssertEqual(soft.pixel(x: 50, y: 100).a, 255)
    }

    func testFastPaths_changeNoByteOfADrawnLayer() throws {
        try assertFastPathsChangeNothing(halfFilled(contentsScale: 1), "1x store: ")
        try assertFastPathsChangeNothing(halfFilled(contentsScale: 2), "2x store: ")
    }
}
