import LaminaGeometry
import LaminaGraph

/// The few rectangles of a canvas that its draws can touch, when they leave most of it to the clear colour.
///
/// A canvas pass clears its whole target, draws, and is read back whole; where a few layers lie on a large
/// background, most of that work moves bytes the CPU already knows (the clear colour's). The renderer then
/// clears and reads back only these rectangles and fills the rest of the image with the clear colour's bytes
/// on the CPU (`FrameExecutor.readDrawn`), the bytes a whole clear and read-back would give: every op draws
/// only inside its `bounds`, and the rectangles hold every op's bounds.
///
/// The canvas is cut into bands of `bandHeight` rows; each band keeps at most `intervalsPerBand` column
/// intervals holding the bounds that cross it (intervals closer than `mergeGap` columns are joined, and the
/// two closest when there are too many), and bands with the same intervals are joined into taller
/// rectangles. The work is the ops' bands, not their pixels.
struct DrawnRegions: Equatable {
    static let bandHeight = 32
    static let intervalsPerBand = 4
    static let mergeGap = 64
    /// Past this share of the canvas (in quarters) the canvas is cleared and read whole: the fill on the CPU
    /// costs about what the clear did (on llvmpipe, 100 masked cards over 72 % of the canvas: 2.9 -> 3.9 ms
    /// by regions when they were read on one thread; on two, three quarters measured within noise of a half
    /// on masks, labels and cards).
    static let maximumQuarters = 2
    /// The most band entries the ops may make (an op makes one per band it crosses): past it the canvas is
    /// cleared and read whole, so thousands of tall thin layers on a tall canvas cost a bounded walk.
    static let maximumEntries = 1 << 20

    /// Disjoint rectangles inside the canvas, top to bottom.
    let rects: [PixelRect]
    /// Their pixels.
    let area: Int

    /// The regions of a canvas of `width` x `height` drawn by `ops`, or nil when they cover over half of it.
    init?(ops: [DrawOp], width: Int, height: Int) {
        let canvas = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        let limit = canvas.area / 4 * Self.maximumQuarters
        guard limit > 0 else { return nil }
        let bands = (height + Self.bandHeight - 1) / Self.bandHeight
        var intervals = [[ClosedRange<Int>]](repeating: [], count: bands)
        var entries = 0
        for op in ops {
            let b = op.bounds.intersection(canvas)
            if b.isEmpty { continue }
            if b.area > limit { return nil }
            let first = b.y0 / Self.bandHeight, last = (b.y1 - 1) / Self.bandHeight
            entries += last - first + 1
            if entries > Self.maximumEntries { return nil }
            for band in first...last {
                Self.insert(b.x0...(b.x1 - 1), into: &intervals[band])
            }
        }
        var rects: [PixelRect] = [], open: [Int] = [], area = 0
        for (band, list) in intervals.enumerated() {
            let y0 = band * Self.bandHeight, y1 = min(height, y0 + Self.bandHeight)
            var next: [Int] = []
            for span in list {
                // Continue the rectangle of the band above with the same columns, else start one.
                if let k = open.first(where: { rects[$0].x0 == span.lowerBound && rects[$0].x1 == span.upperBound + 1 }) {
                    let r = rects[k]
                    rects[k] = PixelRect(x0: r.x0, y0: r.y0, x1: r.x1, y1: y1)
                    next.append(k)
                } else {
                    rects.append(PixelRect(x0: span.lowerBound, y0: y0, x1: span.upperBound + 1, y1: y1))
                    next.append(rects.count - 1)
                }
                area += span.count * (y1 - y0)
            }
            open = next
        }
        guard area <= limit else { return nil }
        self.rects = rects
        self.area = area
    }

    /// Adds `span` to a band's intervals, kept sorted and apart by at least `mergeGap` columns, and at most
    /// `intervalsPerBand` of them (the two closest joined).
    static func insert(_ span: ClosedRange<Int>, into list: inout [ClosedRange<Int>]) {
        var merged = span
        // Joining may bring the next interval near: until none is.
        while let k = list.firstIndex(where: {
            $0.lowerBound <= merged.upperBound + mergeGap && merged.lowerBound <= $0.upperBound + mergeGap
        }) {
            merged = min(merged.lowerBound, list[k].lowerBound)...max(merged.upperBound, list[k].upperBound)
            list.remove(at: k)
        }
        let at = list.firstIndex { $0.lowerBound > merged.lowerBound } ?? list.count
        list.insert(merged, at: at)
        while list.count > intervalsPerBand {
            var closest = 0
            for i in 1..<(list.count - 1) where list[i + 1].lowerBound - list[i].upperBound
                < list[closest + 1].lowerBound - list[closest].upperBound {
                closest = i
            }
            list[closest] = list[closest].lowerBound...list[closest + 1].upperBound
            list.remove(at: closest + 1)
        }
    }
}
