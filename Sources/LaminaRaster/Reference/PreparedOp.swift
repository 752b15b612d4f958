import Foundation
import LaminaGraph
import LaminaGeometry
import LaminaImage

/// A draw operation with everything per-op computed once: inverse projections, samplers, path coverage.
///
/// A class: the bands drawing it in parallel share it instead of copying it, and nothing in it changes
/// once it is prepared.
final class PreparedOp: @unchecked Sendable {
    /// The operation's shape, prepared: what its coverage needs, computed once.
    enum PreparedShape {
        case roundedRect(RoundedRect)
        /// The outer shape and its inner edge (nil when the ring has no hole), inset once per operation.
        case ring(RoundedRect, inner: RoundedRect?)
        /// A fill with its border over it (`BorderedFill`): the shape and the ring's inner edge.
        case framed(RoundedRect, inner: RoundedRect?)
        /// The coverage of the rows of `bounds`, already rasterized analytically.
        case path(coverage: PathRows)
    }

    /// The operation's paint, prepared: colours as vectors, samplers and evaluators made once.
    enum PreparedPaint {
        case solid(SIMD4<Double>)
        /// A fill-with-border's fill and border colours (`BorderedFill`).
        case framed(fill: SIMD4<Double>, border: SIMD4<Double>)
        case texture(PreparedTexture)
        /// A gradient, evaluated per pixel (`GradientColor`).
        case gradient(GradientPaint.Evaluator)
    }

    struct PreparedTexture {
        let draw: TextureDraw
        /// The shape it is drawn in; the texture is stretched over its rect.
        let shape: RoundedRect
        var rect: CGRect { shape.rect }
        let sampler: TextureSampler
        let mask: TextureSampler?
        let texWidth: Double
        let texHeight: Double
        /// Local point -> texel coordinates of the texture's level 0, and of the mask's.
        let texels: TexelMap
        let maskTexels: TexelMap?
        /// For a pass source blurred by `GrayBlur`, its alpha plane (the alpha bytes of level 0, packed).
        var alpha: [UInt8]? = nil
        /// The filter and the nearest filter's texels decided for the whole draw, under a map without
        /// perspective (`TextureSampling`, as the GPU decides them); nil: decided per pixel.
        var sampling: TextureSampling? = nil
    }

    /// Texel coordinates of a level `width` x `height` texels at a local point: the source rect's start plus
    /// the point's offset into the destination times texels per point (so a draw of one texel to a point
    /// lands on texel centres exactly), its constants worked out once per operation.
    struct TexelMap {
        let x0: Double, y0: Double, minX: Double, minY: Double, sx: Double, sy: Double

        init(_ t: TextureDraw, onto d: CGRect, width: Int, height: Int) {
            let r = t.sourceRect, w = Double(width), h = Double(height)
            x0 = Double(r.minX) * w; y0 = Double(r.minY) * h
            minX = Double(d.minX); minY = Double(d.minY)
            sx = Double(r.width) * w / Double(d.width); sy = Double(r.height) * h / Double(d.height)
        }

        @inline(__always) func x(_ s: Projection.Sample) -> Double { x0 + (s.qx - minX) * sx }
        @inline(__always) func y(_ s: Projection.Sample) -> Double { y0 + (s.qy - minY) * sy }
    }

    struct PreparedClip {
        let sampler: PixelSampler?
        let shape: RoundedRect
        let edgeAA: EdgeMask
        /// The hard edges of a rect clip through a rotation or projection (`ExactEdges`).
        let exact: ExactEdges?
    }

    let shape: PreparedShape
    let paint: PreparedPaint
    /// The operation's inverse projection at pixel centres (nil: a singular map, nothing drawn); with fast
    /// paths on, it skips the divisions of maps with w = 1 (`PixelSampler.unitW`).
    let sampler: PixelSampler?
    let clips: [PreparedClip]
    let bounds: PixelRect
    let edgeAA: EdgeMask
    /// The hard edges of a rect fill, gradient or texture through a rotation or projection (`ExactEdges`).
    let exact: ExactEdges?
    /// A conic gradient's seam as an integer line (`ExactEdges.conicSeam`).
    let seam: ExactEdges?
    let modulate: SIMD4<Double>?
    /// Solid and hole spans for axis-aligned operations (nil: every pixel takes the general path).
    let spans: SpanPlan?
    /// Solid and hole spans for rotated or sheared rounded rects (`AffineSpans`).
    let affineSpans: AffineSpans?
    /// For a pass drawn back pixel for pixel, its offset in the target.
    let alignedOffset: (Int, Int)?
    /// For a nearest-filtered texture on an axis-aligned grid, its per-column and per-row texels.
    let texelGrid: TexelGrid?
    /// Whether fills' and borders' coverage may be memoised (`CPUFastPaths.coverageMemo`).
    let memoizes: Bool
    /// For a linearly filtered texture on an axis-aligned grid, its per-column and per-row texel pairs.
    let linearGrid: LinearGrid?
    /// Whether grid rows, kept draws' blends and passes composited at their opacity run in C with AVX2
    /// (`CPUFastPaths.vectorKernels` on a processor that has it).
    let vectorKernels: Bool
    /// Whether this is an opaque fill whose solid spans store a pattern, or a fill with its border whose
    /// hole does (`Occlusion.opaqueRect`).
    let occludes: Bool
    /// With `CPUFastPaths.occlusion`, the rectangle of pixels an occluding operation stores without reading
    /// them (`Occlusion.opaqueRect`), found here, where operations are prepared in parallel.
    let opaqueRect: PixelRect?
    /// For a pass composited texel for pixel without a tint colour, mask or clips, each channel's source byte
    /// by texel byte (`plainTable`), made once here rather than by every band that draws it.
    let alignedTable: [UInt8]?
    /// Whether the operation adds to the target (`TextureDraw.adds`): drawn over transparent scratch, then
    /// the scratch's bytes added (`CPURenderer.draw`).
    let adds: Bool

    /// One operation of a pass.
    convenience init(_ op: DrawOp, graph: RenderGraph, passes: [PassID: Image],
                     samplers: inout [ImageID: TextureSampler], fastPaths: CPUFastPaths = .all,
                     alphas: [PassID: [UInt8]] = [:]) throws {
        try self.init(op, border: nil, graph: graph, passes: passes, samplers: &samplers, fastPaths: fastPaths,
                      alphas: alphas, kept: nil)
    }

    /// One item of a pass: an operation, or with `bordered` a fill with its border drawn as one
    /// (`BorderedFill`). A path's rows come from `kept` when it has them (`CPUFastPaths.keptPaths`).
    init(_ op: DrawOp, border bordered: BorderedFill?, graph: RenderGraph, passes: [PassID: Image],
         samplers: inout [ImageID: TextureSampler], fastPaths: CPUFastPaths = .all,
         alphas: [PassID: [UInt8]] = [:], kept: KeptPathRows?) throws {
        let affine = fastPaths.contains(.affineSampling)
        let projection = Projection(op.transform)
        let pixelSampler = projection.map { PixelSampler($0, shortcut: affine) }
        sampler = pixelSampler
        var grid: TexelGrid?
        var linear: LinearGrid?
        var opaque = false
        clips = op.clips.map { c in
            PreparedClip(sampler: Projection(c.transform).map { PixelSampler($0, shortcut: affine) },
                         shape: c.shape, edgeAA: c.edgeAA, exact: c.exactEdges)
        }
        bounds = op.bounds
        adds = op.adds
        edgeAA = op.edgeAA
        exact = op.exactEdges
        seam = op.conicSeam
        modulate = op.modulate.map { SIMD4($0.r, $0.g, $0.b, $0.a) }
        spans = fastPaths.contains(.spans) ? SpanPlan(op: op, borderWidth: bordered?.width) : nil
        affineSpans = fastPaths.contains(.spans) && spans == nil
            ? projection.flatMap { AffineSpans(op: op, borderWidth: bordered?.width, projection: $0) } : nil
        alignedOffset = fastPaths.contains(.alignedCopies) ? PreparedOp.pixelAligned(op, passes: passes) : nil
        memoizes = fastPaths.contains(.coverageMemo)
        vectorKernels = fastPaths.contains(.vectorKernels) && LinearGrid.hasAVX2
        if let bordered {
            shape = .framed(bordered.shape, inner: PreparedOp.inner(bordered.shape, bordered.width))
            paint = .framed(fill: PreparedOp.vector(bordered.fill), border: PreparedOp.vector(bordered.border))
        } else {
            shape = PreparedOp.prepare(op.shape, transform: op.transform, bounds: op.bounds, kept: kept)
            paint = try PreparedOp.prepare(op.paint, shape: op.shape, transform: op.transform, bounds: op.bounds,
                                           graph: graph, passes: passes, samplers: &samplers, alphas: alphas)
        }
        let white = SIMD4<Double>(1, 1, 1, 1)
        if alignedOffset != nil, case .texture(let t) = paint, t.draw.tint == nil, t.mask == nil, clips.isEmpty {
            alignedTable = PreparedOp.plainTable(opacity: t.draw.opacity, tint: modulate ?? white)
        } else {
            alignedTable = nil
        }
        switch (shape, paint) {
        case (.roundedRect, .solid(let c)):
            // `run` paints `c * modulate`; its solid spans store a pattern when that alpha is >= 1.
            opaque = spans != nil && clips.isEmpty && pixelSampler != nil && (c * (modulate ?? white)).w >= 1
        case (.framed, .framed(let f, _)):
            // `run` stores the fill's pattern over the hole when `fill * modulate` has alpha >= 1.
            opaque = spans?.innerShape != nil && clips.isEmpty && pixelSampler != nil && (f * (modulate ?? white)).w >= 1
        case (.roundedRect, .texture(let prepared)):
            if alignedOffset == nil, fastPaths.contains(.texelGrids) {
                grid = TexelGrid.kept(prepared, transform: op.transform, sampler: pixelSampler, affine: affine,
                                      bounds: op.bounds, edgeAA: op.edgeAA, modulate: modulate ?? white)
            }
            if alignedOffset == nil, grid == nil, fastPaths.contains(.linearGrids) {
                linear = LinearGrid.kept(prepared, transform: op.transform, sampler: pixelSampler, affine: affine,
                                         bounds: op.bounds, edgeAA: op.edgeAA)
            }
        default: break
        }
        texelGrid = grid
        linearGrid = linear
        occludes = opaque
        if opaque, fastPaths.contains(.occlusion), let plan = spans {
            var hole = false
            if case .framed = shape { hole = true }
            opaqueRect = Occlusion.opaqueRect(plan: plan, bounds: op.bounds, hole: hole)
        } else {
            opaqueRect = nil
        }
    }
}

extension PreparedOp {
    /// The shape's coverage inputs: a ring's inner edge inset once, a path's coverage rasterized (or kept).
    static func prepare(_ shape: DrawOp.Shape, transform: Transform3D, bounds: PixelRect,
                        kept: KeptPathRows?) -> PreparedShape {
        switch shape {
        case .roundedRect(let s): return .roundedRect(s)
        case .ring(let s, let width): return .ring(s, inner: inner(s, width))
        case .path(let path):
            if let kept { return .path(coverage: kept.rows(path, transform: transform, bounds: bounds)) }
            return .path(coverage: CPUPathCoverage.rasterize(path, transform: transform, bounds: bounds))
        }
    }

    /// The paint's colours as vectors, a texture's samplers, a gradient's evaluator.
    /// A ring's inner edge, inset once; nil when the ring has no hole.
    static func inner(_ s: RoundedRect, _ width: Double) -> RoundedRect? {
        let inner = s.inset(by: width)
        return inner.rect.width > 0 && inner.rect.height > 0 ? inner : nil
    }

    static func vector(_ c: PremultipliedColor) -> SIMD4<Double> { SIMD4(c.r, c.g, c.b, c.a) }

    static func prepare(_ paint: DrawOp.Paint, shape: DrawOp.Shape, transform: Transform3D, bounds: PixelRect,
                        graph: RenderGraph, passes: [PassID: Image], samplers: inout [ImageID: TextureSampler],
                        alphas: [PassID: [UInt8]]) throws -> PreparedPaint {
        switch paint {
        case .solid(let c): return .solid(vector(c))
        case .gradient(let g): return .gradient(GradientPaint.Evaluator(g))
        case .texture(let t):
            // Stretched over the shape's rect; a path's coverage comes from the path, so its rect only places it.
            let rect = shape.outline ?? RoundedRect(rect: shape.textureRect)
            return .texture(try texture(t, shape: rect, transform: transform, bounds: bounds, graph: graph,
                                        passes: passes, samplers: &samplers, alphas: alphas))
        }
    }
}

extension PreparedOp {
    /// A texture draw's samplers: the image's mip chain (made once per image, kept in `samplers`) or the pass,
    /// its mask pass, and a gray source pass's alpha plane.
    static func texture(_ t: TextureDraw, shape: RoundedRect, transform: Transform3D, bounds: PixelRect,
                        graph: RenderGraph, passes: [PassID: Image],
                        samplers: inout [ImageID: TextureSampler], alphas: [PassID: [UInt8]]) throws -> PreparedTexture {
        let sampler: TextureSampler
        switch t.source {
        case .image(let id):
            if let known = samplers[id], known.serves(t.minFilter) {
                sampler = known
            } else {
                guard let bitmap = graph.image(id)?.bitmap else { throw RenderGraphDefect("\(id) has no pixels") }
                sampler = TextureSampler.sampler(bitmap, minFilter: t.minFilter, known: samplers[id])
                samplers[id] = sampler
            }
        case .pass(let id):
            guard let img = passes[id] else { throw RenderGraphDefect("\(id) is read before it is rendered") }
            sampler = TextureSampler(levels: [img])
        }
        var mask: TextureSampler?
        if let m = t.mask {
            guard let img = passes[m] else { throw RenderGraphDefect("\(m) masks a draw before it is rendered") }
            mask = TextureSampler(levels: [img])
        }
        let base = sampler.levels[0]
        var prepared = PreparedTexture(draw: t, shape: shape, sampler: sampler, mask: mask,
                                       texWidth: Double(base.width), texHeight: Double(base.height),
                                       texels: TexelMap(t, onto: shape.rect, width: base.width, height: base.height),
                                       maskTexels: mask.map { TexelMap(t, onto: shape.rect, width: $0.levels[0].width,
                                                                       height: $0.levels[0].height) })
        if case .pass(let id) = t.source, let alpha = alphas[id], alpha.count == base.width * base.height {
            prepared.alpha = alpha
        }
        let maskLevel = mask?.levels[0]
        prepared.sampling = TextureSampling(t, rect: shape.rect, transform: transform, bounds: bounds,
                                            width: base.width, height: base.height,
                                            maskWidth: maskLevel?.width ?? 0, maskHeight: maskLevel?.height ?? 0)
        return prepared
    }
}

extension PreparedOp.PreparedTexture {
    /// The colour of the texture draw at a local sample of pixel (i, j) (before coverage).
    @inline(__always)
    func shade(_ s: Projection.Sample, _ i: Int, _ j: Int) -> SIMD4<Double> {
        let lambda = sampling?.lambda ?? self.lambda(s)
        let sample: SIMD4<Double>
        if let lattice = sampling?.texels {
            sample = sampler.nearest(lattice, i, j)
        } else {
            sample = sampler.sample(x: texels.x(s), y: texels.y(s), lambda: lambda, minFilter: draw.minFilter,
                                    magFilter: draw.magFilter)
        }
        var c: SIMD4<Double>
        if let tint = draw.tint {
            c = SIMD4(tint.r, tint.g, tint.b, tint.a) * sample.w
        } else {
            c = sample
        }
        c *= draw.opacity
        if let m = mask, let mt = maskTexels {
            let a: Double
            if let lattice = sampling?.maskTexels {
                a = m.nearest(lattice, i, j).w
            } else {
                a = m.sample(x: mt.x(s), y: mt.y(s), lambda: lambda, minFilter: draw.minFilter, magFilter: draw.magFilter).w
            }
            c *= draw.invertsMask ? 1 - a : a
        }
        return c
    }

    /// The level of detail at a local sample, for a draw under perspective.
    @inline(__always)
    func lambda(_ s: Projection.Sample) -> Double {
        let level = sampler.levels[0]
        return TextureSampling.levelOfDetail(draw, rect: rect, width: level.width, height: level.height,
                                             jacobian: (s.dxdpx, s.dxdpy, s.dydpx, s.dydpy))
    }
}

extension PreparedOp {
    /// The integer offset of a texture draw that copies a whole pass pixel for pixel, if it is one.
    static func pixelAligned(_ op: DrawOp, passes: [PassID: Image]) -> (Int, Int)? {
        guard let t = op.texture, case .pass(let id) = t.source, let img = passes[id],
              case .roundedRect(let shape) = op.shape, shape.isRect else { return nil }
        let m = op.transform
        guard m.planeKind == .translation,
              m.m41 == m.m41.rounded(), m.m42 == m.m42.rounded(), abs(m.m41) < 1e9, abs(m.m42) < 1e9,
              shape.rect == CGRect(x: 0, y: 0, width: img.width, height: img.height),
              t.sourceRect == CGRect(x: 0, y: 0, width: 1, height: 1),
              t.mask.map({ passes[$0]?.width == img.width && passes[$0]?.height == img.height }) ?? true
        else { return nil }
        return (Int(m.m41), Int(m.m42))
    }
}
