import CGLES
import Foundation
import LaminaCore

/// One instanced draw: a run of consecutive ops that share a texture and a mask.
struct Batch {
    /// Index of the first instance in the frame's instance buffer.
    var firstInstance: Int
    var count: Int
    var texture: GLTexture?
    /// Whether any op of the batch has clips (the program then includes the clip loop).
    var clipped = false
    var mask: GLTexture?
}

/// Turns a pass's draw ops into instance records and batches.
///
/// Fills and borders need no texture, so they join whatever batch is open; a texture draw joins it when the
/// batch has no texture yet or the same texture and mask (filters are per instance), and starts a new one otherwise. Draw
/// calls therefore grow with the number of texture changes, not with the number of ops, and the ops' order
/// (which source-over needs) is kept.
struct PassBatcher {
    /// Instance records of the whole frame, `InstanceLayout.floats` floats each.
    var instances: [Float] = []
    var clips = ClipTable()
    /// Coverage textures of path fills, kept alive until the pass is drawn.
    var pathTextures: [GLTexture] = []
    private var paths = PathCoverage()
    /// Pixels the current pass's ops touch (sum of their clamped bounds), for `FrameStats`.
    private(set) var pixels = 0

    /// Starts a new pass: instances, clips and counters are per pass; path textures of the previous pass
    /// are released (its draws have been issued, and GL keeps a deleted texture alive for them, §D.1.2).
    mutating func reset() {
        instances.removeAll(keepingCapacity: true)
        clips = ClipTable()
        pathTextures.removeAll()
        pixels = 0
    }

    init(resolve: @escaping (TextureDraw.Source) throws -> GLTexture,
         resolvePass: @escaping (PassID) throws -> GLTexture) {
        self.resolve = resolve; self.resolvePass = resolvePass
    }

    /// Resolves a texture draw's source (an image or an earlier pass) to a texture.
    let resolve: (TextureDraw.Source) throws -> GLTexture
    let resolvePass: (PassID) throws -> GLTexture

    /// The batches of one pass's ops, appending their instances.
    /// Bounds are intersected with `passBounds`, so a quad never leaves its target whatever the planner sent.
    mutating func batches(for ops: [DrawOp], passBounds: PixelRect) throws -> [Batch] {
        var batches: [Batch] = []
        for var op in ops {
            op.bounds = op.bounds.intersection(passBounds)
            if op.bounds.isEmpty { continue }
            pixels += op.bounds.area
            let first = instances.count / InstanceLayout.floats
            guard let key = try append(op) else { continue }
            let added = instances.count / InstanceLayout.floats - first
            if added == 0 { continue }
            if var last = batches.last, last.firstInstance + last.count == first, compatible(&last, key) {
                last.count += added
                last.clipped = last.clipped || !op.clips.isEmpty
                batches[batches.count - 1] = last
            } else {
                batches.append(Batch(firstInstance: first, count: added, texture: key.texture, clipped: !op.clips.isEmpty,
                                     mask: key.mask))
            }
        }
        return batches
    }

    /// Whether `key` can join `batch`, adopting its texture when the batch has none yet.
    private func compatible(_ batch: inout Batch, _ key: Batch) -> Bool {
        guard let texture = key.texture else { return true }
        if batch.texture == nil {
            batch.texture = texture; batch.mask = key.mask
            return true
        }
        return batch.texture === texture && batch.mask === key.mask
    }

    /// Appends `op`'s instances (one, or its `OpSplitter` pieces); returns its texture needs, or nil when it
    /// draws nothing.
    private mutating func append(_ op: DrawOp) throws -> Batch? {
        let b = op.bounds
        let clipFirst = Float(clips.add(op.clips))
        let m = op.modulate ?? PremultipliedColor(r: 1, g: 1, b: 1, a: 1)
        var key = Batch(firstInstance: 0, count: 0, texture: nil, clipped: false, mask: nil)
        var g = [Float](repeating: 0, count: 9), wTest: (Float, Float, Float) = (0, 0, 1)
        var kind = InstanceLayout.Kind.fill
        var rect = [Float](repeating: 0, count: 4), radii = rect, src = rect, tex = rect, params = rect
        var color = rect
        if case .path = op.kind {} else {
            guard let map = ProjectiveMap(op.transform) else { return nil }
            g = map.g; wTest = map.wTest
        }
        switch op.kind {
        case .fill(let shape, let c), .border(let shape, _, let c):
            if case .border(_, let width, _) = op.kind { kind = .border; params[0] = Float(width) }
            rect = PassBatcher.rect(shape.rect)
            radii = [shape.minXMinY, shape.maxXMinY, shape.minXMaxY, shape.maxXMaxY].map { Float($0) }
            color = PassBatcher.product(c, m, 1)
        case .texture(let t):
            kind = .texture
            let texture = try resolve(t.source)
            key.texture = texture
            if let maskPass = t.mask { key.mask = try resolvePass(maskPass) }
            rect = PassBatcher.rect(t.destination)
            src = [t.sourceRect.origin.x, t.sourceRect.origin.y, t.sourceRect.width, t.sourceRect.height]
                .map { Float($0) }
            tex = [Float(texture.width), Float(texture.height),
                   Float(PassBatcher.filterCode(t.minFilter) + 4 * PassBatcher.filterCode(t.magFilter)),
                   Float(texture.levels)]
            let flags = (t.tint != nil ? InstanceLayout.tinted : 0) + (t.mask != nil ? InstanceLayout.masked : 0)
            params = [0, Float(t.lodBias), flags, 0]
            color = PassBatcher.product(t.tint ?? PremultipliedColor(r: 1, g: 1, b: 1, a: 1), m, t.opacity)
        case .path(let path):
            kind = .coverageMask
            let mask = try PassBatcher.upload(paths.rasterize(path, transform: op.transform, bounds: b),
                                              width: b.width, height: b.height)
            pathTextures.append(mask)
            key.texture = mask
            src = [Float(b.x0), Float(b.y0), 0, 0]
            color = PassBatcher.product(path.color, m, 1)
        }
        let pieces = OpSplitter.pieces(op, bounds: b) ?? [OpSplitter.Piece(bounds: b, solid: false)]
        for piece in pieces {
            let p = piece.bounds, k = piece.solid ? InstanceLayout.Kind.solid : kind
            instances += [Float(p.x0), Float(p.y0), Float(p.x1), Float(p.y1)]
            instances += [g[0], g[1], g[2], k.rawValue, g[3], g[4], g[5], Float(op.edgeAA.rawValue)]
            instances += [g[6], g[7], g[8], clipFirst, wTest.0, wTest.1, wTest.2, Float(op.clips.count)]
            instances += rect + radii + color + params + src + tex
        }
        return key
    }

    /// The shader's FILTER_* codes (`common.glsl`).
    static func filterCode(_ f: ContentsFilter) -> Int {
        switch f {
        case .nearest: return 0
        case .linear: return 1
        case .trilinear: return 2
        }
    }

    static func rect(_ r: CGRect) -> [Float] { [Float(r.minX), Float(r.minY), Float(r.maxX), Float(r.maxY)] }

    /// Component-wise a * b * s, computed in double before the one rounding to float.
    static func product(_ a: PremultipliedColor, _ b: PremultipliedColor, _ s: Double) -> [Float] {
        [Float(a.r * b.r * s), Float(a.g * b.g * s), Float(a.b * b.b * s), Float(a.a * b.a * s)]
    }

    /// An R8 texture of `bytes` (rows top first, tightly packed).
    static func upload(_ bytes: [UInt8], width: Int, height: Int) throws -> GLTexture {
        let t = try GLTexture(width: width, height: height, format: GL_R8)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        try bytes.withUnsafeBytes { p in
            try gl("glTexSubImage2D(path coverage)") {
                glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RED),
                                GLenum(GL_UNSIGNED_BYTE), p.baseAddress)
            }
        }
        return t
    }
}
