import Foundation
import LaminaGeometry

/// Occupied pieces of a filtered texture draw (not a texel copy): a store drawn at a fractional position,
/// or scaled, under a translation and a positive scale, sampling level 0 only (nearest or bilinear). Its
/// pixel reads the texels within one texel of its texel coordinate, so a pixel whose texels within that
/// reach are all zero has a zero colour and adds nothing; the pieces hold every pixel that reaches a
/// non-zero texel (a pixel of margin each side for rounding), per band of `block` rows, as texel copies'
/// are cut (`pieces(_:)`).
extension TexelOccupancy {
    /// Where a draw's pixels fall on its texture along one axis: the texel coordinate u lies under the pixel
    /// centre `offset + scale * u` (scale > 0).
    struct Axis {
        let scale: Double
        let offset: Double
        /// The texture's texels along the axis: a coordinate past either end reads the end texel (clamp to
        /// edge), however far.
        let count: Int

        /// The texel coordinate under pixel `p`'s centre.
        func texel(atPixel p: Int) -> Double { (Double(p) + 0.5 - offset) / scale }

        /// The pixels that reach a texel of `texels` (within one texel of their coordinate, or past the end
        /// the span holds), with margin.
        func pixels(reaching texels: Range<Int>) -> Range<Int> {
            let lo = offset + scale * (Double(texels.lowerBound) - 1) - 0.5
            let hi = offset + scale * (Double(texels.upperBound) + 1) - 0.5
            let a = texels.lowerBound <= 0 ? -PixelLimit.max : Int(pixels: lo, .down, in: -PixelLimit.max...PixelLimit.max) - 1
            let b = texels.upperBound >= count ? PixelLimit.max : Int(pixels: hi, .up, in: -PixelLimit.max...PixelLimit.max) + 2
            return a..<max(a, b)
        }

        /// The texel lines the pixels `ps` reach (within one texel and a half of their coordinates, the ends
        /// clamped as the sampler clamps), in 0..<count.
        func texels(reachedBy ps: Range<Int>) -> ClosedRange<Int> {
            let lo = Int(pixels: texel(atPixel: ps.lowerBound) - 1.5, .down, in: 0...(count - 1))
            let hi = Int(pixels: texel(atPixel: ps.upperBound - 1) + 1.5, .up, in: 0...(count - 1))
            return lo...max(lo, hi)
        }
    }

    /// How a filtered draw reaches its texels on both axes (`Axis`).
    struct Footprint {
        let x: Axis
        let y: Axis

        /// The footprint of a draw of `rect` (local) through `m` (a translation and a positive scale), its
        /// `source` (unit coordinates) over a texture of `width` x `height` texels; nil for any other map or
        /// a degenerate one.
        init?(rect d: CGRect, transform m: Transform3D, source r: CGRect, width: Int, height: Int) {
            guard m.planeKind.isScaleTranslation, m.m11 > 0, m.m22 > 0, d.width > 0, d.height > 0,
                  r.width > 0, r.height > 0, width > 0, height > 0 else { return nil }
            // u = (r.minX + (q - d.minX) / d.width * r.width) * W, q = (p - m41) / m11, so
            // p = m41 + m11 * (d.minX - r.minX * d.width / r.width) + u * m11 * d.width / (r.width * W).
            let sx = m.m11 * Double(d.width) / (Double(r.width) * Double(width))
            let sy = m.m22 * Double(d.height) / (Double(r.height) * Double(height))
            let ox = m.m41 + m.m11 * (Double(d.minX) - Double(r.minX) * Double(d.width) / Double(r.width))
            let oy = m.m42 + m.m22 * (Double(d.minY) - Double(r.minY) * Double(d.height) / Double(r.height))
            // The shader finds a pixel's texel coordinate in single precision, from local points as large
            // as the map's and the rect's numbers: within 2^16 of the origin and at most 64 texels a pixel,
            // its error stays under a quarter texel, inside the pieces' margin of half a texel and a pixel.
            let reach = [m.m41, m.m42, ox, oy, Double(d.minX), Double(d.minY), Double(d.maxX), Double(d.maxY)]
            guard [sx, sy, ox, oy].allSatisfy({ $0.isFinite }), sx >= 1.0 / 64, sy >= 1.0 / 64,
                  reach.allSatisfy({ abs($0) < 65536 }) else { return nil }
            x = Axis(scale: sx, offset: ox, count: width)
            y = Axis(scale: sy, offset: oy, count: height)
        }
    }

    /// The pixel rects of a filtered draw with `footprint` inside `bounds` that reach a non-zero texel: per
    /// band of `block` pixel rows, the occupied spans of the texel rows its pixels reach, in pixels, merged
    /// (`mergedGap`) and widened to whole blocks. Nil when the pieces would be more than `maximumPieces`.
    func pieces(_ footprint: Footprint, bounds b: PixelRect) -> [PixelRect]? {
        guard rowStarts.count - 1 == footprint.y.count, footprint.x.count > 0 else { return nil }
        return cut(b) { rows, band in
            for ty in footprint.y.texels(reachedBy: rows) {
                for k in rowStarts[ty]..<rowStarts[ty + 1] { band.append(footprint.x.pixels(reaching: spans[k])) }
            }
        }
    }
}
