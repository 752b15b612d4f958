import CGLES
import Foundation
import LaminaImage
import LaminaGraph
import LaminaGeometry

/// Executes one frame: the graph's passes in order, each into a pooled target, then the canvas readback.
///
/// A pass's target goes back to the pool right after the last pass that reads it (`lastUses`), so a long
/// chain of shadow passes reuses a few targets instead of holding one per pass.
final class FrameExecutor {
    let graph: RenderGraph
    let resources: GLResources
    let timed: Bool
    let options: RenderOptions
    private(set) var stats: FrameStats?
    private var targets: [PassID: RenderTarget] = [:]
    /// Blur passes whose every reader is a texel copy: kept at their reduced pyramid level (the upsampling
    /// is done by the copies, on the pixels they draw), and their sizes once blurred.
    private(set) var keepReduced: Set<PassID> = []
    private var reductions: [PassID: PassBatcher.Reduction] = [:]
    /// Passes' occupancies (`passOccupancy`), the inner nil for a pass drawn back whole.
    private var occupancies: [PassID: TexelOccupancy?] = [:]
    /// The pass being executed: reading it while drawing into it would be a feedback loop (undefined in
    /// GLES 3.0 §4.4.3), so it is refused.
    private(set) var current: PassID?
    /// Where the canvas pass's draws lie, when it is cleared and read back there only (`DrawnRegions`).
    private(set) var canvasRegions: DrawnRegions?

    init(graph: RenderGraph, resources: GLResources, timed: Bool, options: RenderOptions = .default) {
        self.graph = graph; self.resources = resources; self.timed = timed; self.options = options
    }

    func run() throws -> Image {
        let r = resources
        // GL ES starts with dithering on, and what it does is the driver's choice: off, every store is the
        // byte the shaders chose.
        glDisable(GLenum(GL_DITHER))
        // Retained passes already held are not drawn again, nor what only they read; their targets (and
        // those kept this frame) belong to `r.retained`, never to the pool.
        let frameStart = r.retained.now
        if options.keepsDraws { r.keptDraws.beginFrame() } else if r.keptDraws.pageCount > 0 { r.keptDraws.dropAll() }
        let admitted = r.retainPolicy.admitted(graph, blurs: options.keepsRecurringBlurs)
        keepReduced = FrameExecutor.keptReduced(graph, options: options)
        let kept = keptTargets()
        let toRun = graph.passesToRun(retained: Set(kept.keys))
        var borrowed = Set(kept.keys)
        defer {
            for (id, t) in targets where !borrowed.contains(id) { r.pool.release(t) }
            targets.removeAll()
            r.retained.trim(since: frameStart)
        }
        guard let canvas = graph.passes.last else { throw RenderGraphDefect("it has no pass") }
        canvasRegions = drawnRegions(of: canvas)
        let lastUse = FrameExecutor.lastUses(graph)
        let grayPasses = Set(graph.passes.filter(\.isGray).map(\.id))
        let uploadsBefore = r.uploads, createdBefore = r.pool.created
        var batcher = makeBatcher()
        batcher.adopt(&r.batcherStorage)
        defer { r.batcherStorage = batcher.takeStorage() }
        var passStats: [(drawCalls: Int, instances: Int, pixels: Int)] = []
        // Timed frames: each pass bracketed by glFinish, so its wall time is its own work, drained (in ms here).
        let wallStart = monotonicMilliseconds()
        var walls: [(start: Double, duration: Double)] = []
        for (index, pass) in graph.passes.enumerated() {
            if kept[pass.id] != nil || !toRun.contains(pass.id) {
                if let t = kept[pass.id] { targets[pass.id] = t }
                passStats.append((0, 0, 0))
                if timed { walls.append((monotonicMilliseconds() - wallStart, 0)) }
                continue
            }
            passStats.append(try execute(pass, index: index, grayPasses: grayPasses, batcher: &batcher, walls: &walls,
                                         wallStart: wallStart))
            if let key = pass.retainKey, admitted.contains(key), let t = targets[pass.id],
               r.retained.keep(t, reduction: reductions[pass.id], for: key, since: frameStart) {
                borrowed.insert(pass.id)
            }
            for (id, last) in lastUse where last == index && id != canvas.id && !borrowed.contains(id) {
                if let t = targets.removeValue(forKey: id) { r.pool.release(t) }
            }
        }
        guard let result = targets[canvas.id] else { throw GLError.invalidGraph("the canvas was not drawn") }
        let image = canvas.width == 0 || canvas.height == 0 ? Image(width: canvas.width, height: canvas.height)
            : try canvasRegions.map { try FrameExecutor.readDrawn(result, regions: $0, clear: graph.clearColor, worker: r.readback) }
                ?? FrameExecutor.readback(result, worker: r.readback)
        stats = frameStats(passStats, walls: timed ? walls : nil, uploadsBefore: uploadsBefore,
                           createdBefore: createdBefore)
        r.textures.sweep()
        r.atlas.sweep()
        return image
    }

    /// The targets `resources.retained` holds for this frame's keyed passes (their reductions noted). A blur
    /// kept reduced serves only readers that take it so (texel copies): elsewhere it is drawn again.
    private func keptTargets() -> [PassID: RenderTarget] {
        var kept: [PassID: RenderTarget] = [:]
        for pass in graph.passes {
            guard let key = pass.retainKey, let hit = resources.retained.entry(for: key) else { continue }
            if let reduction = hit.reduction {
                guard keepReduced.contains(pass.id) else { continue }
                reductions[pass.id] = reduction
            }
            kept[pass.id] = hit.target
        }
        return kept
    }

    /// Runs one pass into a target from the pool (its draws or its blur), bracketed by glFinish and timed
    /// when the frame is; its draw calls, instances and shaded pixels.
    private func execute(_ pass: Pass, index: Int, grayPasses: Set<PassID>, batcher: inout PassBatcher,
                         walls: inout [(start: Double, duration: Double)],
                         wallStart: Double) throws -> (drawCalls: Int, instances: Int, pixels: Int) {
        let r = resources
        guard pass.width <= r.maxTextureSize, pass.height <= r.maxTextureSize else {
            throw GLError.invalidGraph("\(pass.id) is \(pass.width)x\(pass.height), over GL_MAX_TEXTURE_SIZE "
                                       + "\(r.maxTextureSize)")
        }
        // An empty pass (the CPU renderer gives a 0-pixel image) gets a 1x1 transparent target, so that
        // anything sampling it reads transparent, as it would read outside an empty image.
        let target = try r.pool.acquire(width: max(1, pass.width), height: max(1, pass.height),
                                        format: r.tuning.colorFormat)
        targets[pass.id] = target
        current = pass.id
        if timed { glFinish(); walls.append((monotonicMilliseconds() - wallStart, 0)); r.timer.begin(pass: index) }
        let stats: (drawCalls: Int, instances: Int, pixels: Int)
        switch pass.content {
        case .draw(let ops):
            let clear = index == graph.passes.count - 1 ? graph.clearColor : .transparent
            stats = try drawSegments(ops, into: target, clear: clear, batcher: &batcher)
        case .blur(let sourceID, let sigma, let method):
            stats = try blur(pass, source: sourceID, sigma: sigma, method: method, into: target,
                             sourceIsGray: grayPasses.contains(sourceID))
        }
        if timed {
            r.timer.end()
            glFinish()
            walls[index].duration = monotonicMilliseconds() - wallStart - walls[index].start
        }
        return stats
    }

    /// Runs a blur pass into `target`, or keeps it at its reduced pyramid level when only texel copies read
    /// it; its draw calls and the pixels they shaded. Packed only when the pass and what it blurs are both
    /// gray: the packed stages read one channel of the source.
    private func blur(_ pass: Pass, source sourceID: PassID, sigma: Double, method planned: BlurMethod,
                      into target: RenderTarget, sourceIsGray: Bool) throws -> (drawCalls: Int, instances: Int, pixels: Int) {
        let r = resources
        guard let source = targets[sourceID], sourceID != pass.id else {
            throw RenderGraphDefect("\(pass.id) blurs \(sourceID) before it is rendered")
        }
        let (calls, pixels) = (r.blur.drawCalls, r.blur.pixels)
        let gray = pass.isGray && sourceIsGray && options.packsGrayBlurs
        let method = r.blur.effective(planned, sigma: sigma, gray: gray)
        if keepReduced.contains(pass.id),
           let (small, factor, packed) = try r.blur.runReduced(source: source, sigma: sigma, method: method, gray: gray) {
            r.pool.release(target)
            targets[pass.id] = small
            reductions[pass.id] = .init(width: pass.width, height: pass.height, factor: factor, packed: packed)
        } else {
            try r.blur.run(source: source, destination: target, sigma: sigma, method: method, gray: gray)
        }
        return (r.blur.drawCalls - calls, 0, r.blur.pixels - pixels)
    }

    /// The frame's counts and, when timed (`walls`), its times per pass.
    private func frameStats(_ passStats: [(drawCalls: Int, instances: Int, pixels: Int)],
                            walls: [(start: Double, duration: Double)]?, uploadsBefore: Int,
                            createdBefore: Int) -> FrameStats {
        let r = resources
        let times = walls != nil ? r.timer.collect() : [:]
        return FrameStats(
            passes: graph.passes.enumerated().map { i, p in
                FrameStats.PassStats(id: p.id, reason: p.reason, label: p.label, width: p.width, height: p.height,
                                     drawCalls: passStats[i].drawCalls, instances: passStats[i].instances,
                                     pixels: passStats[i].pixels, gpuTime: times[i],
                                     wallTime: walls.map { $0[i].duration / 1000 },
                                     wallStart: walls.map { $0[i].start / 1000 })
            },
            textureUploads: r.uploads - uploadsBefore, targetsCreated: r.pool.created - createdBefore)
    }

    /// Draws a pass's `ops` into `target` cleared to `clear`: in one go, or, where some ops add to the target
    /// (`TextureDraw.adds`), in runs: the ops between them as usual, each adding op alone with an additive
    /// blend.
    private func drawSegments(_ ops: [DrawOp], into target: RenderTarget, clear: PremultipliedColor,
                              batcher: inout PassBatcher) throws -> (drawCalls: Int, instances: Int, pixels: Int) {
        guard ops.contains(where: \.adds) else { return try draw(ops, into: target, clear: clear, batcher: &batcher) }
        var total = (drawCalls: 0, instances: 0, pixels: 0)
        var run: [DrawOp] = [], cleared = false
        func flush(_ ops: [DrawOp], adds: Bool) throws {
            guard !ops.isEmpty || !cleared else { return }
            let s = try draw(ops, into: target, clear: cleared ? nil : clear, adds: adds, batcher: &batcher)
            cleared = true
            total = (total.drawCalls + s.drawCalls, total.instances + s.instances, total.pixels + s.pixels)
        }
        for op in ops {
            guard op.adds else { run.append(op); continue }
            try flush(run, adds: false)
            run = []
            try flush([op], adds: true)
        }
        try flush(run, adds: false)
        return total
    }

    /// Batches `ops`, uploads their instances and clips, clears `target` (unless `clear` is nil) and draws,
    /// over what is there, or added to it with `adds`.
    private func draw(_ ops: [DrawOp], into target: RenderTarget, clear c: PremultipliedColor?, adds: Bool = false,
                      batcher: inout PassBatcher) throws -> (drawCalls: Int, instances: Int, pixels: Int) {
        let passBounds = PixelRect(x0: 0, y0: 0, x1: target.width, y1: target.height), callsBefore = resources.drawer.drawCalls
        // Kept draws first: those made now are drawn into their pages before the pass reads them.
        let key = KeptDrawMemo.Key(passes: graph.passes, images: graph.images, ops: ops, pass: current,
                                   passBounds: passBounds, clear: c, options: options)
        let (kept, answer) = adds ? ([:], nil) : try keptDraws(key, batcher: &batcher)
        batcher.reset()
        batcher.keptCopies = kept
        // Path coverage first, into the pass's coverage atlas (its own framebuffer and state), read by the draws.
        let paths = resources.paths, pathCalls = paths.drawCalls
        defer { paths.releasePages() }
        // Ops copied from kept regions read no coverage (`PassBatcher.prepare`).
        batcher.pathSlots = try paths.render(ops, passBounds: passBounds, maxTextureSize: resources.maxTextureSize,
                                             skipping: Set(kept.keys))
        // The canvas drawn where its draws lie (`DrawnRegions`): its clear as pieces under them, nothing else.
        let regions = c != nil && !adds && current == graph.passes.last?.id ? canvasRegions : nil
        if let regions, let c { batcher.clearBelow = .init(rects: regions.rects, bytes: ClearColor.bytes(c)) }
        defer { batcher.clearBelow = nil }
        let recorded = try batches(key, kept: kept, answer: answer, clearRects: regions?.rects, batcher: &batcher)
        let (passBatches, opaque, batches) = (recorded.batches, recorded.batches.opaque, recorded.batches.blended)
        try resources.drawer.upload(instances: recorded.instances, clips: recorded.clips)
        target.bind()
        var bits = GLbitfield(0)
        if let c, regions == nil {
            // The bytes the CPU stores, given to the driver as whole steps: a clear does not pass through the
            // shaders' store rounding, and drivers convert a float near a tie each their own way.
            let px = ClearColor.bytes(c)
            glClearColor(Float(px.r) / 255, Float(px.g) / 255, Float(px.b) / 255, Float(px.a) / 255)
            bits |= GLbitfield(GL_COLOR_BUFFER_BIT)
        }
        let depthTested = passBatches.depthTested && !adds
        if depthTested {
            try target.attachDepth()
            glClearDepthf(1)
            bits |= GLbitfield(GL_DEPTH_BUFFER_BIT)
        }
        if bits != 0 { glClear(bits) }
        defer { if depthTested, resources.tuning.detachesDepth { try? target.detachDepth() } }
        if adds {
            try resources.drawer.drawAdding((opaque.map { [$0] } ?? []) + batches, targetWidth: target.width,
                                            targetHeight: target.height)
        } else {
            try resources.drawer.draw(opaque: opaque, batches, depthTested: depthTested,
                                      targetWidth: target.width, targetHeight: target.height)
        }
        let all = (opaque.map { [$0] } ?? []) + batches
        // Draw calls as issued: a batch is several where the tuning caps the quads per draw.
        return (resources.drawer.drawCalls - callsBefore + paths.drawCalls - pathCalls, all.reduce(0) { $0 + $1.count },
                recorded.pixels)
    }

    /// A batcher resolving texture sources to cached image textures and to this frame's pass targets.
    private func makeBatcher() -> PassBatcher {
        let graph = self.graph, textures = resources.textures
        var batcher = PassBatcher(
            resolve: { [unowned self] source, mipmapped in
                switch source {
                case .image(let id):
                    guard let bitmap = graph.image(id)?.bitmap else { throw RenderGraphDefect("\(id) has no pixels") }
                    return try textures.texture(for: bitmap, mipmapped: mipmapped)
                case .pass(let id):
                    return try self.passTexture(id)
                }
            },
            resolvePass: { [unowned self] id in try self.passTexture(id) },
            reduction: { [unowned self] id in self.reductions[id] },
            occupancy: { [unowned self] source in
                switch source {
                case .image(let id):
                    guard let bitmap = graph.image(id)?.bitmap else { return nil }
                    return textures.occupancy(for: bitmap)
                case .pass(let id):
                    return self.passOccupancy(id)
                }
            })
        let atlas = resources.atlas
        batcher.imageSize = { source in
            guard case .image(let id) = source, let bitmap = graph.image(id)?.bitmap else { return nil }
            return (bitmap.width, bitmap.height)
        }
        batcher.atlasSlot = { source in
            guard case .image(let id) = source, let bitmap = graph.image(id)?.bitmap else { return nil }
            return try atlas.slot(for: bitmap)
        }
        batcher.quantizesOpaqueSolids = resources.tuning.quantizesOpaqueSolids
        batcher.splits = options.gpuFastPaths
        batcher.reorders = options.reordersBatches
        batcher.occludes = options.occludes
        batcher.culls = options.culls
        batcher.avoidsDepth = options.avoidsDepth && resources.tuning.detachesDepth
        batcher.fusesBorders = options.joinsBorders
        batcher.specialisesMaps = options.specialisesMaps
        return batcher
    }

    /// The blur passes that may stay reduced: every op reading them is a texel copy (`TexelBlit`), no pass
    /// blurs or masks with them, and they are not the canvas (none when `options` keeps no blur reduced or
    /// has no GPU fast paths).
    static func keptReduced(_ graph: RenderGraph, options: RenderOptions = .default) -> Set<PassID> {
        guard options.keepsReducedBlurs, options.gpuFastPaths else { return [] }
        var sizes: [PassID: (Int, Int)] = [:], candidates: Set<PassID> = [], refused: Set<PassID> = []
        for pass in graph.passes {
            sizes[pass.id] = (pass.width, pass.height)
            switch pass.content {
            case .blur(let source, _, _):
                candidates.insert(pass.id)
                refused.insert(source)
            case .draw(let ops):
                for op in ops {
                    guard let t = op.texture else { continue }
                    if let m = t.mask { refused.insert(m) }
                    guard case .pass(let id) = t.source, let (w, h) = sizes[id] else { continue }
                    if TexelBlit(op, t, bounds: op.bounds, textureWidth: w, textureHeight: h, enabled: true) == nil { refused.insert(id) }
                }
            }
        }
        // The canvas is read back at its full size, whatever it is.
        if let canvas = graph.passes.last { refused.insert(canvas.id) }
        return candidates.subtracting(refused)
    }

    /// Where pass `id` can have non-zero texels (`TexelOccupancy(pass:)`), found once a frame.
    private func passOccupancy(_ id: PassID) -> TexelOccupancy? {
        if let known = occupancies[id] { return known }
        let found = graph.pass(id).flatMap { TexelOccupancy(pass: $0) }
        occupancies[id] = .some(found)
        return found
    }

    private func passTexture(_ id: PassID) throws -> GLTexture {
        guard id != current else { throw RenderGraphDefect("\(id) samples itself") }
        guard let t = targets[id] else { throw RenderGraphDefect("\(id) is read before it is rendered") }
        return t.texture
    }

    /// Reads the target back. Rows come out window-y 0 first (GLES 3.0 §4.3.1), which is image row 0 in
    /// Lamina's y-down targets, so no flip is needed. A BGRA target is read as it is stored
    /// (EXT_read_format_bgra) and its red and blue swapped here, several times faster than the driver's
    /// per-byte conversion to RGBA. With a `worker`, a canvas of at least `splitPixels` pixels is read by
    /// two threads, half the rows each.
    static func readback(_ target: RenderTarget, worker: ReadbackWorker?) throws -> Image {
        try image(of: target) { raw in
            if let worker, target.width * target.height >= splitPixels {
                try worker.read(target, into: raw, split: target.height / 2)
            } else if let base = raw.baseAddress {
                try target.read(rows: 0..<target.height, into: base)
            }
        }
    }

    /// An image of `target`'s size whose premultiplied RGBA bytes `write` fills; a failure leaves them zero
    /// and is thrown.
    static func image(of target: RenderTarget, _ write: (UnsafeMutableRawBufferPointer) throws -> Void) throws -> Image {
        let count = target.width * target.height * 4
        var failure: Error?
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            do {
                try write(UnsafeMutableRawBufferPointer(buffer))
            } catch {
                failure = error
                buffer.initialize(repeating: 0)
            }
            initialized = count
        }
        if let failure { throw failure }
        guard let image = Image(width: target.width, height: target.height, premultipliedRGBA: pixels) else {
            throw GLError.invalidGraph("readback size mismatch")
        }
        return image
    }

    /// Below this many pixels the canvas is read on one thread: the hand-over costs more than half a copy.
    static let splitPixels = 1 << 18

    /// For each pass, the index of the last pass that reads it (its own index when none does).
    static func lastUses(_ graph: RenderGraph) -> [PassID: Int] {
        var last: [PassID: Int] = [:]
        for (i, pass) in graph.passes.enumerated() {
            last[pass.id] = max(last[pass.id] ?? i, i)
            switch pass.content {
            case .blur(let source, _, _): last[source] = i
            case .draw(let ops):
                for op in ops {
                    guard let t = op.texture else { continue }
                    if case .pass(let id) = t.source { last[id] = i }
                    if let m = t.mask { last[m] = i }
                }
            }
        }
        return last
    }
}
