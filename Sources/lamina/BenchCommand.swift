import ArgumentParser
import Foundation
import LaminaCore
import LaminaFixtures
import LaminaImage

/// `lamina bench [SCENE.json...]`: frames per second and milliseconds per frame, per scene and backend.
///
/// Without scene files it runs the generated suite (`BenchScenes`) and then prints how cost grows with
/// layer count and shadow radius; with files it benches those. Benchmarks are programs, not timed tests
/// (DESIGN.md, Performance): nothing here asserts a time.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time frames (plan + execute + read-back) of generated or given scenes on each backend.",
        discussion: """
        A frame is one tree-to-pixels-in-memory render: plan, execute, and on the GPU the read-back. Scene \
        generation or decoding and PNG encoding are excluded; images are uploaded (GPU) and mip-mapped during \
        warm-up and cached after it, as in a running app. Times are wall-clock, median of --runs after \
        --warmup frames. A measured frame is warm: what did not change since the frame before (the plan of \
        an unchanged tree, a draw's bytes, paths' coverage, recurring blurs, groups and masks) is kept, as a \
        compositor draws a committed tree again; --cold keeps none of it, as a single `lamina render` draws.

        Without SCENE files: the generated suite at 1920x1080 pixels (cards at scale 1 and 2, shadows from \
        alpha and from shadowPath, cards, shadows and text labels at fractional positions, a shadow-radius \
        sweep, masks, nested group opacity, trilinear minification, gradient cards, a replicator, wrapped text \
        labels and short interface labels, strokes, filled shapes, a layer-count sweep), a table, then \
        growth with layer count and shadow radius. \
        --export-scenes DIR writes the suite as lamina-scene/1 files for tools/skia_bench.sh instead.

        --json prints one object per scene and backend per line: scene, backend, runs, median_ms, min_ms, \
        max_ms, mean_ms, fps, plan_median_ms (on a warm frame of an unchanged tree, the check that it is \
        unchanged), peak_rss_mb (the process's peak so far, getrusage), start_rss_mb \
        (resident memory before any renderer or scene existed, /proc/self/statm), layers, width, height, passes.
        """)

    @Argument(help: ArgumentHelp("Scene files to bench instead of the generated suite.", valueName: "SCENE.json"))
    var scenes: [String] = []

    @Option(help: "Renderers: cpu, gpu or both.")
    var backend: BenchBackendChoice = .both

    @Option(help: "Measured frames per scene and backend.")
    var runs: Int = 10

    @Option(help: "Unmeasured frames before the measured ones.")
    var warmup: Int = 2

    @Option(help: "Stop measuring a scene after this many seconds once 3 frames are in (the runs count is reported).")
    var maxSeconds: Double = 20

    @Option(help: "Only scenes whose name contains this (suite) or whose path does (files).")
    var filter: String?

    @OptionGroup var threads: CPUThreadsOption
    var cpuThreads: Int? { threads.cpuThreads }

    @Flag(help: ArgumentHelp("Time cold frames: keep nothing a frame draws for the next (no plan, draw's bytes, path coverage, "
                             + "recurring blur, group or mask pass), as a single render draws. Text and drawings' stores, "
                             + "rasterized layers, uploaded images and texture grids' columns are still kept."))
    var cold = false

    @Flag(help: "One JSON object per scene and backend per line instead of the table.")
    var json = false

    @Option(help: ArgumentHelp("Write the (filtered) generated suite as lamina-scene/1 JSON and PNG files into DIR and exit.",
                               valueName: "DIR"))
    var exportScenes: String?

    @Flag(help: "List the generated scenes and exit.")
    var list = false

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
        guard warmup >= 0 else { throw ValidationError("--warmup must be 0 or more") }
        guard maxSeconds > 0 else { throw ValidationError("--max-seconds must be positive") }
        if exportScenes != nil, !scenes.isEmpty { throw ValidationError("--export-scenes writes the generated suite; give no SCENE files") }
    }

    func run() throws {
        let startRSS = currentRSSMegabytes()
        let suite = BenchScenes.suite.filter { filter.map($0.name.contains) ?? true }
        if list {
            for s in suite { print("\(s.name.padding(toLength: 22, withPad: " ", startingAt: 0)) \(s.pixelWidth)x\(s.pixelHeight)  \(s.summary)") }
            return
        }
        if let dir = exportScenes { return try export(suite, to: dir) }
        let items: [BenchItem]
        if scenes.isEmpty {
            guard !suite.isEmpty else { throw fail("no generated scene matches --filter \(filter ?? "")", code: 1) }
            items = suite.map { BenchItem(name: $0.name, sweep: $0.sweep, load: $0.makeScene) }
        } else {
            let paths = scenes.filter { filter.map($0.contains) ?? true }
            // Files are decoded before any timing, so a bad file fails fast and decoding is never timed.
            let decoded = try paths.map { path -> BenchItem in
                let scene = try loadScene(path)
                return BenchItem(name: path, sweep: nil, load: { scene })
            }
            items = decoded
        }
        let results = try BenchSession(backends: backend.backends, optional: backend == .both, cpuThreads: cpuThreads,
                                       options: cold ? BenchSession.cold(LaminaEnvironment.current) : LaminaEnvironment.current,
                                       timer: BenchTimer(warmup: warmup, runs: runs, maxSeconds: maxSeconds, keepsPlans: !cold),
                                       json: json, startRSS: startRSS).run(items)
        if !json, scenes.isEmpty { print(BenchReport.growth(results)) }
    }

    /// Writes each scene as `<name>.json` and its images as `<name>-<n>.png`, atomically.
    private func export(_ suite: [BenchScene], to dir: String) throws {
        let base = URL(fileURLWithPath: dir, isDirectory: true)
        try renderingStep("creating \(dir)") { try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true) }
        for bench in suite {
            let output: SceneExporter.Output
            do { output = try SceneExporter(imagePrefix: bench.name).export(bench.makeScene()) } catch {
                throw fail("\(bench.name): \(error)", code: 2)
            }
            try renderingStep("writing \(bench.name)") {
                for (file, bitmap) in output.images {
                    try AtomicFile.write(try PNG.encode(bitmap.image), to: base.appendingPathComponent(file))
                }
                try AtomicFile.write(output.json, to: base.appendingPathComponent(bench.name + ".json"))
            }
            print(base.appendingPathComponent(bench.name + ".json").path)
        }
    }

    private func fail(_ message: String, code: Int32) -> ExitCode {
        printError("lamina bench: error: \(message)")
        return ExitCode(code)
    }
}
