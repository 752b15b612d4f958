import CGLES
import Foundation
import LaminaGraph
import LaminaGeometry

/// The record fields of a fill with its border and of each paint (`PassBatcher.fields`).
extension PassBatcher {
    /// What an op's record holds besides its map and clips, and how it is drawn.
    struct RecordFields {
        var key = ShaderKey(kind: .fill)
        var texture: GLTexture?, mask: GLTexture?, coverage: GLTexture?
        /// The record's shape, colour, parameter and source fields (its map and clips are `prepare`'s).
        var record = QuadRecord()
        var blit: TexelBlit?
        /// A filtered texture draw of level 0 under a translation and a positive scale: how its pixels reach
        /// its texels, to cut it to the occupied ones (`TexelOccupancy.pieces(_:bounds:)`).
        var footprint: TexelOccupancy.Footprint?
        var ringable = false
        /// A nearest-filtered draw that is not a copy: its sampling, whose texel lattices (`.texels`,
        /// `.maskTexels`) `prepare` adds to the clip table and names in the record's flags.
        var lattice: TextureSampling?
    }

    /// A copy or filtered draw (`RecordFields.blit`, `.footprint`) of an image with empty stretches: only the
    /// pixels that reach its non-zero texels (`TexelOccupancy`); nil to draw it whole.
    func occupiedPieces(_ op: DrawOp, _ f: RecordFields, bounds b: PixelRect) -> [PixelRect]? {
        guard splits, case .texture(let t) = op.paint, let occupied = occupancy(t.source) else { return nil }
        if let blit = f.blit { return occupied.pieces(blit) }
        return f.footprint.flatMap { occupied.pieces($0, bounds: b) }
    }

    /// A fill with its border over it (`BorderedFill`): the border program's two colours. `color` is also
    /// what the solid pieces (the inner shape's interior) draw: the fill alone.
    func borderedFields(_ pair: BorderedFill, modulate m: PremultipliedColor) -> RecordFields {
        var f = RecordFields()
        f.record.params[0] = Float(pair.width)
        f.key = ShaderKey.shape(pair.shape, border: pair.width)
        (f.record.rect, f.record.radii) = PassBatcher.shapeRecord(pair.shape)
        f.record.color = PassBatcher.product(pair.fill, m, 1)
        f.record.src = PassBatcher.product(pair.border, m, 1)
        return f
    }

    /// The fields of `op`'s paint over `shape`, with a rounded rect's program; `fields` gives rings and paths
    /// their own shape.
    mutating func paintFields(_ op: DrawOp, _ shape: RoundedRect, bounds b: PixelRect, modulate m: PremultipliedColor,
                              into f: inout RecordFields) throws {
        switch op.paint {
        case .solid(let c):
            f.key = ShaderKey.shape(shape, border: nil)
            (f.record.rect, f.record.radii) = PassBatcher.shapeRecord(shape)
            f.record.color = PassBatcher.product(c, m, 1)
        case .texture(let t):
            try textureFields(op, shape, t, bounds: b, modulate: m, into: &f)
        case .gradient(let paint):
            f.key = ShaderKey.shape(shape, border: nil)
            f.key.kind = .gradient
            f.key.gradientKind = paint.kind
            (f.record.rect, f.record.radii) = PassBatcher.shapeRecord(shape)
            f.record.src[0] = Float(clips.addGradient(paint))
            // A conic gradient's seam as an integer line (`ExactEdges.conicSeam`): its record plus one.
            f.record.src[1] = op.conicSeam.map { Float(clips.addExactEdges($0) + 1) } ?? 0
            f.record.color = PassBatcher.product(PremultipliedColor(r: 1, g: 1, b: 1, a: 1), m, 1)
        }
    }

    /// A texture draw's fields: its source and mask, sampling, its shape's rect and radii, and, drawn texel
    /// for texel, the texel copy (reading a blur kept at its reduced level, which nothing else may read). An
    /// image read at one level is read from its atlas slot when it has one (`ImageAtlas`: the record's `tex`
    /// is then the slot's place and size).
    func textureFields(_ op: DrawOp, _ shape: RoundedRect, _ t: TextureDraw, bounds b: PixelRect,
                               modulate m: PremultipliedColor, into f: inout RecordFields) throws {
        var reduced: Reduction?
        if case .pass(let id) = t.source { reduced = reduction(id) }
        // The texels read: a reduced blur's, an image's (its texture's, known before it is made), a pass's.
        var pass: GLTexture?
        let size: (width: Int, height: Int)
        if let reduced {
            size = (reduced.width, reduced.height)
        } else if let image = imageSize(t.source) {
            size = image
        } else {
            let texture = try resolve(t.source, t.minFilter == .trilinear)
            (pass, size) = (texture, (texture.width, texture.height))
        }
        let maskTexture = try t.mask.map { try resolvePass($0) }
        // Under a map without perspective the filter is decided for the whole draw, as on the CPU.
        let decided = op.textureSampling(width: size.width, height: size.height, maskWidth: maskTexture?.width ?? 0,
                                         maskHeight: maskTexture?.height ?? 0)
        let blit = TexelBlit(op, t, bounds: b, textureWidth: size.width, textureHeight: size.height, sampling: decided,
                             enabled: splits)
        let sampling = decided.map { ShaderKey.sampling(min: $0.filter, mag: $0.filter) }
            ?? ShaderKey.sampling(min: t.minFilter, mag: t.magFilter)
        let slot = try slot(for: t, copies: blit != nil, sampling: sampling)
        let source = try slot?.page ?? pass ?? resolve(t.source, t.minFilter == .trilinear)
        f.texture = source
        f.mask = maskTexture
        if decided?.texels != nil, blit == nil { f.lattice = decided }
        f.key = ShaderKey(kind: .texture, rounded: ShaderKey.shape(shape, border: nil).rounded, sampling: sampling,
                          masked: t.mask != nil)
        (f.record.rect, f.record.radii) = PassBatcher.shapeRecord(shape)
        f.record.src = SIMD4(Float(t.sourceRect.origin.x), Float(t.sourceRect.origin.y), Float(t.sourceRect.width),
                      Float(t.sourceRect.height))
        f.record.tex = slot.map { SIMD4(Float($0.x), Float($0.y), Float($0.width), Float($0.height)) }
            ?? SIMD4(Float(source.width), Float(source.height),
                     Float(PassBatcher.filterCode(t.minFilter) + 4 * PassBatcher.filterCode(t.magFilter)), Float(source.levels))
        let flags = (t.tint != nil ? InstanceLayout.tinted : 0) + (t.mask != nil ? InstanceLayout.masked : 0)
            + (t.mask != nil && t.invertsMask ? InstanceLayout.maskInverted : 0)
        f.record.params = SIMD4(0, Float(t.lodBias), flags, 0)
        if let decided, sampling == .general {
            // Trilinear at the level decided for the draw: the shader takes it as given, and reads the
            // minification filter whatever the level's sign in float (`InstanceLayout.levelGiven`).
            f.record.params[1] = Float(decided.lambda)
            f.record.params[2] += InstanceLayout.levelGiven
        }
        f.record.color = PassBatcher.product(t.tint ?? PremultipliedColor(r: 1, g: 1, b: 1, a: 1), m, t.opacity)
        if let grid = blit {
            f.blit = grid
            f.key = ShaderKey(kind: .texel, reduced: reduced != nil, packed: reduced?.packed ?? false)
            f.record.src = SIMD4(Float(grid.base.x), Float(grid.base.y), Float(grid.step.x), Float(grid.step.y))
            if let reduced { f.record.tex = SIMD4(Float(size.width), Float(size.height), 0, Float(reduced.factor)) }
        } else if reduced != nil {
            throw GLError.invalidGraph("a draw reads the reduced blur \(t.source) other than texel for texel")
        } else if splits, sampling != .general, case .image = t.source {
            // One filter (decided for the draw, or both the same), so only level 0 is read (`ShaderKey.Sampling`).
            f.footprint = TexelOccupancy.Footprint(rect: shape.rect, transform: op.transform, source: t.sourceRect,
                                                   width: size.width, height: size.height)
        }
        f.key.atlas = slot != nil
    }

    /// Adds the records an op decides by integers to the clip table and returns the first's index plus one
    /// (the record's `map0.w`; 0 for none): the hard edges of a rotated or projected rect (`ExactEdges`),
    /// then a nearest-filtered draw's texel lattices (`TexelLattice`) in the record after them. A draw with
    /// lattices says so in its `flags` (`InstanceLayout.hasLattice`, and `.edgesFirst` when the edges'
    /// record comes first). The index is a float, exact to 2^24 records, past what a clip texture holds.
    mutating func addIntegerRecords(_ edges: ExactEdges?, _ sampling: TextureSampling?, flags: inout Float) -> Float {
        let first = edges.map { clips.addExactEdges($0) }
        guard let texels = sampling?.texels else { return first.map { Float($0 + 1) } ?? 0 }
        let record = clips.addLattice(texels, mask: sampling?.maskTexels)
        flags += InstanceLayout.hasLattice + (first == nil ? 0 : InstanceLayout.edgesFirst)
        return Float((first ?? record) + 1)
    }

    /// The atlas slot of an image a draw reads at one level (a texel copy, or one filter for both) without a
    /// mask, with the fast paths on; nil for any other draw or an image without a slot.
    private func slot(for t: TextureDraw, copies: Bool, sampling: ShaderKey.Sampling) throws -> ImageAtlas.Slot? {
        guard splits, t.mask == nil, case .image = t.source, copies || sampling != .general else { return nil }
        return try atlasSlot(t.source)
    }
}

extension PassBatcher {
    /// The program, textures and record fields of `op`, its colours times `m` (a replicator's modulation).
    mutating func fields(_ op: DrawOp, bounds b: PixelRect, modulate m: PremultipliedColor,
                                 slot: PathCoverage.Slot?) throws -> RecordFields {
        var f = RecordFields()
        switch (op.shape, op.paint) {
        case (.roundedRect(let shape), .solid(let c)):
            f.key = ShaderKey.shape(shape, border: nil)
            // A fill the border program draws exactly (`ShaderKey.ring`): its record says "no inner edge".
            if f.key.rounded || op.edgeAA == .all {
                f.ringable = true
                f.record.params[0] = ShaderKey.noInnerEdge
            }
            (f.record.rect, f.record.radii) = PassBatcher.shapeRecord(shape)
            f.record.color = PassBatcher.product(c, m, 1)
        case (.ring(let shape, let width), .solid(let c)):
            // The border program's colours: the fill under the ring in `color` (none here), the ring's in `src`.
            f.record.params[0] = Float(width)
            f.key = ShaderKey.shape(shape, border: width)
            (f.record.rect, f.record.radii) = PassBatcher.shapeRecord(shape)
            f.record.src = PassBatcher.product(c, m, 1)
        case (.roundedRect(let shape), _):
            try paintFields(op, shape, bounds: b, modulate: m, into: &f)
        case (.ring(let shape, let width), _):
            // A ring with a texture or gradient: the paint's program with the ring's coverage.
            try paintFields(op, shape, bounds: b, modulate: m, into: &f)
            let ring = ShaderKey.shape(shape, border: width)
            (f.key.kind.shape, f.key.innerRounded) = (.ring, ring.innerRounded)
            f.record.params[0] = Float(width)
        case (.path(let path), _):
            guard let slot else { throw GLError.invalidGraph("a path op has no coverage slot") }
            try paintFields(op, RoundedRect(rect: op.shape.textureRect), bounds: b, modulate: m, into: &f)
            (f.key.kind.shape, f.key.rounded, f.coverage) = (.coverageMask, false, slot.texture)
            // The atlas texel of pixel p is p - radii.xy; radii.z asks for hard edges (`PathShape.drawn`).
            f.record.radii = SIMD4(Float(b.x0 - slot.x), Float(b.y0 - slot.y), path.antialiased ? 0 : 1, 0)
        }
        return f
    }
}
