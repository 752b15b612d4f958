import Foundation
import LaminaTestSupport
import XCTest
@testable import LaminaCore

/// One decode reports every refusal in a scene, in document order, each at its pointer, up to a bound.
final class SceneErrorCollectionTests: XCTestCase {
    private func refusal(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> SceneError? {
        do {
            _ = try SceneFixture.decode(json)
            XCTFail("the scene was accepted", file: file, line: line)
        } catch let e as SceneError {
            return e
        } catch {
            XCTFail("unexpected error: \(error)", file: file, line: line)
        }
        return nil
    }

    /// Three typos in one layer and one in its sublayer: four refusals, in the order the document has them.
    static let fourTypos = """
        {"format": "lamina-scene/1", "canvas": {"width": 100, "height": 100},
         "layers": [{"frame": [0, 0, 50, 50], "backgroundColr": "red", "opacity": 2, "conrnerRadius": 4,
                     "sublayers": [{"bordrWidth": 1}]}]}
        """

    func testThreeTyposInALayer_andOneInItsSublayer_areFourErrorsInDocumentOrder() throws {
        let e = try XCTUnwrap(refusal(Self.fourTypos))
        XCTAssertEqual(e.all.map(\.pointer), ["/layers/0/backgroundColr", "/layers/0/opacity", "/layers/0/conrnerRadius",
                                              "/layers/0/sublayers/0/bordrWidth"])
        XCTAssertEqual(e.count, 4)
        XCTAssertEqual(e.pointer, "/layers/0/backgroundColr", "the error itself is the first")
        XCTAssertEqual(e.description.split(separator: "\n").count, 4, e.description)
        XCTAssertTrue(e.all[1].message.contains("0...1"), e.all[1].message)
        XCTAssertTrue(e.all[3].message.contains(#"did you mean "borderWidth"?"#), e.all[3].message)
    }

    func testOneError_readsAsItAlwaysHas() throws {
        let e = try XCTUnwrap(refusal(SceneFixture.document(layers: #"[{"conrnerRadius": 20}]"#)))
        XCTAssertEqual(e.all.count, 1)
        XCTAssertEqual("\(e)", #"/layers/0/conrnerRadius: unknown key; did you mean "cornerRadius"?"#)
        XCTAssertEqual(e, SceneError(pointer: "/layers/0/conrnerRadius", message: #"unknown key; did you mean "cornerRadius"?"#))
    }

    func testTheBound_listsTheFirst100_andCountsTheRest() throws {
        let layers = "[" + (0..<150).map { _ in #"{"opacity": 5}"# }.joined(separator: ", ") + "]"
        let e = try XCTUnwrap(refusal(SceneFixture.document(layers: layers)))
        XCTAssertEqual(SceneDecoder.defaultMaxErrors, 100)
        XCTAssertEqual(e.all.count, 100)
        XCTAssertEqual(e.unlistedCount, 50)
        XCTAssertEqual(e.count, 150)
        XCTAssertEqual(e.all.last?.pointer, "/layers/99/opacity")
        XCTAssertEqual(e.description.split(separator: "\n").last, "and 50 more errors (the first 100 errors are listed)")
        var decoder = SceneDecoder()
        decoder.maxErrors = 3
        XCTAssertThrowsError(try decoder.decode(Data(SceneFixture.document(layers: layers).utf8))) { error in
            XCTAssertEqual((error as? SceneError)?.all.count, 3)
            XCTAssertEqual((error as? SceneError)?.unlistedNote, "and 147 more errors (the first 3 errors are listed)")
        }
    }

    func testCounting_stopsAt10000_andSaysSo() throws {
        let layers = "[" + (0..<10_500).map { _ in #"{"opacity": 5}"# }.joined(separator: ", ") + "]"
        let e = try XCTUnwrap(refusal(SceneFixture.document(layers: layers)))
        XCTAssertEqual(SceneDecoder.maxErrorsCounted, 10_000)
        XCTAssertEqual(e.all.count, 100)
        XCTAssertEqual(e.unlistedCount, 9_900)
        XCTAssertTrue(e.countStopped)
        XCTAssertEqual(e.unlistedNote,
                       "and at least 9900 more errors (the first 100 errors are listed; a decode stops counting at 10000)")
    }

    func testRecovery_goesOnThroughAnimationsDrawingRunsAndImages() throws {
        let layers = """
        [{"animations": [{"keyPath": "opacty", "toValue": 1}, {"keyPath": "opacity", "duration": -1},
                         {"keyPath": "opacity", "toValue": 1, "fillMode": "sideways"}],
          "drawing": [{"op": "fil", "rect": [0, 0, 1, 1]}, {"op": "addCurve", "to": [0, 0]}, {"op": "setAlpha", "alpha": 3}]},
         {"type": "text", "string": [{"text": "a", "fontSize": -1}, {"txt": "b"}]},
         {"contents": "@missing"}, {"contents": "@broken"}]
        """
        let e = try XCTUnwrap(refusal(SceneFixture.document(layers: layers, extra: #", "images": {"broken": "no-such.png"}"#)))
        XCTAssertEqual(e.all.map(\.pointer), [
            "/images/broken",
            "/layers/0/animations/0/keyPath", "/layers/0/animations/1/duration", "/layers/0/animations/2/fillMode",
            "/layers/0/drawing/0/op", "/layers/0/drawing/1", "/layers/0/drawing/1", "/layers/0/drawing/2/alpha",
            "/layers/1/string/0/fontSize", "/layers/1/string/1/txt",
            "/layers/2/contents",
        ], e.description)
        XCTAssertTrue(e.all[5].message.contains(#""addCurve" needs "control1""#), e.all[5].message)
        XCTAssertTrue(e.all[6].message.contains(#""addCurve" needs "control2""#), e.all[6].message)
    }

    func testABadLayerType_isNotedOnce_withoutRefusingItsKeysAgain() throws {
        let e = try XCTUnwrap(refusal(SceneFixture.document(layers: #"[{"type": "wobbly", "path": "M0 0", "wdth": 1}]"#)))
        XCTAssertEqual(e.all.map(\.pointer), ["/layers/0/type", "/layers/0/wdth"], e.description)
    }

    // MARK: Hints

    private func message(_ layers: String, at pointer: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        guard let e = refusal(SceneFixture.document(layers: layers), file: file, line: line) else { return "" }
        guard let found = e.all.first(where: { $0.pointer == pointer }) else {
            XCTFail("no refusal at \(pointer): \(e)", file: file, line: line)
            return ""
        }
        return found.message
    }

    func testCoreAnimationClassNames_nameTheSceneType() {
        for (name, type) in [("CATextLayer", "text"), ("CALayer", "layer"), ("CAShapeLayer", "shape"),
                             ("CAGradientLayer", "gradient"), ("CAReplicatorLayer", "replicator"),
                             ("CATransformLayer", "transform"), ("CAScrollLayer", "scroll")] {
            let m = message(#"[{"type": "\#(name)"}]"#, at: "/layers/0/type")
            XCTAssertTrue(m.contains(#"did you mean "\#(type)"?"#), m)
        }
        let emitter = message(#"[{"type": "CAEmitterLayer"}]"#, at: "/layers/0/type")
        XCTAssertTrue(emitter.contains("does not draw emitter layers"), emitter)
        // Read as the type it names: a text layer's keys raise nothing more.
        let e = refusal(SceneFixture.document(layers: #"[{"type": "CATextLayer", "string": "hi", "fontSize": 12}]"#))
        XCTAssertEqual(e?.all.count, 1)
    }

    func testTextOnATextLayer_suggestsString() {
        XCTAssertTrue(message(#"[{"type": "text", "text": "Hi"}]"#, at: "/layers/0/text").contains(#"did you mean "string"?"#))
        XCTAssertTrue(message(#"[{"text": "Hi"}]"#, at: "/layers/0/text").contains(#"{"type": "text", "string": "..."}"#))
        XCTAssertTrue(message(#"[{"type": "text", "textColor": "red"}]"#, at: "/layers/0/textColor")
            .contains(#"did you mean "foregroundColor"?"#))
        XCTAssertTrue(message(#"[{"clipsToBounds": true}]"#, at: "/layers/0/clipsToBounds").contains(#""masksToBounds""#))
    }

    func testTransformSteps_ofTheWrongShape_sayTheShapeWithAnExample() {
        let rotate = message(#"[{"transform": [{"rotate": 0.5}]}]"#, at: "/layers/0/transform/0/rotate")
        XCTAssertTrue(rotate.contains(#"e.g. {"rotate": [0.5, 0, 0, 1]}"#), rotate)
        XCTAssertTrue(rotate.contains("about the z axis: [0.5, 0, 0, 1]"), rotate)
        let scale = message(#"[{"transform": [{"scale": 2}]}]"#, at: "/layers/0/transform/0/scale")
        XCTAssertTrue(scale.contains("a uniform scale is [2, 2]"), scale)
        let translate = message(#"[{"transform": [{"translate": [1]}]}]"#, at: "/layers/0/transform/0/translate")
        XCTAssertTrue(translate.contains(#"[tx, ty] or [tx, ty, tz], e.g. {"translate": [10, 20]}"#), translate)
        let two = message(#"[{"transform": [{"translate": [1, 2], "rotate": [1, 0, 0, 1]}]}]"#, at: "/layers/0/transform/0")
        XCTAssertTrue(two.contains("one key"), two)
        let css = message(#"[{"transform": [{"rotateZ": 1}]}]"#, at: "/layers/0/transform/0/rotateZ")
        XCTAssertTrue(css.contains(#"{"rotate": [angle, 0, 0, 1]}"#), css)
    }

    // MARK: Syntax

    func testTrailingCommas_areRefusedAtTheComma() {
        for (text, line, column, close) in [("[1, 2,]", 1, 6, "\"]\""), ("{\"a\": 1,\n}", 1, 8, "\"}\""),
                                            ("{\"layers\": [\n  {},\n  {},\n]}", 3, 5, "\"]\"")] {
            XCTAssertThrowsError(try SceneDecoder().decode(Data(text.utf8)), text) { error in
                let e = error as? SceneError
                XCTAssertEqual(e?.line, line, text)
                XCTAssertEqual(e?.column, column, text)
                XCTAssertEqual(e?.all.count, 1, "a syntax error is one error")
                XCTAssertTrue(e?.message.contains("trailing comma before \(close)") ?? false, "\(String(describing: e))")
            }
        }
    }
}
