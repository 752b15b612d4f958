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
    /// For a pass drawn back pixel for pixel, its offset in the target.
    let alignedOffset: (Int, Int)?

    init(_ op: DrawOp, graph: RenderGraph, passes: [PassID: Image],
         samplers: inout [ImageID: TextureSampler], fastPaths: Bool = true) throws {
        projection = Projection(op.transform)
        clips = op.clips.map { PreparedClip(projection: Projection($0.transform), shape: $0.shape, edgeAA: $0.edgeAA) }
        bounds = op.bounds
        edgeAA = op.edgeAA
        modulate = op.modulate.map { SIMD4($0.r, $0.g, $0.b, $0.a) }
        spans = fastPaths ? SpanPlan(op: op) : nil
        alignedOffset = fastPaths ? PreparedOp.pixelAligned(op, passes: passes) : nil
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
    ///
    /// The kind is switched on once per call, not per pixel, so the inner loops see plain values.
    func run(rows: Range<Int>, width: Int, pixels: UnsafeMutableBufferPointer<UInt8>) {
        let y0 = max(rows.lowerBound, bounds.y0), y1 = min(rows.upperBound, bounds.y1)
        guard y0 < y1, bounds.x0 < bounds.x1 else { return }
        let ys = y0..<y1
        let tint = modulate ?? SIMD4(1, 1, 1, 1)
        switch kind {
        case .fill(let shape, let c):
            let color = c * tint
            scan(ys, width, pixels, solid: color, coverage: { Coverage.of(shape, at: $0, edgeAA: self.edgeAA) },
                 color: { _ in color })
        case .border(let shape, let w, let c):
            let color = c * tint
            scan(ys, width, pixels, solid: color, coverage: { Coverage.border(shape, width: w, at: $0) },
                 color: { _ in color })
        case .texture(let t):
            if let offset = alignedOffset {
                runAligned(t, offset: offset, ys, width, pixels, tint: tint)
                return
            }
            let rect = t.draw.destination
            scan(ys, width, pixels, solid: nil, coverage: { Coverage.rect(rect, at: $0, edgeAA: self.edgeAA) },
                 color: { t.shade($0) * tint })
        case .path(let coverage, let c):
            let color = c * tint
            for y in ys {
                let row = (y - bounds.y0) * bounds.width - bounds.x0
                for x in bounds.x0..<bounds.x1 {
                    var cov = Double(coverage[row + x])
                    guard cov > 0 else { continue }
                    if !clips.isEmpty { cov *= clipCoverage(px: Double(x) + 0.5, py: Double(y) + 0.5) }
                    if cov > 0 { blend(color * cov, into: pixels, at: (y * width + x) * 4) }
                }
            }
        }
    }

    /// A pass drawn back pixel for pixel (an integer translation of its whole extent): every pixel centre
    /// lands on a texel centre, where nearest and bilinear sampling both return the texel, so texels are
    /// read directly.
    private func runAligned(_ t: PreparedTexture, offset: (Int, Int), _ ys: Range<Int>, _ width: Int,
                            _ pixels: UnsafeMutableBufferPointer<UInt8>, tint: SIMD4<Double>) {
        let level = t.sampler.levels[0]
        let maskLevel = t.mask?.levels[0]
        let tintColor = t.draw.tint.map { SIMD4($0.r, $0.g, $0.b, $0.a) }
        let opacity = t.draw.opacity
        for y in ys {
            let ty = y - offset.1
            guard ty >= 0, ty < level.height else { continue }
            for x in bounds.x0..<bounds.x1 {
                let tx = x - offset.0
                guard tx >= 0, tx < level.width else { continue }
                let o = (ty * level.width + tx) * 4
                let a = level.pixels[o + 3]
                guard a > 0 else { continue }
                var c: SIMD4<Double>
                if let tc = tintColor {
                    c = tc * (Double(a) / 255)
                } else {
                    c = SIMD4(Double(level.pixels[o]), Double(level.pixels[o + 1]), Double(level.pixels[o + 2]), Double(a)) / 255
                }
                c *= opacity
                if let m = maskLevel { c *= Double(m.pixels[o + 3]) / 255 }
                c *= tint
                if !clips.isEmpty { c *= clipCoverage(px: Double(x) + 0.5, py: Double(y) + 0.5) }
                if c.w > 0 || c.x > 0 || c.y > 0 || c.z > 0 { blend(c, into: pixels, at: (y * width + x) * 4) }
            }
        }
    }

    /// The row loop shared by fills, borders and textures: hole spans are skipped, solid spans take the
    /// colour without evaluating coverage, every other pixel takes coverage x clips.
    @inline(__always)
    private func scan(_ ys: Range<Int>, _ width: Int, _ pixels: UnsafeMutableBufferPointer<UInt8>,
                      solid: SIMD4<Double>?, coverage: (Projection.Sample) -> Double,
                      color: (Projection.Sample) -> SIMD4<Double>) {
        guard let proj = projection else { return }
        for y in ys {
            let py = Double(y) + 0.5
            let (solidSpan, solidSpan2, hole) = spans?.spans(row: y) ?? (nil, nil, nil)
            var x = bounds.x0
            while x < bounds.x1 {
                if let h = hole, x >= h.lowerBound, x < h.upperBound {
                    x = h.upperBound
                    continue
                }
                let inSolid = solidSpan.flatMap { x >= $0.lowerBound && x < $0.upperBound ? $0 : nil }
                    ?? solidSpan2.flatMap { x >= $0.lowerBound && x < $0.upperBound ? $0 : nil }
                if let s = inSolid {
                    let end = min(s.upperBound, bounds.x1)
                    if let c = solid {
                        fillConstant(c, x..<end, y: y, width: width, pixels: pixels)
                    } else {
                        for sx in x..<end {
                            if let sample = proj.local(px: Double(sx) + 0.5, py: py) {
                                blend(color(sample), into: pixels, at: (y * width + sx) * 4)
                            }
                        }
                    }
                    x = end
                    continue
                }
                let px = Double(x) + 0.5
                if let sample = proj.local(px: px, py: py) {
                    var cov = coverage(sample)
                    if cov > 0, !clips.isEmpty { cov *= clipCoverage(px: px, py: py) }
                    if cov > 0 { blend(color(sample) * cov, into: pixels, at: (y * width + x) * 4) }
                }
                x += 1
            }
        }
    }

    /// Stores an opaque colour, or blends a translucent one, over a span.
    @inline(__always)
    private func fillConstant(_ c: SIMD4<Double>, _ xs: Range<Int>, y: Int, width: Int,
                              pixels: UnsafeMutableBufferPointer<UInt8>) {
        if c.w >= 1 {
            let r = Self.quantize(c.x), g = Self.quantize(c.y), b = Self.quantize(c.z)
            for x in xs {
                let i = (y * width + x) * 4
                pixels[i] = r; pixels[i + 1] = g; pixels[i + 2] = b; pixels[i + 3] = 255
            }
        } else {
            for x in xs { blend(c, into: pixels, at: (y * width + x) * 4) }
        }
    }

    /// The product of the clips' coverages at a pixel centre.
    @inline(__always)
    private func clipCoverage(px: Double, py: Double) -> Double {
        var cov = 1.0
        for clip in clips {
            guard let p = clip.projection, let s = p.local(px: px, py: py) else { return 0 }
            cov *= Coverage.of(clip.shape, at: s, edgeAA: clip.edgeAA)
            if cov <= 0 { return 0 }
        }
        return cov
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

extension PreparedOp {
    /// The integer offset of a texture draw that copies a whole pass pixel for pixel, if it is one.
    static func pixelAligned(_ op: DrawOp, passes: [PassID: Image]) -> (Int, Int)? {
        guard case .texture(let t) = op.kind, case .pass(let id) = t.source, let img = passes[id] else { return nil }
        let m = op.transform
        guard m.m11 == 1, m.m22 == 1, m.m12 == 0, m.m21 == 0, m.m14 == 0, m.m24 == 0, m.m44 == 1,
              m.m41 == m.m41.rounded(), m.m42 == m.m42.rounded(), abs(m.m41) < 1e9, abs(m.m42) < 1e9,
              t.destination == CGRect(x: 0, y: 0, width: img.width, height: img.height),
              t.sourceRect == CGRect(x: 0, y: 0, width: 1, height: 1),
              t.mask.map({ passes[$0]?.width == img.width && passes[$0]?.height == img.height }) ?? true
        else { return nil }
        return (Int(m.m41), Int(m.m42))
    }
}
