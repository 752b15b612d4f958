import Foundation
import LaminaCore
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest

/// A drawing's `drawLinearGradient` / `drawRadialGradient` paint the clip on both renderers, with the options'
/// unpainted sides cut off.
final class DrawnGradientRenderTests: XCTestCase {
    private func render(_ drawing: String, size: Int = 100, _ body: (Backend, Image) throws -> Void) throws {
        let scene = try SceneFixture.decode("""
            {"format": "lamina-scene/1", "canvas": {"width": \(size), "height": \(size)}, "layers": [
             {"frame": [0, 0, \(size), \(size)], "drawing": \(drawing)}]}
            """)
        let graph = try Planner().plan(scene)
        try forEachBackend { backend, renderer in try body(backend, try renderer.render(graph)) }
    }

    private func assertPixel(_ image: Image, _ x: Int, _ y: Int, _ rgba: (Int, Int, Int, Int), tolerance: Int = 3,
                             _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        let p = image.pixel(x: x, y: y)
        let ok = abs(Int(p.r) - rgba.0) <= tolerance && abs(Int(p.g) - rgba.1) <= tolerance
            && abs(Int(p.b) - rgba.2) <= tolerance && abs(Int(p.a) - rgba.3) <= tolerance
        XCTAssertTrue(ok, "(\(x), \(y)) is \(p), expected \(rgba): \(message)", file: file, line: line)
    }

    func testLinearGradient_redToBlue_acrossTheLayer() throws {
        try render(#"[{"op": "drawLinearGradient", "colors": ["red", "blue"], "locations": [0, 1], "start": [0, 50], "end": [100, 50]}]"#) { backend, image in
            assertPixel(image, 0, 50, (255, 0, 0, 255), "the left column is red on \(backend)")
            assertPixel(image, 99, 10, (0, 0, 255, 255), "the right column is blue on \(backend)")
            assertPixel(image, 50, 90, (126, 0, 129, 255), "the middle is half way on \(backend)")
        }
    }

    func testLinearGradient_options_decideTheEnds() throws {
        let bare = #"[{"op": "drawLinearGradient", "colors": ["red", "blue"], "start": [25, 0], "end": [75, 0]}]"#
        try render(bare) { backend, image in
            assertPixel(image, 10, 50, (0, 0, 0, 0), "nothing before the start on \(backend)")
            assertPixel(image, 90, 50, (0, 0, 0, 0), "nothing past the end on \(backend)")
            assertPixel(image, 50, 50, (126, 0, 129, 255), "the middle on \(backend)")
        }
        let both = #"[{"op": "drawLinearGradient", "colors": ["red", "blue"], "start": [25, 0], "end": [75, 0], "options": ["drawsBeforeStartLocation", "drawsAfterEndLocation"]}]"#
        try render(both) { backend, image in
            assertPixel(image, 10, 50, (255, 0, 0, 255), "the start colour extends on \(backend)")
            assertPixel(image, 90, 50, (0, 0, 255, 255), "the end colour extends on \(backend)")
        }
    }

    func testRadialGradient_fillsItsCircle_andTheClip() throws {
        let radial = #"[{"op": "clipToRect", "rect": [0, 0, 100, 60]}, {"op": "drawRadialGradient", "colors": ["white", "black"], "startCenter": [50, 50], "startRadius": 10, "endCenter": [50, 50], "endRadius": 40}]"#
        try render(radial) { backend, image in
            assertPixel(image, 50, 50, (0, 0, 0, 0), "inside the start circle is unpainted on \(backend)")
            assertPixel(image, 75, 50, (128, 128, 128, 255), tolerance: 6, "radius 25 is half way on \(backend)")
            assertPixel(image, 95, 50, (0, 0, 0, 0), "past the end circle is unpainted on \(backend)")
            assertPixel(image, 50, 75, (0, 0, 0, 0), "below the clip on \(backend)")
        }
        let after = #"[{"op": "drawRadialGradient", "colors": ["white", "black"], "startCenter": [50, 50], "startRadius": 0, "endCenter": [50, 50], "endRadius": 40, "options": ["drawsAfterEndLocation"]}]"#
        try render(after) { backend, image in
            assertPixel(image, 50, 50, (255, 255, 255, 255), tolerance: 8, "the centre is white on \(backend)")
            assertPixel(image, 97, 97, (0, 0, 0, 255), "the corner takes the end colour on \(backend)")
        }
    }

    func testGradient_followsTheCTM() throws {
        // Rotated a quarter turn about the origin and moved back: the gradient runs top (red) to bottom (blue).
        let turned = #"[{"op": "translateBy", "x": 100, "y": 0}, {"op": "rotate", "angle": 1.5707963267948966}, {"op": "drawLinearGradient", "colors": ["red", "blue"], "start": [0, 0], "end": [100, 0]}]"#
        try render(turned) { backend, image in
            assertPixel(image, 50, 0, (255, 0, 0, 255), tolerance: 4, "the top row is red on \(backend)")
            assertPixel(image, 50, 99, (0, 0, 255, 255), tolerance: 4, "the bottom row is blue on \(backend)")
        }
    }

    func testGradientOptions_areChecked() {
        XCTAssertThrowsError(try SceneFixture.decode(#"""
            {"format": "lamina-scene/1", "canvas": {"width": 10, "height": 10}, "layers": [{"frame": [0, 0, 10, 10],
             "drawing": [{"op": "drawLinearGradient", "colors": ["red"], "locations": [0, 1], "start": [0, 0], "end": [1, 0]}]}]}
            """#))
    }
}
