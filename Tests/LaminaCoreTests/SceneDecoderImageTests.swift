import Foundation
import LaminaTestSupport
import XCTest
@testable import LaminaCore
@testable import LaminaGeometry
import LaminaImage

/// Image references, shared bitmaps, file decoding and the summary `lamina check` prints.
final class SceneDecoderImageTests: XCTestCase {
    func testImages_nameAndPathAndDataURI_loadAndShareOneBitmap() throws {
        let dir = try SceneFixture.temporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("images"), withIntermediateDirectories: true)
        try SceneFixture.writePNG(dir.appendingPathComponent("images/cone.png"), width: 4, height: 3)
        var img = Image(width: 2, height: 2)
        img.setPixel(x: 0, y: 0, (0, 0, 255, 255))
        let uri = "data:image/png;base64," + (try PNG.encode(img)).base64EncodedString()
        let json = """
        {"format": "lamina-scene/1", "canvas": {"width": 100, "height": 100}, "images": {"cone": "images/cone.png"},
         "layers": [{"contents": "@cone"}, {"contents": "images/cone.png"}, {"contents": "\(uri)"}]}
        """
        let url = dir.appendingPathComponent("scene.json")
        try Data(json.utf8).write(to: url)
        let scene = try SceneDecoder().decode(contentsOf: url)
        let layers = scene.root.sublayersValue
        XCTAssertEqual(layers[0].contentsValue?.width, 4); XCTAssertEqual(layers[0].contentsValue?.height, 3)
        XCTAssertTrue(layers[0].contentsValue === layers[1].contentsValue)
        XCTAssertEqual(layers[2].contentsValue?.image.pixel(x: 0, y: 0).b, 255)
        XCTAssertEqual(scene.sourceURL, url)

        let summary = SceneSummary(scene: scene)
        XCTAssertEqual(summary.layerCount, 3); XCTAssertEqual(summary.images.count, 2)
        XCTAssertEqual(summary.features["contents"], 3)
        XCTAssertTrue(summary.text.contains("4 x 3"))
    }

    func testSummary_countsMasksDepthTypesAndFeatures() throws {
        let scene = try SceneFixture.decode(SceneFixture.document(layers: """
        [{"opacity": 0.5, "cornerRadius": 4, "mask": {"type": "shape"}, "sublayers": [{"type": "gradient", "transform": [{"m34": -0.01}]}]},
         {"shadowOpacity": 1, "borderWidth": 1}]
        """))
        let s = SceneSummary(scene: scene)
        XCTAssertEqual(s.layerCount, 4); XCTAssertEqual(s.maxDepth, 2)
        XCTAssertEqual(s.typeCounts, ["layer": 2, "shape": 1, "gradient": 1])
        XCTAssertEqual(s.features["groupOpacity"], 1); XCTAssertEqual(s.features["mask"], 1)
        XCTAssertEqual(s.features["3DTransform"], 1); XCTAssertEqual(s.features["shadow"], 1); XCTAssertEqual(s.features["border"], 1)
    }

    func testTrailingCommas_areRefused_asStrictJSONIs() throws {
        XCTAssertThrowsError(try SceneFixture.decode(#"{"format": "lamina-scene/1", "canvas": {"width": 1, "height": 1,}, "layers": [{},],}"#)) {
            XCTAssertEqual(($0 as? SceneError)?.column, 64)
        }
        XCTAssertNoThrow(try SceneFixture.decode(#"{"format": "lamina-scene/1", "canvas": {"width": 1, "height": 1}, "layers": [{}]}"#))
    }

    func testKeySuggestion_transpositionCostsOneEdit() {
        XCTAssertEqual(KeySuggestion.distance(Array("ab"), Array("ba")), 1)
        XCTAssertEqual(KeySuggestion.nearest(to: "conrnerRadius", in: LayerKind.commonKeys), "cornerRadius")
        XCTAssertNil(KeySuggestion.nearest(to: "zzzz", in: LayerKind.commonKeys))
    }

    func testJSONPointer_escapesTildeAndSlash() {
        XCTAssertEqual((JSONPointer.root / "images" / "a/b~c").description, "/images/a~1b~0c")
    }
}
