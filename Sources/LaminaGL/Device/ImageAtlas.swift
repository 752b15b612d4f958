import CGLES
import LaminaImage

/// Small images packed into shared textures, so that draws of many of them (a screen of text layers, each
/// its own backing store; icons) batch into a few draw calls instead of one each.
///
/// Only level 0 is packed: draws that read one level (a texel copy, or nearest or bilinear filtering for
/// both minification and magnification) take an image's slot; trilinear draws keep the image's own mip
/// chain (`TextureCache`). The shaders clamp reads to the slot's own edges (`sampleBilinearIn`,
/// common.glsl), as they clamp a whole texture's, so a slot reads the same texels as its image's texture:
/// same bytes. Pages are shelf-packed; an image is uploaded once while it lives. An image that finds no room
/// is drawn from its own texture (`sweep` says when the pages start over).
final class ImageAtlas {
    /// Texels a page side (GLES 3.0 guarantees textures of 2048).
    let pageSide: Int
    /// Images up to this many texels a side are packed.
    let maximumSide: Int
    /// Pages at most (16 MiB each at the default side).
    let maximumPages: Int

    init(pageSide: Int = 2048, maximumSide: Int = 512, maximumPages: Int = 4) {
        self.pageSide = pageSide; self.maximumSide = maximumSide; self.maximumPages = maximumPages
    }

    /// Where an image lies in a page.
    struct Slot {
        let page: GLTexture
        let x: Int, y: Int
        let width: Int, height: Int
    }

    private final class Page {
        let texture: GLTexture
        let side: Int
        /// Shelves top to bottom: their top, height and first free column.
        var shelves: [(y: Int, height: Int, x: Int)] = []

        init(side: Int) throws {
            self.side = side
            texture = try GLTexture(width: side, height: side)
        }

        /// A place for `w` x `h` texels: the first shelf as tall or up to twice as tall with room, else a new
        /// shelf below the last.
        func place(_ w: Int, _ h: Int) -> (x: Int, y: Int)? {
            for k in shelves.indices where shelves[k].height >= h && shelves[k].height <= 2 * h
                && shelves[k].x + w <= side {
                let at = (x: shelves[k].x, y: shelves[k].y)
                shelves[k].x += w
                return at
            }
            let top = shelves.last.map { $0.y + $0.height } ?? 0
            guard top + h <= side else { return nil }
            shelves.append((top, h, w))
            return (0, top)
        }
    }

    private struct Entry {
        weak var bitmap: Bitmap?
        let slot: Slot
    }

    private var pages: [Page] = []
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// Set when an image found no room this frame (`sweep`).
    private var crowded = false
    /// Images uploaded so far (a profiling counter).
    private(set) var uploads = 0

    /// `bitmap`'s slot, packing and uploading its level 0 the first time; nil when it is too large or no
    /// page has room.
    func slot(for bitmap: Bitmap) throws -> Slot? {
        let w = bitmap.width, h = bitmap.height
        guard w > 0, h > 0, w <= maximumSide, h <= maximumSide, w <= pageSide, h <= pageSide,
              bitmap.image.pixels.count >= w * h * 4 else { return nil }
        let key = ObjectIdentifier(bitmap)
        if let e = entries[key], e.bitmap === bitmap { return e.slot }
        guard let (page, at) = try room(w, h) else {
            crowded = true
            return nil
        }
        let slot = Slot(page: page.texture, x: at.x, y: at.y, width: w, height: h)
        glBindTexture(GLenum(GL_TEXTURE_2D), page.texture.id)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        try bitmap.image.pixels.withUnsafeBytes { bytes in
            try gl("glTexSubImage2D(atlas slot \(w)x\(h))") {
                glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(at.x), GLint(at.y), GLsizei(w), GLsizei(h),
                                GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
            }
        }
        entries[key] = Entry(bitmap: bitmap, slot: slot)
        uploads += 1
        return slot
    }

    /// A page with room for `w` x `h` texels and the place there, a new page while there may be more.
    private func room(_ w: Int, _ h: Int) throws -> (Page, (x: Int, y: Int))? {
        for page in pages { if let at = page.place(w, h) { return (page, at) } }
        guard pages.count < maximumPages else { return nil }
        let page = try Page(side: pageSide)
        pages.append(page)
        return page.place(w, h).map { (page, $0) }
    }

    /// At the end of a frame: entries of images that no longer exist are dropped, and after a frame that
    /// found no room while some images had gone, every page is emptied (the images in use are packed again
    /// as they are drawn). While every packed image lives, the pages stay as they are: a scene with more
    /// small images than the pages hold draws the rest from their own textures, not repacking each frame.
    func sweep() {
        let live = entries.filter { $0.value.bitmap != nil }
        if crowded && live.count < entries.count {
            entries.removeAll()
            pages.removeAll()
        } else {
            entries = live
        }
        crowded = false
    }
}
