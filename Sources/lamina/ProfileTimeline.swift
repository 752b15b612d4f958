import Foundation
import LaminaCore
import LaminaGraph
import LaminaImage

/// `lamina profile SCENE --timeline FROM:TO --fps N`: what compositing costs over an animation, frame by frame,
/// with Core Animation Instruments' questions answered.
///
/// One renderer draws every frame in order, keeping what it keeps between frames as a display does (drawn
/// layers' backing stores and rasterized layers' bitmaps, `Pass.retainKey`). Per frame: its scene time, plan
/// and draw wall times, the passes the graph holds and how many were drawn or reused, the offscreen passes
/// by reason, and the rasterized layers' cache hits and misses; frames over the budget (1/fps) are marked.
/// Then the layers' cache record over the timeline, each miss with its cause, and the offscreen passes
/// drawn in every frame.
struct ProfileTimeline {
    /// The frames' times: `from`, `from + 1/fps`, ... up to `to` (included when it falls on a frame).
    static func times(from: Double, to: Double, fps: Double) -> [Double] {
        MediaTiming.frameTimes(from: from, to: to, fps: fps)
    }

    struct Frame {
        var time: Double
        var planMilliseconds: Double
        var drawMilliseconds: Double
        var passes: Int
        var drawn: Int
        var reused: Int
        /// Offscreen passes drawn this frame, by reason (the canvas and blurs aside).
        var offscreen: [PassReason: Int]
        /// The same passes as "reason: layer".
        var offscreenLayers: Set<String>
        /// The retained passes of the frame: the layer's label, whether it was reused, and its key.
        var cached: [(label: String, reason: PassReason, hit: Bool, key: PassRetainKey?)]
        var totalMilliseconds: Double { planMilliseconds + drawMilliseconds }
    }

    let budgetMilliseconds: Double
    private(set) var frames: [Frame] = []

    init(fps: Double) { budgetMilliseconds = 1000 / fps }

    /// Plans and draws the frame at `time` with `renderer`, and records it.
    mutating func run(_ scene: Scene, at time: Double, planner base: Planner, renderer: Renderer) throws -> Image {
        var planner = base
        planner.time = time
        let t0 = monotonicMilliseconds()
        let graph = try planner.plan(scene)
        let t1 = monotonicMilliseconds()
        // Which kept passes the renderer holds now, before the frame: those it reuses.
        let held = Set(graph.passes.compactMap { p in p.retainKey.flatMap { renderer.retains($0) ? p.id : nil } })
        let image = try renderer.render(graph)
        let t2 = monotonicMilliseconds()
        let run = graph.passesToRun(retained: held)
        var offscreen: [PassReason: Int] = [:], offscreenLayers: Set<String> = []
        var cached: [(label: String, reason: PassReason, hit: Bool, key: PassRetainKey?)] = []
        for pass in graph.passes.dropLast() where run.contains(pass.id) && pass.reason != .shadowBlur {
            offscreen[pass.reason, default: 0] += 1
            offscreenLayers.insert("\(pass.reason.rawValue): \(pass.label.isEmpty ? "(root)" : pass.label)")
        }
        for pass in graph.passes where pass.reason == .rasterization || pass.isLayerBitmap {
            cached.append((pass.label, pass.reason, held.contains(pass.id), pass.retainKey))
        }
        frames.append(Frame(time: time, planMilliseconds: t1 - t0, drawMilliseconds: t2 - t1, passes: graph.passes.count,
                            drawn: run.count, reused: held.count, offscreen: offscreen, offscreenLayers: offscreenLayers,
                            cached: cached))
        return image
    }

    // MARK: Report

    var table: String {
        var lines = ["frame    time s   plan ms   draw ms  total ms  passes  drawn  reused  cache hit/miss  offscreen passes drawn"]
        for (i, f) in frames.enumerated() {
            let hits = f.cached.filter(\.hit).count
            let offscreen = f.offscreen.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }
            lines.append(pad(i, 5) + pad(String(format: "%.3f", f.time), 9) + pad(ms(f.planMilliseconds), 10)
                         + pad(ms(f.drawMilliseconds), 10) + pad(ms(f.totalMilliseconds), 10) + pad(f.passes, 8)
                         + pad(f.drawn, 7) + pad(f.reused, 8) + pad("\(hits)/\(f.cached.count - hits)", 16) + "  "
                         + (offscreen.isEmpty ? "-" : offscreen.joined(separator: ", "))
                         + (f.totalMilliseconds > budgetMilliseconds ? "  OVER BUDGET" : ""))
        }
        return lines.joined(separator: "\n")
    }

    var summary: String {
        let totals = frames.map(\.totalMilliseconds).sorted()
        guard let worst = frames.max(by: { $0.totalMilliseconds < $1.totalMilliseconds }) else { return "no frames" }
        let over = frames.filter { $0.totalMilliseconds > budgetMilliseconds }
        var lines = [String(format: "%d frames: median %.3f ms, worst %.3f ms at %.3f s; %d over the %.1f ms budget",
                            frames.count, totals[totals.count / 2], worst.totalMilliseconds, worst.time, over.count,
                            budgetMilliseconds)]
        lines += cacheRecord
        lines += everyFrameOffscreen
        return lines.joined(separator: "\n")
    }

    /// Each cached layer's hits and misses over the timeline, a miss with its cause.
    private var cacheRecord: [String] {
        var order: [String] = [], record: [String: (reason: PassReason, hits: Int, first: Int, changed: Int, unkept: Int)] = [:]
        var lastKey: [String: PassRetainKey] = [:]
        for f in frames {
            for c in f.cached {
                let name = c.label.isEmpty ? "(root)" : c.label
                if record[name] == nil { order.append(name); record[name] = (c.reason, 0, 0, 0, 0) }
                if c.hit {
                    record[name]?.hits += 1
                } else if c.key == nil {
                    record[name]?.unkept += 1
                } else if lastKey[name] == nil {
                    record[name]?.first += 1
                } else {
                    record[name]?.changed += 1
                }
                if let key = c.key { lastKey[name] = key }
            }
        }
        guard !order.isEmpty else { return ["cached layers: none (no rasterized or drawn layer)"] }
        var lines = ["cached layers (rasterized bitmaps and drawn backing stores) over the timeline:"]
        for name in order {
            guard let r = record[name] else { continue }
            var causes: [String] = []
            if r.first > 0 { causes.append("\(r.first) first drawn") }
            if r.changed > 0 { causes.append("\(r.changed) redrawn because the subtree changed (it animates)") }
            if r.unkept > 0 { causes.append("\(r.unkept) not kept (it draws an image, whose pixels a key cannot name)") }
            let misses = r.first + r.changed + r.unkept
            lines.append("  \(name) (\(r.reason.rawValue)): \(r.hits) hits, \(misses) misses"
                         + (causes.isEmpty ? "" : ": " + causes.joined(separator: ", ")))
        }
        return lines
    }

    /// Offscreen passes drawn in every frame: work a still frame would not redo.
    private var everyFrameOffscreen: [String] {
        guard let first = frames.first else { return [] }
        let always = frames.dropFirst().reduce(first.offscreenLayers) { $0.intersection($1.offscreenLayers) }
        guard !always.isEmpty else { return ["layers drawn offscreen in every frame: none"] }
        let listed = always.sorted().prefix(20)
        return ["layers drawn offscreen in every frame (reason: layer):"] + listed.map { "  " + $0 }
            + (always.count > listed.count ? ["  and \(always.count - listed.count) more"] : [])
    }

    /// One track per frame in a Chrome trace: the frame, and its plan and draw stages.
    func trace(scene: String) -> ProfileTrace {
        var t = ProfileTrace()
        var clock = 0.0
        for (i, f) in frames.enumerated() {
            let tid = 100 + i
            t.threadNames[tid] = String(format: "frame %d (%.3f s)", i, f.time)
            let args: [(String, String)] = [("scene", jsonString(scene)), ("time_s", "\(f.time)"), ("passes", "\(f.passes)"),
                                           ("drawn", "\(f.drawn)"), ("reused", "\(f.reused)"),
                                           ("over_budget", "\(f.totalMilliseconds > budgetMilliseconds)")]
            t.add("frame \(i)", category: "frame", thread: tid, start: clock, duration: f.totalMilliseconds, args: args)
            t.add("plan", category: "stage", thread: tid, start: clock, duration: f.planMilliseconds)
            t.add("draw", category: "stage", thread: tid, start: clock + f.planMilliseconds, duration: f.drawMilliseconds)
            clock += f.totalMilliseconds
        }
        return t
    }

    private func ms(_ v: Double) -> String { String(format: "%.3f", v) }
    private func pad(_ v: Any, _ n: Int) -> String {
        let s = "\(v)"
        return s.count >= n ? s : String(repeating: " ", count: n - s.count) + s
    }
}

extension ProfileCommand {
    /// `--timeline`: every frame of the span on one renderer, then the per-frame table and the summary.
    func runTimeline(_ span: (from: Double, to: Double)) throws {
        let decoded = try loadScene(scene)
        let renderer = try renderingStep("\(backend) backend") { try backend.makeRenderer(cpuThreads: threads.cpuThreads) }
        var profile = ProfileTimeline(fps: fps)
        let times = ProfileTimeline.times(from: span.from, to: span.to, fps: fps)
        for t in times {
            _ = try renderingStep(String(format: "rendering the frame at %.3f s", t)) {
                try profile.run(decoded, at: t, planner: planning.planner, renderer: renderer)
            }
        }
        print("\(scene): timeline \(span.from) to \(span.to) s at \(fps) fps, \(times.count) frames, backend \(backend), "
              + String(format: "budget %.1f ms a frame", profile.budgetMilliseconds))
        print("")
        print(profile.table)
        print("")
        print(profile.summary)
        if let trace {
            try renderingStep("writing \(trace)") {
                try AtomicFile.write(Data(profile.trace(scene: scene).json.utf8), to: URL(fileURLWithPath: trace))
            }
        }
    }
}
