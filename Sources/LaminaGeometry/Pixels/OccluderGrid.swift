/// Opaque rectangles of a pass, and what of an earlier draw's rectangle they leave visible.
///
/// A pass is walked from its last operation to its first. An operation's pixel rectangles are first cut
/// by every opaque rectangle already in the grid (all of them belong to later operations, which replace
/// those pixels whatever lies under them), then its own opaque rectangles are added for the operations
/// before it. What is left to draw is the painter's algorithm without its overdraw: Chrome's occlusion
/// tracker and WebRender's occlusion culling do the same with rectangles, the cheap exact case.
///
/// Exactness rests on the pieces: a draw restricted to a sub-rectangle of its pixels computes the same
/// value at each pixel it still covers, so cutting never changes a byte, only how many pixels are shaded.
/// A rectangle is cut into at most `maxPieces` pieces (occluders taken largest overlap first); past that
/// the rest of it is drawn and later operations overwrite it, as they would have anyway.
public struct OccluderGrid {
    /// Side of a bucket in pixels.
    static let cell = 128
    /// The most pieces one rectangle is cut into.
    public static let maxPieces = 24
    /// The most rectangles a bucket keeps: the first ones added, which (the pass being walked backwards)
    /// are the topmost. A cap keeps a query's cost bounded whatever the layer count: 100 000 cards took
    /// 5.4 s in the GPU's culling (every query scanning thousands of rectangles a bucket). A rectangle left
    /// out of a full bucket counts as a truncation: pixels under it may still be drawn, so the batcher then
    /// keeps drawing order with the depth test, as for a cut stopped at `maxPieces`.
    public static let perBucket = 64

    private let origin: (x: Int, y: Int)
    private let columns: Int, rows: Int
    private var buckets: [[Int32]]
    private var rects: [PixelRect] = []
    /// Per rectangle, the query that last saw it (so a rectangle in several buckets is taken once).
    private var seen: [Int32] = []
    private var query: Int32 = 0
    /// How many queries stopped at `maxPieces`, or rectangles a full bucket left out (`perBucket`), leaving
    /// pixels that later rectangles cover.
    public private(set) var truncated = 0
    /// Reused arrays of `visible(_:into:)`.
    private var scratch = (cuts: [PixelRect](), a: [PixelRect](), b: [PixelRect]())
    /// The rectangles meeting `focusBounds` (`focus(on:)`), which queries inside those bounds search
    /// instead of the buckets; nil until focused, and again after each `add`.
    private var focusBounds: PixelRect?
    private var focused: [Int32] = []

    /// A grid over `bounds` (the pass); rectangles are clamped to it.
    public init(bounds: PixelRect) {
        origin = (bounds.x0, bounds.y0)
        columns = max(1, (bounds.width + OccluderGrid.cell - 1) / OccluderGrid.cell)
        rows = max(1, (bounds.height + OccluderGrid.cell - 1) / OccluderGrid.cell)
        buckets = Array(repeating: [], count: columns * rows)
    }

    public var isEmpty: Bool { rects.isEmpty }

    /// The buckets `r` touches, as column and row ranges.
    private func span(_ r: PixelRect) -> (ClosedRange<Int>, ClosedRange<Int>)? {
        guard !r.isEmpty else { return nil }
        let c0 = max(0, (r.x0 - origin.x) / OccluderGrid.cell), c1 = min(columns - 1, (r.x1 - 1 - origin.x) / OccluderGrid.cell)
        let r0 = max(0, (r.y0 - origin.y) / OccluderGrid.cell), r1 = min(rows - 1, (r.y1 - 1 - origin.y) / OccluderGrid.cell)
        guard r.x1 - 1 >= origin.x, r.y1 - 1 >= origin.y, c0 <= c1, r0 <= r1 else { return nil }
        return (c0...c1, r0...r1)
    }

    /// Gathers the rectangles meeting `bounds` once, for the queries that follow inside it: an operation
    /// cut into a dozen pieces walks the buckets under it once instead of once per piece. The occluders
    /// considered are the same either way; their order may differ, and with it how the visible pixels are
    /// cut into rectangles (and, past `maxPieces`, which leftover is drawn whole), never a pixel's value.
    public mutating func focus(on bounds: PixelRect) {
        focused.removeAll(keepingCapacity: true)
        focusBounds = nil
        guard let (cs, rs) = span(bounds) else { return }
        query += 1
        for row in rs {
            for column in cs {
                for i in buckets[row * columns + column] where seen[Int(i)] != query {
                    seen[Int(i)] = query
                    if !rects[Int(i)].intersection(bounds).isEmpty { focused.append(i) }
                }
            }
        }
        focusBounds = bounds
    }

    /// Adds an opaque rectangle: pixels that everything queried from now on does not need to draw.
    public mutating func add(_ r: PixelRect) {
        focusBounds = nil
        guard let (cs, rs) = span(r) else { return }
        let index = Int32(rects.count)
        rects.append(r)
        seen.append(0)
        var full = false
        for row in rs {
            for column in cs {
                if buckets[row * columns + column].count < OccluderGrid.perBucket {
                    buckets[row * columns + column].append(index)
                } else {
                    full = true
                }
            }
        }
        if full { truncated += 1 }
    }

    /// Disjoint rectangles covering the pixels of `r` outside every added rectangle (up to `maxPieces`
    /// pieces; see the type's note), `[r]` when nothing cuts it, `[]` when it is hidden.
    public mutating func visible(_ r: PixelRect) -> [PixelRect] {
        var out: [PixelRect] = []
        visible(r, into: &out)
        return out
    }

    /// `visible(r)`, appended to `out`. Scratch arrays are kept between calls: a pass queries thousands.
    public mutating func visible(_ r: PixelRect, into out: inout [PixelRect]) {
        guard let (cs, rs) = span(r) else { if !r.isEmpty { out.append(r) }; return }
        // Taken out of `scratch` (not copied), so the buffers stay uniquely referenced and are reused.
        var cuts: [PixelRect] = []
        swap(&cuts, &scratch.cuts)
        cuts.removeAll(keepingCapacity: true)
        defer { swap(&cuts, &scratch.cuts) }
        if let f = focusBounds, f.intersection(r) == r {
            for i in focused {
                let cut = rects[Int(i)].intersection(r)
                guard !cut.isEmpty else { continue }
                if cut == r { return }
                cuts.append(cut)
            }
        } else {
            query += 1
            for row in rs {
                for column in cs {
                    for i in buckets[row * columns + column] where seen[Int(i)] != query {
                        seen[Int(i)] = query
                        let cut = rects[Int(i)].intersection(r)
                        guard !cut.isEmpty else { continue }
                        if cut == r { return }
                        cuts.append(cut)
                    }
                }
            }
        }
        guard !cuts.isEmpty else { out.append(r); return }
        if cuts.count > 1 { cuts.sort { $0.area > $1.area } }
        var pieces: [PixelRect] = [], next: [PixelRect] = []
        swap(&pieces, &scratch.a); swap(&next, &scratch.b)
        defer { swap(&pieces, &scratch.a); swap(&next, &scratch.b) }
        pieces.removeAll(keepingCapacity: true)
        pieces.append(r)
        for cut in cuts {
            next.removeAll(keepingCapacity: true)
            for p in pieces { OccluderGrid.subtract(cut, from: p, into: &next) }
            if next.count > OccluderGrid.maxPieces { truncated += 1; break }
            swap(&pieces, &next)
            if pieces.isEmpty { break }
        }
        out += pieces
    }

    /// Appends the pixels of `p` outside `cut` as up to four disjoint rectangles: the full-width bands
    /// above and below the cut, and the two sides beside it.
    static func subtract(_ cut: PixelRect, from p: PixelRect, into out: inout [PixelRect]) {
        let i = p.intersection(cut)
        guard !i.isEmpty else { out.append(p); return }
        if i.y0 > p.y0 { out.append(PixelRect(x0: p.x0, y0: p.y0, x1: p.x1, y1: i.y0)) }
        if i.x0 > p.x0 { out.append(PixelRect(x0: p.x0, y0: i.y0, x1: i.x0, y1: i.y1)) }
        if p.x1 > i.x1 { out.append(PixelRect(x0: i.x1, y0: i.y0, x1: p.x1, y1: i.y1)) }
        if p.y1 > i.y1 { out.append(PixelRect(x0: p.x0, y0: i.y1, x1: p.x1, y1: p.y1)) }
    }
}
