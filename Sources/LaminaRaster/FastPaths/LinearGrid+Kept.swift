import Foundation
import LaminaGeometry
import LaminaGraph
import LaminaImage

extension LinearGrid {
    /// What decides a grid, bit for bit: the operation's map (and whether the affine shortcut samples it),
    /// its bounds and antialiased edges, the texture's rect, source rect, filters, level-of-detail bias and
    /// level-0 size, and, for the runs it skips (`Reach`), the image.
    struct Key: Hashable, Sendable {
        let map: SIMD16<UInt64>
        let rects: SIMD8<UInt64>
        let lodBias: UInt64
        let size: SIMD2<Int>
        /// The minification and magnification filters and the affine shortcut, packed.
        let modes: Int
        let bounds: PixelRect
        let edgeAA: Int
        let image: ObjectIdentifier?
    }

    /// A grid kept with the image its runs were found in: an identifier can be reused once its object is
    /// freed, so a kept grid is taken only while that image is the one drawn.
    struct Kept {
        let grid: LinearGrid
        weak var bitmap: Bitmap?
    }

    /// Grids kept between frames: a label drawn again where it was (every unchanged layer of an animation's
    /// next frame, every frame of `lamina bench`) takes its columns, rows and runs from its first frame,
    /// which cost a projection, a floor and two coverage tests a line. 32 MiB, least recently used first out.
    static let kept = ByteBoundedCache<Key, Kept>(capacityBytes: 32 << 20) { $0.grid.bytes }

    /// The grid of `t` drawn through `transform` over `bounds`: kept from an earlier frame, or made (and kept
    /// when there is one).
    static func kept(_ t: PreparedOp.PreparedTexture, transform: Transform3D, sampler: PixelSampler?, affine: Bool,
                     bounds: PixelRect, edgeAA: EdgeMask) -> LinearGrid? {
        // The key leaves out what makes no grid at all (a mask, rounded corners): those are never kept.
        guard t.mask == nil, t.shape.isRect, let level = t.sampler.levels.first else { return nil }
        let bitmap = t.sampler.bitmap
        let key = Key(transform: transform, t, size: SIMD2(level.width, level.height), affine: affine, bounds: bounds,
                      edgeAA: edgeAA, image: bitmap.map(ObjectIdentifier.init))
        // A grid made for another image at a freed one's address is dropped and made again.
        if let hit = kept.value(for: key, ifCurrent: { $0.bitmap === bitmap }) { return hit.grid }
        guard let grid = LinearGrid(t, sampler: sampler, bounds: bounds, edgeAA: edgeAA) else { return nil }
        kept.keep(Kept(grid: grid, bitmap: bitmap), for: key)
        return grid
    }

    /// The bytes a grid holds, for the cache's bound: its lines (a trilinear grid's second level's too), and
    /// its runs with the occupancy they read (which the grid keeps alive after its image is gone).
    var bytes: Int {
        let lines = columns.count + rows.count + (next.map { $0.columns.count + $0.rows.count } ?? 0)
        return 128 + lines * MemoryLayout<Line>.stride
            + (reach.map { $0.low.count * 8 + $0.occupancy.words.count * 8 } ?? 0)
    }
}

extension LinearGrid.Key {
    init(transform m: Transform3D, _ t: PreparedOp.PreparedTexture, size: SIMD2<Int>, affine: Bool,
         bounds: PixelRect, edgeAA: EdgeMask, image: ObjectIdentifier?) {
        map = SIMD16(m.m11.bitPattern, m.m12.bitPattern, m.m13.bitPattern, m.m14.bitPattern,
                     m.m21.bitPattern, m.m22.bitPattern, m.m23.bitPattern, m.m24.bitPattern,
                     m.m31.bitPattern, m.m32.bitPattern, m.m33.bitPattern, m.m34.bitPattern,
                     m.m41.bitPattern, m.m42.bitPattern, m.m43.bitPattern, m.m44.bitPattern)
        let r = t.rect, s = t.draw.sourceRect
        rects = SIMD8(Double(r.minX).bitPattern, Double(r.minY).bitPattern, Double(r.width).bitPattern,
                      Double(r.height).bitPattern, Double(s.minX).bitPattern, Double(s.minY).bitPattern,
                      Double(s.width).bitPattern, Double(s.height).bitPattern)
        lodBias = t.draw.lodBias.bitPattern
        self.size = size
        let filters = ContentsFilter.allCases
        modes = (filters.firstIndex(of: t.draw.minFilter) ?? 0) << 4 | (filters.firstIndex(of: t.draw.magFilter) ?? 0) << 1
            | (affine ? 1 : 0)
        self.bounds = bounds
        self.edgeAA = edgeAA.rawValue
        self.image = image
    }
}
