import LaminaImage

/// Image textures kept across frames, one per `Bitmap` object.
///
/// Keyed by `ObjectIdentifier`, with a weak reference to check the entry is still for the same object: an
/// identifier can be reused once its object is freed, and such entries are dropped at the next sweep.
final class TextureCache {
    private struct Entry {
        weak var bitmap: Bitmap?
        let texture: GLTexture
        /// Where the image has non-zero texels (`TexelOccupancy`), found on first ask: the outer nil
        /// means not yet looked at, the inner one that the image is not worth cutting.
        var occupancy: TexelOccupancy??
    }
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// Textures uploaded so far (a profiling counter).
    private(set) var uploads = 0

    /// The texture of `bitmap`, uploading its mip chain the first time.
    func texture(for bitmap: Bitmap) throws -> GLTexture {
        let key = ObjectIdentifier(bitmap)
        if let e = entries[key], e.bitmap === bitmap { return e.texture }
        let t = try GLTexture(mipChain: bitmap.mipChain)
        entries[key] = Entry(bitmap: bitmap, texture: t)
        uploads += 1
        return t
    }

    /// Where `bitmap`'s image has non-zero texels, computed once per bitmap (after its texture); nil when
    /// it is not worth cutting or has no texture here.
    func occupancy(for bitmap: Bitmap) -> TexelOccupancy? {
        let key = ObjectIdentifier(bitmap)
        guard var e = entries[key], e.bitmap === bitmap else { return nil }
        if let known = e.occupancy { return known }
        let found = TexelOccupancy(bitmap.image)
        e.occupancy = .some(found)
        entries[key] = e
        return found
    }

    /// Drops textures whose bitmap no longer exists.
    func sweep() {
        entries = entries.filter { $0.value.bitmap != nil }
    }
}
