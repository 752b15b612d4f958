import Foundation
import LaminaKit
import XCTest

/// `lamina test`'s machinery: lists parse with their places named, the repository's reftests and the corpus
/// against its recorded CPU references pass, a broken test fails saying why, and --update writes references.
final class ReftestTests: XCTestCase {
    var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    func testLists_parse_andBadLinesAreNamed() throws {
        let base = URL(fileURLWithPath: "/x")
        let tests = try ReftestList.parse("# c\n\n== a.json b.png\nfuzzy(0-3,0-10) != a.json c.json # why\n", base: base,
                                          listName: "l")
        XCTAssertEqual(tests.map(\.relation), [.equal, .notEqual])
        XCTAssertEqual(tests[1].tolerance, Tolerance(maxDiff: 3, maxPixels: 10))
        XCTAssertEqual(tests[0].reference.path, "/x/b.png")
        XCTAssertThrowsError(try ReftestList.parse("== a.json\n", base: base, listName: "l")) {
            XCTAssertTrue("\($0)".hasPrefix("l:1: expected"), "\($0)")
        }
        XCTAssertThrowsError(try ReftestList.parse("\n~= a.json b.png", base: base, listName: "l")) {
            XCTAssertTrue("\($0)".hasPrefix("l:2: "), "\($0)")
        }
        XCTAssertThrowsError(try ReftestList.parse("fuzzy(x,1) == a.json b.png", base: base, listName: "l"))
        XCTAssertThrowsError(try ReftestList.parse("== a.png b.png", base: base, listName: "l"))
    }

    func testRepositoryReftests_andTheCorpusAgainstItsReferences_pass() throws {
        for folder in ["Tests/Reftests", "Tests/Scenes"] {
            let tests = try ReftestList.reftests(at: repository.appendingPathComponent(folder))
            XCTAssertGreaterThan(tests.count, 7)
            let results = tests.map(ReftestRunner().run)
            for r in results where r.status != .pass { XCTFail("\(r.reftest.origin): \(r.status): \(r.message)") }
            let xml = JUnitReport.xml(results)
            XCTAssertTrue(xml.contains("<testsuite name=\"lamina test\" tests=\"\(tests.count)\" failures=\"0\" errors=\"0\""))
        }
    }

    func testFailures_sayWhy_andUpdateWritesTheReference() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-reftest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        func write(_ name: String, _ colour: String) throws {
            try Data("""
                {"format": "lamina-scene/1", "canvas": {"width": 20, "height": 10},
                 "layers": [{"frame": [0, 0, 20, 10], "backgroundColor": "\(colour)"}]}
                """.utf8).write(to: dir.appendingPathComponent(name))
        }
        try write("a.json", "red")
        try write("b.json", "blue")
        try "== a.json b.json\n!= a.json a.json\n== a.json a.png\n".write(to: dir.appendingPathComponent("reftest.list"),
                                                                           atomically: true, encoding: .utf8)
        let tests = try ReftestList.reftests(at: dir)
        let results = tests.map(ReftestRunner().run)
        XCTAssertEqual(results.map(\.status), [.fail, .fail, .fail])
        XCTAssertTrue(results[0].message.hasPrefix("largest channel difference 255, 200 pixels over 2"), results[0].message)
        XCTAssertTrue(results[1].message.contains("!= wants them to differ"), results[1].message)
        XCTAssertTrue(results[2].message.contains("lamina test --update writes it"), results[2].message)
        let xml = JUnitReport.xml(results)
        XCTAssertTrue(xml.contains("failures=\"3\""))
        XCTAssertTrue(xml.contains("<failure message=\"largest channel difference 255"))
        let updated = ReftestRunner(update: true).run(tests[2])
        XCTAssertEqual(updated.status, .pass)
        XCTAssertTrue(updated.updated)
        XCTAssertEqual(ReftestRunner().run(tests[2]).status, .pass, "the written reference now holds")

        // A reference one step off passes within fuzzy(2, 0); an update still records the render's bytes.
        let reference = dir.appendingPathComponent("a.png")
        var image = try PNG.decode(try Data(contentsOf: reference))
        let p = image.pixel(x: 3, y: 3)
        image.setPixel(x: 3, y: 3, (p.r - 1, p.g, p.b, p.a))
        try PNG.encode(image).write(to: reference)
        let within = ReftestRunner().run(tests[2])
        XCTAssertEqual(within.status, .pass)
        XCTAssertFalse(within.updated)
        let rewritten = ReftestRunner(update: true).run(tests[2])
        XCTAssertTrue(rewritten.updated, "any byte that differs is rewritten by --update")
        XCTAssertEqual(try PNG.decode(try Data(contentsOf: reference)).pixel(x: 3, y: 3).r, p.r)
    }
}
