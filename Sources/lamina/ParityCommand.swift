import ArgumentParser
import Foundation
import LaminaCore
import LaminaFixtures
import LaminaGL
import LaminaParity
import LaminaRaster
import LaminaImage

/// `lamina parity`: renders scenes on the CPU reference and on the GPU, compares them against each
/// scene's `fuzzy(maxDiff, maxPixels)` tolerance, and optionally writes an HTML report.
///
/// The command reads arguments, prints and maps outcomes to exit codes; rendering and comparing live in
/// `LaminaParity.ParityRunner`, which the corpus test uses too, so the command and the test judge alike.
struct ParityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parity",
        abstract: "Render scenes on the CPU and the GPU and compare them.",
        discussion: """
        Each scene is planned once and rendered on both backends. One line per scene gives the largest channel \
        difference (0-255), the pixels differing by more than 2, PSNR, the mean absolute difference over \
        all channels (a systematic one-step difference shows there), the scene's tolerance \
        fuzzy(maxDiff, maxPixels) (fuzzy(2, 0) when it states none) and PASS or FAIL; then a summary. A \
        directory stands for every *.json file directly inside it, in name order.

        --report DIR writes DIR/index.html and, per scene, DIR/<scene>-cpu.png, -gpu.png and -heat.png.

        Exit codes (the most serious wins):
          2  the GPU backend cannot start (parity needs it), a renderer failed,
             or the report cannot be written
          1  a scene or path was refused (the other scenes are still checked)
          3  a scene is over its tolerance
          0  every scene within its tolerance
        """)

    @Argument(help: ArgumentHelp("Scene files, or directories of scene files.", valueName: "scene"))
    var scenes: [String] = []

    @Option(help: ArgumentHelp("Check this many random app-like scenes (RandomScene) instead of, or with, files.",
                               valueName: "N"))
    var random: Int?

    @Option(help: "The seed of the random scenes.")
    var seed: UInt64 = 1

    @Option(help: "With --random, the largest shadow blur sigma in pixels (the GPU blurs above 4 through a pyramid).")
    var maxShadowSigma: Double = RandomScene.defaultMaxShadowSigma

    @Option(help: ArgumentHelp("With --random, write each failing scene here, minimised (layers and keys removed while it still fails).",
                               valueName: "dir"))
    var failures: String?

    @Option(name: .long, help: ArgumentHelp(
        "Write an HTML report (index.html, CPU, GPU and heat-map PNGs) into this directory.", valueName: "dir"))
    var report: String?

    @Option(help: ArgumentHelp("Check every scene at this moment of its animations, in seconds of scene time; default: each scene's own \"time\", else 0.",
                               valueName: "seconds"))
    var time: Double?

    @Flag(help: "Print one JSON object per scene, then a summary object, instead of the table.")
    var json = false

    func run() throws {
        var outcomes: [ParityOutcome] = []
        var files: [URL] = []
        for path in scenes {
            do { files += try ParityRunner.sceneFiles(at: URL(fileURLWithPath: path)) } catch {
                printError("error: \(error)")
                outcomes.append(.failed(name: path, sceneURL: nil, error: error))
            }
        }
        let report = try reportStep { try self.report.map { try ParityReport(directory: URL(fileURLWithPath: $0)) } }
        try reportStep { try outcomes.forEach { try report?.add($0) } }  // the paths refused above

        if !files.isEmpty || random != nil {
            let runner: ParityRunner
            var planner = Planner(options: LaminaEnvironment.current)
            if let time {
                guard time.isFinite, abs(time) <= 1e9 else {
                    printError("error: --time must be a finite number of seconds within ±1e9, found \(time)")
                    throw ExitCode(1)
                }
                planner.time = time
            }
            do {
                runner = ParityRunner(gpu: try LaminaEnvironment.gpuRenderer(),
                                      cpu: CPURenderer(options: LaminaEnvironment.current), planner: planner)
            } catch {
                printError("error: \(ParityCommand.gpuStartMessage(error))")
                throw ExitCode(2)
            }
            if !files.isEmpty { outcomes += try check(files, with: runner, report: report) }
            if let random { outcomes += try checkRandom(count: random, with: runner) }
        }

        let summary = ParitySummary(outcomes)
        if json {
            print("{\"summary\": true, \"passed\": \(summary.passed), \"failed\": \(summary.failed), "
                  + "\"invalid\": \(summary.invalid), \"unrenderable\": \(summary.broken)}")
        } else {
            print(summary.line)
        }
        if let report {
            try reportStep { try report.finish(summary: summary.line) }
            printError("report: \(report.directory.appendingPathComponent("index.html").path)")
        }
        if summary.exitCode != 0 { throw ExitCode(summary.exitCode) }
    }

    /// Checks each file in turn, printing its row as soon as it is known and adding it to the report.
    private func check(_ files: [URL], with runner: ParityRunner, report: ParityReport?) throws -> [ParityOutcome] {
        let table = ParityTable(names: files.map(ParityRunner.sceneName))
        if !json { print(table.header) }
        let progress = Progress()
        defer { progress.clear() }
        var outcomes: [ParityOutcome] = []
        for (index, file) in files.enumerated() {
            let name = ParityRunner.sceneName(file)
            progress.show("parity: [\(index + 1)/\(files.count)] \(name)")
            let outcome: ParityOutcome
            do { outcome = .compared(try runner.check(contentsOf: file)) } catch {
                outcome = .failed(name: name, sceneURL: file, error: error)
            }
            progress.clear()
            if case .failed(_, _, let error) = outcome { printError("error: \(error)") }
            print(json ? Self.jsonLine(outcome) : table.row(outcome))
            try reportStep { try report?.add(outcome) }
            outcomes.append(outcome)
        }
        return outcomes
    }

    /// One scene's outcome as a JSON object.
    static func jsonLine(_ outcome: ParityOutcome) -> String {
        switch outcome {
        case .compared(let r):
            let c = r.comparison
            var fields = ["\"scene\": \(JSONText.quoted(r.name))", "\"passed\": \(r.passed)",
                          "\"maxDifference\": \(c.maxDifference)", "\"pixelsOverThreshold\": \(r.pixelsOverThreshold)",
                          "\"psnr\": \(c.psnr.isInfinite ? "null" : String(format: "%.4f", c.psnr))",
                          "\"meanDifference\": \(String(format: "%.4f", c.meanDifference))",
                          "\"maxDiff\": \(r.tolerance.maxDiff)", "\"maxPixels\": \(r.tolerance.maxPixels)"]
            if let at = c.largestDifferenceAt { fields.append("\"largestAt\": {\"x\": \(at.x), \"y\": \(at.y)}") }
            return "{" + fields.joined(separator: ", ") + "}"
        case .failed(let name, _, let error):
            let invalid = (error as? ParityError)?.isInvalidInput ?? true
            return "{\"scene\": \(JSONText.quoted(name)), \"passed\": false, \"status\": \"\(invalid ? "invalid" : "unrenderable")\", "
                + "\"message\": \(JSONText.quoted("\(error)"))}"
        }
    }

    /// `--random N`: scenes `random-<seed>-<i>` checked in turn; failures minimised into `--failures`.
    private func checkRandom(count: Int, with runner: ParityRunner) throws -> [ParityOutcome] {
        guard (1...100_000).contains(count) else { throw ValidationError("--random takes 1 to 100000 scenes") }
        guard RandomScene.shadowSigmaRange.contains(maxShadowSigma) else {
            throw ValidationError("--max-shadow-sigma must be in 0...1000")
        }
        let generator = RandomScene(maxShadowSigma: maxShadowSigma)
        let table = ParityTable(names: ["random-\(seed)-\(count)"])
        if !json { print(table.header) }
        var outcomes: [ParityOutcome] = []
        let minimiser = RandomParity(runner: runner)
        for i in 0..<count {
            let name = "random-\(seed)-\(i)"
            let text = generator.json(seed: seed, index: i)
            let outcome: ParityOutcome
            do {
                outcome = .compared(try runner.check(try SceneDecoder().decode(Data(text.utf8)), name: name))
            } catch {
                outcome = .failed(name: name, sceneURL: nil, error: error)
            }
            if case .compared(let r) = outcome, !r.passed, let failures,
               let doc = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] {
                let small = minimiser.minimise(doc)
                let data = try JSONSerialization.data(withJSONObject: small, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
                let url = URL(fileURLWithPath: failures).appendingPathComponent(name + ".json")
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try writeOutput(data, to: url.path)
                printError("minimised: \(url.path)")
            }
            print(json ? Self.jsonLine(outcome) : table.row(outcome))
            outcomes.append(outcome)
        }
        return outcomes
    }

    /// Runs a report-writing step; a failure is an I/O failure, exit code 2.
    @discardableResult
    private func reportStep<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch {
            printError("error: cannot write the report: \(error)")
            throw ExitCode(2)
        }
    }

    /// Why the GPU backend did not start, without the `--backend cpu` hint other commands give: parity
    /// has no CPU-only mode.
    static func gpuStartMessage(_ error: Error) -> String {
        let detail: String
        if case GLError.noPlatform(let attempts) = error {
            detail = "no EGL platform gave an OpenGL ES 3.0 context:\n" + attempts.map { "  - \($0)" }.joined(separator: "\n")
        } else {
            detail = "\(error)"
        }
        return "the GPU backend cannot start, and parity needs it (it compares the GPU with the CPU reference): "
            + detail
    }
}

/// What happened to one scene: compared (within its tolerance or not), or no comparison at all.
enum ParityOutcome {
    case compared(ParityResult)
    case failed(name: String, sceneURL: URL?, error: Error)

    var name: String {
        switch self {
        case .compared(let r): return r.name
        case .failed(let name, _, _): return name
        }
    }
}

/// The counts printed last and the exit code they imply.
struct ParitySummary {
    var passed = 0, failed = 0, invalid = 0, broken = 0

    init(_ outcomes: [ParityOutcome]) {
        for outcome in outcomes {
            switch outcome {
            case .compared(let r): if r.passed { passed += 1 } else { failed += 1 }
            case .failed(_, _, let error):
                if (error as? ParityError)?.isInvalidInput ?? true { invalid += 1 } else { broken += 1 }
            }
        }
    }

    /// `"38 passed, 2 failed"`, with the invalid and unrenderable counts when there are any.
    var line: String {
        var parts = ["\(passed) passed", "\(failed) failed"]
        if invalid > 0 { parts.append("\(invalid) invalid") }
        if broken > 0 { parts.append("\(broken) could not be rendered") }
        return parts.joined(separator: ", ")
    }

    /// 2 for a renderer failure, then 1 for refused input, then 3 for a scene over its tolerance.
    var exitCode: Int32 {
        if broken > 0 { return 2 }
        if invalid > 0 { return 1 }
        if failed > 0 { return 3 }
        return 0
    }
}

/// The aligned text table `lamina parity` prints.
struct ParityTable {
    private let nameWidth: Int

    init(names: [String]) {
        nameWidth = max(5, names.map(\.count).max() ?? 0)
    }

    var header: String {
        pad("scene", nameWidth) + "  " + lpad("max diff", 8) + "  " + lpad("pixels > 2", 10) + "  "
            + lpad("PSNR", 10) + "  " + lpad("mean", 6) + "  " + pad("tolerance", 16) + "  result"
    }

    func row(_ outcome: ParityOutcome) -> String {
        switch outcome {
        case .compared(let r):
            return pad(r.name, nameWidth) + "  " + lpad("\(r.comparison.maxDifference)", 8) + "  "
                + lpad("\(r.pixelsOverThreshold)", 10) + "  " + lpad(ParityResult.psnrText(r.comparison.psnr), 10)
                + "  " + lpad(String(format: "%.3f", r.comparison.meanDifference), 6) + "  " + pad(r.toleranceText, 16)
                + "  " + (r.passed ? "PASS" : "FAIL")
        case .failed(let name, _, let error):
            let invalid = (error as? ParityError)?.isInvalidInput ?? true
            return pad(name, nameWidth) + "  " + lpad("-", 8) + "  " + lpad("-", 10) + "  " + lpad("-", 10) + "  " + lpad("-", 6) + "  "
                + pad("-", 16) + "  " + (invalid ? "INVALID" : "ERROR")
        }
    }

    private func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
    private func lpad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
}

/// The progress line on standard error: rewritten in place on a terminal, one line per step otherwise.
final class Progress {
    private let inPlace = isatty(STDERR_FILENO) == 1
    private var showing = false

    func show(_ text: String) {
        if inPlace {
            FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
            showing = true
        } else {
            printError(text)
        }
    }

    func clear() {
        guard showing else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        showing = false
    }
}
