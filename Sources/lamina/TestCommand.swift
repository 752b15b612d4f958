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
        with NAME.png beside it, or one scene. A list has one test a line, in the style of WebRender and Gecko \
        (# starts a comment, to the end of its line):

          # the scene must match the image
          == card.json card.png
          # two scenes must render alike
          == a.json b.json
          # the two must differ
          != shadow.json no-shadow.json
          # this line's tolerance
          fuzzy(2,10) == blur.json blur.png

        == compares within the line's fuzzy(maxDiff, maxPixels), else the test scene's tolerance, else \
        fuzzy(2, 0); != passes when the renders differ beyond the line's tolerance, else at all. References \
        are rendered on the CPU by default, so they hold on every machine.

        Tests run on --jobs workers at once; lines, JSON, JUnit, the report and the exit code come in the \
        suite's order whatever the number (only the measured seconds differ). --shard K/N runs part K of N \
        (1-based), split by each test's scene path as its list writes it, so shards are disjoint, cover the \
        suite and pick the same tests on every machine. Under Bazel (TEST_TOTAL_SHARDS and 0-based \
        TEST_SHARD_INDEX) the shard comes from the environment unless --shard is given, which wins; the file \
        TEST_SHARD_STATUS_FILE names is touched, and JUnit goes to XML_OUTPUT_FILE when --junit is not given.

        Each --report folder holds results.json beside index.html. lamina test --merge-reports OUT DIR... \
        joins the reports of shards (the paths are then report folders) into one report in OUT, every test \
        once in the suite's order; --junit and --json then describe the merged results, and the exit code is \
        the merged suite's.

        Exit codes (the most serious wins): 2 a render failed or a file could not be written; 1 a scene, image, \
        list, argument or report was invalid; 3 a test failed; 0 every test passed (or was updated).
        """)

    @Argument(help: ArgumentHelp("reftest.list files, directories, or scenes (report folders with --merge-reports).",
                                 valueName: "path"))
    var paths: [String]

    @Option(help: "The renderer: cpu (the reference, default) or gpu.")
    var backend: Backend = .cpu

    @Option(help: ArgumentHelp("Draw every test and reference at this scene time, in seconds (default: each scene's own \"time\", else 0).",
                               valueName: "seconds"))
    var time: Double?

    @Flag(help: "Write reference images that are missing or differ, and list them.")
    var update = false

    @Option(help: ArgumentHelp("Write the results as JUnit XML to this file (default: XML_OUTPUT_FILE, if set).",
                               valueName: "file"))
    var junit: String?

    @Flag(help: "Print one JSON object per test, then a summary object, instead of text.")
    var json = false

    @Option(help: ArgumentHelp("Write an HTML report (index.html, results.json and, per test, render, reference and "
                               + "heat map) here.", valueName: "dir"))
    var report: String?

    @Option(help: ArgumentHelp("Tests run at once, each worker with its own renderer (default: the active "
                               + "processors, \(ProcessInfo.processInfo.activeProcessorCount) here).", valueName: "N"))
    var jobs: Int?

    @Option(help: ArgumentHelp("Run only part K of N of the suite (1-based K), split by each test's scene path; "
                               + "wins over Bazel's TEST_SHARD_INDEX and TEST_TOTAL_SHARDS.", valueName: "K/N"))
    var shard: String?

    @Option(name: .customLong("merge-reports"),
            help: ArgumentHelp("Join the --report folders given as paths (a suite's shards) into one report here.",
                               valueName: "out"))
    var mergeReports: String?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs takes 1 or more workers, found \(jobs)") }
        if let time, !time.isFinite || abs(time) > 1e9 {
            throw ValidationError("--time must be a finite number of seconds within ±1e9, found \(time)")
        }
        _ = try shardFlag()
        if mergeReports != nil, update || shard != nil || report != nil || jobs != nil {
            throw ValidationError("--merge-reports joins reports already written; --update, --shard, --jobs and "
                + "--report do not apply to it")
        }
    }

    /// The shard `--shard` names, nil without the flag; a bad spelling is refused naming the flag.
    func shardFlag() throws -> ReftestShard? {
        guard let shard else { return nil }
        switch ReftestShard.parse(shard) {
        case .success(let s): return s
        case .failure(let why): throw ValidationError("--shard \(Echo.quoted(shard)): \(why)")
        }
    }

    func run() throws {
        try execute(environment: ProcessInfo.processInfo.environment) { print($0) }
    }

    /// Runs the command with `environment` (Bazel's test variables), giving each line of standard output to
    /// `emit` in order.
    func execute(environment: [String: String], emit: (String) -> Void) throws {
        if let mergeReports { return try merge(into: mergeReports, environment: environment, emit: emit) }
        let shard = try pickShard(environment)
        do { try LaminaEnvironment.touchShardStatusFile(environment) } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        var listErrors: [String] = []
        var suite: [Reftest] = []
        for path in paths {
            do { suite += try ReftestList.reftests(at: URL(fileURLWithPath: path)) } catch {
                listErrors.append("\(error)")
                printError("error: \(error)")
            }
        }
        let indices = suite.indices.filter { shard?.contains(suite[$0]) ?? true }
        if let shard { printError("shard \(shard): \(indices.count) of \(suite.count) tests") }
        let results = pool().run(indices.map { suite[$0] }) { _, r in emit(json ? Self.jsonLine(r) : Self.textLine(r)) }
        var entries: [TestReport.Entry] = []
        if report != nil {
            do { entries = try zip(results, indices).map { try TestReport.Entry($0, index: $1) } } catch {
                printError("error: cannot write the report: \(error)")
                throw ExitCode(2)
            }
        }
        try finish(results, entries: entries, suiteCount: suite.count, shard: shard, reportDirectory: report,
                   invalidInput: !listErrors.isEmpty, environment: environment, emit: emit)
    }

    /// `--shard`, else Bazel's variables; a bad variable is refused (exit 1) naming it.
    private func pickShard(_ environment: [String: String]) throws -> ReftestShard? {
        if let flag = try shardFlag() {
            if (try? LaminaEnvironment.bazelShard(environment)) != nil {
                printError("note: --shard \(flag) wins over TEST_SHARD_INDEX and TEST_TOTAL_SHARDS")
            }
            return flag
        }
        do { return try LaminaEnvironment.bazelShard(environment) } catch {
            printError("error: \(error)")
            throw ExitCode(1)
        }
    }

    /// The workers: `--jobs` of them, each with a renderer of `--backend` (the GPU on the environment's
    /// EGL platform).
    private func pool() -> ReftestPool {
        var runner = ReftestRunner(backend: backend == .gpu ? .gpu : .cpu, update: update)
        runner.options = LaminaEnvironment.current
        runner.time = time
        runner.keepImages = report != nil
        var pool = ReftestPool(runner: runner, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        if backend == .gpu { pool.makeRenderer = { _ in try LaminaEnvironment.gpuRenderer() } }
        return pool
    }

    /// `--merge-reports`: the reports in `paths` joined into `out`.
    private func merge(into out: String, environment: [String: String], emit: (String) -> Void) throws {
        let outURL = URL(fileURLWithPath: out).standardizedFileURL
        let inputs = paths.map { URL(fileURLWithPath: $0).standardizedFileURL }
        if inputs.contains(where: { $0.path == outURL.path }) {
            printError("error: --merge-reports \(Echo.quoted(out)) is also one of the reports it reads")
            throw ExitCode(1)
        }
        let merged: TestReportMerge
        do { merged = try TestReportMerge(reading: inputs) } catch {
            printError("error: \(error)")
            throw ExitCode(1)
        }
        if merged.missing > 0 {
            printError("warning: \(merged.missing) of the suite's \(merged.suiteCount) tests are in none of these "
                + "reports (a shard missing?)")
        }
        let results = merged.entries.map(\.result)
        for r in results { emit(json ? Self.jsonLine(r) : Self.textLine(r)) }
        try finish(results, entries: merged.entries, suiteCount: merged.suiteCount, shard: nil, reportDirectory: out,
                   invalidInput: false, environment: environment, emit: emit)
    }

    /// The summary, the report, the JUnit XML and the exit code of `results`.
    private func finish(_ results: [ReftestResult], entries: [TestReport.Entry], suiteCount: Int, shard: ReftestShard?,
                        reportDirectory: String?, invalidInput: Bool, environment: [String: String],
                        emit: (String) -> Void) throws {
        let count = { (s: ReftestResult.Status) in results.filter { $0.status == s }.count }
        let updated = results.filter(\.updated)
        if json {
            emit("{\"summary\": true, \"passed\": \(count(.pass)), \"failed\": \(count(.fail)), "
                 + "\"invalid\": \(count(.invalid)), \"errors\": \(count(.error)), \"updated\": \(updated.count)}")
        } else {
            emit("\(count(.pass)) passed, \(count(.fail)) failed, \(count(.invalid) + count(.error)) not judged"
                 + (updated.isEmpty ? "" : ", \(updated.count) reference(s) updated"))
            for r in updated { emit("updated: \(r.reftest.reference.path)") }
        }
        if let reportDirectory {
            let directory = URL(fileURLWithPath: reportDirectory)
            do { try TestReport(directory: directory).write(entries, suiteCount: suiteCount, shard: shard) } catch {
                printError("error: cannot write the report: \(error)")
                throw ExitCode(2)
            }
            printError("report: \(directory.appendingPathComponent("index.html").path)")
        }
        if let junit = junit ?? LaminaEnvironment.junitOutput(environment) {
            let suite = shard.map { "lamina test (shard \($0))" } ?? "lamina test"
            do { try writeOutput(Data(JUnitReport.xml(results, suite: suite).utf8), to: junit) } catch {
                printError("error: cannot write \(junit): \(error)")
                throw ExitCode(2)
            }
        }
        if count(.error) > 0 { throw ExitCode(2) }
        if count(.invalid) > 0 || invalidInput { throw ExitCode(1) }
        if count(.fail) > 0 { throw ExitCode(3) }
    }

    /// UPDATED, PASS, FAIL or ERROR.
    static func verdict(_ r: ReftestResult) -> String {
        r.updated ? "UPDATED" : r.status == .pass ? "PASS" : r.status == .fail ? "FAIL" : "ERROR"
    }

    static func textLine(_ r: ReftestResult) -> String {
        let detail = r.message.isEmpty ? "" : ": \(r.message)"
        return "\(verdict(r)) \(r.reftest.name) (\(r.reftest.origin))\(detail)"
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
