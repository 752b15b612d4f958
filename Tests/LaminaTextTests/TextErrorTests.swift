import Foundation
@testable import LaminaText
import XCTest

/// Bad fonts and oversized input are refused with the reason, never a crash.
final class TextErrorTests: XCTestCase {
    let engine = TextEngine.shared

    func message(_ body: () throws -> Void) -> String {
        do { try body() } catch { return "\(error)" }
        return "no error"
    }

    func testMissingFontFile_isNamed() {
        let m = message { _ = try engine.resolve(font: "/nonexistent/lamina-missing.ttf") }
        XCTAssertEqual(m, "font file not found: /nonexistent/lamina-missing.ttf")
    }

    func testCorruptFontFile_namesFreeTypesError() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-corrupt-\(getpid()).ttf")
        try Data("this is not a font".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let m = message { _ = try engine.resolve(font: url.path) }
        XCTAssertEqual(m, "cannot load font file \(url.path): FreeType error 0x2 (unknown file format)")
    }

    func testHugeGlyphs_andHugeStrings_areRefusedNamingTheBound() {
        let big = TextBox(spans: [TextSpan("A", TextAttributes(font: "DejaVu Sans", fontSize: 1e6))], width: 10, height: 10)
        XCTAssertEqual(message { _ = try engine.render(big) },
                       "fontSize 1000000.0 x contentsScale 1.0 is 1000000.0 px a glyph, over the limit of 2048 px")
        let long = TextBox(spans: [TextSpan(String(repeating: "a", count: TextLimits.maxStringBytes + 1),
                                            TextAttributes(font: "DejaVu Sans"))], width: 10, height: 10)
        XCTAssertEqual(message { _ = try engine.render(long) },
                       "string of 1048577 bytes is over the limit of 1048576 bytes (1 MiB)")
    }

    func testControlCharactersAndLoneMarks_renderWithoutTrouble() throws {
        let odd = "\u{0}\u{1}tab\there\u{301}\u{200D}\u{FEFF}\r\nnext\u{2028}line"
        let layout = try engine.layout(TextBox(spans: [TextSpan(odd, TextAttributes(font: "DejaVu Sans", fontSize: 12))],
                                               width: 100, height: 100))
        XCTAssertEqual(layout.lineCount, 3)
        XCTAssertEqual(layout.lineTexts[0], "tab here\u{301}\u{200D}\u{FEFF}")
    }
}
