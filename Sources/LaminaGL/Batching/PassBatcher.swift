import CGLES
import Foundation
import LaminaGraph
import LaminaGeometry

/// One instanced draw: instances that share a program, a texture, a mask and a coverage atlas page.
struct Batch {
    /// Index of the first instance in the pass's instance buffer.
    var firstInstance: Int
    var count: Int
    var key: ShaderKey
    var texture: GLTexture?
    var mask: GLTexture?
    /// A path's coverage atlas page (`PathCoverage`), read by `SHAPE_COVERAGE_MASK`.
    var coverage: GLTexture? = nil
}

/// Turns a pass's draw ops into instance records and batches.
///
/// Every instance goes to the batch of its program, texture and mask (`ShaderKey`). Source-over needs the
/// ops' order only where they overlap, so, as WebRender's alpha batcher does, an op's instances may join an
/// earlier batch of the same program when no batch after that one touches the op's pixels; otherwise they
/// open a new batch at the end. Draw calls therefore grow with how much ops of different programs overlap,
/// and every pixel still sees its ops in the planner's order (so the bytes equal one draw per op).
struct PassBatcher {
    /// Instance records of the pass, batch after batch, `InstanceLayout.floats` floats each (filled by
    /// `batches(for:passBounds:)`).
    var instances: [Float] = []
    var clips = ClipTable()
    /// Where each path op's coverage lies, by op index (`PathCoverage`, rendered before the pass's batches).
    var pathSlots: [Int: PathCoverage.Slot] = [:]
    /// The ops copied from their kept regions instead of drawn (`KeptDrawAtlas`), by op index.
    var keptCopies: [Int: KeptCopy] = [:]
    /// The pass's clear as pieces under every op, drawn first without blending (`clearInstances`), instead
    /// of a clear of the whole target; nil for none.
    var clearBelow: ClearPieces?
    /// Pixels of the quads drawn for the current pass (its ops' pieces after culling, with overdraw), for
    /// `FrameStats`.
    private(set) var pixels = 0
    /// How many batches back an op looks for one of its program (WebRender looks a similar few).
    static let lookback = 16
    /// Off, every batch stays in op order (a new batch whenever the program changes), so tests can compare
    /// the reordering with the plain order (`RenderOptions.reordersBatches`).
    var reorders = true
    /// Off, ops are drawn whole: no `OpSplitter` pieces, no `TexelBlit` copies (`RenderOptions.gpuFastPaths`).
    var splits = true

    /// A batch being filled: its instances, and the bounds of the ops in it for the overlap test.
    struct Open {
        var key: ShaderKey
        var texture: GLTexture?
        var mask: GLTexture?
        var coverage: GLTexture?
        var floats: [Float] = []
        var rects: [PixelRect] = []
        var union = PixelRect.empty

        init(key: ShaderKey) { self.key = key }

        func accepts(_ key: ShaderKey, _ texture: GLTexture?, _ mask: GLTexture?, _ coverage: GLTexture?) -> Bool {
            self.key == key && self.texture === texture && self.mask === mask && self.coverage === coverage
        }

        /// The op (its record's offset) whose bounds were appended last: an op's own pieces are disjoint,
        /// so its bounds in a batch never keep its other pieces from moving before that batch.
        var lastOp = -1

        func touches(_ r: PixelRect, op: Int) -> Bool {
            guard !union.intersection(r).isEmpty else { return false }
            let others = lastOp == op ? rects.dropLast() : rects[...]
            return others.contains { !$0.intersection(r).isEmpty }
        }
    }

    private var open: [Open] = []
    /// Emptied batches of earlier passes, reused by `place` so a frame does not regrow their arrays.
    private var spare: [Open] = []
    /// Opaque solid pieces (colour alpha 1, coverage 1), drawn first, front to back, without blending and
    /// with depth writes; see `batches(for:passBounds:)`.
    private var opaque: [Float] = []
    /// Instance records of prepared ops after their pixel rects (`recordFloats` each), and their pieces.
    var records: [Float] = []
    var pieceStore: [OpSplitter.Piece] = []
    private var visibleRects: [PixelRect] = []
    static let recordFloats = QuadRecord.floats
    /// The depth of the op being appended (`params.w`): 1 - (i + 1) / (n + 1) for op i of n, so later ops
    /// are nearer.
    private(set) var depth: Float = 0
    /// Off, every piece is drawn in op order with blending (`RenderOptions.occludes`).
    var occludes = true
    /// Opaque solids' colours are put on the 8-bit grid and blended solids get their own variant
    /// (`RasterTuning.quantizesOpaqueSolids`, `ShaderKey.blended`).
    var quantizesOpaqueSolids = false
    /// Off, every piece is drawn whole instead of cut by later opaque pieces (`RenderOptions.culls`).
    var culls = true
    /// A depth buffer takes the rasterizer off its fast path (`RasterTuning.detachesDepth`: llvmpipe's linear
    /// rasterizer needs a pass without one): when the cuts left pixels under opaque pieces, which the depth
    /// test would have to hide, the pass is drawn in order instead (`batches(for:passBounds:)`).
    var avoidsDepth = false
    /// A fill and the border right after it drawn as one record (`BorderedFill`), rounded once
    /// (`RenderOptions.joinsBorders`).
    var fusesBorders = true
    /// Programs that map pixels to local points specialised to the op's map form (`ShaderKey.MapForm`,
    /// `RenderOptions.specialisesMaps`); off, every op takes the projective map.
    var specialisesMaps = true

    /// Takes over `storage`'s arrays (`Storage`, emptied by `takeStorage`), leaving it this batcher's new ones.
    mutating func adopt(_ storage: inout Storage) { exchange(&storage) }

    /// Gives up the arrays, emptied, for the next frame's batcher (`adopt`).
    mutating func takeStorage() -> Storage {
        reset()
        var s = Storage()
        exchange(&s)
        return s
    }

    private mutating func exchange(_ s: inout Storage) {
        swap(&instances, &s.instances)
        swap(&spare, &s.spare)
        swap(&opaque, &s.opaque)
        swap(&records, &s.records)
        swap(&pieceStore, &s.pieceStore)
        swap(&visibleRects, &s.visibleRects)
    }

    /// Starts a new pass: instances, clips, path slots and counters are per pass.
    mutating func reset() {
        instances.removeAll(keepingCapacity: true)
        // The batches' arrays are kept for the next pass's batches (`place`), emptied but with their storage
        // (popped, so each array is uniquely referenced when emptied).
        while var batch = open.popLast() {
            batch.floats.removeAll(keepingCapacity: true)
            batch.rects.removeAll(keepingCapacity: true)
            batch.texture = nil
            batch.mask = nil
            batch.coverage = nil
            spare.append(batch)
        }
        opaque.removeAll(keepingCapacity: true)
        records.removeAll(keepingCapacity: true)
        pieceStore.removeAll(keepingCapacity: true)
        clips = ClipTable()
        pathSlots.removeAll(keepingCapacity: true)
        keptCopies.removeAll(keepingCapacity: true)
        pixels = 0
    }

    init(resolve: @escaping (TextureDraw.Source, _ mipmapped: Bool) throws -> GLTexture,
         resolvePass: @escaping (PassID) throws -> GLTexture,
         reduction: @escaping (PassID) -> Reduction? = { _ in nil },
         occupancy: @escaping (TextureDraw.Source) -> TexelOccupancy? = { _ in nil }) {
        self.resolve = resolve; self.resolvePass = resolvePass; self.reduction = reduction
        self.occupancy = occupancy
    }

    /// Where an image source has non-zero texels (`TexelOccupancy`), for cutting its texel copies.
    let occupancy: (TextureDraw.Source) -> TexelOccupancy?

    /// Which passes are kept reduced (`FrameExecutor`); their draws must all be texel copies.
    let reduction: (PassID) -> Reduction?

    /// Resolves a texture draw's source (an image or an earlier pass) to a texture.
    /// A source's texture; for an image, with its whole mip chain when `mipmapped` (a trilinear draw).
    let resolve: (TextureDraw.Source, _ mipmapped: Bool) throws -> GLTexture
    let resolvePass: (PassID) throws -> GLTexture
    /// An image source's size (nil for a pass) and its slot in an atlas page (`ImageAtlas`), if it gets one.
    var imageSize: (TextureDraw.Source) -> (width: Int, height: Int)? = { _ in nil }
    var atlasSlot: (TextureDraw.Source) throws -> ImageAtlas.Slot? = { _ in nil }

    /// The batches of one pass's ops, filling `instances`: first the batch of opaque pieces (`nil` when
    /// there is none), then the blended batches.
    ///
    /// Occlusion, as WebRender's opaque pass: a solid piece of alpha 1 replaces whatever is below it
    /// (source-over gives src + dst * 0 = src), so everything earlier at its pixels is dead. Opaque pieces are
    /// drawn first, nearest first, with depth writes and no blending; every other piece is drawn after them,
    /// in order, where its op is nearer than the opaque piece there (GL_LESS). Each pixel thus receives the
    /// last opaque op covering it and the blended ops after it, in order: the bytes of drawing every op in
    /// order, with fewer fragments.
    ///
    /// Culling comes first (`OccluderGrid`): walking the ops backwards, every piece is cut by the opaque
    /// solid pieces of the ops after it, so hidden pixels are not even rasterized. Measured on llvmpipe,
    /// cards-200@1x shades 2.0 M pixels instead of 4.1 M. When no cut was truncated, no earlier piece is
    /// left under an opaque one and the depth buffer is not needed at all (`PassBatches.depthTested`). When one
    /// was and the driver's fast path needs a pass without a depth buffer (`avoidsDepth`), the pieces are
    /// drawn in op order instead.
    /// Bounds are intersected with `passBounds`, so a quad never leaves its target whatever the planner sent.
    mutating func batches(for ops: [DrawOp], passBounds: PixelRect) throws -> PassBatches {
        // Depths must stay distinct after the float and 24-bit rounding: 1 / (n + 1) > 2^-20 is plenty.
        let items = ops.drawItems(fusingBorders: fusesBorders)
        let occluding = occludes && items.count < 1 << 20
        // Backwards: each item's pieces, cut by the opaque pieces of the items after it (`OccluderGrid`).
        var prepared = [Prepared?](repeating: nil, count: items.count)
        var grid = culls ? OccluderGrid(bounds: passBounds) : nil
        for i in items.indices.reversed() {
            let index = items[i].index
            let bounds = ops[index].bounds.intersection(passBounds)
            if bounds.isEmpty { continue }
            depth = occluding ? Float(1 - Double(i + 1) / Double(items.count + 1)) : 0
            guard var p = try prepare(ops[index], index: index, border: items[i].border, bounds: bounds) else { continue }
            if grid != nil {
                let whole = p.pieces, start = pieceStore.count
                if whole.count > 1 { grid!.focus(on: bounds) }
                for k in whole {
                    visibleRects.removeAll(keepingCapacity: true)
                    grid!.visible(pieceStore[k].bounds, into: &visibleRects)
                    for r in visibleRects { pieceStore.append(OpSplitter.Piece(bounds: r, solid: pieceStore[k].solid)) }
                }
                p.pieces = start..<pieceStore.count
                if p.opaque { for k in whole where pieceStore[k].solid { grid!.add(pieceStore[k].bounds) } }
            }
            prepared[i] = p
        }
        // Cut exactly, no piece drawn before an opaque piece covers any of its pixels, so the opaque pieces
        // need no depth test to stay on top of what was before them.
        let depthTested = grid.map { $0.truncated > 0 } ?? true
        // Where the depth test costs more than the overdraw it saves (10 000 overlapping cards on llvmpipe:
        // 112 ms a frame with it, 75 in order), the pieces go in op order, as with `occludes` off: a piece
        // left under an opaque one is drawn first and overwritten, the same bytes.
        let inOrder = depthTested && avoidsDepth
        for p in prepared { if let p { emit(p, occluding: occluding && !inOrder) } }
        // The clear under everything: farther than every op where depth is tested, else cut to what no opaque
        // piece covers (or drawn first, in order). Depth is tested only where ops' opaque pieces need it.
        let opsOpaque = !opaque.isEmpty
        if let clear = clearBelow {
            let d = occluding ? Float(1 - 0.5 / Double(items.count + 1)) : 0
            let (floats, area) = PassBatcher.clearInstances(clear, grid: &grid, depth: d, quantizes: quantizesOpaqueSolids)
            opaque += floats
            pixels += area
        }
        var first: Batch?
        if !opaque.isEmpty {
            let n = InstanceLayout.floats, count = opaque.count / n
            first = Batch(firstInstance: 0, count: count, key: ShaderKey(kind: .solid), texture: nil, mask: nil)
            for k in stride(from: count - 1, through: 0, by: -1) { instances += opaque[(k * n)..<(k * n + n)] }
        }
        var batches: [Batch] = []
        for b in open where !b.floats.isEmpty {
            let count = b.floats.count / InstanceLayout.floats
            batches.append(Batch(firstInstance: instances.count / InstanceLayout.floats, count: count, key: b.key,
                                 texture: b.texture, mask: b.mask, coverage: b.coverage))
            instances += b.floats
        }
        return PassBatches(opaque: first, blended: batches, depthTested: opsOpaque && depthTested)
    }

    /// The index of the batch of `key`, `texture` and `mask` that op `p` joins: the latest such batch that
    /// no later batch's op overlaps (`p`'s own pieces excepted), else a new one at the end. A ringable fill
    /// also joins a border batch of its radius test (`ShaderKey.ring(of:)`).
    private mutating func place(_ p: Prepared, key: ShaderKey, texture: GLTexture?, mask: GLTexture?,
                                coverage: GLTexture? = nil) -> Int {
        let bounds = p.bounds
        var i = open.count - 1
        let stop = max(0, open.count - (reorders ? PassBatcher.lookback : 1))
        while i >= stop {
            if open[i].accepts(key, texture, mask, coverage) || (p.ringable && open[i].key == key.ring(of: open[i].key)) {
                open[i].rects.append(bounds)
                open[i].union = open[i].union.isEmpty ? bounds : open[i].union.union(bounds)
                open[i].lastOp = p.record
                return i
            }
            if open[i].touches(bounds, op: p.record) { break }
            i -= 1
        }
        var batch = spare.popLast() ?? Open(key: key)
        (batch.key, batch.texture, batch.mask, batch.coverage) = (key, texture, mask, coverage)
        (batch.union, batch.lastOp) = (bounds, p.record)
        batch.rects.append(bounds)
        open.append(batch)
        return open.count - 1
    }

    /// An op ready to be emitted: its program, textures, the instance record after the pixel rect (the
    /// same for every piece), and its pieces.
    struct Prepared {
        var key: ShaderKey
        var texture: GLTexture?
        var mask: GLTexture?
        var coverage: GLTexture?
        /// Offset of the record in `records`.
        var record: Int
        /// Indices of the pieces in `pieceStore`.
        var pieces: Range<Int>
        /// The bounds batches test for overlap.
        var bounds: PixelRect
        /// Its solid pieces are opaque (colour alpha 1): they hide what earlier ops drew there.
        var opaque: Bool
        /// A fill that may join a border batch of its radius test (`ShaderKey.ring`).
        var ringable = false
        /// A kept region copied opaque (`keptCopy`): its solid piece hides what is below like an opaque
        /// solid's, but is drawn by its own program, in op order among the blended batches.
        var copiesOpaque = false
    }

    /// Appends the instances of `p`'s pieces to their batches; its solid pieces to the opaque list when
    /// `occluding` and they are opaque.
    private mutating func emit(_ p: Prepared, occluding: Bool) {
        let record = p.record..<(p.record + PassBatcher.recordFloats)
        var shaded: Int?, solid: Int?
        for k in p.pieces {
            let piece = pieceStore[k], b = piece.bounds
            pixels += b.area
            if piece.solid && p.opaque && occluding && !p.copiesOpaque {
                opaque.append(b)
                opaque += records[record]
                if quantizesOpaqueSolids {
                    let c = opaque.count - PassBatcher.recordFloats + QuadRecord.colorOffset
                    for i in c..<(c + 4) { opaque[i] = RasterTuning.exactOnLinear(opaque[i]) }
                }
                continue
            }
            // The batch is chosen once per op and kind of piece, when its first piece comes.
            let batch: Int
            if piece.solid && !p.copiesOpaque {
                if solid == nil {
                    if shaded == nil, p.pieces.contains(where: { !pieceStore[$0].solid }) {
                        shaded = place(p, key: p.key, texture: p.texture, mask: p.mask, coverage: p.coverage)
                    }
                    solid = place(p, key: ShaderKey(kind: .solid, blended: quantizesOpaqueSolids), texture: nil,
                                  mask: nil)
                }
                batch = solid!
            } else {
                if shaded == nil { shaded = place(p, key: p.key, texture: p.texture, mask: p.mask, coverage: p.coverage) }
                batch = shaded!
            }
            open[batch].floats.append(b)
            open[batch].floats += records[record]
        }
    }

    /// `op` (the pass's op `index`)'s program, textures, instance record and pieces (one, or its `OpSplitter`
    /// pieces); nil when its transform maps nothing or, for a path, its coverage is empty.
    /// With `bordered`, `op` is a fill drawn with the border after it (`BorderedFill`).
    private mutating func prepare(_ op: DrawOp, index: Int, border bordered: BorderedFill?,
                                  bounds b: PixelRect) throws -> Prepared? {
        // A region kept over its backdrop is copied whole: the op's own pieces are not needed.
        if let kept = keptCopies[index], kept.backdrop != nil, kept.slot.bounds == b {
            return keptCopy(kept, pieces: pieceStore.count..<pieceStore.count)
        }
        var g = SIMD16<Float>(), g2 = SIMD3<Float>(), wTest: (Float, Float, Float) = (0, 0, 1)
        var origin = MapOrigin.zero
        let slot = pathSlots[index]
        // A path's coverage comes from its atlas slot; its paint, unless solid, needs the local point too.
        let solidPaint: Bool
        if case .solid = op.paint { solidPaint = true } else { solidPaint = false }
        var needsMap = true
        if case .path = op.shape {
            guard slot != nil else { return nil }
            if solidPaint { needsMap = false }
        }
        if needsMap {
            guard let map = ProjectiveMap(op.transform) else { return nil }
            g = map.g; wTest = map.wTest
            // The op's own origin, whatever part of it this pass or a kept region draws.
            let r = op.shape.textureRect
            origin = MapOrigin(steppedNear: map.pixel(x: Double(r.midX), y: Double(r.midY)))
            g2 = map.row2(from: origin)
        }
        let clipFirst = Float(clips.add(op.clips))
        let m = op.modulate ?? PremultipliedColor(r: 1, g: 1, b: 1, a: 1)
        var f = try bordered.map { borderedFields($0, modulate: m) } ?? fields(op, bounds: b, modulate: m, slot: slot)
        f.key.clipped = !op.clips.isEmpty
        if specialisesMaps && needsMap && f.key.usesMap { f.key.map = ShaderKey.MapForm(g) }
        f.record.params[3] = depth
        let start = pieceStore.count
        if let rects = occupiedPieces(op, f, bounds: b) {
            for r in rects { pieceStore.append(OpSplitter.Piece(bounds: r, solid: false)) }
        } else if let blit = f.blit {
            pieceStore.append(OpSplitter.Piece(bounds: blit.bounds, solid: false))
        } else if splits, let pieces = slot?.pieces {
            // A path whose coverage the CPU knows: only its bands' spans with coverage, the full ones solid
            // where the paint alone is the colour (a solid paint, no clips).
            let solids = solidPaint && op.clips.isEmpty
            for piece in pieces {
                let r = piece.bounds.intersection(b)
                if !r.isEmpty { pieceStore.append(OpSplitter.Piece(bounds: r, solid: piece.solid && solids)) }
            }
        } else if !(splits && OpSplitter.pieces(op, borderWidth: bordered?.width, bounds: b, into: &pieceStore)) {
            pieceStore.append(OpSplitter.Piece(bounds: b, solid: false))
        }
        if let kept = keptCopies[index], kept.slot.bounds == b {
            return keptCopy(kept, pieces: start..<pieceStore.count)
        }
        // The op's integer records (`addIntegerRecords`): the first plus one, 0 for none.
        let offset = records.count
        var record = f.record
        let integers = addIntegerRecords(op.exactEdges, f.lattice, flags: &record.params[2])
        // Pixels counted from `origin` (`MapOrigin`, packed): row 2 is G's for it.
        record.map0 = SIMD4(g[0], g[1], g[2], integers)
        record.map1 = SIMD4(g[3], g[4], g[5], origin.packed)
        record.map2 = SIMD4(g2.x, g2.y, g2.z, clipFirst)
        record.w = SIMD4(wTest.0, wTest.1, wTest.2, Float(op.clips.count * 16 + (op.edgeAA.rawValue & 15)))
        record.append(to: &records)
        return Prepared(key: f.key, texture: f.texture, mask: f.mask, coverage: f.coverage, record: offset,
                        pieces: start..<pieceStore.count,
                        bounds: f.blit?.bounds ?? b, opaque: f.record.color[3] == 1 && f.key.kind != .gradient,
                        ringable: f.ringable)
    }
}
