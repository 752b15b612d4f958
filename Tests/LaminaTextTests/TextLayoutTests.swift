import Foundation
import LaminaImage
@testable import LaminaText
import XCTest

/// Layout through HarfBuzz and our line breaker, with DejaVu Sans (hhea: ascender 1901, descender 483, line gap
/// 0, 2048 units an em) and WenQuanYi Micro Hei for CJK, both installed by tools/install-deps.sh.
final class TextLayoutTests: XCTestCase {
    let engine = TextEngine.shared
    let sans = TextAttributes(font: "DejaVu Sans", fontSize: 20, color: .black)
    let paragraph = "The quick brown fox jumps over the lazy dog while the cat watches from the warm windowsill."

    func box(_ text: String, width: Double = 200, height: Double = 400, wrapped: Bool = false,
             alignment: TextAlignment = .natural, truncation: TextTruncation = .none, scale: Double = 1) -> TextBox {
        TextBox(spans: [TextSpan(text, sans)], width: width, height: height, scale: scale, alignment: alignment,
                wrapped: wrapped, truncation: truncation)
    }

    func testDejaVuMetrics_giveTheBaselineAndLineHeight() throws {
        let layout = try engine.layout(box("one\ntwo\n\nfour"))
        let ascent = 1901.0 / 2048 * 20, height = (1901.0 + 483) / 2048 * 20
        XCTAssertEqual(layout.lineCount, 4)
        for (i, b) in layout.baselines.enumerated() { XCTAssertEqual(b, ascent + Double(i) * height, accuracy: 1e-9) }
        XCTAssertEqual(layout.lineTexts, ["one", "two", "", "four"])
    }

    func testParagraphWrappedAtThreeWidths_breaksAtSpacesWithinTheWidth() throws {
        var counts: [Int] = []
        for width in [120.0, 240, 480] {
            let layout = try engine.layout(box(paragraph, width: width, wrapped: true))
            counts.append(layout.lineCount)
            for (line, extent) in zip(layout.lineTexts, layout.lineExtents) {
                XCTAssertLessThanOrEqual(extent.width, width + 1e-9, line)
                XCTAssertFalse(line.hasPrefix(" "), "a line starts with a space: \(line)")
            }
            XCTAssertEqual(layout.lineTexts.joined(), paragraph, "wrapping keeps every character, in order")
            XCTAssertTrue(layout.lineTexts.dropLast().allSatisfy { $0.hasSuffix(" ") }, "\(layout.lineTexts)")
        }
        XCTAssertGreaterThan(counts[0], counts[1])
        XCTAssertGreaterThan(counts[1], counts[2])
    }

    func testWordLongerThanTheLine_isBrokenBetweenCharacters() throws {
        let layout = try engine.layout(box("Supercalifragilisticexpialidocious", width: 80, wrapped: true))
        XCTAssertGreaterThan(layout.lineCount, 3)
        for extent in layout.lineExtents { XCTAssertLessThanOrEqual(extent.width, 80) }
        XCTAssertEqual(layout.lineTexts.joined(), "Supercalifragilisticexpialidocious")
    }

    func testAlignment_placesEachLine() throws {
        let width = 240.0
        let right = try engine.layout(box(paragraph, width: width, wrapped: true, alignment: .right))
        for e in right.lineExtents { XCTAssertEqual(e.x + e.width, width, accuracy: 1e-9) }
        let center = try engine.layout(box(paragraph, width: width, wrapped: true, alignment: .center))
        for e in center.lineExtents { XCTAssertEqual(e.x + e.width / 2, width / 2, accuracy: 1e-9) }
        let justified = try engine.layout(box(paragraph, width: width, wrapped: true, alignment: .justified))
        for e in justified.lineExtents.dropLast() {
            XCTAssertEqual(e.x, 0); XCTAssertEqual(e.width, width, accuracy: 1e-9)
        }
        XCTAssertLessThan(justified.lineExtents.last?.width ?? width, width, "the last line keeps its natural width")
    }

    func testTruncationModes_putTheEllipsisWhereTheyNameAndFit() throws {
        let text = "Truncate this sentence please"
        let end = try engine.layout(box(text, width: 150, truncation: .end)).lineTexts[0]
        let start = try engine.layout(box(text, width: 150, truncation: .start)).lineTexts[0]
        let middle = try engine.layout(box(text, width: 150, truncation: .middle)).lineTexts[0]
        XCTAssertTrue(end.hasPrefix("Truncate") && end.hasSuffix("\u{2026}"), end)
        XCTAssertTrue(start.hasPrefix("\u{2026}") && start.hasSuffix("please"), start)
        XCTAssertTrue(middle.hasPrefix("Trunc") && middle.hasSuffix("ease") && middle.contains("\u{2026}"), middle)
        for mode in [TextTruncation.end, .start, .middle] {
            XCTAssertLessThanOrEqual(try engine.layout(box(text, width: 150, truncation: mode)).lineExtents[0].width, 150)
        }
        XCTAssertEqual(try engine.layout(box(text, width: 400, truncation: .end)).lineTexts, [text], "fits: untouched")
        XCTAssertEqual(try engine.layout(box(text, width: 150)).lineTexts, [text], "none: clipped, not cut")
    }

    func testWrappedTruncation_endsTheLastLineThatFits() throws {
        let layout = try engine.layout(box(paragraph, width: 200, height: 50, wrapped: true, truncation: .end))
        XCTAssertEqual(layout.lineCount, 2, "two lines of 23.3 points fit in 50")
        XCTAssertTrue(layout.lineTexts[1].hasSuffix("\u{2026}"), layout.lineTexts[1])
        XCTAssertLessThanOrEqual(layout.lineExtents[1].width, 200)
    }

    func testKerning_pullsAVTogether() throws {
        let pair = try engine.layout(box("AV")).lineExtents[0].width
        let apart = try engine.layout(box("A")).lineExtents[0].width + engine.layout(box("V")).lineExtents[0].width
        XCTAssertLessThan(pair, apart - 0.5, "DejaVu Sans kerns A and V")
    }

    func testArabic_isRightAlignedByNaturalAndShapedJoined() throws {
        let arabic = "مرحبا بالعالم"
        let layout = try engine.layout(box(arabic, width: 300))
        let e = layout.lineExtents[0]
        XCTAssertEqual(e.x + e.width, 300, accuracy: 1e-9, "natural alignment of a right-to-left paragraph")
        let isolated = try arabic.unicodeScalars.filter { $0 != " " }.map {
            try engine.layout(box(String($0))).lineExtents[0].width
        }.reduce(0, +)
        XCTAssertNotEqual(e.width, isolated, "joined forms differ from isolated ones")
    }

    func testBidi_reversesRightToLeftRunsAndKeepsNumbersLeftToRight() throws {
        // Logical: "ab", Hebrew alef bet, "12", gimel; visual: ab, then the Hebrew run reversed with 12 inside it.
        let visual = try engine.layout(box("ab \u{5D0}\u{5D1} 12 \u{5D2} cd", width: 400)).visualClusters[0]
        XCTAssertEqual(visual.joined(), "ab \u{5D2} 12 \u{5D1}\u{5D0} cd")
        let rtl = try engine.layout(box("\u{5D0}\u{5D1} ab 34", width: 400)).visualClusters[0]
        XCTAssertEqual(rtl.joined(), "ab 34 \u{5D1}\u{5D0}", "a right-to-left paragraph: its first word rightmost")
    }

    func testMixedScripts_fallBackToAFontThatCoversEach() throws {
        let layout = try engine.layout(box("Hi 中文 and عربي", width: 400))
        XCTAssertEqual(layout.lineFamilies[0].first, "DejaVu Sans")
        XCTAssertTrue(layout.lineFamilies[0].contains("WenQuanYi Micro Hei"), "\(layout.lineFamilies)")
    }

    func testRender_drawsInkAtTheScaleAndInTheColour() throws {
        var b = box("Hello", width: 100, height: 30)
        b.spans[0].attributes.color = TextColor(red: 1, green: 0, blue: 0, alpha: 1)
        let one = try engine.render(b)
        b.scale = 2
        let two = try engine.render(b)
        XCTAssertEqual([one.width, one.height, two.width, two.height], [100, 30, 200, 60])
        func ink(_ image: Image) -> (full: Int, any: Int, notRed: Int) {
            var full = 0, any = 0, notRed = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image.pixel(x: x, y: y)
                    if p.a == 255 { full += 1 }
                    if p.a > 0 { any += 1 }
                    if p.g != 0 || p.b != 0 || p.r != p.a { notRed += 1 }
                }
            }
            return (full, any, notRed)
        }
        let i1 = ink(one), i2 = ink(two)
        XCTAssertGreaterThan(i1.any, 100)
        XCTAssertEqual(i1.notRed, 0)
        XCTAssertEqual(i2.notRed, 0)
        XCTAssertGreaterThan(i2.full, 3 * i1.full, "four times the pixels, a smaller share of them partly covered")
    }

    func testUnderline_coversTheRunBelowTheBaseline() throws {
        var b = box("Under", width: 120, height: 30)
        b.spans[0].attributes.underline = true
        let image = try engine.render(b)
        let layout = try engine.layout(b)
        // Some row below the baseline is covered across the run's whole width (descender-free text), and ends there.
        let width = Int(layout.lineExtents[0].width.rounded(.down))
        let rows = Int(layout.baselines[0].rounded(.up))..<image.height
        let covered = rows.filter { y in (1..<(width - 1)).allSatisfy { image.pixel(x: $0, y: y).a > 100 } }
        XCTAssertFalse(covered.isEmpty, "no underline row")
        for y in covered { XCTAssertEqual(image.pixel(x: width + 2, y: y).a, 0) }
        XCTAssertLessThanOrEqual(covered.count, 2, "a thin line, not a box")
    }

    func testZeroFontSize_drawsNothing() throws {
        var b = box("Nothing", width: 50, height: 20)
        b.spans[0].attributes.fontSize = 0
        XCTAssertTrue(try engine.render(b).pixels.allSatisfy { $0 == 0 })
    }
}
