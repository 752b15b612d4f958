import Foundation
import LaminaTestSupport
import XCTest
@testable import LaminaCore
@testable import LaminaGeometry
import LaminaImage

/// Refused scenes: each names the JSON pointer (or line and column) and says what was expected.
final class SceneDecoderErrorTests: XCTestCase {
    private let doc = SceneFixture.document

    // MARK: Keys

    func testUnknownKey_bookTypo_suggestsCornerRadius() {
        assertLayerError(#"{"conrnerRadius": 20}"#, pointer: "/layers/0/conrnerRadius", "unknown key", #"did you mean "cornerRadius"?"#)
        XCTAssertThrowsError(try SceneFixture.layer(#"{"conrnerRadius": 20}"#)) { e in
            XCTAssertEqual("\(e)", #"/layers/0/conrnerRadius: unknown key; did you mean "cornerRadius"?"#)
        }
    }

    func testUnknownKey_farFromAnyKey_hasNoSuggestion() {
        assertLayerError(#"{"wobble": 1}"#, pointer: "/layers/0/wobble", "unknown key")
    }

    func testShapeKey_onPlainLayer_isUnknownAndNamesItsType() {
        assertLayerError(#"{"path": "M0 0"}"#, pointer: "/layers/0/path", "unknown key", #""shape" layers"#)
        assertLayerError(#"{"type": "gradient", "instanceCount": 3}"#, pointer: "/layers/0/instanceCount", "replicator")
    }

    func testUnknownTopLevelKey_andUnknownCanvasKey() {
        assertSceneError(#"{"format": "lamina-scene/1", "canvas": {"width": 1, "height": 1}, "layer": []}"#,
                         pointer: "/layer", "unknown key", #""layers""#)
        assertSceneError(#"{"format": "lamina-scene/1", "canvas": {"width": 1, "height": 1, "scael": 2}}"#,
                         pointer: "/canvas/scael", #""scale""#)
    }

    func testUnknownLayerType_listsTheTypes() {
        assertLayerError(#"{"type": "emitter"}"#, pointer: "/layers/0/type", "unknown layer type", "shape", "gradient", "scroll")
    }

    // MARK: Values

    func testShadowOffset_number_expectsASize() {
        assertSceneError(doc(#"[{"sublayers": [{}, {}, {"shadowOffset": 3}]}]"#, ""),
                         pointer: "/layers/0/sublayers/2/shadowOffset", "expected a size [w, h], found a number")
    }

    func testOpacity_two_isOutOfRange() {
        assertLayerError(#"{"opacity": 2}"#, pointer: "/layers/0/opacity", "0...1", "found 2")
        assertLayerError(#"{"shadowOpacity": -0.5}"#, pointer: "/layers/0/shadowOpacity", "0...1")
    }

    func testNegativeSizesWidthsAndRadii_areRefused() {
        assertLayerError(#"{"bounds": [0, 0, -10, 10]}"#, pointer: "/layers/0/bounds/2", "negative width")
        assertLayerError(#"{"borderWidth": -1}"#, pointer: "/layers/0/borderWidth", ">= 0")
        assertLayerError(#"{"cornerRadius": -4}"#, pointer: "/layers/0/cornerRadius", ">= 0")
        assertLayerError(#"{"type": "shape", "lineWidth": -2}"#, pointer: "/layers/0/lineWidth", ">= 0")
    }

    func testScales_zeroOrNegative_areRefused() {
        assertLayerError(#"{"contentsScale": 0}"#, pointer: "/layers/0/contentsScale", "> 0")
        assertLayerError(#"{"rasterizationScale": -1}"#, pointer: "/layers/0/rasterizationScale", "> 0")
    }

    func testHugeNumber_inASize_isRefusedByTheLimit() {
        assertLayerError(#"{"bounds": [0, 0, 1e308, 10]}"#, pointer: "/layers/0/bounds/2", "out of range")
    }

    func testUnrepresentableNumber_namesItsPointer() {
        assertLayerError(#"{"zPosition": 1e400}"#, pointer: "/layers/0/zPosition", "cannot be represented")
    }

    func testBadColour_fiveHexDigits() {
        assertLayerError(##"{"backgroundColor": "#12345"}"##, pointer: "/layers/0/backgroundColor", "#12345", "#RRGGBB")
        assertLayerError(#"{"backgroundColor": "redd"}"#, pointer: "/layers/0/backgroundColor", "unknown colour name", #""red""#)
        assertLayerError(#"{"backgroundColor": [1, 2, 0]}"#, pointer: "/layers/0/backgroundColor/1", "0...1")
        assertLayerError(#"{"shadowColor": 7}"#, pointer: "/layers/0/shadowColor", "expected a colour")
    }

    func testUnknownNames_listTheValidValues() {
        assertLayerError(#"{"contentsGravity": "middle"}"#, pointer: "/layers/0/contentsGravity", "resizeAspectFill", "topLeft")
        assertLayerError(#"{"minificationFilter": "cubic"}"#, pointer: "/layers/0/minificationFilter", "linear, nearest, trilinear")
        assertLayerError(#"{"maskedCorners": ["minXMinY", "topLeft"]}"#, pointer: "/layers/0/maskedCorners/1", "unknown corner", "maxXMaxY")
        assertLayerError(#"{"cornerCurve": "squircle"}"#, pointer: "/layers/0/cornerCurve", "circular, continuous")
        assertLayerError(#"{"type": "shape", "fillRule": "oddEven"}"#, pointer: "/layers/0/fillRule", "nonZero, evenOdd")
        assertLayerError(#"{"type": "shape", "lineCap": "flat"}"#, pointer: "/layers/0/lineCap", "butt, round, square")
    }

    func testWrongKind_boolExpected() {
        assertLayerError(#"{"masksToBounds": "yes"}"#, pointer: "/layers/0/masksToBounds", "expected true or false")
    }

    func testInstanceCount_negativeOrFractional() {
        assertLayerError(#"{"type": "replicator", "instanceCount": -1}"#, pointer: "/layers/0/instanceCount", ">= 0")
        assertLayerError(#"{"type": "replicator", "instanceCount": 2.5}"#, pointer: "/layers/0/instanceCount", "integer")
    }

    func testBadTransformStep_andWrongArity() {
        assertLayerError(#"{"transform": [{"rotate": [1, 0, 0]}]}"#, pointer: "/layers/0/transform/0/rotate", "[angle, x, y, z]")
        assertLayerError(#"{"transform": [{"translat": [1, 0, 0]}]}"#, pointer: "/layers/0/transform/0/translat", #""translate""#)
        assertLayerError(#"{"transform": [1, 0, 0]}"#, pointer: "/layers/0/transform", "16 numbers", "found 3")
        assertLayerError(#"{"transform": [{"scale": [2, 2]}, "x"]}"#, pointer: "/layers/0/transform/1", "transform step")
    }

    func testBadPathData_includesTheParserMessage() {
        assertLayerError(#"{"type": "shape", "path": "M0 0 L10 # 10"}"#, pointer: "/layers/0/path", "bad path data", "9")
        assertLayerError(#"{"shadowPath": [{"rect": [0, 0, 1, 1]}, "M0 0 X"]}"#, pointer: "/layers/0/shadowPath/1", "bad path data")
        assertLayerError(#"{"shadowPath": {"circle": [0, 0, 1, 1]}}"#, pointer: "/layers/0/shadowPath/circle", "unknown key")
    }

    func testGradientLocations_countMustMatchColours() {
        assertLayerError(#"{"type": "gradient", "colors": ["red", "blue"], "locations": [0]}"#,
                         pointer: "/layers/0/locations", "1 locations for 2 colours")
    }

    // MARK: Combinations

    func testFrameWithBoundsOrPosition_isRefused() {
        assertLayerError(#"{"frame": [0, 0, 10, 10], "bounds": [0, 0, 10, 10]}"#, pointer: "/layers/0/frame", "bounds")
        assertLayerError(#"{"frame": [0, 0, 10, 10], "position": [5, 5]}"#, pointer: "/layers/0/frame", "position")
    }

    func testAffineTransformWithTransform_isRefused() {
        assertLayerError(#"{"affineTransform": [1, 0, 0, 1, 0, 0], "transform": []}"#, pointer: "/layers/0/affineTransform", "transform")
    }

    // MARK: Document and canvas

    func testFormat_missingOrWrong() {
        assertSceneError(#"{"canvas": {"width": 1, "height": 1}}"#, pointer: "", "missing \"format\"")
        assertSceneError(#"{"format": "lamina-scene/2", "canvas": {"width": 1, "height": 1}}"#, pointer: "/format", "lamina-scene/1")
    }

    func testCanvas_missingSizeZeroWidthTooLargeBadScale() {
        assertSceneError(#"{"format": "lamina-scene/1", "canvas": {"height": 1}}"#, pointer: "/canvas", "missing \"width\"")
        assertSceneError(#"{"format": "lamina-scene/1", "canvas": {"width": 0, "height": 1}}"#, pointer: "/canvas/width", "> 0")
        assertSceneError(#"{"format": "lamina-scene/1", "canvas": {"width": 10000, "height": 10, "scale": 2}}"#,
                         pointer: "/canvas/width", "20000 pixels", "16384")
        assertSceneError(#"{"format": "lamina-scene/1", "canvas": {"width": 100, "height": 10000, "scale": 4}}"#,
                         pointer: "/canvas/height", "40000 pixels")
        XCTAssertNoThrow(try SceneFixture.decode(#"{"format": "lamina-scene/1", "canvas": {"width": 16384, "height": 16384}}"#))
        assertSceneError(#"{"format": "lamina-scene/1", "canvas": {"width": 10, "height": 10, "scale": 9}}"#,
                         pointer: "/canvas/scale", "(0, 8]")
    }

    func testTolerance_looserThanDefaultWithoutReason_isRefused() {
        assertSceneError(doc("[]", #", "tolerance": {"maxDiff": 8}"#), pointer: "/tolerance", "reason")
        assertSceneError(doc("[]", #", "tolerance": {"maxDiff": 300, "reason": "x"}"#), pointer: "/tolerance/maxDiff", "0...255")
        XCTAssertNoThrow(try SceneFixture.decode(doc("[]", #", "tolerance": {"maxPixels": 3}"#)))
    }

    func testLayersNotAList() {
        assertSceneError(#"{"format": "lamina-scene/1", "canvas": {"width": 1, "height": 1}, "layers": {}}"#,
                         pointer: "/layers", "expected a list of layers, found an object")
    }

    // MARK: Malformed JSON and nesting

    func testMalformedJSON_reportsLineAndColumn() {
        let json = "{\"format\": \"lamina-scene/1\",\n  \"canvas\": {\"width\": 1, \"height\": 1},\n  \"layers\": [1, 2,, 3]}"
        XCTAssertThrowsError(try SceneFixture.decode(json)) { e in
            let e = e as? SceneError
            XCTAssertEqual(e?.line, 3); XCTAssertEqual(e?.column, 19)
            XCTAssertTrue(e?.description.hasPrefix("line 3, column 19: malformed JSON") ?? false, "\(String(describing: e))")
        }
    }

    func testMalformedJSON_unquotedWordAndUnterminatedString_havePositions() {
        XCTAssertThrowsError(try SceneFixture.decode("{\"format\": lamina}")) { e in
            XCTAssertEqual((e as? SceneError)?.line, 1); XCTAssertEqual((e as? SceneError)?.column, 12)
            XCTAssertTrue("\(e)".contains("\"lamina\""))
        }
        XCTAssertThrowsError(try SceneFixture.decode("{\"format\": \"lamina-scene/1\",\n \"canvas")) { e in
            XCTAssertEqual((e as? SceneError)?.line, 2); XCTAssertEqual((e as? SceneError)?.column, 2)
            XCTAssertTrue("\(e)".contains("unterminated string"))
        }
        XCTAssertThrowsError(try SceneFixture.decode("{\"format\": [1, 2")) { e in
            XCTAssertEqual((e as? SceneError)?.column, 12)
            XCTAssertTrue("\(e)".contains("never closed"))
        }
    }

    func testEmptyAndNonObjectDocuments() {
        XCTAssertThrowsError(try SceneFixture.decode("")) { e in
            XCTAssertEqual((e as? SceneError)?.line, 1); XCTAssertTrue("\(e)".contains("malformed JSON"), "\(e)")
        }
        assertSceneError("[]", pointer: "", "expected a scene object", "found an array")
    }

    func testDeepNesting_hundredThousandArrays_isRefusedWithoutOverflow() {
        let json = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertThrowsError(try SceneFixture.decode(json)) { e in
            XCTAssertEqual((e as? SceneError)?.column, JSONSyntax.maxDepth + 1)
            XCTAssertTrue("\(e)".contains("nested more than 512 deep"), "\(e)")
        }
    }

    func testNesting_at512_isParsedThenJudgedByTheDecoder() {
        let deep = String(repeating: "[", count: 510) + String(repeating: "]", count: 510)
        assertSceneError(#"{"format": "lamina-scene/1", "canvas": {"width": 1, "height": 1}, "extra": \#(deep)}"#,
                         pointer: "/extra", "unknown key")
    }

    func testLayerNesting_over256_isRefusedAtTheDeepLayer() {
        var layer = "{}"
        for _ in 0..<256 { layer = #"{"mask": \#(layer)}"# }
        let pointer = "/layers/0" + String(repeating: "/mask", count: 256)
        assertSceneError(doc("[\(layer)]", ""), pointer: pointer, "nested more than 256 deep")
    }

    // MARK: Images

    func testImages_missingFileNotPNGAndUnknownName() throws {
        let dir = try SceneFixture.temporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        try Data("not a png".utf8).write(to: dir.appendingPathComponent("fake.png"))
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]).write(to: dir.appendingPathComponent("cut.png"))
        try SceneFixture.writePNG(dir.appendingPathComponent("ok.png"), width: 1, height: 1)
        assertSceneError(doc("[]", #", "images": {"cone": "images/cone.png"}"#), pointer: "/images/cone",
                         "not found", dir.appendingPathComponent("images/cone.png").path, baseURL: dir)
        assertSceneError(doc(#"[{"contents": "fake.png"}]"#, ""), pointer: "/layers/0/contents",
                         "not a PNG", "fake.png", baseURL: dir)
        assertSceneError(doc(#"[{"contents": "cut.png"}]"#, ""), pointer: "/layers/0/contents", "corrupt PNG", baseURL: dir)
        assertSceneError(doc(#"[{"contents": "@con"}]"#, #", "images": {"cone": "ok.png", "tile": "ok.png"}"#),
                         pointer: "/layers/0/contents", "unknown image \"@con\"", "@cone, @tile", baseURL: dir)
        assertSceneError(doc(#"[{"contents": "data:image/jpeg;base64,AAAA"}]"#, ""), pointer: "/layers/0/contents", "data:image/png")
    }

    func testUnreadableSceneFile_namesThePath() {
        let url = URL(fileURLWithPath: "/nonexistent/lamina/scene.json")
        XCTAssertThrowsError(try SceneDecoder().decode(contentsOf: url)) { e in
            XCTAssertTrue("\(e)".contains("/nonexistent/lamina/scene.json"), "\(e)")
        }
    }
}
