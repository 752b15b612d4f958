import ArgumentParser
import Foundation
import LaminaCore
import LaminaFixtures
import LaminaGL
import LaminaImage
import LaminaRaster
import LaminaGraph

/// `lamina profile SCENE.json`: where a frame's time goes, stage by stage and pass by pass.
///
/// Stages are timed from outside the renderers: decode, plan, renderer setup, the first (cold) frame,
/// warm frames, and PNG encoding. Upload, execute and read-back are inside `render(_:)` and are not
/// separated. On the CPU every pass is timed (`CPURenderer.render(_:observer:)`); on the GPU one more frame
/// is rendered with timer queries around each pass and glFinish before and after it (its wall time), and
/// the renderer's `FrameStats` give each pass's draw calls and pixels (its ops' bounds within the target,
/// before culling; a blur's pyramid levels).
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Per-stage and per-pass timings and counts of one scene; optionally a Perfetto trace or an overlay image.",
        discussion: """
        Prints stage wall times (decode, plan, renderer setup, first frame, warm frames, PNG encode), then one \
        row per pass: why it exists (PassReason), the layer that caused it, its size, its operations, its \
        draw calls (GPU), the pixels its work touches (sum of operation bounds; for a blur, area x taps, or \
        on the GPU the pyramid levels it drew), its share of the time (of the pixels where passes are not \
        timed) and its time: wall time in a warm frame on the CPU; on the GPU the timer-query time (gpu ms) \
        and the wall time with the pipeline drained before and after the pass (wall ms), with a warning when \
        the queries cover under half of it. Totals follow.

        --trace OUT.json writes Chrome trace events (open in https://ui.perfetto.dev or chrome://tracing). \
        --overlay hits-misses draws the frame right after the one 1/fps before it and tints each rasterized or \
        drawn layer green when its kept bitmap was reused, red when it was drawn again. \
        --overlay offscreen tints every layer composited from an offscreen pass yellow; --overlay blended \
        tints opaque unclipped rect fills green and every other draw red (per operation, not per pixel). \
        The overlay image is written to -o; without --overlay, -o writes the plain render.
        """)

    @Argument(help: "The scene file (lamina-scene/1 JSON).")
    var scene: String

    @Option(help: "Renderer: gpu (default) or cpu.")
    var backend: Backend = .gpu

    @OptionGroup var planning: PlanningOptions

    @OptionGroup var threads: CPUThreadsOption

    @Option(help: "Warm frames to time after the first.")
    var runs: Int = 5

    @Option(help: ArgumentHelp("Write a Chrome trace-event JSON file.", valueName: "OUT.json"))
    var trace: String?

    @Option(help: "Render a debug overlay: offscreen, blended or hits-misses (needs -o).")
    var overlay: ProfileOverlay?

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the rendered (or overlay) image here.", valueName: "OUT.png"))
    var output: String?

    @Option(help: ArgumentHelp("Profile every frame of this span of scene time instead of one frame, e.g. 0:2.",
                               valueName: "FROM:TO"))
    var timeline: String?

    @Option(help: "Frames per second of --timeline, 1 to 240 (the frame budget is 1/fps).")
    var fps: Double = 60

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
        if let timeline {
            guard let span = ProfileCommand.span(timeline) else {
                throw ValidationError("--timeline takes FROM:TO in seconds of scene time, e.g. 0:2, not \(timeline)")
            }
            guard fps.isFinite, (1...240).contains(fps) else { throw ValidationError("--fps must be 1 to 240, not \(fps)") }
            guard (span.to - span.from) * fps < 10_000 else {
                throw ValidationError("--timeline \(timeline) at \(fps) fps is over 10 000 frames (the limit)")
            }
            if overlay != nil || output != nil { throw ValidationError("--timeline profiles frames; it writes no image (-o, --overlay)") }
        }
        if overlay != nil, output == nil { throw ValidationError("--overlay needs -o OUT.png") }
    }

    /// `FROM:TO` as two finite times within ±1e9 s, FROM at most TO.
    static func span(_ text: String) -> (from: Double, to: Double)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), a.isFinite, b.isFinite,
              abs(a) <= 1e9, abs(b) <= 1e9, a <= b else { return nil }
        return (a, b)
    }

    func run() throws {
        if let timeline, let span = ProfileCommand.span(timeline) { return try runTimeline(span) }
        var clock = StageClock()
        let decoded = try clock.stage("decode") { try loadScene(scene) }
        let graph = try clock.stage("plan") { try planScene(decoded, path: scene, options: planning) }
        let renderer = try clock.stage("renderer setup") { try renderingStep("\(backend) backend") { try backend.makeRenderer(cpuThreads: threads.cpuThreads) } }
        let gpu = renderer as? GPURenderer
        let before = gpu?.counters
        var image = try clock.stage("first frame (cold: mips, uploads)") { try renderingStep("rendering") { try renderer.render(graph) } }
        var coldCounters: (drawCalls: Int, targetsCreated: Int, textureUploads: Int)?
        if let gpu, let before { coldCounters = ProfileCommand.delta(before, gpu.counters) }
        var warm: [Double] = []
        for i in 0..<runs {
            try clock.stage("warm frame \(i + 1)", record: &warm) {
                image = try renderingStep("rendering") { try renderer.render(try planning.planner.plan(decoded)) }
            }
        }
        var stats = graph.passes.map(ProfilePassStats.init)
        ProfilePassStats.markHeld(&stats, graph: graph, by: renderer)
        if let cpu = renderer as? CPURenderer {
            try timePasses(cpu, graph: graph, expected: image, stats: &stats, clock: &clock)
        }
        let timerNote = try gpu.map { try timeGPUPasses($0, graph: graph, stats: &stats, clock: &clock) } ?? ""
        let encoded = try clock.stage("encode PNG") { try renderingStep("encoding") { try PNG.encode(image) } }

        print("\(scene): \(graph.width)x\(graph.height) px, \(decoded.root.treeLayerCount - 1) layers, backend \(backend)")
        if let gpu { print("device: \(gpu.info)") }
        print("")
        print(clock.table(warm: warm))
        print("")
        print(ProfilePassStats.table(stats, canvasArea: graph.width * graph.height))
        print("")
        print(ProfilePassStats.totals(stats, canvasArea: graph.width * graph.height))
        if let c = coldCounters {
            print("gpu counters, first frame: \(c.drawCalls) draw calls, \(c.targetsCreated) targets created, \(c.textureUploads) texture uploads")
            print(timerNote)
        }
        print(String(format: "warm frame median: %.3f ms (%.1f fps)", BenchResult.median(warm), 1000 / max(1e-9, BenchResult.median(warm))))

        if let trace { try writeTrace(trace, clock: clock, stats: stats, counters: coldCounters) }
        if let output { try writeImage(output, plain: encoded, graph: graph, renderer: renderer, scene: decoded) }
    }

    /// One more frame with GL_EXT_disjoint_timer_query around each pass, its times and counts put in `stats`;
    /// the note that says what the times are.
    private func timeGPUPasses(_ gpu: GPURenderer, graph: RenderGraph, stats: inout [ProfilePassStats],
                               clock: inout StageClock) throws -> String {
        gpu.collectsGPUTimes = true
        _ = try clock.stage("per-pass timed frame") { try renderingStep("rendering") { try gpu.render(graph) } }
        gpu.collectsGPUTimes = false
        let times = Dictionary((gpu.lastFrameStats?.passes ?? []).compactMap { p in p.gpuTime.map { (p.id, $0 * 1000) } },
                               uniquingKeysWith: { a, _ in a })
        for i in stats.indices { stats[i].passMilliseconds = times[stats[i].id] }
        for executed in gpu.lastFrameStats?.passes ?? [] {
            guard let i = stats.firstIndex(where: { $0.id == executed.id }) else { continue }
            stats[i].gpuExecuted(drawCalls: executed.drawCalls, pixels: executed.pixels)
            stats[i].wallMilliseconds = executed.wallTime.map { $0 * 1000 }
            stats[i].wallStart = executed.wallStart.map { $0 * 1000 }
        }
        var note = (times.isEmpty
            ? "GPU timer queries: not available from this driver (GL_EXT_disjoint_timer_query missing or disjoint)"
            : "GPU timer queries: GL_EXT_disjoint_timer_query; \"gpu ms\" is GPU time per pass")
            + "; \"wall ms\" is each pass drained by glFinish before and after"
            + (gpu.info.glRenderer.hasPrefix("llvmpipe")
               ? " (queries turn llvmpipe's linear rasterizer off for the timed frame; warm frames run without them)"
               : "")
        if let warning = ProfilePassStats.timerCoverageWarning(stats) { note += "\n" + warning }
        return note
    }

    /// Times each pass of a warm frame through the observer hook and checks the hook drew the same image.
    private func timePasses(_ cpu: CPURenderer, graph: RenderGraph, expected: Image, stats: inout [ProfilePassStats],
                            clock: inout StageClock) throws {
        var times: [PassID: (end: Double, ms: Double)] = [:]
        let origin = clock.origin
        _ = try clock.stage("per-pass timed frame") {
            try renderingStep("rendering") {
                try cpu.render(graph) { id, ms in times[id] = (monotonicMilliseconds() - origin, ms) }
            }
        }
        for i in stats.indices { stats[i].passMilliseconds = times[stats[i].id]?.ms }
        clock.passEnds = times
    }

    private func writeTrace(_ path: String, clock: StageClock, stats: [ProfilePassStats],
                            counters: (drawCalls: Int, targetsCreated: Int, textureUploads: Int)?) throws {
        var t = ProfileTrace()
        t.threadNames = [1: "stages (\(backend))"]
        if !clock.passEnds.isEmpty { t.threadNames[2] = "cpu passes" }
        if stats.contains(where: { $0.drawCalls != nil && $0.sharedMilliseconds != nil }) {
            t.threadNames[3] = stats.contains { $0.wallMilliseconds != nil }
                ? "gpu passes (wall, drained)" : "gpu passes (timer queries)"
        }
        for s in clock.stages {
            var args: [(String, String)] = [("scene", jsonString(scene))]
            if s.name.hasPrefix("first frame"), let c = counters {
                args += [("draw_calls", "\(c.drawCalls)"), ("targets_created", "\(c.targetsCreated)"),
                         ("texture_uploads", "\(c.textureUploads)")]
            }
            t.add(s.name, category: "stage", thread: 1, start: s.start, duration: s.duration, args: args)
        }
        // GPU passes sit where their drained wall times put them in the timed frame; passes with a timer
        // query's duration only are laid end to end from the frame's start, in execution order.
        let timedFrame = clock.stages.first { $0.name == "per-pass timed frame" }?.start ?? 0
        var gpuClock = timedFrame
        for s in stats {
            var args: [(String, String)] = [("reason", jsonString(s.reason.rawValue)), ("label", jsonString(s.label)),
                                            ("width", "\(s.width)"), ("height", "\(s.height)"), ("ops", "\(s.ops)"),
                                            ("pixels_shaded", "\(s.pixelsShaded)")]
            if let d = s.drawCalls { args.append(("draw_calls", "\(d)")) }
            if s.drawCalls != nil, let ms = s.passMilliseconds { args.append(("gpu_ms", String(format: "%.3f", ms))) }
            if let end = clock.passEnds[s.id] {
                t.add("\(s.id) \(s.reason.rawValue)", category: "pass", thread: 2, start: end.end - end.ms,
                      duration: end.ms, args: args)
            } else if let start = s.wallStart, let ms = s.wallMilliseconds {
                t.add("\(s.id) \(s.reason.rawValue)", category: "pass", thread: 3, start: timedFrame + start,
                      duration: ms, args: args)
            } else if s.drawCalls != nil, let ms = s.passMilliseconds {
                t.add("\(s.id) \(s.reason.rawValue)", category: "pass", thread: 3, start: gpuClock, duration: ms,
                      args: args)
                gpuClock += ms
            }
        }
        try renderingStep("writing \(path)") { try writeOutput(Data(t.json.utf8), to: path) }
        print("trace: \(path)")
    }

    private func writeImage(_ path: String, plain: Data, graph: RenderGraph, renderer: Renderer, scene: Scene) throws {
        var data = plain
        if overlay == .hitsMisses {
            // A fresh renderer draws the frame 1/fps earlier, then this one: what it kept is what it reuses.
            let fresh = try renderingStep("\(backend) backend") { try backend.makeRenderer(cpuThreads: threads.cpuThreads) }
            var earlier = planning.planner
            earlier.time = (planning.time ?? scene.time ?? 0) - 1 / fps
            _ = try renderingStep("rendering the frame before") { try fresh.render(try earlier.plan(scene)) }
            let reused = Set(graph.passes.compactMap { p in p.retainKey.flatMap { fresh.retains($0) ? p.id : nil } })
            let image = try renderingStep("rendering the hits-misses overlay") {
                try fresh.render(ProfileOverlay.hitsMisses.apply(to: graph, reused: reused))
            }
            data = try renderingStep("encoding") { try PNG.encode(image) }
        } else if let overlay {
            let image = try renderingStep("rendering the \(overlay) overlay") { try renderer.render(overlay.apply(to: graph)) }
            data = try renderingStep("encoding") { try PNG.encode(image) }
        }
        try renderingStep("writing \(path)") { try writeOutput(data, to: path) }
        print("image: \(path)" + (overlay.map { " (\($0.rawValue) overlay)" } ?? ""))
    }

    static func delta(_ a: (drawCalls: Int, targetsCreated: Int, textureUploads: Int),
                      _ b: (drawCalls: Int, targetsCreated: Int, textureUploads: Int))
        -> (drawCalls: Int, targetsCreated: Int, textureUploads: Int) {
        (b.drawCalls - a.drawCalls, b.targetsCreated - a.targetsCreated, b.textureUploads - a.textureUploads)
    }
}

/// Wall times of named stages, relative to the first stage's start.
struct StageClock {
    struct Stage { var name: String; var start: Double; var duration: Double }
    let origin = monotonicMilliseconds()
    private(set) var stages: [Stage] = []
    /// CPU pass end times (ms from origin) and durations, when passes were timed.
    var passEnds: [PassID: (end: Double, ms: Double)] = [:]

    var now: Double { monotonicMilliseconds() - origin }

    mutating func stage<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        let start = now
        let value = try body()
        stages.append(Stage(name: name, start: start, duration: now - start))
        return value
    }

    mutating func stage(_ name: String, record: inout [Double], _ body: () throws -> Void) rethrows {
        try stage(name, body)
        record.append(stages[stages.count - 1].duration)
    }

    func table(warm: [Double]) -> String {
        var lines = ["stage" + String(repeating: " ", count: 29) + "ms"]
        for s in stages where !s.name.hasPrefix("warm frame ") {
            lines.append(BenchReport.pad(s.name, 30) + BenchReport.lpad(String(format: "%.3f", s.duration), 10))
        }
        if !warm.isEmpty {
            lines.append(BenchReport.pad("warm frames (median of \(warm.count))", 30)
                         + BenchReport.lpad(String(format: "%.3f", BenchResult.median(warm)), 10)
                         + String(format: "   min %.3f  max %.3f", warm.min() ?? 0, warm.max() ?? 0))
        }
        return lines.joined(separator: "\n")
    }
}
