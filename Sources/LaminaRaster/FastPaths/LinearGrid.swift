import Foundation
import LaminaGraph
import LaminaGeometry

/// A bilinear texture draw whose texel columns depend on the pixel's column alone and its texel rows on
/// the pixel's row alone: an affine map without rotation or skew (a text layer's or an image's backing
/// store at any position and scale), filtered linearly at its one level of detail. The two texel columns
/// and the weight `bilinear` reads are computed once per column, the rows once per row, and the edge
/// coverage as `TexelGrid` computes it, with the same functions the reference calls per pixel; each pixel
/// then mixes its four texels in the reference's order, so every byte is the reference's.
///
/// Why one level of detail: with the map's `g02` and `g12` zero, the Jacobian `PixelSampler.local`
/// returns is the same at every pixel, and so is `shade`'s lambda; the draw takes this path only when that
/// lambda selects bilinear filtering of level 0 (magnification with a linear filter, or minification with
/// a linear one).
struct LinearGrid {
    /// Per column of the bounds: the left and right texel columns (clamped to the edge) and the right
    /// one's weight (the left one's is `1 - weight`, as `bilinear` computes it).
    let left: [Int32], right: [Int32]
    let xWeight: [Double]
    /// Per row of the bounds: the upper and lower texel rows and the lower one's weight.
    let upper: [Int32], lower: [Int32]
    let yWeight: [Double]
    /// The edges' coverage per column and per row (`Coverage.rectX`, `Coverage.rectY`).
    let columnCoverage: [Double], rowCoverage: [Double]

    init?(_ t: PreparedOp.PreparedTexture, sampler: PixelSampler?, bounds: PixelRect, edgeAA: EdgeMask) {
        guard t.mask == nil, t.shape.isRect, let sampler, !bounds.isEmpty, let level = t.sampler.levels.first
        else { return nil }
        let p = sampler.projection
        guard p.g10 == 0, p.g01 == 0, p.g02 == 0, p.g12 == 0, p.h02 == 0, p.h12 == 0, p.h22 > 0 else { return nil }
        let px0 = Double(bounds.x0) + 0.5, py0 = Double(bounds.y0) + 0.5
        guard let s0 = sampler.local(px: px0, py: py0), LinearGrid.filtersLinearly(t, at: s0) else { return nil }
        let width = level.width, height = level.height
        // Texel indices kept in 32 bits; a texture past that takes the reference.
        guard width < Int(Int32.max), height < Int(Int32.max) else { return nil }
        var left: [Int32] = [], right: [Int32] = [], xWeight: [Double] = [], columnCoverage: [Double] = []
        for x in bounds.x0..<bounds.x1 {
            guard let s = sampler.local(px: Double(x) + 0.5, py: py0), s.qx.isFinite, s.qy.isFinite else { return nil }
            let (i0, a) = LinearGrid.texel(t.texels.x(s), size: width)
            left.append(Int32(min(max(i0, 0), width - 1))); right.append(Int32(min(max(i0 + 1, 0), width - 1)))
            xWeight.append(a)
            columnCoverage.append(Coverage.rectX(t.rect, at: s, edgeAA: edgeAA))
        }
        var upper: [Int32] = [], lower: [Int32] = [], yWeight: [Double] = [], rowCoverage: [Double] = []
        for y in bounds.y0..<bounds.y1 {
            guard let s = sampler.local(px: px0, py: Double(y) + 0.5), s.qx.isFinite, s.qy.isFinite else { return nil }
            let (j0, b) = LinearGrid.texel(t.texels.y(s), size: height)
            upper.append(Int32(min(max(j0, 0), height - 1))); lower.append(Int32(min(max(j0 + 1, 0), height - 1)))
            yWeight.append(b)
            rowCoverage.append(Coverage.rectY(t.rect, at: s, edgeAA: edgeAA))
        }
        self.left = left; self.right = right; self.xWeight = xWeight
        self.upper = upper; self.lower = lower; self.yWeight = yWeight
        self.columnCoverage = columnCoverage; self.rowCoverage = rowCoverage
    }

    /// Whether `shade`'s lambda at `s` (the same at every pixel of such a map) selects bilinear filtering
    /// of level 0.
    private static func filtersLinearly(_ t: PreparedOp.PreparedTexture, at s: Projection.Sample) -> Bool {
        let d = t.rect, r = t.draw.sourceRect
        let sx = Double(r.width) / Double(d.width), sy = Double(r.height) / Double(d.height)
        let lambda = TextureSampler.lambda(dudx: sx * t.texWidth * s.dxdpx, dvdx: sy * t.texHeight * s.dydpx,
                                           dudy: sx * t.texWidth * s.dxdpy, dvdy: sy * t.texHeight * s.dydpy,
                                           bias: t.draw.lodBias)
        return lambda <= 0 ? t.draw.magFilter == .linear : t.draw.minFilter == .linear
    }

    /// `TextureSampler.bilinear`'s first texel index and weight along an axis of `size` texels.
    private static func texel(_ coordinate: Double, size: Int) -> (Int, Double) {
        let x = (coordinate - 0.5).clamped(-1, Double(size))
        let f = x.rounded(.down)
        return (Int(pixels: f, .down, in: -1...size), x - f)
    }
}

extension PreparedOp {
    /// Draws a `LinearGrid` texture: per pixel four texel reads mixed as `bilinear` mixes them, the colour as
    /// `shade` computes it, coverage as the product of the column's and the row's factors, clips as the
    /// reference applies them. A pixel whose four texels are all zero adds nothing (its colour is zero).
    func runLinearGrid(_ g: LinearGrid, _ t: PreparedTexture, _ ys: Range<Int>, _ target: BlendTarget,
                       tint: SIMD4<Double>, hidden: Hidden) {
        let level = t.sampler.levels[0], stride = level.width * 4
        let tintColor = t.draw.tint.map { SIMD4($0.r, $0.g, $0.b, $0.a) }, opacity = t.draw.opacity
        let hasClips = !clips.isEmpty, x0 = bounds.x0
        level.pixels.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            for y in ys {
                let r = y - bounds.y0, rowCov = g.rowCoverage[r]
                guard rowCov > 0 else { continue }
                let top = base + Int(g.upper[r]) * stride, bottom = base + Int(g.lower[r]) * stride
                let b = g.yWeight[r], rb = 1 - b
                hidden.forEachVisibleRun(bounds.x0..<bounds.x1, y: y) { xs in
                    for x in xs {
                        let c0 = x - x0
                        var cov = g.columnCoverage[c0] * rowCov
                        guard cov > 0 else { continue }
                        let l = Int(g.left[c0]) * 4, rt = Int(g.right[c0]) * 4
                        let w00 = top.loadUnaligned(fromByteOffset: l, as: UInt32.self)
                        let w10 = top.loadUnaligned(fromByteOffset: rt, as: UInt32.self)
                        let w01 = bottom.loadUnaligned(fromByteOffset: l, as: UInt32.self)
                        let w11 = bottom.loadUnaligned(fromByteOffset: rt, as: UInt32.self)
                        guard (w00 | w10 | w01 | w11) != 0 else { continue }
                        let a = g.xWeight[c0], ra = 1 - a
                        let sample = (LinearGrid.unit(w00) * ra + LinearGrid.unit(w10) * a) * rb
                            + (LinearGrid.unit(w01) * ra + LinearGrid.unit(w11) * a) * b
                        var c = tintColor.map { $0 * sample.w } ?? sample
                        c *= opacity
                        c *= tint
                        if hasClips {
                            cov *= clipCoverage(x: x, y: y)
                            guard cov > 0 else { continue }
                        }
                        target.blend(c * cov, x: x, y: y)
                    }
                }
            }
        }
    }
}

extension LinearGrid {
    /// A texel's four bytes (memory order r, g, b, a) as `TextureSampler`'s texel reads them: each byte as a
    /// double, times 1/255.
    @inline(__always)
    static func unit(_ word: UInt32) -> SIMD4<Double> {
        let w = UInt32(littleEndian: word)
        return SIMD4(Double(w & 0xFF), Double(w >> 8 & 0xFF), Double(w >> 16 & 0xFF), Double(w >> 24)) * (1.0 / 255.0)
    }
}
