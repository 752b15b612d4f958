import Foundation
import LaminaGraph
import LaminaImage

/// Texture sampling as OpenGL ES 3.0 §3.8.10-3.8.11 defines it, on premultiplied RGBA8 levels.
///
/// Wrap mode is always CLAMP_TO_EDGE. The level of detail comes from the analytic derivatives of the
/// texel coordinates (`lambda = log2(rho) + bias`); `lambda > 0` selects the minification filter, else the
/// magnification filter. `nearest` is GL_NEAREST, `linear` GL_LINEAR on level 0, and `trilinear`
/// (minification only) GL_LINEAR_MIPMAP_LINEAR over Lamina's own 2x2 box-filtered chain.
struct TextureSampler {
    /// A level's size and premultiplied RGBA bytes: the image itself, shared, not copied.
    typealias Level = Image

    /// Level 0, and below it the box-filtered chain where the sampler was made for trilinear draws
    /// (`mipmapped`); the other filters read level 0 alone.
    let levels: [Level]
    /// Whether `levels` is the whole chain (a pass's sampler is its one level, by design).
    let mipmapped: Bool
    /// The image the levels come from, when they come from one (not from a pass): it keeps what is found
    /// about its texels across frames (`Bitmap.occupancy`, `Bitmap.mipChain`).
    let bitmap: Bitmap?

    init(levels: [Image]) {
        self.levels = levels
        mipmapped = true
        bitmap = nil
    }

    /// `bitmap`'s level 0, or its whole mip chain when `mipmapped` (built on first use and kept by the
    /// bitmap): a text layer's store drawn once, bilinearly, never pays for levels nothing reads.
    init(_ bitmap: Bitmap, mipmapped: Bool) {
        levels = mipmapped ? bitmap.mipChain.levels : [bitmap.image]
        self.mipmapped = mipmapped
        self.bitmap = bitmap
    }

    /// The sampler a draw with `filter` as its minification filter reads `bitmap` through: `known` (one
    /// made for an earlier draw of the image) when it has the levels the draw needs, else a new one.
    static func sampler(_ bitmap: Bitmap, minFilter filter: ContentsFilter, known: TextureSampler?) -> TextureSampler {
        if let known, known.serves(filter) { return known }
        return TextureSampler(bitmap, mipmapped: filter == .trilinear)
    }

    /// Whether the sampler has the levels a draw with `filter` as its minification filter reads.
    func serves(_ filter: ContentsFilter) -> Bool { mipmapped || filter != .trilinear }

    /// Samples at texel coordinates (x, y) of level 0 (a texel's centre at i + 0.5) with level of detail
    /// `lambda`, returning premultiplied components in 0...1. Texel coordinates, not unit ones: a texture
    /// drawn one texel to a pixel then reads each texel centre exactly (x = i + 0.5, where u x width from
    /// u = (i + 0.5) / width is off by an ulp and hands the neighbour a weight), as the texel-exact fast
    /// paths read it, and as the GPU's `sampleOp` computes it.
    @inline(__always)
    func sample(x: Double, y: Double, lambda: Double, minFilter: ContentsFilter, magFilter: ContentsFilter)
        -> SIMD4<Double>
    {
        if lambda <= 0 {
            return magFilter == .nearest ? nearest(0, x, y) : bilinear(0, x, y)
        }
        switch minFilter {
        case .nearest: return nearest(0, x, y)
        case .linear: return bilinear(0, x, y)
        case .trilinear:
            let q = levels.count - 1
            if lambda >= Double(q) { return bilinear(q, x, y) }
            let d1 = Int(pixels: lambda, .down, in: 0...q)
            let f = lambda - Double(d1)
            let a = bilinear(d1, x, y)
            if f == 0 { return a }
            let b = bilinear(min(d1 + 1, q), x, y)
            return a * (1 - f) + b * f
        }
    }

    /// Level-0 texel coordinates (x, y) as texel coordinates of `level` (the same unit position).
    @inline(__always)
    func scaled(_ level: Int, _ x: Double, _ y: Double) -> (Double, Double) {
        guard level > 0 else { return (x, y) }
        let l = levels[level], base = levels[0]
        return (x * Double(l.width) / Double(base.width), y * Double(l.height) / Double(base.height))
    }

    @inline(__always)
    private func texel(_ l: Level, _ i: Int, _ j: Int) -> SIMD4<Double> {
        let x = min(max(i, 0), l.width - 1), y = min(max(j, 0), l.height - 1)
        let o = (y * l.width + x) * 4
        return SIMD4(Double(l.pixels[o]), Double(l.pixels[o + 1]), Double(l.pixels[o + 2]), Double(l.pixels[o + 3]))
            * (1.0 / 255.0)
    }

    @inline(__always)
    func nearest(_ level: Int, _ x0: Double, _ y0: Double) -> SIMD4<Double> {
        let l = levels[level]
        let (x, y) = scaled(level, x0, y0)
        return texel(l, nearestIndex(x, size: l.width), nearestIndex(y, size: l.height))
    }

    /// GL_NEAREST's texel index along an axis of `size` texels for the texel coordinate `x` (before the
    /// clamp to the edge, which `texel` applies), floor(x + nearestBias).
    @inline(__always)
    func nearestIndex(_ x: Double, size: Int) -> Int {
        Int(pixels: x + TextureSampler.nearestBias, .down, in: -1...size)
    }

    /// Added to the texel coordinate before GL_NEAREST's floor, on both renderers (`TexelLattice.nearestBias`).
    static let nearestBias = TexelLattice.nearestBias

    /// Level 0's texel at pixel (i, j) of a nearest-filtered draw whose texels `lattice` decides (clamped to
    /// the edge), as a vector like `sample`'s.
    @inline(__always)
    func nearest(_ lattice: TexelLattice, _ i: Int, _ j: Int) -> SIMD4<Double> {
        let t = lattice.texel(i, j)
        return texel(levels[0], t.x, t.y)
    }

    @inline(__always)
    func bilinear(_ level: Int, _ x0: Double, _ y0: Double) -> SIMD4<Double> {
        let l = levels[level]
        let (tx, ty) = scaled(level, x0, y0)
        let x = (tx - 0.5).clamped(-1, Double(l.width))
        let y = (ty - 0.5).clamped(-1, Double(l.height))
        let fx = x.rounded(.down), fy = y.rounded(.down)
        // Int(pixels:) maps a NaN coordinate (a degenerate map) to a texel instead of trapping.
        let i0 = Int(pixels: fx, .down, in: -1...l.width), j0 = Int(pixels: fy, .down, in: -1...l.height)
        let a = x - fx, b = y - fy
        let t00 = texel(l, i0, j0), t10 = texel(l, i0 + 1, j0)
        let t01 = texel(l, i0, j0 + 1), t11 = texel(l, i0 + 1, j0 + 1)
        return (t00 * (1 - a) + t10 * a) * (1 - b) + (t01 * (1 - a) + t11 * a) * b
    }
}

extension Double {
    @inline(__always)
    func clamped(_ lo: Double, _ hi: Double) -> Double { self >= lo ? (self <= hi ? self : hi) : lo }  // NaN -> lo
}
