import Foundation
import LaminaGeometry
import LaminaGraph

/// The fully covered pixels of one row of an axial gradient under an axis-aligned affine map, each pixel
/// getting the bytes the per-pixel evaluation gives it, most of them without evaluating it.
///
/// **Why a pixel may be skipped.** Along the row, every step from the pixel's column to its stored bytes is
/// a monotone function: the local x (`px * g00 + row term + g20`), the parameter (`(u - sx) * dx + yTerm`,
/// times 1 / len2), its clamp to 0...1, the piece of the ramp it falls in, and over one piece each
/// component (`c0 + (c1 - c0) * f`), the premultiplication by an alpha that is constant over the piece
/// (`alphaIsConstant`), the opacity, the tint, and the rounding to a byte: floating-point rounding never
/// reverses an order. So where two pixels of one piece store the same four bytes, every pixel between them
/// does too. `draw` evaluates the ends of blocks of `block` pixels and fills a block whose ends agree; a
/// block whose ends differ is halved at an evaluated middle pixel, and so on. Every evaluated pixel is one
/// the row needs, so a ramp that changes at every pixel costs what it did, and a flat stretch (a clamped end
/// of the axis, a gentle ramp) costs a few evaluations.
///
/// **Alpha.** A pixel whose alpha byte is 255 stores its bytes; any other blends them (`Blend.over`). The
/// per-pixel path stores when the colour's alpha is exactly 1 and blends otherwise; blending bytes of alpha
/// 255 gives those bytes (the destination's share is `round(d * 0 / 255)`), so both are the same pixel.
struct AxialRun {
    let paint: GradientPaint.Evaluator
    let tint: SIMD4<Double>
    let sampler: PixelSampler
    let row: (x: Double, y: Double)
    let yTerm: Double
    let y: Int
    let target: BlendTarget

    /// The most pixels between two evaluated ones.
    static let block = 16

    /// A pixel's stored bytes (`Blend.pattern`) and the piece of the ramp it lies in, as one integer
    /// (compared at once); nil where its local x is not finite (the pixel is left as it is).
    struct Sample: Equatable {
        var packed: UInt64
        var pattern: UInt32 { UInt32(truncatingIfNeeded: packed) }
        var segment: Int { Int(truncatingIfNeeded: packed >> 32) }
    }

    @inline(__always)
    func sample(_ x: Int) -> Sample? {
        let u = sampler.localX(px: Double(x) + 0.5, row: row)
        guard u.isFinite else { return nil }
        var segment = 0
        let c = paint.color(at: paint.axialParameter(x: u, yTerm: yTerm), segment: &segment) * tint
        let pattern = Blend.pattern(r: Blend.quantize(c.x), g: Blend.quantize(c.y), b: Blend.quantize(c.z),
                                    a: Blend.quantize(c.w))
        return Sample(packed: UInt64(pattern) | UInt64(truncatingIfNeeded: segment) << 32)
    }

    @inline(__always)
    func put(_ pattern: UInt32, _ xs: Range<Int>) {
        let value = UInt32(littleEndian: pattern)
        if value >> 24 == 255 {
            target.store(pattern, xs: xs, y: y)
            return
        }
        target.blend(bytes: SIMD4(UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
                                  UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 24)),
                     xs: xs, y: y)
    }

    func draw(_ xs: Range<Int>) {
        guard let first = xs.first else { return }
        var left = sample(first)
        if let s = left { put(s.pattern, first..<first + 1) }
        var x = first + 1
        while x < xs.upperBound {
            let b = min(xs.upperBound - 1, x + AxialRun.block)
            let right = sample(b)
            fill(x..<b, left: left, right: right)
            if let s = right { put(s.pattern, b..<b + 1) }
            left = right
            x = b + 1
        }
    }

    /// The pixels `xs`, between two evaluated ones: filled when those agree (same piece, constant alpha,
    /// same bytes), else split at an evaluated middle pixel.
    private func fill(_ xs: Range<Int>, left: Sample?, right: Sample?) {
        guard !xs.isEmpty else { return }
        if let l = left, let r = right, l == r, paint.alphaIsConstant(segment: l.segment) {
            put(l.pattern, xs)
            return
        }
        let m = xs.lowerBound + xs.count / 2
        let middle = sample(m)
        if let s = middle { put(s.pattern, m..<m + 1) }
        fill(xs.lowerBound..<m, left: left, right: middle)
        fill((m + 1)..<xs.upperBound, left: middle, right: right)
    }
}
