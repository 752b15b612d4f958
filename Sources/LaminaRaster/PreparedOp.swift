import Foundation
import LaminaCore

/// A draw operation with everything per-op computed once: inverse projections, samplers, path coverage.
struct PreparedOp: @unchecked Sendable {
    enum Kind {
        case fill(RoundedRect, SIMD4<Double>)
        case border(RoundedRect, Double, SIMD4<Double>)
        case texture(PreparedTexture)
        /// Coverage per pixel of `bounds`, row-major, already rasterized analytically.
        case path(coverage: [Float], SIMD4<Double>)
    }

    struct PreparedTexture {
        let draw: TextureDraw
        let sampler: TextureSampler
        let mask: TextureSampler?
        let texWidth: Double
        let texHeight: Double
    }

    struct PreparedClip {
        let projection: Projection?
        let shape: RoundedRect
        let edgeAA: EdgeMask
    }

    let kind: Kind
    let projection: Projection?
    let clips: [PreparedClip]
    let bounds: PixelRect
    let edgeAA: EdgeMask
    let modulate: SIMD4<Double>?
    /// Solid and hole spans for axis-aligned operations (nil: every pixel takes the general path).
    let spans: SpanPlan?

    init(_ op: DrawOp, graph: RenderGraph, passes: [PassID: Image],
         samplers: inout [ImageID: TextureSampler]) throws {
        projection = Projection(op.transform)
        clips = op.clips.map { PreparedClip(projection: Projection($0.transform), shape: $0.shape, edgeAA: $0.edgeAA) }
        bounds = op.bounds
        edgeAA = op.edgeAA
        modulate = op.modulate.map { SIMD4($0.r, $0.g, $0.b, $0.a) }
        spans = SpanPlan(op: op)
        switch op.kind {
        case .fill(let shape, let c):
            kind = .fill(shape, SIMD4(c.r, c.g, c.b, c.a))
        case .border(let shape, let width, let c):
            kind = .border(shape, width, SIMD4(c.r, c.g, c.b, c.a))
        case .texture(let t):
            let sampler: TextureSampler
            switch t.source {
            case .image(let id):
                if let s = samplers[id] {
                    sampler = s
                } else {
                    guard let bitmap = graph.image(id)?.bitmap else { throw RasterError.missingImage(id) }
                    sampler = TextureSampler(levels: bitmap.mipChain.levels)
                    samplers[id] = sampler
                }
            case .pass(let id):
                guard let img = passes[id] else { throw RasterError.missingPass(id) }
                sampler = TextureSampler(levels: [img])
            }
            var mask: TextureSampler?
            if let m = t.mask {
                guard let img = passes[m] else { throw RasterError.missingPass(m) }
                mask = TextureSampler(levels: [img])
            }
            let base = sampler.levels[0]
            kind = .texture(PreparedTexture(draw: t, sampler: sampler, mask: mask,
                                            texWidth: Double(base.width), texHeight: Double(base.height)))
        case .path(let fill):
            let c = fill.color
            let coverage = PathCoverage.rasterize(fill, transform: op.transform, bounds: op.bounds)
            kind = .path(coverage: coverage, SIMD4(c.r, c.g, c.b, c.a))
        }
    }

    /// Applies the operation to the rows `rows` of a target `width` pixels wide.
    func run(rows: Range<Int>, width: Int, pixels: UnsafeMutableBufferPointer<UInt8>) {
        let y0 = max(rows.lowerBound, bounds.y0), y1 = min(rows.upperBound, bounds.y1)
        guard y0 < y1, bounds.x0 < bounds.x1 else { return }
        for y in y0..<y1 {
            let py = Double(y) + 0.5
            let (solid, hole) = spans?.spans(row: y) ?? (nil, nil)
            var x = bounds.x0
            while x < bounds.x1 {
                if let h = hole, x >= h.lowerBound, x < h.upperBound {
                    x = h.upperBound
                    continue
                }
                if let s = solid, x >= s.lowerBound, x < s.upperBound {
                    let end = min(s.upperBound, bounds.x1)
                    fillSolid(x..<end, y: y, py: py, width: width, pixels: pixels)
                    x = end
                    continue
                }
                let px = Double(x) + 0.5
                if let src = shade(x: x, y: y, px: px, py: py) {
                    blend(src, into: pixels, at: (y * width + x) * 4)
                }
                x += 1
            }
        }
    }

    /// Pixels where coverage is exactly 1: a constant colour is stored (or blended) directly, a texture is
    /// sampled without evaluating coverage.
    private func fillSolid(_ xs: Range<Int>, y: Int, py: Double, width: Int, pixels: UnsafeMutableBufferPointer<UInt8>) {
        switch kind {
        case .fill(_, var c):
            if let m = modulate { c *= m }
            if c.w >= 1 {
                let r = Self.quantize(c.x), g = Self.quantize(c.y), b = Self.quantize(c.z)
                for x in xs {
                    let i = (y * width + x) * 4
                    pixels[i] = r; pixels[i + 1] = g; pixels[i + 2] = b; pixels[i + 3] = 255
                }
            } else {
                for x in xs { blend(c, into: pixels, at: (y * width + x) * 4) }
            }
        case .texture(let t):
            guard let proj = projection else { return }
            for x in xs {
                guard let s = proj.local(px: Double(x) + 0.5, py: py) else { continue }
                var c = t.shade(s)
                if let m = modulate { c *= m }
                blend(c, into: pixels, at: (y * width + x) * 4)
            }
        default:
            for x in xs {
                if let src = shade(x: x, y: y, px: Double(x) + 0.5, py: py) { blend(src, into: pixels, at: (y * width + x) * 4) }
            }
        }
    }

    /// The premultiplied source colour (coverage applied) at a pixel, or nil when nothing is drawn.
    @inline(__always)
    private func shade(x: Int, y: Int, px: Double, py: Double) -> SIMD4<Double>? {
        var color: SIMD4<Double>
        var cov: Double
        switch kind {
        case .path(let coverage, let c):
            cov = Double(coverage[(y - bounds.y0) * bounds.width + (x - bounds.x0)])
            color = c
        default:
            guard let proj = projection, let s = proj.local(px: px, py: py) else { return nil }
            switch kind {
            case .fill(let shape, let c):
                cov = Coverage.of(shape, at: s, edgeAA: edgeAA)
                color = c
            case .border(let shape, let w, let c):
                cov = Coverage.border(shape, width: w, at: s)
                color = c
            case .texture(let t):
                cov = Coverage.rect(t.draw.destination, at: s, edgeAA: edgeAA)
                guard cov > 0 else { return nil }
                color = t.shade(s)
            case .path:
                return nil
            }
        }
        guard cov > 0 else { return nil }
        for clip in clips {
            guard let p = clip.projection, let s = p.local(px: px, py: py) else { return nil }
            cov *= Coverage.of(clip.shape, at: s, edgeAA: clip.edgeAA)
            if cov <= 0 { return nil }
        }
        if let m = modulate { color *= m }
        return color * cov
    }

    @inline(__always)
    private func blend(_ src: SIMD4<Double>, into p: UnsafeMutableBufferPointer<UInt8>, at i: Int) {
        let inv = 1 - src.w
        p[i] = Self.quantize(src.x + Double(p[i]) / 255 * inv)
        p[i + 1] = Self.quantize(src.y + Double(p[i + 1]) / 255 * inv)
        p[i + 2] = Self.quantize(src.z + Double(p[i + 2]) / 255 * inv)
        p[i + 3] = Self.quantize(src.w + Double(p[i + 3]) / 255 * inv)
    }

    @inline(__always)
    static func quantize(_ v: Double) -> UInt8 {
        let s = (v * 255).rounded()
        return s <= 0 ? 0 : (s >= 255 ? 255 : UInt8(s))
    }
}

extension PreparedOp.PreparedTexture {
    /// The colour of the texture draw at a local sample (before coverage).
    @inline(__always)
    func shade(_ s: Projection.Sample) -> SIMD4<Double> {
        let d = draw.destination, r = draw.sourceRect
        let sx = Double(r.width) / Double(d.width), sy = Double(r.height) / Double(d.height)
        let u = Double(r.minX) + (s.qx - Double(d.minX)) * sx
        let v = Double(r.minY) + (s.qy - Double(d.minY)) * sy
        let lambda = TextureSampler.lambda(
            dudx: sx * texWidth * s.dxdpx, dvdx: sy * texHeight * s.dydpx,
            dudy: sx * texWidth * s.dxdpy, dvdy: sy * texHeight * s.dydpy, bias: draw.lodBias)
        let sample = sampler.sample(u: u, v: v, lambda: lambda, minFilter: draw.minFilter, magFilter: draw.magFilter)
        var c: SIMD4<Double>
        if let tint = draw.tint {
            c = SIMD4(tint.r, tint.g, tint.b, tint.a) * sample.w
        } else {
            c = sample
        }
        c *= draw.opacity
        if let m = mask {
            c *= m.sample(u: u, v: v, lambda: lambda, minFilter: draw.minFilter, magFilter: draw.magFilter).w
        }
        return c
    }
}
