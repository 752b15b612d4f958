import Foundation
import LaminaCore
import LaminaGraph
import LaminaGeometry

/// What `lamina profile` counts for one pass: from the graph (the same on every backend), then, on the GPU,
/// what the renderer executed (`gpuExecuted`).
struct ProfilePassStats {
    var id: PassID
    var reason: PassReason
    var label: String
    var width: Int, height: Int
    /// Draw operations (a blur pass has none).
    var ops: Int
    /// Pixels the pass's work touches: for a draw pass the sum of its operations' pixel bounds (an upper
    /// bound on pixels blended, counting overdraw); for a blur the pass area times its taps in both
    /// directions, 2 x (2 ceil(3 sigma) + 1), the kernel `PassContent.blur` defines. On the GPU, replaced
    /// by the renderer's own count (`gpuExecuted`): for a draw pass the pixels of the quads it drew, after
    /// culling (pixels under a later opaque card are not drawn), and for a blur through the pyramid the
    /// downsampled levels' pixels, far fewer than the kernel's taps.
    var pixelsShaded: Int
    /// Draw calls the GPU issued for the pass (nil on the CPU, which has none).
    var drawCalls: Int?
    /// Blur sigma in pixels, for blur passes.
    var sigma: Double?
    /// The pass's time in milliseconds: wall time on the CPU backend, timer-query time on the GPU.
    var passMilliseconds: Double?
    /// GPU only: the pass's wall time in the timed frame, drained before and after (`FrameStats`), and when
    /// it started, in milliseconds after the frame started.
    var wallMilliseconds: Double?
    var wallStart: Double?
    /// The renderer held the pass's result from an earlier frame, so the timed frame did not draw it.
    var kept = false
    /// Only kept passes read it, so the timed frame did not draw it either.
    var skipped = false

    init(_ pass: Pass) {
        id = pass.id; reason = pass.reason; label = pass.label; width = pass.width; height = pass.height
        switch pass.content {
        case .draw(let list):
            ops = list.count
            pixelsShaded = list.reduce(0) { $0 + $1.bounds.area }
        case .blur(_, let s, let method):
            ops = 0
            sigma = s
            // Fetches per pixel of the GPU's method (BlurPyramid.cost), rounded up.
            let taps = Int(pixels: BlurPyramid.cost(sigma: s, method: method), .up, in: 0...PixelLimit.max)
            pixelsShaded = pass.width * pass.height * taps
        }
    }

    var targetBytes: Int { width * height * 4 }

    /// Takes the GPU's own counts of the pass (`FrameStats`): its draw calls and the pixels they covered.
    mutating func gpuExecuted(drawCalls: Int, pixels: Int) {
        self.drawCalls = drawCalls
        pixelsShaded = pixels
    }

    /// The time `table`'s share column weighs a pass by: its wall time where passes were drained and timed
    /// (GPU), else its pass time.
    var sharedMilliseconds: Double? { wallMilliseconds ?? passMilliseconds }

    /// Whether `table`'s share column is of pass time (every pass timed) rather than of pixels shaded.
    static func sharesTime(_ stats: [ProfilePassStats]) -> Bool {
        !stats.isEmpty && stats.allSatisfy { $0.sharedMilliseconds != nil }
    }

    /// Marks the passes `renderer` holds from the frames before (`Pass.retainKey`) `kept`, and those only they
    /// read `skipped`: the next frame draws neither. `stats` are `graph`'s passes, in order.
    static func markHeld(_ stats: inout [ProfilePassStats], graph: RenderGraph, by renderer: Renderer) {
        for i in stats.indices {
            stats[i].kept = graph.passes[i].retainKey.map(renderer.retains) ?? false
        }
        let run = graph.passesToRun(retained: Set(stats.filter(\.kept).map(\.id)))
        for i in stats.indices where !stats[i].kept && !run.contains(stats[i].id) { stats[i].skipped = true }
    }

    static func table(_ stats: [ProfilePassStats], canvasArea: Int) -> String {
        let byTime = sharesTime(stats)
        let walls = stats.contains { $0.wallMilliseconds != nil }
        let weight: (ProfilePassStats) -> Double = { byTime ? $0.sharedMilliseconds ?? 0 : Double($0.pixelsShaded) }
        let total = max(1e-12, stats.reduce(0) { $0 + weight($1) })
        var lines = [pad("pass", 10) + pad("reason", 18) + pad("label", 24) + lpad("size", 11) + lpad("ops", 12)
                     + lpad("draws", 7) + lpad("px shaded", 13) + lpad("share", 7)
                     + lpad(walls ? "gpu ms" : "pass ms", 9) + (walls ? lpad("wall ms", 9) : "")]
        for s in stats {
            let what = s.sigma.map { "blur s=\(String(format: "%.1f", $0))" } ?? "\(s.ops)"
            let label = s.label.isEmpty ? "-" : (s.label.count > 22 ? String(s.label.prefix(21)) + "~" : s.label)
            lines.append(pad("\(s.id)", 10) + pad(s.reason.rawValue, 18) + pad(label, 24)
                         + lpad("\(s.width)x\(s.height)", 11) + lpad(what, 12)
                         + lpad(s.drawCalls.map { "\($0)" } ?? "-", 7) + lpad("\(s.pixelsShaded)", 13)
                         + lpad(String(format: "%.1f%%", weight(s) * 100 / total), 7)
                         + lpad(s.kept ? "kept" : s.skipped ? "skipped"
                                : s.passMilliseconds.map { String(format: "%.3f", $0) } ?? "-", 9)
                         + (walls ? lpad(s.wallMilliseconds.map { String(format: "%.3f", $0) } ?? "-", 9) : ""))
        }
        lines.append("share: of " + (byTime ? (walls ? "the passes' wall time" : "the passes' time") : "pixels shaded")
                     + (stats.contains { $0.drawCalls != nil }
                        ? "; draws and px shaded as the GPU counted them (a blur: its pyramid levels)" : ""))
        if stats.contains(where: \.kept) {
            lines.append("kept: held from an earlier frame and not drawn (a rasterized layer, a drawing's store, a blur "
                         + "or a group's, mask's or effect's pass that recurs; LAMINA_KEEP_BLURS=0 draws those every "
                         + "frame); skipped: read only by kept passes")
        }
        return lines.joined(separator: "\n")
    }

    static func totals(_ stats: [ProfilePassStats], canvasArea: Int) -> String {
        let offscreen = stats.filter { $0.reason != .canvas }
        var byReason: [PassReason: Int] = [:]
        for s in offscreen { byReason[s.reason, default: 0] += 1 }
        let reasons = PassReason.allCases.compactMap { r in byReason[r].map { "\(r.rawValue) \($0)" } }
        let drawPixels = stats.filter { $0.sigma == nil }.reduce(0) { $0 + $1.pixelsShaded }
        let shaded = stats.reduce(0) { $0 + $1.pixelsShaded }
        let cpu = stats.compactMap(\.passMilliseconds)
        var lines = [
            "passes: \(stats.count) (offscreen \(offscreen.count)\(reasons.isEmpty ? "" : ": " + reasons.joined(separator: ", ")))",
            "draw operations: \(stats.reduce(0) { $0 + $1.ops })",
            "pixels shaded: \(shaded) (draws \(drawPixels), \(String(format: "%.2f", Double(drawPixels) / Double(max(1, canvasArea))))x the canvas)",
            "offscreen target memory: \(String(format: "%.1f", Double(offscreen.reduce(0) { $0 + $1.targetBytes }) / 1_048_576)) MiB",
        ]
        let walls = stats.compactMap(\.wallMilliseconds)
        if !cpu.isEmpty {
            let label = walls.isEmpty ? "pass time: " : "pass gpu time: "
            lines.append(label + String(format: "%.3f ms", cpu.reduce(0, +)))
        }
        if !walls.isEmpty { lines.append("pass wall time: \(String(format: "%.3f", walls.reduce(0, +))) ms") }
        return lines.joined(separator: "\n")
    }

    /// A warning when the timer queries account for less than half of the passes' wall time: the driver's
    /// queries do not enclose the work (llvmpipe rasterizes binned draws when they are flushed, which can
    /// fall outside a query), so their figures are not the passes' cost. Nil when they agree well enough or
    /// either is missing.
    static func timerCoverageWarning(_ stats: [ProfilePassStats]) -> String? {
        let timed = stats.filter { $0.passMilliseconds != nil && $0.wallMilliseconds != nil }
        guard !timed.isEmpty, timed.count == stats.count else { return nil }
        let gpu = timed.reduce(0) { $0 + ($1.passMilliseconds ?? 0) }
        let wall = timed.reduce(0) { $0 + ($1.wallMilliseconds ?? 0) }
        guard wall > 0, gpu < wall / 2 else { return nil }
        return String(format: "warning: the timer queries cover %.0f%% of the passes' wall time (%.3f of %.3f ms): ",
                      100 * gpu / wall, gpu, wall)
            + "this driver's queries do not enclose the passes' work; read \"wall ms\""
    }

    private static func pad(_ s: String, _ n: Int) -> String { BenchReport.pad(s, n) }
    private static func lpad(_ s: String, _ n: Int) -> String { BenchReport.lpad(s, n) }
}
