import Foundation
import LaminaKit
import XCTest

/// The one-call API: warnings reach the caller, a layer can be framed as it appears in its superlayer, and
/// an image of no pixels is refused.
final class RenderAPITests: XCTestCase {
    func testWarnings_reachALibraryCaller() throws {
        let scene = try SceneDecoder().decode(Data("""
            {"format": "lamina-scene/1", "canvas": {"width": 40, "height": 20},
             "layers": [{"type": "text", "frame": [0, 0, 40, 20], "string": "Hi", "font": "No Such Family Lamina"}]}
            """.utf8))
        var warnings: [SceneWarning] = []
        let image = try Lamina.render(scene, backend: .cpu) { warnings.append($0) }
        XCTAssertEqual(image.width, 40)
        XCTAssertEqual(warnings.map(\.firstPointer), ["/layers/0/font"])
        XCTAssertTrue(warnings.first?.what.contains("is not installed") ?? false, "\(warnings)")

        let text = TextLayer()
        text.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        text.string = "Hi"
        text.font = "No Such Family Lamina"
        var layerWarnings: [SceneWarning] = []
        _ = try Lamina.render(text, framing: .bounds) { layerWarnings.append($0) }
        XCTAssertEqual(layerWarnings.count, 1)
    }

    func testZeroSizeLayer_isRefused_notRendered1x1() {
        XCTAssertThrowsError(try Lamina.render(Layer())) { error in
            XCTAssertEqual(error as? LaminaKitError, .emptyImage(width: 0, height: 0, scale: 1))
            XCTAssertTrue("\(error)".contains("nothing to render"), "\(error)")
        }
        let flat = Layer()
        flat.bounds = CGRect(x: 0, y: 0, width: 10, height: 0)
        XCTAssertThrowsError(try Lamina.render(flat, scale: 2))
        XCTAssertThrowsError(try Lamina.render(flat, framing: .inSuperlayer))
        XCTAssertNoThrow(try Lamina.render(flat, size: CGSize(width: 4, height: 4)))
    }

    func testInSuperlayer_drawsTheTransform_andTheWholeShadow() throws {
        let parent = Layer()
        let card = Layer()
        card.frame = CGRect(x: 50, y: 60, width: 20, height: 20)
        card.backgroundColor = .black
        parent.addSublayer(card)
        card.transform = Transform3D.identity.rotated(.pi / 4, 0, 0, 1)

        let own = try Lamina.render(card)
        XCTAssertEqual([own.width, own.height], [20, 20], "its bounds, untransformed")
        let placed = try Lamina.render(card, framing: .inSuperlayer)
        XCTAssertEqual([placed.width, placed.height], [30, 30], "the turned square's box, 20 x sqrt(2), rounded out")
        XCTAssertEqual(placed.pixel(x: 1, y: 1).a, 0, "a corner of the box is outside the turned square")
        XCTAssertEqual(placed.pixel(x: 15, y: 15).a, 255)
        XCTAssertEqual(Double(card.position.x), 60, "the layer is left where it was")
        XCTAssertTrue(card.superlayer === parent)

        card.transform = .identity
        card.shadowOpacity = 1
        card.shadowRadius = 2
        card.shadowOffset = CGSize(width: 0, height: 3)
        let shadowed = try Lamina.render(card, framing: .inSuperlayer)
        XCTAssertEqual([shadowed.width, shadowed.height], [34, 34], "the bounds and the shadow's blur, 3 radii and a point")
    }
}
