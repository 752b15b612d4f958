import ArgumentParser
import Foundation
import LaminaKit
import XCTest
@testable import lamina

/// `lamina test --jobs`, `--shard`, Bazel's sharding variables and `--merge-reports`: what a run prints and
/// writes does not depend on the number of workers (the measured seconds aside), shards are disjoint and
/// cover the suite, the environment splits as the flag does, and merged shard reports list every test once.
final class TestShardingTests: XCTestCase {
    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private var reftests: String { repository.appendingPathComponent("Tests/Reftests").path }

    private func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-shard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    /// A scene of one `colour` rectangle.
    private func writeScene(_ name: String, _ colour: String, in dir: URL) throws {
        try Data("""
            {"format": "lamina-scene/1", "canvas": {"width": 24, "height": 12, "scale": 2},
             "layers": [{"frame": [2, 2, 20, 8], "backgroundColor": "\(colour)", "cornerRadius": 3}]}
            """.utf8).write(to: dir.appendingPathComponent(name))
    }

    /// A small suite beside the repository's reftests: a pass, a failure, an inequality, a missing reference.
    private func extraSuite() throws -> URL {
        let dir = try temporaryDirectory()
        try writeScene("red.json", "red", in: dir)
        try writeScene("blue.json", "blue", in: dir)
        try writeScene("red_again.json", "red", in: dir)
        try "== red.json red_again.json\n== red.json blue.json\n!= red.json blue.json\n== blue.json missing.png\n"
            .write(to: dir.appendingPathComponent("reftest.list"), atomically: true, encoding: .utf8)
        return dir
    }

    private struct Run: Equatable {
        var lines: [String]
        var exit: Int32
    }

    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        let command = try TestCommand.parse(arguments)
        var lines: [String] = []
        do {
            try command.execute(environment: environment) { lines.append($0) }
            return Run(lines: lines, exit: 0)
        } catch let exit as ExitCode {
            return Run(lines: lines, exit: exit.rawValue)
        }
    }

    /// `text` without its measured seconds (JUnit's `time`, JSON's `seconds`), the one thing `--jobs` changes.
    private func timeless(_ text: String) -> String {
        text.replacingOccurrences(of: #"time="[0-9.]+""#, with: #"time="""#, options: .regularExpression)
            .replacingOccurrences(of: #""seconds" ?: ?[0-9.e-]+"#, with: #""seconds": 0"#, options: .regularExpression)
    }

    private func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// The JUnit file's test names, in order.
    private func testNames(_ xml: String) -> [String] {
        xml.components(separatedBy: "<testcase ").dropFirst().compactMap { part in
            part.components(separatedBy: " name=\"").dropFirst().first?.components(separatedBy: "\"").first
        }
    }

    func testTwoJobs_printAndWriteWhatOneJobDoes() throws {
        let extra = try extraSuite(), out = try temporaryDirectory()
        var runs: [Run] = []
        for jobs in [1, 2] {
            let dir = out.appendingPathComponent("jobs\(jobs)")
            runs.append(try run([reftests, extra.path, "--jobs", "\(jobs)", "--json", "--junit",
                                 dir.appendingPathExtension("xml").path, "--report", dir.path]))
        }
        XCTAssertEqual(runs[0].exit, 3, "a test fails")
        XCTAssertEqual(runs[1].exit, runs[0].exit)
        XCTAssertEqual(runs[0].lines.count, 10 + 4 + 1)
        XCTAssertEqual(runs[1].lines.map(timeless), runs[0].lines.map(timeless))
        let one = try Data(contentsOf: out.appendingPathComponent("jobs1.xml"))
        let two = try Data(contentsOf: out.appendingPathComponent("jobs2.xml"))
        XCTAssertEqual(timeless(String(decoding: two, as: UTF8.self)), timeless(String(decoding: one, as: UTF8.self)))
        XCTAssertEqual(testNames(String(decoding: one, as: UTF8.self)).count, 14)
        let files = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("jobs1").path).sorted()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("jobs2").path).sorted(),
                       files)
        XCTAssertTrue(files.contains("results.json") && files.contains("index.html") && files.contains("montage.png"))
        for file in files {
            let a = try Data(contentsOf: out.appendingPathComponent("jobs1/\(file)"))
            let b = try Data(contentsOf: out.appendingPathComponent("jobs2/\(file)"))
            if file == "results.json" {
                XCTAssertEqual(timeless(String(decoding: b, as: UTF8.self)), timeless(String(decoding: a, as: UTF8.self)))
            } else {
                XCTAssertEqual(a, b, file)
            }
        }
    }

    func testUpdateWithTwoJobs_writesASharedReferenceOnce() throws {
        var outputs: [[String]] = []
        for jobs in [1, 2] {
            let dir = try temporaryDirectory()
            try writeScene("a.json", "green", in: dir)
            try writeScene("b.json", "green", in: dir)
            try writeScene("c.json", "#008080", in: dir)
            try "== a.json shared.png\n== b.json shared.png\n== c.json own.png\n"
                .write(to: dir.appendingPathComponent("reftest.list"), atomically: true, encoding: .utf8)
            let r = try run([dir.path, "--update", "--jobs", "\(jobs)"])
            XCTAssertEqual(r.exit, 0)
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("shared.png").path))
            outputs.append(r.lines.map { $0.replacingOccurrences(of: dir.path, with: "DIR") })
        }
        XCTAssertEqual(outputs[1], outputs[0])
        XCTAssertEqual(outputs[0].filter { $0.hasPrefix("updated: ") },
                       ["updated: DIR/shared.png", "updated: DIR/own.png"],
                       "b.json reads the reference a.json wrote, and passes")
        let tests = try ReftestList.parse("== a.json s.png\n== c.json o.png\n== b.json ./s.png\n",
                                          base: URL(fileURLWithPath: "/x"), listName: "l")
        XCTAssertEqual(ReftestPool.units(tests, update: true), [[0, 2], [1]])
        XCTAssertEqual(ReftestPool.units(tests, update: false), [[0], [1], [2]])
    }

    func testShards_areDisjoint_coverTheSuite_andHoldTheirTests() throws {
        let corpus = try ReftestList.reftests(at: repository.appendingPathComponent("Tests/Scenes"))
        XCTAssertGreaterThan(corpus.count, 100)
        var seen: [String] = []
        for k in 1...3 {
            let part = corpus.filter { ReftestShard(index: k, count: 3)?.contains($0) ?? false }.map(\.origin)
            XCTAssertGreaterThan(part.count, corpus.count / 6, "shard \(k) of 3 is not starved")
            seen += part
        }
        XCTAssertEqual(seen.sorted(), corpus.map(\.origin).sorted(), "every test in exactly one shard")
        // The split is the identity's alone, the same on every machine and run: these are pinned.
        XCTAssertEqual(ReftestShard.part(of: "card.json", count: 3), ReftestShard.part(of: "card.json", count: 3))
        XCTAssertEqual([1, 2, 3, 4].map { ReftestShard.part(of: "card.json", count: $0) }, Self.pinnedCard)

        var names: [[String]] = []
        for k in 1...3 {
            let junit = try temporaryDirectory().appendingPathComponent("shard.xml")
            let r = try run([reftests, "--shard", "\(k)/3", "--jobs", "2", "--junit", junit.path])
            XCTAssertEqual(r.exit, 0)
            let xml = try read(junit)
            XCTAssertTrue(xml.contains("<testsuite name=\"lamina test (shard \(k)/3)\""), xml)
            names.append(testNames(xml))
        }
        let whole = try temporaryDirectory().appendingPathComponent("all.xml")
        XCTAssertEqual(try run([reftests, "--junit", whole.path]).exit, 0)
        let all = testNames(try read(whole))
        XCTAssertEqual(all.count, 10)
        XCTAssertEqual(names.flatMap { $0 }.sorted(), all.sorted())
        XCTAssertEqual(Set(names.flatMap { $0 }).count, all.count, "disjoint")
        for part in names { XCTAssertEqual(part, all.filter(part.contains), "each shard keeps the suite's order") }
    }

    /// `ReftestShard.part(of: "card.json", count:)` for 1 to 4 shards.
    static let pinnedCard = [1, 1, 1, 3]

    func testBazelVariables_splitAsTheFlagDoes_touchTheStatusFile_andWriteJUnit() throws {
        let dir = try temporaryDirectory()
        for index in 0..<3 {
            let status = dir.appendingPathComponent("status-\(index)"), xml = dir.appendingPathComponent("x-\(index).xml")
            let environment = ["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "\(index)",
                               "TEST_SHARD_STATUS_FILE": status.path, "XML_OUTPUT_FILE": xml.path]
            let byEnvironment = try run([reftests], environment: environment)
            let byFlag = try run([reftests, "--shard", "\(index + 1)/3"])
            XCTAssertEqual(byEnvironment.exit, 0)
            XCTAssertEqual(byEnvironment.lines, byFlag.lines)
            XCTAssertTrue(FileManager.default.fileExists(atPath: status.path), "the status file is touched")
            XCTAssertEqual(testNames(try read(xml)).count, byFlag.lines.count - 1, "JUnit to XML_OUTPUT_FILE")
        }
        // The flag wins over the environment.
        let environment = ["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "2"]
        XCTAssertEqual(try run([reftests, "--shard", "1/3"], environment: environment).lines,
                       try run([reftests, "--shard", "1/3"]).lines)
        // Bad variables are refused (exit 1, invalid input) before anything runs.
        for bad in [["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "3"], ["TEST_TOTAL_SHARDS": "0", "TEST_SHARD_INDEX": "0"],
                    ["TEST_TOTAL_SHARDS": "three", "TEST_SHARD_INDEX": "0"], ["TEST_TOTAL_SHARDS": "3"]] {
            XCTAssertThrowsError(try LaminaEnvironment.bazelShard(bad)) {
                XCTAssertTrue("\($0)".contains("TEST_"), "\($0)")
            }
            XCTAssertEqual(try run([reftests], environment: bad), Run(lines: [], exit: 1))
        }
        XCTAssertEqual(try LaminaEnvironment.bazelShard(["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "0"]),
                       ReftestShard(index: 1, count: 3))
        XCTAssertNil(try LaminaEnvironment.bazelShard(["TEST_TOTAL_SHARDS": "", "TEST_SHARD_INDEX": ""]))
    }

    func testMergedShardReports_listEveryTestOnce_asTheWholeSuitesReportDoes() throws {
        let extra = try extraSuite(), out = try temporaryDirectory()
        let suite = [reftests, extra.path]
        var shards: [String] = []
        for k in 1...3 {
            let dir = out.appendingPathComponent("shard\(k)").path
            XCTAssertNotEqual(try run(suite + ["--shard", "\(k)/3", "--report", dir]).exit, 1)
            shards.append(dir)
        }
        let whole = out.appendingPathComponent("whole")
        let wholeRun = try run(suite + ["--report", whole.path, "--jobs", "1"])
        let merged = out.appendingPathComponent("merged"), junit = out.appendingPathComponent("merged.xml")
        let mergeRun = try run(shards + ["--merge-reports", merged.path, "--junit", junit.path])
        XCTAssertEqual(mergeRun.exit, 3, "the merged suite's exit code")
        XCTAssertEqual(mergeRun.lines, wholeRun.lines, "the suite's lines, in its order")
        let file = try JSONDecoder().decode(TestReportFile.self, from: Data(contentsOf: merged.appendingPathComponent("results.json")))
        XCTAssertEqual(file.tests.map(\.index), Array(0..<14), "every test once, in order")
        XCTAssertEqual(file.suiteCount, 14)
        XCTAssertEqual(testNames(try read(junit)).count, 14)
        XCTAssertEqual(try read(merged.appendingPathComponent("index.html")), try read(whole.appendingPathComponent("index.html")))
        let html = try read(merged.appendingPathComponent("index.html"))
        XCTAssertEqual(html.components(separatedBy: "<tr><td>").count - 1, 14)

        // A shard given twice, a folder that is no report, and a missing shard.
        let twice = try run([shards[0], shards[0], "--merge-reports", out.appendingPathComponent("twice").path])
        XCTAssertEqual(twice.exit, 1)
        XCTAssertEqual(try run([extra.path, "--merge-reports", out.appendingPathComponent("none").path]).exit, 1)
        let partial = out.appendingPathComponent("partial")
        _ = try run(Array(shards.prefix(2)) + ["--merge-reports", partial.path])
        XCTAssertTrue(try read(partial.appendingPathComponent("index.html")).contains("tests are in no report merged here"))
    }

    func testBadShardSpecs_andJobs_areRefusedNamingTheFlag() throws {
        let cases = ["0/3": "--shard \"0/3\": the shard K is 1-based and must be in 1...3, found 0",
                     "4/3": "--shard \"4/3\": the shard K is 1-based and must be in 1...3, found 4",
                     "1/0": "--shard \"1/0\": the shard count N must be 1 or more, found 0",
                     "garbage": "--shard \"garbage\": expected K/N, two whole numbers such as 2/3",
                     "1/2/3": "--shard \"1/2/3\": expected K/N, two whole numbers such as 2/3",
                     "": "--shard \"\": expected K/N, two whole numbers such as 2/3"]
        for (spec, message) in cases {
            XCTAssertThrowsError(try TestCommand.parse([reftests, "--shard", spec]), spec) { error in
                XCTAssertEqual(TestCommand.message(for: error), message)
                XCTAssertEqual(TestCommand.exitCode(for: error), .validationFailure, "exit 1 through Lamina.main")
            }
        }
        XCTAssertThrowsError(try TestCommand.parse([reftests, "--jobs", "0"])) {
            XCTAssertEqual(TestCommand.message(for: $0), "--jobs takes 1 or more workers, found 0")
        }
        XCTAssertThrowsError(try TestCommand.parse(["a", "--merge-reports", "out", "--shard", "1/2"])) {
            XCTAssertTrue(TestCommand.message(for: $0).hasPrefix("--merge-reports joins reports already written"))
        }
        XCTAssertEqual(try ReftestShard.parse("2/3").get(), ReftestShard(index: 2, count: 3))
    }
}
