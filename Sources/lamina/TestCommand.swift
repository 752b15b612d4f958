import ArgumentParser
import Foundation
import LaminaCore
import LaminaKit

/// `lamina test`: reftests. Each scene is rendered and compared with its reference image or scene.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run reftests: scenes against reference images or other scenes.",
        discussion: """
        A path is a reftest.list (or a directory holding one), a directory of NAME.json scenes each compared \
        with NAME.png beside it, or one scene. A list has one test a line, in the style of WebRender and Gecko:

          == card.json card.png               the scene must match the image
          == a.json b.json                    two scenes must render alike
          != shadow.json no-shadow.json       the two must differ
          fuzzy(2,10) == blur.json blur.png   this line's tolerance

        == compares within the line's fuzzy(maxDiff, maxPixels), else the test scene's tolerance, else \
        fuzzy(2, 0); != passes when the renders differ beyond the line's tolerance, else at all. References \
        are rendered on the CPU by default, so they hold on every machine.

        Exit codes (the most serious wins): 2 a render failed or a file could not be written; 1 a scene, image \
        or list was invalid; 3 a test failed; 0 every test passed (or was updated).
        """)

    @Argument(help: ArgumentHelp("reftest.list files, directories, or scenes.", valueName: "path"))
    var paths: [String]

    @Option(help: "The renderer: cpu (the reference, default) or gpu.")
    var backend: Backend = .cpu

    @Flag(help: "Write reference images that are missing or differ, and list them.")
    var update = false

    @Option(help: ArgumentHelp("Write the results as JUnit XML to this file.", valueName: "file"))
    var junit: String?

    @Flag(help: "Print one JSON object per test, then a summary object, instead of text.")
    var json = false

    @Option(help: ArgumentHelp("Write an HTML report (index.html and, per test, render, reference and heat map) here.",
                               valueName: "dir"))
    var report: String?

    func run() throws {
        var tests: [Reftest] = []
        var listErrors: [String] = []
        for path in paths {
            do { tests += try ReftestList.reftests(at: URL(fileURLWithPath: path)) } catch {
                listErrors.append("\(error)")
                printError("error: \(error)")
            }
        }
        var runner = ReftestRunner(backend: backend == .gpu ? .gpu : .cpu, update: update)
        runner.options = LaminaEnvironment.current
        runner.keepImages = report != nil
        var results: [ReftestResult] = []
        for test in tests {
            let r = runner.run(test)
            results.append(r)
            print(json ? Self.jsonLine(r) : Self.textLine(r))
        }
        let count = { (s: ReftestResult.Status) in results.filter { $0.status == s }.count }
        let updated = results.filter(\.updated)
        let summary = "\(count(.pass)) passed, \(count(.fail)) failed, \(count(.invalid) + count(.error)) not judged"
            + (updated.isEmpty ? "" : ", \(updated.count) reference(s) updated")
        if json {
            print("{\"summary\": true, \"passed\": \(count(.pass)), \"failed\": \(count(.fail)), "
                  + "\"invalid\": \(count(.invalid)), \"errors\": \(count(.error)), \"updated\": \(updated.count)}")
        } else {
            print(summary)
            for r in updated { print("updated: \(r.reftest.reference.path)") }
        }
        if let report {
            do { try TestReport(directory: URL(fileURLWithPath: report)).write(results) } catch {
                printError("error: cannot write the report: \(error)")
                throw ExitCode(2)
            }
            printError("report: \(URL(fileURLWithPath: report).appendingPathComponent("index.html").path)")
        }
        if let junit {
            do { try writeOutput(Data(JUnitReport.xml(results).utf8), to: junit) } catch {
                printError("error: cannot write \(junit): \(error)")
                throw ExitCode(2)
            }
        }
        if count(.error) > 0 { throw ExitCode(2) }
        if count(.invalid) > 0 || !listErrors.isEmpty { throw ExitCode(1) }
        if count(.fail) > 0 { throw ExitCode(3) }
    }

    static func textLine(_ r: ReftestResult) -> String {
        let status = r.updated ? "UPDATED" : r.status == .pass ? "PASS" : r.status == .fail ? "FAIL" : "ERROR"
        let detail = r.message.isEmpty ? "" : ": \(r.message)"
        return "\(status) \(r.reftest.name) (\(r.reftest.origin))\(detail)"
    }

    static func jsonLine(_ r: ReftestResult) -> String {
        var fields = ["\"test\": \(JSONText.quoted(r.reftest.test.path))",
                      "\"reference\": \(JSONText.quoted(r.reftest.reference.path))",
                      "\"relation\": \(JSONText.quoted(r.reftest.relation.rawValue))",
                      "\"status\": \(JSONText.quoted(r.status.rawValue))",
                      "\"maxDiff\": \(r.tolerance.maxDiff)", "\"maxPixels\": \(r.tolerance.maxPixels)",
                      "\"seconds\": \(String(format: "%.3f", r.seconds))", "\"updated\": \(r.updated)"]
        if let d = r.maxDifference { fields.append("\"maxDifference\": \(d)") }
        if let n = r.pixelsOverThreshold { fields.append("\"pixelsOverThreshold\": \(n)") }
        if !r.message.isEmpty { fields.append("\"message\": \(JSONText.quoted(r.message))") }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}
