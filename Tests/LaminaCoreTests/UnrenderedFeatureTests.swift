import Foundation
import XCTest
@testable import LaminaCore

/// What is decoded but not drawn is named, once per kind, at its first layer.
final class UnrenderedFeatureTests: XCTestCase {
    func testUndrawnTypes_areNamedOncePerKindAtTheFirstPointer() throws {
        let layers = """
        [{"frame": [0, 0, 10, 10], "backgroundColor": "red"},
         {"type": "shape", "path": "M0 0 L10 10", "sublayers": [{"type": "shape", "path": "M0 0 L5 5"}]},
         {"type": "gradient", "colors": ["red", "blue"]},
         {"type": "text", "string": "Hello"},
         {"frame": [0, 0, 5, 5], "mask": {"type": "gradient", "colors": ["white", "clear"]}}]
        """
        let found = UnrenderedFeature.find(in: try SceneFixture.decode(SceneFixture.document(layers: layers)))
        XCTAssertEqual(found.map(\.firstPointer), ["/layers/3"])
        XCTAssertEqual(found.map(\.count), [1])
        XCTAssertEqual(found.first?.description,
                       "/layers/3: a text layer's string not drawn: Lamina decodes it but does not render it yet")
    }

    func testLayersThatDrawNothingOfTheirOwn_areNotReported() throws {
        let layers = """
        [{"type": "shape"}, {"type": "gradient"}, {"type": "text"}, {"type": "transform", "sublayers": [{"frame": [0, 0, 4, 4]}]},
         {"type": "replicator", "instanceCount": 1, "sublayers": [{"frame": [0, 0, 4, 4]}]}]
        """
        XCTAssertEqual(UnrenderedFeature.find(in: try SceneFixture.decode(SceneFixture.document(layers: layers))), [])
    }
}
