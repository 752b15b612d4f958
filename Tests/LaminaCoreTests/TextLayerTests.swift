import Foundation
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaCore
@testable import LaminaGeometry

/// CATextLayer's keys as the scene format spells them, its bad input, and what the planner draws from it.
final class TextLayerTests: XCTestCase {
    func testAttributedString_decodesRunsWithCoreTextDefaults() throws {
        let l = try SceneFixture.layer("""
            {"type": "text", "font": "DejaVu Serif", "fontSize": 30, "string": [
              {"text": "Big ", "font": "DejaVu Sans", "fontSize": 20, "foregroundColor": "red", "underline": true},
              "plain"]}
            """)
        let t = try XCTUnwrap(l as? TextLayer)
        XCTAssertNil(t.stringValue)
        XCTAssertEqual(t.attributedString, [
            TextLayer.AttributedRun("Big ", font: "DejaVu Sans", fontSize: 20, foregroundColor: .red, underline: true),
            TextLayer.AttributedRun("plain", font: "Helvetica", fontSize: 12, foregroundColor: .black),
        ])
    }

    func testBadRuns_areRefusedAtTheirPointer() {
        assertLayerError(#"{"type": "text", "string": [{"text": "a", "fontsize": 3}]}"#,
                         pointer: "/layers/0/string/0/fontsize", "did you mean \"fontSize\"")
        assertLayerError(#"{"type": "text", "string": [{"font": "DejaVu Sans"}]}"#,
                         pointer: "/layers/0/string/0", "needs \"text\"")
        assertLayerError(#"{"type": "text", "string": [3]}"#, pointer: "/layers/0/string/0", "a run of an attributed string")
        assertLayerError(#"{"type": "text", "fontSize": -1}"#, pointer: "/layers/0/fontSize")
        assertLayerError(#"{"type": "text", "font": ""}"#, pointer: "/layers/0/font", "empty font name")
    }

    func testFontFiles_resolveAgainstTheScene_andBadOnesAreRefusedNamingFreeType() throws {
        let dir = try SceneFixture.temporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let sans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        try FileManager.default.copyItem(atPath: sans, toPath: dir.appendingPathComponent("Mine.ttf").path)
        try Data("not a font at all".utf8).write(to: dir.appendingPathComponent("broken.ttf"))
        let t = try XCTUnwrap(try SceneFixture.layer(#"{"type": "text", "font": "Mine.ttf"}"#, baseURL: dir) as? TextLayer)
        XCTAssertEqual(t.fontValue, dir.appendingPathComponent("Mine.ttf").standardizedFileURL.path)
        assertSceneError(SceneFixture.document(layers: #"[{"type": "text", "font": "missing.otf"}]"#),
                         pointer: "/layers/0/font", "font file not found", "missing.otf", baseURL: dir)
        assertSceneError(SceneFixture.document(layers: #"[{"type": "text", "string": [{"text": "x", "font": "broken.ttf"}]}]"#),
                         pointer: "/layers/0/string/0/font", "FreeType error 0x2 (unknown file format)", baseURL: dir)
    }

    func testHugeString_isRefusedNamingTheBound() {
        let big = String(repeating: "w", count: (1 << 20) + 1)
        assertLayerError("{\"type\": \"text\", \"string\": \"\(big)\"}", pointer: "/layers/0/string",
                         "1048577 bytes", "at most 1048576 bytes")
    }

    func testHugeGlyphsAndStores_failThePlanAtTheLayer() throws {
        func planError(_ layer: String) throws -> PlanError? {
            let scene = try SceneFixture.decode(SceneFixture.document(layers: "[{\"frame\": [0, 0, 50, 50], \"sublayers\": [\(layer)]}]"))
            do { _ = try Planner().plan(scene) } catch let e as PlanError { return e }
            return nil
        }
        let glyph = try XCTUnwrap(planError(#"{"type": "text", "frame": [0, 0, 40, 40], "string": "A", "fontSize": 1000000}"#))
        XCTAssertEqual(glyph.pointer, "/layers/0/sublayers/0")
        XCTAssertTrue(glyph.message.contains("over the limit of 2048 px"), glyph.message)
        let store = try XCTUnwrap(planError(#"{"type": "text", "frame": [0, 0, 40000, 10], "string": "A"}"#))
        XCTAssertTrue(store.message.contains("over the 16384-pixel limit on a side"), store.message)
        XCTAssertNil(try planError(#"{"type": "text", "frame": [0, 0, 40, 40], "string": "A", "fontSize": 0}"#))
    }

    /// A text layer at contentsScale 1 on a 2x canvas is magnified from a 1x store (soft edges: more partly
    /// covered pixels); at 2 it is drawn 1:1 (sharp). Both draw the same ink.
    func testContentsScale_decidesSharpness() throws {
        func partial(_ scale: Double) throws -> (partial: Int, ink: Int) {
            let scene = try SceneFixture.decode("""
                {"format": "lamina-scene/1", "canvas": {"width": 120, "height": 40, "scale": 2}, "layers": [
                  {"type": "text", "frame": [0, 0, 120, 40], "string": "Sharp?", "font": "DejaVu Sans", "fontSize": 24,
                   "foregroundColor": "black", "contentsScale": \(scale)}]}
                """)
            let graph = try Planner().plan(scene)
            let store = try XCTUnwrap(graph.images.first?.bitmap)
            XCTAssertEqual(store.width, Int(120 * scale))
            var partial = 0, ink = 0
            for y in 0..<store.height { for x in 0..<store.width {
                let a = store.image.pixel(x: x, y: y).a
                if a > 0 { ink += 1 }
                if a > 0, a < 255 { partial += 1 }
            } }
            return (partial, ink)
        }
        let one = try partial(1), two = try partial(2)
        XCTAssertGreaterThan(two.ink, 3 * one.ink, "a 2x store has four times the pixels")
        XCTAssertLessThan(Double(two.partial) / Double(two.ink), Double(one.partial) / Double(one.ink),
                          "a smaller share of edge pixels at 2x")
    }

    func testEqualLabels_shareOneBackingStore() throws {
        let label = #"{"type": "text", "frame": [0, 0, 60, 20], "string": "Same", "font": "DejaVu Sans", "fontSize": 12}"#
        let other = #"{"type": "text", "frame": [0, 30, 60, 20], "string": "Other", "font": "DejaVu Sans", "fontSize": 12}"#
        let scene = try SceneFixture.decode(SceneFixture.document(layers: "[\(label), \(label), \(other)]"))
        XCTAssertEqual(try Planner().plan(scene).images.count, 2)
    }
}
