import Foundation
import LaminaTestSupport
import XCTest
@testable import LaminaCore
@testable import LaminaGeometry

/// The scene's `drawing` key: every command's arguments refused at their own pointer, with the bound or the
/// nearest name in the message.
final class DrawingDecoderTests: XCTestCase {
    func drawing(_ commands: String) -> String { "{\"frame\": [0, 0, 10, 10], \"drawing\": [\(commands)]}" }

    func testCommands_decodeInOrder() throws {
        let layer = try SceneFixture.layer(drawing("""
            {"op": "setStrokeColor", "color": "red"}, {"op": "setLineWidth", "width": 10},
            {"op": "addArc", "center": [5, 5], "radius": 4, "startAngle": 0, "endAngle": 3.14},
            {"op": "fillPath", "rule": "evenOdd"}, {"op": "setLineDash", "lengths": [2, 1]}
            """))
        XCTAssertEqual(layer.drawing, [
            .setStrokeColor(.red), .setLineWidth(10),
            .addArc(center: CGPoint(x: 5, y: 5), radius: 4, startAngle: 0, endAngle: 3.14, clockwise: false),
            .fillPath(.evenOdd), .setLineDash(phase: 0, lengths: [2, 1]),
        ])
    }

    func testUnknownOp_isRefusedAtItsPointer_withTheNearestOp() {
        let nested = "{\"frame\": [0, 0, 10, 10], \"sublayers\": [" + drawing("""
            {"op": "beginPath"}, {"op": "closePath"}, {"op": "beginPath"}, {"op": "strokeElipse", "rect": [0, 0, 1, 1]}
            """) + "]}"
        assertLayerError(nested, pointer: "/layers/0/sublayers/0/drawing/3/op",
                         "unknown drawing op \"strokeElipse\"; did you mean \"strokeEllipse\"?")
    }

    func testUnknownKey_getsTheNearestKey() {
        assertLayerError(drawing(#"{"op": "setLineWidth", "widht": 3}"#), pointer: "/layers/0/drawing/0/widht",
                         "unknown key; did you mean \"width\"?")
    }

    func testMissingOpOrArgument_isRefused() {
        assertLayerError(drawing(#"{"width": 3}"#), pointer: "/layers/0/drawing/0", "a drawing command needs \"op\"")
        assertLayerError(drawing(#"{"op": "setLineWidth"}"#), pointer: "/layers/0/drawing/0",
                         "\"setLineWidth\" needs \"width\"")
    }

    func testBadNumbers_areRefusedAtTheirPointer() {
        assertLayerError(drawing(#"{"op": "setLineWidth", "width": -1}"#), pointer: "/layers/0/drawing/0/width",
                         "expected a number >= 0, found -1")
        assertLayerError(drawing(#"{"op": "setLineWidth", "width": 1e300}"#), pointer: "/layers/0/drawing/0/width",
                         "out of range")
        assertLayerError(drawing(#"{"op": "rotate", "angle": "NaN"}"#), pointer: "/layers/0/drawing/0/angle",
                         "expected a number, found the string \"NaN\"")
        assertLayerError(drawing(#"{"op": "addArc", "center": [0, 0], "radius": 1, "startAngle": 1e9, "endAngle": 0}"#),
                         pointer: "/layers/0/drawing/0/startAngle", "out of range")
        assertLayerError(drawing(#"{"op": "fill", "rect": [0, 0, -4, 2]}"#), pointer: "/layers/0/drawing/0/rect/2",
                         "negative width -4")
        assertLayerError(drawing(#"{"op": "setAlpha", "alpha": 2}"#), pointer: "/layers/0/drawing/0/alpha",
                         "expected a number in 0...1, found 2")
    }

    func testBadDashPatterns_areRefused() {
        assertLayerError(drawing(#"{"op": "setLineDash", "lengths": []}"#), pointer: "/layers/0/drawing/0/lengths",
                         "an empty dash pattern")
        assertLayerError(drawing(#"{"op": "setLineDash", "lengths": [2, -1]}"#), pointer: "/layers/0/drawing/0/lengths/1",
                         "expected a number >= 0, found -1")
        assertLayerError(drawing(#"{"op": "setLineDash", "lengths": [0, 0]}"#), pointer: "/layers/0/drawing/0/lengths",
                         "every dash length is 0")
    }

    func testBadNamesAndReferences_areRefused() {
        assertLayerError(drawing(#"{"op": "fillPath", "rule": "evenodd"}"#), pointer: "/layers/0/drawing/0/rule",
                         "unknown fill rule \"evenodd\"", "did you mean \"evenOdd\"?")
        assertLayerError(drawing(#"{"op": "drawImage", "image": "@nope", "rect": [0, 0, 1, 1]}"#),
                         pointer: "/layers/0/drawing/0/image", "unknown image \"@nope\"")
        assertLayerError(drawing(#"{"op": "addPath", "path": "M 0 0 X"}"#), pointer: "/layers/0/drawing/0/path",
                         "bad path data")
        assertLayerError(#"{"drawing": {"op": "fill"}}"#, pointer: "/layers/0/drawing",
                         "expected a list of drawing commands, or null")
    }

    func testAMillionCommands_areRefusedNamingTheLimit() {
        let million = Array(repeating: #"{"op":"closePath"}"#, count: 1_000_000).joined(separator: ",")
        assertLayerError(drawing(million), pointer: "/layers/0/drawing",
                         "1000000 drawing commands; a layer's drawing takes at most 100000")
    }

    func testTheSchema_describesEveryOp() throws {
        let command = try XCTUnwrap(SceneSchema.drawingCommand()["oneOf"] as? [[String: Any]])
        XCTAssertEqual(command.count, SceneReader.drawingOps.count)
        XCTAssertNotNil(SceneSchema.layerKeyKinds()["drawing"])
    }
}
