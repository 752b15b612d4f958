import Foundation
import LaminaTestSupport
import XCTest
@testable import LaminaCore
@testable import LaminaGeometry

/// What a scene will draw differently from what it asks is named, once per kind, at its first pointer.
final class SceneWarningTests: XCTestCase {
    func testMissingFamily_isNamedOnceAtTheFirstPointer_withTheSubstitute() throws {
        let layers = """
        [{"type": "text", "string": "A", "font": "DejaVu Sans"},
         {"type": "text", "string": "B", "font": "No Such Family Lamina"},
         {"type": "layer", "sublayers": [{"type": "text", "string": "C", "font": "No Such Family Lamina"}]},
         {"type": "text", "string": [{"text": "D", "font": "DejaVu Sans"}, {"text": "E", "font": "Other Missing Lamina"}]}]
        """
        let found = SceneWarning.find(in: try SceneFixture.decode(SceneFixture.document(layers: layers)))
        XCTAssertEqual(found.map(\.firstPointer), ["/layers/1/font", "/layers/3/string/1/font"])
        XCTAssertEqual(found.map(\.count), [2, 1])
        XCTAssertTrue(found[0].description.hasPrefix(
            "/layers/1/font: font \"No Such Family Lamina\" is not installed; drawn with \""), found[0].description)
        XCTAssertTrue(found[0].description.hasSuffix("Fontconfig's match (and 1 more)"), found[0].description)
    }

    func testInstalledFamilies_emptyText_andOtherLayers_warnNothing() throws {
        let layers = """
        [{"type": "shape"}, {"type": "gradient"}, {"type": "text"}, {"type": "text", "string": "", "font": "Nope Lamina"},
         {"type": "text", "string": "x", "font": "DejaVu Sans-Bold"},
         {"type": "transform", "sublayers": [{"frame": [0, 0, 4, 4]}]}]
        """
        XCTAssertEqual(SceneWarning.find(in: try SceneFixture.decode(SceneFixture.document(layers: layers))), [])
    }
}
