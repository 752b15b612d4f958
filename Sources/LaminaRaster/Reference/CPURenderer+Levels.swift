import Dispatch
import Foundation
import LaminaGeometry
import LaminaGraph
import LaminaImage

/// Passes by levels (`RenderGraph.levels(running:)`): the passes of one level read only passes of lower
/// levels, so the small ones run at once. A scene of many small offscreen passes (groups, masks) keeps every
/// core busy that way, where each pass alone is too small to split into bands worth waking the workers for;
/// a large pass runs alone on every worker. Each pass draws exactly what it draws alone (band and thread
/// counts never show), so the bytes do not depend on it.
extension CPURenderer {
    /// What one pass made: its pixels, a gray blur's alpha plane, and its wall time in milliseconds.
    struct PassOutput {
        var image: Image
        var alpha: [UInt8]?
        var milliseconds: Double
    }

    /// Runs the passes of one level; outcomes in the level's order. A pass of at least `splitPixels` pixels
    /// splits into bands worth every worker, so such passes run one after another, each on all of them:
    /// run at once, two unequal ones (a shadow atlas of 146 shapes beside one of 52) kept one core idle
    /// while the larger one finished on the other. The smaller passes then run at once
    /// (`runAtOnce`).
    func runLevel(_ passes: [Pass], graph: RenderGraph, results: [PassID: Image], alphas: [PassID: [UInt8]],
                  samplers: inout [ImageID: TextureSampler]) -> [Result<PassOutput, Error>] {
        guard passes.count > 1, bandCount > 4 else {
            return passes.map { pass in Result { try run(pass, graph: graph, results: results, alphas: alphas, samplers: &samplers) } }
        }
        var outcomes = [Result<PassOutput, Error>?](repeating: nil, count: passes.count)
        var small: [Int] = []
        for (k, pass) in passes.enumerated() {
            guard pass.width * pass.height >= CPURenderer.splitPixels else { small.append(k); continue }
            outcomes[k] = Result { try run(pass, graph: graph, results: results, alphas: alphas, samplers: &samplers) }
        }
        let rest = runAtOnce(small.map { passes[$0] }, graph: graph, results: results, alphas: alphas, samplers: &samplers)
        for (k, outcome) in zip(small, rest) { outcomes[k] = outcome }
        return outcomes.map { $0 ?? .failure(RenderGraphDefect("a pass was not run")) }
    }

    /// Passes of at least this many pixels run on every worker, one after another (`runLevel`).
    static let splitPixels = 1 << 18

    /// Runs `passes` at once when there are several, each with its own copy of the image samplers (merged
    /// back after) and a share of the workers; outcomes in their order.
    private func runAtOnce(_ passes: [Pass], graph: RenderGraph, results: [PassID: Image], alphas: [PassID: [UInt8]],
                           samplers: inout [ImageID: TextureSampler]) -> [Result<PassOutput, Error>] {
        guard passes.count > 1 else {
            return passes.map { pass in Result { try run(pass, graph: graph, results: results, alphas: alphas, samplers: &samplers) } }
        }
        let shared = samplers
        // The level's workers run its passes, and each pass splits among what is left of them, so the
        // level keeps to the renderer's threads.
        let inner = max(1, threads / passes.count)
        var outcomes = [Result<PassOutput, Error>?](repeating: nil, count: passes.count)
        var made = [[ImageID: TextureSampler]](repeating: [:], count: passes.count)
        outcomes.withUnsafeMutableBufferPointer { out in
            made.withUnsafeMutableBufferPointer { kept in
                let (out, kept) = (out, kept)
                Workers.perform(iterations: passes.count, workers: threads) { k in
                    var own = shared
                    out[k] = Result {
                        try run(passes[k], graph: graph, results: results, alphas: alphas, samplers: &own, besideOthers: true,
                                workers: inner)
                    }
                    kept[k] = own
                }
            }
        }
        for own in made { samplers.merge(own) { first, _ in first } }
        return outcomes.map { $0 ?? .failure(RenderGraphDefect("a pass was not run")) }
    }

    /// One pass: a draw pass's operations prepared and drawn, or a blur of a pass below it.
    func run(_ pass: Pass, graph: RenderGraph, results: [PassID: Image], alphas: [PassID: [UInt8]],
             samplers: inout [ImageID: TextureSampler], besideOthers: Bool = false,
             workers: Int? = nil) throws -> PassOutput {
        let workers = workers ?? threads
        let start = monotonicMilliseconds()
        switch pass.content {
        case .draw(let ops):
            let prepared = try PreparedOp.prepare(ops, graph: graph, passes: results, samplers: &samplers,
                                                  fastPaths: fastPaths, fusesBorders: fusesBorders, alphas: alphas,
                                                  kept: fastPaths.contains(.keptPaths) ? keptPaths : nil,
                                                  draws: fastPaths.contains(.keptDraws) ? keptDraws : nil,
                                                  workers: workers)
            let isCanvas = pass.id == graph.passes.last?.id
            let clear = isCanvas ? Image.clearPattern(graph.clearColor) : 0
            let image = draw(prepared, width: pass.width, height: pass.height, clear: clear, besideOthers: besideOthers,
                             workers: workers)
            return PassOutput(image: image, alpha: nil, milliseconds: monotonicMilliseconds() - start)
        case .blur(let source, let sigma, _):
            guard let src = results[source] else { throw RenderGraphDefect("\(pass.id) blurs \(source) before it is rendered") }
            let (image, alpha) = GaussianBlur.applyWithAlpha(to: src, sigma: sigma, bands: workers * 4, pool: bufferPool)
            return PassOutput(image: image, alpha: alpha, milliseconds: monotonicMilliseconds() - start)
        }
    }
}

extension CPURenderer {
    /// The rows where `bands` bands of a `width` x `height` pass start, and its height: bands of about equal
    /// work, each row weighing its width (its clear) plus the widths of the operations (their `bounds`) over
    /// it, so a pass whose operations crowd a few rows (a replicator's spiral, cards near the middle) does not
    /// leave one worker with the crowded band while the others are done. With more rows than bands every band
    /// has a row at least (with fewer, the last bands are empty and skipped); which rows a band holds never
    /// shows in the bytes (`draw`).
    static func bandLimits(_ bounds: [PixelRect], width: Int, height: Int, bands: Int) -> [Int] {
        guard bands > 1, height > bands else {
            return (0...bands).map { min(height, $0 * max(1, (height + bands - 1) / bands)) }
        }
        var change = [Int](repeating: 0, count: height + 1)
        for b in bounds {
            let y0 = max(0, b.y0), y1 = min(height, b.y1)
            let w = min(width, b.x1) - max(0, b.x0)
            guard y0 < y1, w > 0 else { continue }
            change[y0] += w
            change[y1] -= w
        }
        var weights = [Int](repeating: 0, count: height), running = 0, total = 0
        for y in 0..<height {
            running += change[y]
            weights[y] = width + running
            total += weights[y]
        }
        var limits = [0], sum = 0
        for y in 0..<height {
            sum += weights[y]
            // Band k starts once the rows so far weigh k / bands of the whole, leaving a row for each band
            // after it; where only that many rows are left, every band after takes one.
            let k = limits.count
            guard k < bands else { continue }
            let rowsLeft = height - (y + 1), bandsLeft = bands - k
            if rowsLeft == bandsLeft || (sum * bands >= total * k && rowsLeft >= bandsLeft) { limits.append(y + 1) }
        }
        limits.append(height)
        return limits
    }
}
