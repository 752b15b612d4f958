
/// Where a pass's path coverages lie in its coverage atlas pages: shelf packing, tallest first.
///
/// Every path op of a pass gets its own rect (its bounds within the pass), so one target, one clear and one
/// framebuffer bind serve the whole pass and the fills that share a page share a batch when drawn. Pages
/// are as wide as the pass (every op's bounds fit) and at most `maxHeight` tall; their heights follow the
/// scene, so a repeated frame gets the same sizes back from the `TargetPool`. Memory: the ops' areas plus
/// the shelves' slack, 4 bytes a pixel in R32F.
struct CoverageAtlas {
    /// An op's rect in the atlas: its page and the texel where its bounds' origin lands.
    struct Slot: Equatable {
        var page: Int
        var x: Int, y: Int
    }

    private(set) var slots: [Slot] = []
    /// Each page's used height (its width is the atlas's).
    private(set) var pageHeights: [Int] = []
    let width: Int

    /// Packs rects of `sizes` into pages `width` wide and at most `maxHeight` tall; every size must fit
    /// (`width` and `maxHeight` at least its own).
    init(sizes: [(width: Int, height: Int)], width: Int, maxHeight: Int) {
        self.width = width
        slots = Array(repeating: Slot(page: 0, x: 0, y: 0), count: sizes.count)
        let order = sizes.indices.sorted { sizes[$0].height > sizes[$1].height || (sizes[$0].height == sizes[$1].height && $0 < $1) }
        var page = 0, x = 0, shelfY = 0, shelfHeight = 0
        for i in order {
            let (w, h) = sizes[i]
            if x + w > width {
                shelfY += shelfHeight
                (x, shelfHeight) = (0, 0)
            }
            if shelfY + h > maxHeight {
                pageHeights.append(shelfY)
                page += 1
                (x, shelfY, shelfHeight) = (0, 0, 0)
            }
            slots[i] = Slot(page: page, x: x, y: shelfY)
            x += w
            shelfHeight = max(shelfHeight, h)
        }
        if !sizes.isEmpty { pageHeights.append(shelfY + shelfHeight) }
    }
}
