import ArgumentParser
import Foundation
import LaminaKit
import XCTest
@testable import lamina

/// `lamina check` and `lamina render` list every error of a scene in one run, in document order, and fail.
final class CheckCommandTests: XCTestCase {
    private func write(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-check-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    /// Runs `body` with standard error going to a file, and returns what was written there.
    private func standardError(of body: () throws -> Void) rethrows -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: url.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: url) }
        guard let file = try? FileHandle(forWritingTo: url) else { XCTFail("no temporary file"); return "" }
        let saved = dup(2)
        dup2(file.fileDescriptor, 2)
        defer { dup2(saved, 2); close(saved); try? file.close() }
        try body()
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }

    static let fourTypos = """
        {"format": "lamina-scene/1", "canvas": {"width": 100, "height": 100},
         "layers": [{"frame": [0, 0, 50, 50], "backgroundColr": "red", "opacity": 2, "conrnerRadius": 4,
                     "sublayers": [{"bordrWidth": 1}]}]}
        """

    func testCheck_listsFourErrorsInDocumentOrder_inOneRun_andFails() throws {
        let path = try write(Self.fourTypos)
        var exit: Int32?
        let output = try standardError {
            do { try CheckCommand.parse([path]).run() } catch let e as ExitCode { exit = e.rawValue }
        }
        XCTAssertEqual(exit, 1)
        let lines = output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, [
            "error: \(path): /layers/0/backgroundColr: unknown key; did you mean \"backgroundColor\"?",
            "error: \(path): /layers/0/opacity: expected a number in 0...1, found 2",
            "error: \(path): /layers/0/conrnerRadius: unknown key; did you mean \"cornerRadius\"?",
            "error: \(path): /layers/0/sublayers/0/bordrWidth: unknown key; did you mean \"borderWidth\"?",
        ])
    }

    func testRender_printsTheSameList_andTheBound() throws {
        let path = try write(Self.fourTypos)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-check-\(UUID().uuidString).png").path
        var exit: Int32?
        let output = try standardError {
            do { try RenderCommand.parse([path, "-o", out, "--backend", "cpu"]).run() } catch let e as ExitCode { exit = e.rawValue }
        }
        XCTAssertEqual(exit, 1)
        XCTAssertEqual(output.split(separator: "\n").count, 4, output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))

        let many = try write(SceneFixtureText.layers((0..<120).map { _ in #"{"opacity": 7}"# }))
        let bounded = try standardError {
            XCTAssertThrowsError(try CheckCommand.parse([many, "--limit", "5"]).run())
        }
        let lines = bounded.split(separator: "\n")
        XCTAssertEqual(lines.count, 6, bounded)
        XCTAssertEqual(lines.last.map(String.init),
                       "error: \(many): and 115 more errors (the first 5 errors are listed); --limit N lists more")
        XCTAssertThrowsError(try CheckCommand.parse([many, "--limit", "0"]))
        XCTAssertThrowsError(try CheckCommand.parse([many, "--limit", "10001"]))
    }

    func testCheck_json_listsEveryError() throws {
        let path = try write(Self.fourTypos)
        let errors = SceneDecoder().check(contentsOf: URL(fileURLWithPath: path)).errors
        let json = CheckCommand.json(file: path, decoded: nil, errors: errors, unlisted: 0, warnings: [])
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        XCTAssertEqual((object?["errors"] as? [[String: Any]])?.compactMap { $0["pointer"] as? String },
                       ["/layers/0/backgroundColr", "/layers/0/opacity", "/layers/0/conrnerRadius",
                        "/layers/0/sublayers/0/bordrWidth"])
        XCTAssertEqual(object?["valid"] as? Bool, false)
    }
}

/// Scene documents for the command tests.
enum SceneFixtureText {
    static func layers(_ items: [String]) -> String {
        #"{"format": "lamina-scene/1", "canvas": {"width": 10, "height": 10}, "layers": ["#
            + items.joined(separator: ", ") + "]}"
    }
}
