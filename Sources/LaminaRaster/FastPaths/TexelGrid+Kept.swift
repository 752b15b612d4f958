import Foundation
import LaminaGeometry
import LaminaGraph

extension TexelGrid {
    /// What decides a nearest grid, bit for bit: what decides a bilinear one (`LinearGrid.Key`, without an
    /// image: a nearest grid skips nothing by the texels' values) and, for a tinted draw's colour table, the
    /// tint colour, opacity and modulation.
    struct Key: Hashable, Sendable {
        let draw: LinearGrid.Key
        let tint: SIMD4<UInt64>?
        let opacity: UInt64
        let modulate: SIMD4<UInt64>
    }

    /// Nearest grids kept between frames, as bilinear ones are (`LinearGrid.kept`): a shadow's slices and
    /// stores drawn texel for pixel take their columns, rows and colour table from their first frame.
    /// 16 MiB, least recently used first out.
    static let kept = ByteBoundedCache<Key, TexelGrid>(capacityBytes: 16 << 20) { $0.bytes }

    /// The grid of `t` drawn through `transform` over `bounds`: kept from an earlier frame, or made and kept.
    static func kept(_ t: PreparedOp.PreparedTexture, transform: Transform3D, sampler: PixelSampler?, affine: Bool,
                     bounds: PixelRect, edgeAA: EdgeMask, modulate: SIMD4<Double>) -> TexelGrid? {
        // The key leaves out what makes no grid at all (a mask, rounded corners): those are never kept.
        guard t.mask == nil, t.shape.isRect, let level = t.sampler.levels.first else { return nil }
        let bits = { (v: SIMD4<Double>) in SIMD4(v.x.bitPattern, v.y.bitPattern, v.z.bitPattern, v.w.bitPattern) }
        let key = Key(draw: LinearGrid.Key(transform: transform, t, size: SIMD2(level.width, level.height),
                                           affine: affine, bounds: bounds, edgeAA: edgeAA, image: nil),
                      tint: t.draw.tint.map { bits(SIMD4($0.r, $0.g, $0.b, $0.a)) }, opacity: t.draw.opacity.bitPattern,
                      modulate: bits(modulate))
        if let hit = kept.value(for: key) { return hit }
        guard let grid = TexelGrid(t, sampler: sampler, bounds: bounds, edgeAA: edgeAA, modulate: modulate) else {
            return nil
        }
        return kept.keep(grid, for: key)
    }

    /// The bytes a grid holds, for the cache's bound.
    var bytes: Int { 128 + (columns.count + rows.count) * 16 + (tinted == nil ? 0 : 256 * 32) }
}
