import Dispatch
import Foundation
import LaminaGraph
import LaminaImage

/// The CPU reference renderer: executes a `RenderGraph` exactly as its contracts say.
///
/// Passes run in order of their inputs, those of one level at once (`RenderGraph.levels(running:)`). A draw pass is
/// split into horizontal bands processed in parallel (both cores);
/// inside a band every operation is applied in order over its pixel bounds, so the result does not depend
/// on the number of threads. Each blend is rounded to 8 bits as the GPU's RGBA8 framebuffer stores it.
public final class CPURenderer: Renderer {
    /// The worker threads it draws on (`Workers`), and its bands: four a thread.
    let threads: Int
    var bandCount: Int { threads * 4 }
    let fastPaths: CPUFastPaths
    let fusesBorders: Bool
    /// Whether a recurring blur, group or mask pass is kept (`RenderOptions.keepsRecurringBlurs`).
    let keepsBlurs: Bool
    private let scratchPool = ScratchPool()
    let bufferPool = BufferPool()
    /// Results of retained passes (`Pass.retainKey`: drawn backing stores, rasterized layers, recurring
    /// blurs, groups and masks) kept between frames, 256 MiB, so a scene rendered again skips them and the passes only they
    /// read. Which are kept once drawn is `retainPolicy`'s choice.
    let retained = ByteBoundedCache<PassRetainKey, RetainedPass>(capacityBytes: 256 << 20) { $0.bytes }
    let retainPolicy = RetainPolicy()

    /// A kept pass: its pixels and, for a gray blur, its alpha plane (`GrayBlur`).
    struct RetainedPass {
        var image: Image
        var alpha: [UInt8]?
        var bytes: Int { image.pixels.count + (alpha?.count ?? 0) }
    }

    public func retains(_ key: PassRetainKey) -> Bool { retained.contains(key) }

    /// Path fills' coverage rows kept between frames (`CPUFastPaths.keptPaths`).
    let keptPaths = KeptPathRows()
    /// Draws' source bytes kept between frames (`CPUFastPaths.keptDraws`).
    let keptDraws = KeptDraws()

    /// - Parameters:
    ///   - threads: worker count; defaults to the number of active processors.
    ///   - paths: the fast paths on (`CPUFastPaths`, pixman-style: each a shortcut over the general per-pixel
    ///     path, never changing the result), so the general path can be checked against each of them.
    ///   - joinsBorders: whether a fill and the border right after it are drawn as one operation
    ///     (`BorderedFill`, `RenderOptions.joinsBorders`): one rounding instead of two on the border's pixels.
    ///   - keepsBlurs: whether a blur that recurs in consecutive frames is kept (`RetainPolicy`).
    public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount,
                paths: CPUFastPaths = RenderOptions.default.cpuPaths,
                joinsBorders: Bool = RenderOptions.default.joinsBorders,
                keepsBlurs: Bool = RenderOptions.default.keepsRecurringBlurs) {
        self.threads = max(1, threads)
        fastPaths = paths
        fusesBorders = joinsBorders
        self.keepsBlurs = keepsBlurs
    }

    /// A renderer with every fast path on (`fastPaths` true) or none.
    public convenience init(threads: Int = ProcessInfo.processInfo.activeProcessorCount, fastPaths: Bool,
                            joinsBorders: Bool = RenderOptions.default.joinsBorders) {
        self.init(threads: threads, paths: fastPaths ? .all : [], joinsBorders: joinsBorders)
    }

    /// A renderer with `options`' switches (`cpuPaths`, `joinsBorders`, `keepsRecurringBlurs`).
    public convenience init(threads: Int = ProcessInfo.processInfo.activeProcessorCount, options: RenderOptions) {
        self.init(threads: threads, paths: options.cpuPaths, joinsBorders: options.joinsBorders,
                  keepsBlurs: options.keepsRecurringBlurs)
    }

    /// The reference blurs every sigma exactly and ignores the GPU's blur methods: no limit of its own.
    public static let capabilities = RendererCapabilities.unlimited
    public var capabilities: RendererCapabilities { Self.capabilities }

    public func render(_ graph: RenderGraph) throws -> Image {
        try render(graph, observer: nil)
    }

    /// Renders `graph`, calling `observer` after each pass with its wall time in milliseconds (preparing
    /// its operations, which builds mip chains on first use, plus executing them): `lamina profile`. The
    /// passes of one level run at once and are reported together when the level ends; passes that do
    /// not run are reported first, with 0.
    public func render(_ graph: RenderGraph, observer: ((PassID, Double) -> Void)?) throws -> Image {
        if let defect = graph.defect { throw defect }
        var results: [PassID: Image] = [:]
        var samplers: [ImageID: TextureSampler] = [:]
        // Alpha planes of gray blur results (`GrayBlur`), read by tinted grid draws.
        var alphas: [PassID: [UInt8]] = [:]
        // Retained passes this renderer already holds are not drawn again, nor what only they read.
        let admitted = retainPolicy.admitted(graph, blurs: keepsBlurs)
        keptDraws.beginFrame()
        retained.beginGeneration()
        var kept: [PassID: RetainedPass] = [:]
        for pass in graph.passes {
            if let key = pass.retainKey, let hit = retained.value(for: key) { kept[pass.id] = hit }
        }
        let toRun = graph.passesToRun(retained: Set(kept.keys))
        for (id, hit) in kept {
            results[id] = hit.image
            if let alpha = hit.alpha { alphas[id] = alpha }
        }
        // Passes whose results the cache holds after the frame: theirs are not the pool's.
        var held = Set(kept.keys)
        // Passes that do not run are reported first, each level's passes as the level ends.
        for pass in graph.passes where !toRun.contains(pass.id) { observer?(pass.id, 0) }
        for level in graph.levels(running: toRun) {
            let passes = level.map { graph.passes[$0] }
            let done = runLevel(passes, graph: graph, results: results, alphas: alphas, samplers: &samplers)
            for (pass, outcome) in zip(passes, done) {
                let ran = try outcome.get()
                results[pass.id] = ran.image
                if let alpha = ran.alpha { alphas[pass.id] = alpha }
                // Kept unless that would push out a pass this frame took or kept (a frame of more kept passes
                // than fit would otherwise drop, each frame, what the next one needs).
                if let key = pass.retainKey, admitted.contains(key),
                   retained.keepSparingGeneration(RetainedPass(image: ran.image, alpha: ran.alpha), for: key) {
                    held.insert(pass.id)
                }
                observer?(pass.id, ran.milliseconds)
            }
        }
        guard let last = graph.passes.last, let out = results[last.id] else { throw RenderGraphDefect("it has no pass") }
        // The offscreen passes' buffers serve the next frame (`BufferPool`).
        results[last.id] = nil
        for id in held { results[id] = nil; alphas[id] = nil }
        for image in results.values { bufferPool.give(image.pixels) }
        for alpha in alphas.values { bufferPool.give(alpha) }
        return out
    }

    /// Draws `ops` over a `width` x `height` target cleared to `clear` (a pixel's 4 bytes as `Blend.pattern`).
    ///
    /// The pixels come uninitialized (or from an earlier frame, `BufferPool`) and each band clears its own
    /// rows just before drawing them, so the target is written once instead of zeroed, filled, then drawn,
    /// and the clear runs on every core while the band is in cache. Each band only visits the operations whose rows reach it (in their order),
    /// so thousands of small operations cost each band only its own. A band works with scratch from the
    /// renderer's pool (`BandScratch`: coverage memo, corner table, plain-row template); every value kept
    /// there is the exact result of its inputs, so which band or thread computed it never shows.
    ///
    /// `besideOthers`: the pass runs at once with others of its level (`runLevel`), which keep the other
    /// cores busy, so a small pass takes a band per 64 rows rather than waking every worker for a few rows.
    /// `workers`: the threads it may use (default: the renderer's).
    func draw(_ ops: [PassDraw], width: Int, height: Int, clear: UInt32, besideOthers: Bool = false,
              workers: Int? = nil) -> Image {
        let count = width * height * 4
        let bands = max(1, min(bandCount, besideOthers ? height / 64 : height))
        let rects = ops.map(\.bounds)
        let limits = CPURenderer.bandLimits(rects, width: width, height: height, bands: bands)
        var bandOfRow = [Int](repeating: 0, count: height)
        for band in 0..<bands { for y in limits[band]..<limits[band + 1] { bandOfRow[y] = band } }
        var binned = [[Int]](repeating: [], count: bands)
        let widest = rects.reduce(0) { max($0, $1.width) }
        let pass = scratchPool.beginPass()
        for (i, r) in rects.enumerated() {
            let y0 = max(0, r.y0), y1 = min(height, r.y1)
            guard y0 < y1, r.x0 < r.x1 else { continue }
            for band in bandOfRow[y0]...bandOfRow[y1 - 1] { binned[band].append(i) }
        }
        let perBand = binned
        // Empty when nothing is hidden: every operation then draws all its pixels.
        let hidden = fastPaths.contains(.occlusion) ? Occlusion.hidden(ops, workers: workers ?? threads) : []
        let none = Hidden()
        var pixels = bufferPool.take(count: count)
        // Operations that add (a cross-dissolve's second half) draw over transparent scratch the target's
        // size, whose rows each band clears and adds itself; nothing else needs it.
        var sums = ops.contains(where: { $0.adding != nil }) ? bufferPool.take(count: count) : []
        defer { if !sums.isEmpty { bufferPool.give(sums) } }
        sums.withUnsafeMutableBufferPointer { sumBuffer in
            pixels.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress, count > 0 else { return }
                let target = BlendTarget(base: base, width: width)
                let sumTarget = sumBuffer.isEmpty ? nil : sumBuffer.baseAddress.map { BlendTarget(base: $0, width: width) }
                ops.withUnsafeBufferPointer { ops in
                    Workers.perform(iterations: bands, workers: workers ?? threads) { band in
                        let y0 = limits[band], y1 = limits[band + 1]
                        guard y0 < y1 else { return }
                        let scratch = scratchPool.take(width: widest, pass: pass)
                        defer { scratchPool.give(scratch) }
                        target.fill(clear, rows: y0..<y1)
                        for i in perBand[band] {
                            if let op = ops[i].adding, let sum = sumTarget {
                                Self.add(op, rows: y0..<y1, to: target, through: sum, scratch: scratch)
                            } else if hidden.isEmpty {
                                ops[i].run(rows: y0..<y1, target: target, scratch: scratch, hidden: none)
                            } else {
                                ops[i].run(rows: y0..<y1, target: target, scratch: scratch, hidden: hidden[i])
                            }
                        }
                    }
                }
            }
        }
        // The byte count is the size's by construction; only a negative size fails, as `Image(width:height:)`
        // traps on one.
        guard let image = Image(width: width, height: height, premultipliedRGBA: pixels) else {
            preconditionFailure("negative pass size \(width)x\(height)")
        }
        return image
    }
}

extension CPURenderer {
    /// An operation that adds (`TextureDraw.adds`), over the rows `rows` of a band: drawn over transparent
    /// scratch rows (`sum`), so its source is rounded to bytes as any draw's, then those bytes added.
    fileprivate static func add(_ op: PreparedOp, rows band: Range<Int>, to target: BlendTarget, through sum: BlendTarget,
                                scratch: BandScratch) {
        let b = op.bounds
        let rows = max(band.lowerBound, b.y0)..<min(band.upperBound, b.y1), xs = max(0, b.x0)..<min(target.width, b.x1)
        guard !rows.isEmpty, !xs.isEmpty else { return }
        sum.clear(rows: rows, xs: xs)
        op.run(rows: rows, target: sum, scratch: scratch)
        target.add(sum, rows: rows, xs: xs)
    }
}

extension Image {
    /// A premultiplied clear colour as the 4 bytes of one pixel (rounded to 8 bits) for `BlendTarget.fill`.
    static func clearPattern(_ c: PremultipliedColor) -> UInt32 {
        let px = ClearColor.bytes(c)
        return Blend.pattern(r: px.r, g: px.g, b: px.b, a: px.a)
    }
}
