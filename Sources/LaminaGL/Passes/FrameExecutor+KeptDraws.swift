import CGLES
import LaminaGeometry
import LaminaGraph
import LaminaImage

/// Draws kept between frames in pages (`KeptDrawAtlas`): which of a pass's draws are read from there, and
/// making those kept this frame.
extension FrameExecutor {
    /// The kept regions of `ops` (by index) that the pass copies instead of drawing, with their pages'
    /// textures: those kept before, and those seen in the frame before, made now. Empty unless
    /// `options.keepsDraws` and the fast paths are on.
    ///
    /// A draw over a backdrop (`OpaqueBackdrop`: the pass's clear colour, `clear`, or an opaque card, and
    /// a few draws over it there) is kept composited over it, texel copies of images included: its region then holds the pass's own
    /// final bytes there, copied back without blending (`PassBatcher.keptCopy`).
    ///
    /// With the copies, `answer`: 0 for none, the serial of the memo's answer (`KeptDrawMemo`) when they are
    /// one (handed out again, or recorded now), else nil (this frame made a region, or saw a draw it did not
    /// keep yet: the next may answer otherwise, so nothing is recorded).
    func keptDraws(_ key: KeptDrawMemo.Key,
                   batcher: inout PassBatcher) throws -> (copies: [Int: PassBatcher.KeptCopy], answer: Int?) {
        guard options.keepsDraws, options.gpuFastPaths, !drawsKeyedPass else { return ([:], 0) }
        let atlas = resources.keptDraws, ops = key.ops, passBounds = key.passBounds, clear = key.clear
        // The same pass of the same graph as a frame that made nothing: its answer again (`KeptDrawMemo`).
        if let replayed = resources.keptMemo.replay(key, atlas: atlas) { return replayed }
        atlas.sightings = []
        defer { atlas.sightings = nil }
        let (copies, made, settled) = findKeptDraws(ops, passBounds: passBounds, clear: clear)
        do {
            for (i, identity) in made {
                if let copy = copies[i] {
                    try make([ops[i]] + (identity.border.map { [$0] } ?? []), into: copy, passBounds: passBounds,
                             batcher: &batcher)
                }
            }
        } catch {
            // Regions not made must not be copied by a later frame.
            for (_, identity) in made { atlas.forget(identity) }
            throw error
        }
        guard made.isEmpty, settled else { return (copies, nil) }
        guard !copies.isEmpty else { return (copies, 0) }
        return (copies, resources.keptMemo.record(key, copies: copies, sightings: atlas.sightings ?? [], atlas: atlas))
    }

    /// The search of `keptDraws`: the kept regions of `ops`, those to make now (`made`), and whether every
    /// draw that could be kept is (`settled`; else one was seen for the first time, or found no room).
    private func findKeptDraws(_ ops: [DrawOp], passBounds: PixelRect, clear: PremultipliedColor?)
        -> (copies: [Int: PassBatcher.KeptCopy], made: [(index: Int, identity: DrawIdentity)], settled: Bool) {
        let atlas = resources.keptDraws
        var copies: [Int: PassBatcher.KeptCopy] = [:], made: [(index: Int, identity: DrawIdentity)] = []
        var backdrops: OpaqueBackdrop?, pairedBorder = -1, settled = true
        for (i, op) in ops.enumerated() where i != pairedBorder {
            let bounds = op.bounds.intersection(passBounds)
            // A fill drawn as one with the border after it (`BorderedFill`) is kept as the pair, or not at all.
            let border = options.joinsBorders && i + 1 < ops.count && BorderedFill(fill: op, border: ops[i + 1]) != nil
                ? ops[i + 1] : nil
            if border != nil { pairedBorder = i + 1 }
            guard KeptDrawAtlas.worthKeeping(bounds),
                  let (plain, bitmap, overBackdropOnly) = keptIdentity(op, border: border, bounds: bounds) else { continue }
            let alone = bitmap.map { [$0] } ?? []
            var composite: (identity: DrawIdentity, bitmaps: [Bitmap])?
            if options.keepsComposites {
                if backdrops == nil {
                    backdrops = OpaqueBackdrop(ops: ops, passBounds: passBounds, clear: clear,
                                               fusesBorders: options.joinsBorders) { self.sampled($0) }
                }
                if let under = backdrops?.under(i, bounds: bounds) {
                    composite = (plain.over(under.backdrop), alone + under.bitmaps)
                }
            }
            // A texel copy alone is already one read a pixel, a solid's colour cheaper than one: kept only over
            // a backdrop.
            let own = overBackdropOnly ? nil : (plain, alone)
            guard let (identity, _, slot, isNew) = keptSlot(composite, alone: own, bounds: bounds) else {
                if composite != nil || own != nil { settled = false }
                continue
            }
            if isNew { made.append((i, identity)) }
            if let page = atlas.target(slot.page) { copies[i] = .init(slot: slot, page: page, backdrop: identity.backdrop) }
        }
        return (copies, made, settled)
    }

    /// The kept region a draw is copied from: its composite's (`composite`, when it has a backdrop) if kept or
    /// seen in the frame before, else its own (`alone`, when it may be kept alone) if kept or seen then, made
    /// now when it is new (`isNew`). A draw over a backdrop that changes every frame (an animated card) is
    /// still kept alone: both identities are sighted each frame, so the one that recurs is the one kept.
    private func keptSlot(_ composite: (identity: DrawIdentity, bitmaps: [Bitmap])?,
                          alone: (identity: DrawIdentity, bitmaps: [Bitmap])?, bounds: PixelRect)
        -> (DrawIdentity, [Bitmap], KeptDrawAtlas.Slot, isNew: Bool)? {
        let atlas = resources.keptDraws
        if let c = composite, let slot = atlas.slot(for: c.identity, bitmaps: c.bitmaps, bounds: bounds) {
            return (c.identity, c.bitmaps, slot, false)
        }
        let compositeRecurs = composite.map { atlas.sightedBefore($0.identity) } ?? false
        let aloneRecurs = alone.map { atlas.sightedBefore($0.identity) } ?? false
        if let c = composite, compositeRecurs {
            return atlas.allocate(c.identity, bitmaps: c.bitmaps, bounds: bounds).map { (c.identity, c.bitmaps, $0, true) }
        }
        guard let a = alone else { return nil }
        if let slot = atlas.slot(for: a.identity, bitmaps: a.bitmaps, bounds: bounds) { return (a.identity, a.bitmaps, slot, false) }
        guard aloneRecurs else { return nil }
        return atlas.allocate(a.identity, bitmaps: a.bitmaps, bounds: bounds).map { (a.identity, a.bitmaps, $0, true) }
    }

    /// Whether the pass being drawn has a key (`Pass.retainKey`) and keyed passes are kept: it is drawn
    /// again only when its key changes, so its draws are not kept (their regions would not be read).
    private var drawsKeyedPass: Bool {
        guard options.keepsRecurringBlurs, let id = current else { return false }
        return graph.pass(id)?.retainKey != nil
    }

    /// What keys `op`'s bytes (drawn as one with `border` after it, when given: `BorderedFill`), the image it
    /// samples, and whether it is kept only over a backdrop (a texel copy of that image, or a solid
    /// `costlySolid`, or such a fill with its border): nil for a draw not kept. Kept: gradients; texture draws of an image or of a pass whose key decides its pixels
    /// (a group's, a mask's, a rasterized layer's: `Pass.retainKey`), masked by nothing or by such a pass.
    /// Paths are kept only over a backdrop too (alone, a fill reads its kept coverage once a pixel). Not
    /// kept: other solids (the linear rasterizer's cheapest pixels), a draw that adds, and draws of a blur or of a pass without a key (its pixels are its own
    /// frame's).
    private func keptIdentity(_ op: DrawOp, border: DrawOp?, bounds: PixelRect)
        -> (DrawIdentity, Bitmap?, overBackdropOnly: Bool)? {
        if let border {
            return FrameExecutor.costlySolid(op, bounds: bounds)
                ? (DrawIdentity(op: op, border: border, image: nil), nil, true) : nil
        }
        // A path's coverage is kept on its own: alone its draw reads it once a pixel, kept only over a backdrop.
        var path = false
        if case .path = op.shape { path = true }
        switch op.paint {
        case .solid:
            return path || FrameExecutor.costlySolid(op, bounds: bounds)
                ? (DrawIdentity(op: op, border: nil, image: nil), nil, true) : nil
        case .gradient:
            return (DrawIdentity(op: op, border: nil, image: nil), nil, path)
        case .texture(let t):
            guard let (sample, bitmap) = sampled(t) else { return nil }
            let copiesTexels = bitmap.map {
                t.mask == nil && TexelBlit(op, t, bounds: bounds, textureWidth: $0.width, textureHeight: $0.height) != nil
            } ?? false
            return (DrawIdentity(op: op, border: nil, image: sample.image, source: sample.source, mask: sample.mask),
                    bitmap, copiesTexels || path)
        }
    }

    /// Whether solid `op` costs enough to be kept over a backdrop: clipped; or a rounded rect whose corners'
    /// squares (the pixels its coverage is computed for) are a quarter of its bounds or more (a mask's pill);
    /// or a rounded rect of at most `smallArea` pixels, whose five pieces' set-up costs more than a copy of
    /// its pixels. Plain rects and larger rounded cards are mostly solid pieces, the linear rasterizer's
    /// cheapest pixels, cheaper drawn than copied (measured: 200 and 1 000 bordered cards of 60 to 190
    /// points a side slower kept; 1 000 of 48 x 32 points faster).
    static func costlySolid(_ op: DrawOp, bounds: PixelRect) -> Bool {
        guard case .roundedRect(let shape) = op.shape else { return false }
        if !op.clips.isEmpty { return true }
        if bounds.area <= smallArea, shape.maxRadius > 0 { return true }
        let t = op.transform
        let scale = abs(t.m11 * t.m22 - t.m12 * t.m21).squareRoot()
        let corner = shape.maxRadius * scale
        guard corner.isFinite, corner > 0 else { return false }
        return 16 * corner * corner >= Double(bounds.area)
    }

    /// The most pixels of a rounded rect kept for its size alone (`costlySolid`).
    static let smallArea = 4096

    /// What a texture draw samples, when its bytes are decided by its fields and that (an image; a pass
    /// whose key decides its pixels; masked by nothing or by such a pass), with the image; nil for a draw
    /// that adds or reads a pass whose pixels are its own frame's.
    func sampled(_ t: TextureDraw) -> (DrawBackdrop.Sample, Bitmap?)? {
        guard !t.adds else { return nil }
        var mask: PassRetainKey?
        if let id = t.mask {
            guard let key = keyedPass(id) else { return nil }
            mask = key
        }
        switch t.source {
        case .image(let id):
            guard let bitmap = graph.image(id)?.bitmap else { return nil }
            return (DrawBackdrop.Sample(image: ObjectIdentifier(bitmap), mask: mask), bitmap)
        case .pass(let id):
            guard let key = keyedPass(id) else { return nil }
            return (DrawBackdrop.Sample(source: key, mask: mask), nil)
        }
    }

    /// The key of pass `id` when its pixels are decided by it and it is not a blur (a blur's copies, the
    /// slices of a shadow, are small and many: copied from pages they cost more than they save) nor kept at a
    /// reduced level.
    private func keyedPass(_ id: PassID) -> PassRetainKey? {
        guard let pass = graph.pass(id), let key = pass.retainKey, !pass.isBlur, !keepReduced.contains(id) else {
            return nil
        }
        return key
    }

    /// Draws `drawn` (an op, or a fill and its border) into its kept region, cleared first (to transparent, or
    /// to the pass's clear colour its backdrop starts from), after its backdrop's ops: through a viewport moved by the region's offset from
    /// the op's pixels, the fragment shader told the same offset
    /// (`PrimitiveDrawer.pixelOffset`). Both are drawn by the pass's own batcher and programs, so the
    /// region holds the bytes the pass computes there.
    private func make(_ drawn: [DrawOp], into copy: PassBatcher.KeptCopy, passBounds: PixelRect,
                      batcher: inout PassBatcher) throws {
        let slot = copy.slot
        batcher.reset()
        let ops = (copy.backdrop?.ops ?? []) + drawn
        let clear = copy.backdrop?.clear ?? PremultipliedColor(r: 0, g: 0, b: 0, a: 0)
        // In op order: the page has no depth buffer for the opaque pieces' depth test (same bytes).
        let occludes = batcher.occludes
        batcher.occludes = false
        defer { batcher.occludes = occludes }
        // Paths' coverage, as the pass computes it, for this list (released after).
        let paths = resources.paths
        defer { paths.releasePages() }
        if ops.contains(where: { if case .path = $0.shape { return true } else { return false } }) {
            batcher.pathSlots = try paths.render(ops, passBounds: passBounds, maxTextureSize: resources.maxTextureSize,
                                                 keepsAtlas: false)
        }
        let batches = try batcher.batches(for: ops, passBounds: passBounds)
        let drawer = resources.drawer
        try drawer.upload(instances: batcher.instances, clips: batcher.clips)
        copy.page.bind()
        let b = slot.bounds, dx = slot.x - b.x0, dy = slot.y - b.y0
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(GLint(slot.x), GLint(slot.y), GLsizei(b.width), GLsizei(b.height))
        // The pass's clear: the bytes the CPU stores, as whole steps (`draw(_:into:clear:)`).
        let px = ClearColor.bytes(clear)
        glClearColor(Float(px.r) / 255, Float(px.g) / 255, Float(px.b) / 255, Float(px.a) / 255)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glViewport(GLint(dx), GLint(dy), GLsizei(passBounds.width), GLsizei(passBounds.height))
        drawer.pixelOffset = (dx, dy)
        defer {
            drawer.pixelOffset = (0, 0)
            glDisable(GLenum(GL_SCISSOR_TEST))
        }
        try drawer.draw(opaque: batches.opaque, batches.blended, depthTested: false, targetWidth: passBounds.width,
                        targetHeight: passBounds.height)
    }
}
