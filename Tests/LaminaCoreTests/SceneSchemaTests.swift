import Foundation
import LaminaTestSupport
import XCTest
@testable import LaminaCore
@testable import LaminaGeometry

/// The schema follows the decoder: every key any layer type takes has a kind, the enumerations are the
/// model's, and a scene naming the schema in "$schema" decodes. (tools/validate_scenes.py checks the corpus
/// against it with the jsonschema package in CI.)
final class SceneSchemaTests: XCTestCase {
    func schema() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(SceneSchema.json().utf8))
        return try XCTUnwrap(object as? [String: Any])
    }

    func testEveryDecoderKey_hasAKindInTheSchema() throws {
        let kinds = SceneSchema.layerKeyKinds()
        for key in LayerKind.commonKeys + LayerKind.allCases.flatMap(\.specificKeys) {
            XCTAssertNotNil(kinds[key], "the decoder takes \(key), the schema does not say what it holds")
        }
        let layer = try XCTUnwrap((try schema()["$defs"] as? [String: Any])?["layer"] as? [String: Any])
        let properties = try XCTUnwrap(layer["properties"] as? [String: Any])
        XCTAssertEqual(Set(properties.keys), Set(LayerKind.commonKeys + LayerKind.allCases.flatMap(\.specificKeys)))
        XCTAssertEqual(layer["additionalProperties"] as? Bool, false)
        let document = try XCTUnwrap(try schema()["properties"] as? [String: Any])
        XCTAssertEqual(Set(document.keys), Set(SceneReader.documentKeys))
    }

    func testEnumerations_areTheModels() throws {
        let kinds = SceneSchema.layerKeyKinds()
        XCTAssertEqual((kinds["contentsGravity"] as? [String: Any])?["enum"] as? [String], ContentsGravity.allCases.map(\.rawValue))
        XCTAssertEqual((kinds["type"] as? [String: Any])?["enum"] as? [String], LayerKind.allCases.map(\.rawValue))
        XCTAssertEqual((kinds["truncationMode"] as? [String: Any])?["enum"] as? [String], ["none", "start", "middle", "end"])
    }

    func testASceneNamingTheSchema_decodes() throws {
        let scene = try SceneFixture.decode("""
            {"$schema": "\(SceneSchema.id)", "format": "lamina-scene/1", "canvas": {"width": 4, "height": 4}, "layers": []}
            """)
        XCTAssertEqual(scene.width, 4)
    }
}
