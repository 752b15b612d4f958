import CGLES
import LaminaGeometry
import LaminaGraph
import LaminaImage

/// Draws' bytes kept between frames on the GPU (`RenderOptions.keepsDraws`): a texture or gradient draw
/// seen unchanged in consecutive frames (the same operation through the same map, clips and bounds, of the
/// same image, `DrawIdentity`) is drawn once, alone, into a region of a kept page at its own pixel
/// positions, and from then on copied from there texel for pixel (`ShaderKey.Kind.texel`). What a warm
/// frame of unchanged labels, pictures and gradients pays is one read a pixel instead of four (a bilinear
/// label at a fractional position) or a gradient's evaluation: the GPU counterpart of the CPU renderer's
/// kept draws, and of a compositor's raster cache.
///
/// Why the bytes cannot move: every such draw stores its colour on the 8-bit grid (`storeValue`) and blends
/// it source-over. Made over transparent pixels (a cleared region), a draw leaves exactly that colour, byte
/// for byte, and where it draws nothing, zero; the copy reads the byte back, which `storeValue` leaves as it
/// is, and blends it with the same blend, so each pixel of the pass receives the colour it would have
/// computed. The draw is made through a viewport moved by whole pixels, with the fragment shader told the
/// offset (`u_pixelOffset`), so every fragment computes at its pass pixel, bit for bit, what the pass's own
/// draw computes there (maps, clips, exact edges and gradients all read the pixel centre).
///
/// Kept on a draw's second sighting, so a single `lamina render` only hashes its draws. Bounded: pages of
/// `pageSize` squared texels (16 MiB each), at most `maximumPages`; a page whose draws no pass of the
/// current frame read is emptied whole, least recently read first, when room is needed, and released once
/// two frames have not read it; a draw larger than `largestArea` pixels or smaller than `smallestArea` is
/// not kept. A page the driver cannot make leaves the draws drawn as they are.
final class KeptDrawAtlas {
    /// Where a kept draw lies: its region's corner in page `page`, and the pixels of its pass it covers.
    struct Slot: Equatable {
        let page: Int
        let x: Int
        let y: Int
        let bounds: PixelRect
    }

    private final class Entry {
        let slot: Slot
        /// The images the draw and its backdrop sample: an identifier can be reused once its object is
        /// freed, so the entry serves only while these images are the ones drawn.
        private let bitmaps: [Held]
        private struct Held { weak var bitmap: Bitmap? }
        init(slot: Slot, bitmaps: [Bitmap]) { self.slot = slot; self.bitmaps = bitmaps.map { Held(bitmap: $0) } }

        func samples(_ others: [Bitmap]) -> Bool {
            bitmaps.count == others.count && zip(bitmaps, others).allSatisfy { $0.bitmap === $1 }
        }
    }

    /// A page: its target (nil once released), rows of regions (shelves) filled left to right, and the
    /// draws kept in it.
    private final class Page {
        var target: RenderTarget?
        var shelves: [(y: Int, height: Int, x: Int)] = []
        var bottom = 0
        var lastUse = 0
        var keys: [DrawIdentity] = []
        /// Texels given to regions since the page was last emptied, and those of its regions read this frame.
        var usedArea = 0, readArea = 0
        /// How many times the page was emptied.
        var generation = 0
        init(target: RenderTarget) { self.target = target }
    }

    static let pageSize = 2048
    static let maximumPages = 8
    static let largestArea = 1 << 20
    /// Below this many pixels a draw costs about as much set up as shaded: not kept.
    static let smallestArea = 256
    /// Regions' heights are rounded up to this many rows, so shelves are shared by draws of similar heights.
    static let rowStep = 8

    private var entries: [DrawIdentity: Entry] = [:]
    private var pages: [Page] = []
    private var seenBefore: Set<Int> = [], seenNow: Set<Int> = []
    private var frame = 0
    let format: Int32
    /// Counts the times a kept draw was forgotten or every page let go; with the pages' own counts of their
    /// emptyings (`generation(ofPage:)`), an answer found while both had their values (`KeptDrawMemo`) names
    /// regions that are all still kept while they have them.
    private(set) var version = 0
    /// The identities' hashes `sightedBefore` notes while this is not nil (`KeptDrawMemo.record`).
    var sightings: [Int]?

    init(format: Int32 = GL_RGBA8) { self.format = format }

    /// How many draws are kept (tests, profiles).
    var count: Int { entries.count }
    /// Pages held, 16 MiB each.
    var pageCount: Int { pages.filter { $0.target != nil }.count }
    /// Set when a page could not be made (the driver out of memory): no page is added after it.
    private var cannotGrow = false

    /// Starts a frame: the draws seen in the frame before are those kept on sight.
    func beginFrame() {
        frame += 1
        swap(&seenBefore, &seenNow)
        seenNow.removeAll(keepingCapacity: true)
        for page in pages { page.readArea = 0 }
    }

    /// Lets every kept draw and page go (options changed, or the renderer stops keeping).
    func dropAll() {
        version += 1
        entries.removeAll()
        pages.removeAll()
        seenBefore.removeAll()
        seenNow.removeAll()
        cannotGrow = false
    }

    /// Forgets draw `identity` (its region was not made: the frame failed before drawing it).
    func forget(_ identity: DrawIdentity) {
        version += 1
        entries[identity] = nil
    }

    /// Ends a frame: pages no pass read in it or the frame before are emptied and their targets released, so
    /// what is held follows what the frames draw (a scene left behind does not hold its pages); a page more
    /// than half given out of which this frame read under a quarter (draws that moved on left their regions)
    /// is emptied too, its draws made again when seen again, so dead regions cannot fill every page.
    func endFrame() {
        let half = KeptDrawAtlas.pageSize * KeptDrawAtlas.pageSize / 2
        for (i, page) in pages.enumerated() where page.target != nil {
            if page.lastUse < frame - 1 {
                empty(i)
                page.target = nil
            } else if page.usedArea > half, page.readArea * 4 < page.usedArea {
                empty(i)
            }
        }
    }

    /// Whether a draw over `bounds` is worth a region.
    static func worthKeeping(_ bounds: PixelRect) -> Bool {
        !bounds.isEmpty && bounds.width <= pageSize && bounds.height <= pageSize
            && bounds.area >= smallestArea && bounds.area <= largestArea
    }

    /// The kept region of draw `identity` over `bounds` (sampling `bitmaps`, its backdrop's included),
    /// marked as read this frame; nil when none is kept (one kept for other images at freed ones'
    /// addresses, or other bounds, is dropped).
    func slot(for identity: DrawIdentity, bitmaps: [Bitmap], bounds: PixelRect) -> Slot? {
        guard let entry = entries[identity] else { return nil }
        guard entry.samples(bitmaps), entry.slot.bounds == bounds, entry.slot.page < pages.count else {
            version += 1
            entries[identity] = nil
            return nil
        }
        markRead(entry.slot)
        return entry.slot
    }

    /// Marks the region at `slot` read this frame (its page kept).
    func markRead(_ slot: Slot) {
        guard slot.page < pages.count else { return }
        let page = pages[slot.page]
        page.lastUse = frame
        page.readArea += slot.bounds.area
    }

    /// Notes the identities whose hashes are `hashes` as seen this frame.
    func sight(_ hashes: [Int]) { seenNow.formUnion(hashes) }

    /// Notes draw `identity` as seen this frame; whether it was seen in the frame before.
    func sightedBefore(_ identity: DrawIdentity) -> Bool {
        let hash = identity.hashValue
        seenNow.insert(hash)
        sightings?.append(hash)
        return seenBefore.contains(hash)
    }

    /// A region for draw `identity` over `bounds`, kept from now on (the caller makes its bytes before any
    /// pass reads it); nil when every page is full of draws this frame reads and no page can be added (the
    /// draw is then drawn as it is).
    func allocate(_ identity: DrawIdentity, bitmaps: [Bitmap], bounds: PixelRect) -> Slot? {
        // An identity not equal to itself (a NaN in a clip's map) could never be found again once planned
        // anew (arrays compare equal to themselves without their elements, so the clips are compared here).
        guard identity.op.clips.elementsEqual(identity.op.clips),
              identity.border.map({ $0.clips.elementsEqual($0.clips) }) ?? true,
              identity.backdrop.map({ b in b.ops.allSatisfy { $0.clips.elementsEqual($0.clips) } && b == b }) ?? true
        else { return nil }
        let w = bounds.width, h = (bounds.height + KeptDrawAtlas.rowStep - 1) / KeptDrawAtlas.rowStep * KeptDrawAtlas.rowStep
        var placed: (page: Int, x: Int, y: Int)?
        for (i, page) in pages.enumerated() where page.target != nil {
            if let at = KeptDrawAtlas.place(w, h, in: page) { placed = (i, at.x, at.y); break }
        }
        if placed == nil, let i = newPage() {
            placed = KeptDrawAtlas.place(w, h, in: pages[i]).map { (i, $0.x, $0.y) }
        }
        if placed == nil, let oldest = pages.indices.filter({ pages[$0].target != nil && pages[$0].lastUse < frame })
            .min(by: { pages[$0].lastUse < pages[$1].lastUse }) {
            empty(oldest)
            placed = KeptDrawAtlas.place(w, h, in: pages[oldest]).map { (oldest, $0.x, $0.y) }
        }
        guard let placed else { return nil }
        let slot = Slot(page: placed.page, x: placed.x, y: placed.y, bounds: bounds)
        let page = pages[placed.page]
        page.lastUse = frame
        page.keys.append(identity)
        page.usedArea += w * h
        page.readArea += bounds.area
        entries[identity] = Entry(slot: slot, bitmaps: bitmaps)
        return slot
    }

    /// Paints every page one colour, bytes given (tests: what is copied from the pages shows).
    func paintPages(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) {
        for page in pages {
            guard let target = page.target else { continue }
            target.bind()
            glClearColor(Float(r) / 255, Float(g) / 255, Float(b) / 255, Float(a) / 255)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
    }

    /// How many times page `index` was emptied (nil: no such page).
    func generation(ofPage index: Int) -> Int? { pages.indices.contains(index) ? pages[index].generation : nil }

    /// The target of page `index`, held while a slot in it is.
    func target(_ index: Int) -> RenderTarget? { pages[index].target }

    /// The index of a page made now (in a released page's place, else added), empty; nil at the most pages,
    /// or when the driver cannot make one (then none is tried again).
    private func newPage() -> Int? {
        guard !cannotGrow else { return nil }
        let released = pages.firstIndex { $0.target == nil }
        guard released != nil || pages.count < KeptDrawAtlas.maximumPages else { return nil }
        let size = KeptDrawAtlas.pageSize
        guard let target = try? RenderTarget(width: size, height: size, format: format) else {
            cannotGrow = true
            return nil
        }
        if let i = released {
            pages[i].target = target
            return i
        }
        pages.append(Page(target: target))
        return pages.count - 1
    }

    /// Forgets every draw kept in page `index` and its shelves.
    private func empty(_ index: Int) {
        let page = pages[index]
        page.generation += 1
        for key in page.keys where entries[key]?.slot.page == index { entries[key] = nil }
        page.keys.removeAll()
        page.shelves.removeAll()
        page.bottom = 0
        page.usedArea = 0
        page.readArea = 0
    }

    /// The corner of a free `w` x `h` region of `page`: on the first shelf of that height with room, else on
    /// a new shelf under the others; nil when the page has no room.
    private static func place(_ w: Int, _ h: Int, in page: Page) -> (x: Int, y: Int)? {
        for i in page.shelves.indices where page.shelves[i].height == h && page.shelves[i].x + w <= pageSize {
            defer { page.shelves[i].x += w }
            return (page.shelves[i].x, page.shelves[i].y)
        }
        guard page.bottom + h <= pageSize, w <= pageSize else { return nil }
        page.shelves.append((page.bottom, h, w))
        defer { page.bottom += h }
        return (0, page.bottom)
    }
}
