import LaminaImage

/// Image textures kept across frames, one per `Bitmap` object.
///
/// Keyed by `ObjectIdentifier`, with a weak reference to check the entry is still for the same object: an
/// identifier can be reused once its object is freed, and such entries are dropped at the next sweep.
final class TextureCache {
    private struct Entry {
        weak var bitmap: Bitmap?
        let texture: GLTexture
        /// Whether the texture holds the whole mip chain, not level 0 alone.
        let mipmapped: Bool
    }
    /// Where an image has non-zero texels (`TexelOccupancy`), found on first ask; nil when it is not worth
    /// cutting. Kept apart from the textures: an image drawn from an atlas slot (`ImageAtlas`) has none.
    private struct Occupancy {
        weak var bitmap: Bitmap?
        let occupancy: TexelOccupancy?
    }
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var occupancies: [ObjectIdentifier: Occupancy] = [:]
    /// Textures uploaded so far (a profiling counter).
    private(set) var uploads = 0

    /// The texture of `bitmap`, uploaded the first time: level 0 alone, or the whole mip chain when
    /// `mipmapped` (a trilinear draw, the only one that reads other levels). A level-0 texture asked for
    /// with its chain is replaced by one with it; draws already holding the first keep it.
    func texture(for bitmap: Bitmap, mipmapped: Bool) throws -> GLTexture {
        let key = ObjectIdentifier(bitmap)
        if let e = entries[key], e.bitmap === bitmap, e.mipmapped || !mipmapped { return e.texture }
        let t = try GLTexture(levels: mipmapped ? bitmap.mipChain.levels : [bitmap.image])
        entries[key] = Entry(bitmap: bitmap, texture: t, mipmapped: mipmapped)
        uploads += 1
        return t
    }

    /// Where `bitmap`'s image has non-zero texels, computed once per bitmap; nil when it is not worth cutting.
    func occupancy(for bitmap: Bitmap) -> TexelOccupancy? {
        let key = ObjectIdentifier(bitmap)
        if let known = occupancies[key], known.bitmap === bitmap { return known.occupancy }
        let found = TexelOccupancy(bitmap.image)
        occupancies[key] = Occupancy(bitmap: bitmap, occupancy: found)
        return found
    }

    /// Drops textures and occupancies whose bitmap no longer exists.
    func sweep() {
        entries = entries.filter { $0.value.bitmap != nil }
        occupancies = occupancies.filter { $0.value.bitmap != nil }
    }
}
