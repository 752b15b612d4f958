import Foundation
import LaminaKit
import LaminaParity
import XCTest
@testable import lamina
import LaminaImage

/// The HTML reports of `lamina parity --report` and `lamina test --report`: every scene gets its images at point
/// size (pixels divided by the scene's scale) and a wipe slider with a flicker button, and the labelled
/// `montage.png` is written beside the page.
final class ReportTests: XCTestCase {
    private func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    private func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// A 40x20-pixel image, opaque red, with one pixel changed when `changed`.
    private func image(changed: Bool = false) -> Image {
        var image = Image(width: 40, height: 20)
        for y in 0..<20 { for x in 0..<40 { image.setPixel(x: x, y: y, (255, 0, 0, 255)) } }
        if changed { image.setPixel(x: 3, y: 4, (0, 0, 255, 255)) }
        return image
    }

    func testParityReport_eachSceneHasASliderAtPointSize_andALabelledMontage() throws {
        let dir = try temporaryDirectory()
        let report = try ParityReport(directory: dir)
        try report.add(.compared(try ParityResult(name: "same", tolerance: nil, cpu: image(), gpu: image(), scale: 2)))
        try report.add(.compared(try ParityResult(name: "moved", tolerance: nil, cpu: image(), gpu: image(changed: true),
                                                  scale: 2)))
        try report.finish(summary: "1 passed, 1 failed")
        let html = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertEqual(occurrences(of: "<input type=\"range\" class=\"wipe-slider\"", in: html), 2)
        XCTAssertEqual(occurrences(of: "<button type=\"button\" class=\"flicker\">", in: html), 2)
        XCTAssertTrue(html.contains("<img src=\"moved-cpu.png\" width=\"20\" height=\"10\" alt=\"CPU\">"), html)
        XCTAssertTrue(html.contains("<img class=\"over\" src=\"moved-gpu.png\" width=\"20\" height=\"10\""), html)
        XCTAssertTrue(html.contains("<div class=\"wipe\" style=\"width:20px;height:10px\">"), html)
        XCTAssertEqual(occurrences(of: "width=\"20\" height=\"10\"", in: html), 10, "3 figures and 2 stacked, per scene")
        XCTAssertTrue(html.contains("<script>") && !html.contains("src=\"http"), "inline script, nothing external")
        let montage = try PNG.decode(try Data(contentsOf: dir.appendingPathComponent("montage.png")))
        XCTAssertGreaterThan(montage.height, 2 * 20 + 3 * 8, "each row has a title and captions above and below")
    }

    func testTestReport_eachTestHasASliderAtPointSize_andALabelledMontage() throws {
        let dir = try temporaryDirectory()
        try Data("""
            {"format": "lamina-scene/1", "canvas": {"width": 30, "height": 12, "scale": 2},
             "layers": [{"frame": [0, 0, 30, 12], "backgroundColor": "red"}]}
            """.utf8).write(to: dir.appendingPathComponent("a.json"))
        try Data("""
            {"format": "lamina-scene/1", "canvas": {"width": 30, "height": 12, "scale": 2},
             "layers": [{"frame": [0, 0, 30, 12], "backgroundColor": "blue"}]}
            """.utf8).write(to: dir.appendingPathComponent("b.json"))
        try "== a.json b.json\n== a.json a.json\n".write(to: dir.appendingPathComponent("reftest.list"), atomically: true,
                                                          encoding: .utf8)
        var runner = ReftestRunner()
        runner.keepImages = true
        let results = try ReftestList.reftests(at: dir).map(runner.run)
        XCTAssertEqual(results.map(\.status), [.fail, .pass])
        let out = dir.appendingPathComponent("report")
        try TestReport(directory: out).write(results)
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertEqual(occurrences(of: "<input type=\"range\" class=\"wipe-slider\"", in: html), 2)
        XCTAssertEqual(occurrences(of: "<div class=\"wipe\" style=\"width:30px;height:12px\">", in: html), 2)
        XCTAssertEqual(occurrences(of: "width=\"30\" height=\"12\"", in: html), 10, "3 figures and 2 stacked, per test")
        XCTAssertTrue(html.contains("aria-label=\"render over reference\""), html)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("montage.png").path))
    }

    func testPoints_divideByTheScale_andABadScaleCountsAsOne() {
        XCTAssertEqual(ReportCompareView.points(40, scale: 2), 20)
        XCTAssertEqual(ReportCompareView.points(45, scale: 3), 15)
        XCTAssertEqual(ReportCompareView.points(1, scale: 4), 1)
        XCTAssertEqual(ReportCompareView.points(40, scale: 0), 40)
        XCTAssertEqual(ReportCompareView.points(40, scale: .nan), 40)
    }
}
