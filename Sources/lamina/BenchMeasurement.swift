import ArgumentParser
import Foundation
import LaminaCore
import LaminaFixtures
import LaminaGL
import LaminaRaster
#if canImport(Glibc)
import Glibc
import LaminaGraph
#endif

/// The renderers a bench run times: `cpu`, `gpu`, or both, made once and reused for every scene (so the
/// GPU's programs, target pool and texture cache are warm, as a compositor's would be).
enum BenchBackendChoice: String, ExpressibleByArgument, CaseIterable {
    case cpu, gpu, both

    var backends: [Backend] {
        switch self {
        case .cpu: return [.cpu]
        case .gpu: return [.gpu]
        case .both: return [.gpu, .cpu]
        }
    }
}

/// The result of timing one scene on one backend.
struct BenchResult {
    var scene: String
    var backend: String
    /// Frame times in milliseconds (plan + execute + read-back), in run order.
    var frames: [Double]
    /// Planning time of each run, milliseconds.
    var plans: [Double]
    var layers: Int
    var width: Int, height: Int
    var passes: Int
    var peakRSSMegabytes: Double
    /// Resident set size when the session started, before any renderer or scene existed (the runtime's
    /// and libraries' own pages); nil where /proc is not available.
    var startRSSMegabytes: Double? = nil
    var sweep: BenchScene.Sweep?

    var median: Double { BenchResult.median(frames) }
    var min: Double { frames.min() ?? 0 }
    var max: Double { frames.max() ?? 0 }
    var mean: Double { frames.isEmpty ? 0 : frames.reduce(0, +) / Double(frames.count) }
    var fps: Double { median > 0 ? 1000 / median : 0 }
    var planMedian: Double { BenchResult.median(plans) }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let s = values.sorted(), n = s.count
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2
    }

    /// One JSON object on one line; keys in a fixed order, scene and backend first.
    var jsonLine: String {
        func n(_ v: Double) -> String { String(format: "%.3f", v) }
        var fields: [(String, String)] = [
            ("scene", jsonString(scene)), ("backend", jsonString(backend)), ("runs", "\(frames.count)"),
            ("median_ms", n(median)), ("min_ms", n(min)), ("max_ms", n(max)), ("mean_ms", n(mean)),
            ("fps", n(fps)), ("plan_median_ms", n(planMedian)), ("peak_rss_mb", n(peakRSSMegabytes)),
        ]
        if let start = startRSSMegabytes { fields.append(("start_rss_mb", n(start))) }
        fields += [
            ("layers", "\(layers)"), ("width", "\(width)"), ("height", "\(height)"), ("passes", "\(passes)"),
        ]
        switch sweep {
        case .layerCount(let c)?: fields.append(("sweep_layers", "\(c)"))
        case .shadowRadius(let r)?: fields.append(("sweep_shadow_radius", n(r)))
        case nil: break
        }
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }
}

/// A JSON string literal.
func jsonString(_ s: String) -> String { JSONText.quoted(s) }

#if os(Linux)
private let RUSAGE_SELF_WHO = __rusage_who_t(RUSAGE_SELF.rawValue)
#else
private let RUSAGE_SELF_WHO = RUSAGE_SELF
#endif

/// Peak resident set size of this process so far, in MiB (getrusage; ru_maxrss is KiB on Linux, bytes on
/// macOS). It only grows, so in a multi-scene run it is the peak up to and including that scene.
func peakRSSMegabytes() -> Double {
    var usage = rusage()
    guard getrusage(RUSAGE_SELF_WHO, &usage) == 0 else { return 0 }
    #if os(Linux)
    return Double(usage.ru_maxrss) / 1024
    #else
    return Double(usage.ru_maxrss) / (1024 * 1024)
    #endif
}

/// Resident set size of this process now, in MiB, from /proc/self/statm (its second field, in pages); nil
/// where there is no /proc.
func currentRSSMegabytes() -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return nil }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / (1024 * 1024)
}

/// Times frames of one decoded scene on one renderer.
///
/// A frame is what a compositor does per vsync with a tree already in memory: plan the tree, execute the
/// graph, read the canvas back into memory. Scene generation or decoding and PNG encoding are outside it.
/// Warm-up frames run first and are not counted: they build image mip chains (cached on `Bitmap`) and,
/// on the GPU, upload textures (cached by `Bitmap`), as a running app would have done before.
struct BenchTimer {
    var warmup: Int
    var runs: Int
    /// After this many seconds of measured runs, stop early once at least `minimumRuns` are in.
    var maxSeconds: Double
    var minimumRuns = 3
    /// Whether the planner keeps its last plan while the tree does not change (`RetainedPlan`), as a
    /// compositor draws a committed tree; off (`--cold`), every frame plans the tree.
    var keepsPlans = true

    func measure(_ scene: Scene, renderer: Renderer) throws -> (frames: [Double], plans: [Double], passes: Int) {
        var planner = Planner(options: LaminaEnvironment.current)
        if keepsPlans { planner.retained = RetainedPlan() }
        var passes = 0
        for _ in 0..<warmup {
            let graph = try planner.plan(scene)
            passes = graph.passes.count
            _ = try renderer.render(graph)
        }
        var frames: [Double] = [], plans: [Double] = []
        let start = monotonicMilliseconds()
        while frames.count < runs {
            let t0 = monotonicMilliseconds()
            let graph = try planner.plan(scene)
            let t1 = monotonicMilliseconds()
            let image = try renderer.render(graph)
            let t2 = monotonicMilliseconds()
            precondition(image.width == graph.width, "renderer returned a canvas of the wrong size")
            passes = graph.passes.count
            frames.append(t2 - t0)
            plans.append(t1 - t0)
            if frames.count >= minimumRuns, (t2 - start) / 1000 > maxSeconds { break }
        }
        return (frames, plans, passes)
    }
}
