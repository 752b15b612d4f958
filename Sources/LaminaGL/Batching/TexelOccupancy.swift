import Foundation
import LaminaGeometry
import LaminaImage

/// Where an image has any non-zero texel, row by row: a texel copy (`TexelBlit`) of it draws only those
/// spans. A texel of zeros adds nothing to a source-over or additive draw (the colour times anything is
/// zero, and the destination times one is itself), so a pixel left out keeps its bytes: same bytes, fewer
/// fragments. A text layer's store is mostly empty between its lines and words; on llvmpipe its copy shaded
/// every pixel of the layer.
struct TexelOccupancy {
    /// Empty runs of at most this many texels inside a row are drawn over, so a line of words is a few
    /// spans, not one per glyph.
    static let mergedGap = 32
    /// Pixel rows and columns the pieces are aligned to: llvmpipe shades blocks of 4x4 pixels, so a piece
    /// cut inside a block saves nothing there.
    static let block = 4
    /// Images whose spans cover more than this share of their area are drawn whole.
    static let worthCutting = 0.75
    /// A copy cut into more pieces than this is drawn whole: past it the quads cost more than the empty
    /// pixels they leave out (an image of scattered dots).
    static let maximumPieces = 4096

    /// Per texel row, its spans of columns (`spans[rowStarts[y]..<rowStarts[y + 1]]`).
    let spans: [Range<Int>]
    let rowStarts: [Int]

    /// The occupancy of `image`, or nil when cutting it would leave most of it drawn anyway.
    init?(_ image: Image) {
        let w = image.width, h = image.height
        guard w > 0, h > 0, image.pixels.count >= w * h * 4 else { return nil }
        var spans: [Range<Int>] = [], starts: [Int] = [0]
        var covered = 0
        image.pixels.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            for y in 0..<h {
                let row = base + y * w * 4, first = spans.count
                var x = 0
                while x < w {
                    guard row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) != 0 else { x += 1; continue }
                    let start = x
                    while x < w, row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) != 0 { x += 1 }
                    if spans.count > first, let last = spans.last, start - last.upperBound <= TexelOccupancy.mergedGap {
                        spans[spans.count - 1] = last.lowerBound..<x
                    } else {
                        spans.append(start..<x)
                    }
                }
                for k in first..<spans.count { covered += spans[k].count }
                starts.append(spans.count)
            }
        }
        guard Double(covered) <= TexelOccupancy.worthCutting * Double(w * h) else { return nil }
        self.spans = spans
        rowStarts = starts
    }

    /// The pixel rects of `blit` (texels one to one on both axes) that cover the occupied spans, inside its
    /// bounds: per band of `block` pixel rows, the spans of its rows merged (`mergedGap`), widened to whole
    /// blocks. Nil when the blit stretches a texel line or the pieces would be more than `maximumPieces`
    /// (the whole rect is drawn).
    func pieces(_ blit: TexelBlit) -> [PixelRect]? {
        guard blit.step.x == 1, blit.step.y == 1 else { return nil }
        return cut(blit.bounds) { rows, band in
            // texel = pixel + base on both axes.
            for y in rows {
                let ty = y + blit.base.y
                guard ty >= 0, ty + 1 < rowStarts.count else { continue }
                for k in rowStarts[ty]..<rowStarts[ty + 1] {
                    band.append((spans[k].lowerBound - blit.base.x)..<(spans[k].upperBound - blit.base.x))
                }
            }
        }
    }

    /// The pieces of `b`: per band of `block` pixel rows, the pixel spans `collect` gives for the band's rows
    /// (within `b`), merged (`merge`); a band whose pieces have the columns of the band above's extends
    /// those (a card's rows are one piece, not one a band). Nil past `maximumPieces`.
    func cut(_ b: PixelRect, _ collect: (Range<Int>, inout [Range<Int>]) -> Void) -> [PixelRect]? {
        let n = TexelOccupancy.block
        guard !b.isEmpty else { return [] }
        var out: [PixelRect] = [], band: [Range<Int>] = []
        var above = 0..<0
        var y0 = Int(floorDividing: b.y0, by: n) * n
        while y0 < b.y1 {
            let y1 = y0 + n
            band.removeAll(keepingCapacity: true)
            collect(max(y0, b.y0)..<min(y1, b.y1), &band)
            band.sort { $0.lowerBound < $1.lowerBound }
            let start = out.count
            merge(band, y0, y1, into: &out, within: b)
            if TexelOccupancy.sameColumns(out, above, start..<out.count) {
                for k in above { out[k].y1 = out[start].y1 }
                out.removeLast(out.count - start)
            } else {
                above = start..<out.count
            }
            guard out.count <= TexelOccupancy.maximumPieces else { return nil }
            y0 = y1
        }
        return out
    }

    /// Whether pieces `a` and `b` of `out` are as many, with the same columns, `b` right under `a`.
    private static func sameColumns(_ out: [PixelRect], _ a: Range<Int>, _ b: Range<Int>) -> Bool {
        guard !a.isEmpty, a.count == b.count, out[a.lowerBound].y1 == out[b.lowerBound].y0 else { return false }
        return zip(a, b).allSatisfy { out[$0].x0 == out[$1].x0 && out[$0].x1 == out[$1].x1 }
    }

    /// Appends the pixel spans `band` (sorted by start) of rows `y0..<y1` as pieces: spans less than
    /// `mergedGap` apart merged, widened to whole blocks, cut to `b`.
    func merge(_ band: [Range<Int>], _ y0: Int, _ y1: Int, into out: inout [PixelRect], within b: PixelRect) {
        let n = TexelOccupancy.block
        var current: Range<Int>?
        for s in band {
            let lo = Int(floorDividing: s.lowerBound, by: n) * n, hi = Int(floorDividing: s.upperBound + n - 1, by: n) * n
            if let c = current, lo - c.upperBound <= TexelOccupancy.mergedGap {
                current = c.lowerBound..<max(c.upperBound, hi)
            } else {
                if let c = current { append(c, y0, y1, into: &out, within: b) }
                current = lo..<hi
            }
        }
        if let c = current { append(c, y0, y1, into: &out, within: b) }
    }

    private func append(_ xs: Range<Int>, _ y0: Int, _ y1: Int, into out: inout [PixelRect], within b: PixelRect) {
        let r = PixelRect(x0: xs.lowerBound, y0: y0, x1: xs.upperBound, y1: y1).intersection(b)
        if !r.isEmpty { out.append(r) }
    }
}

extension Int {
    /// The floor of `a / b` for b > 0 (Swift's division truncates toward zero).
    init(floorDividing a: Int, by b: Int) {
        let q = a / b
        self = a % b < 0 ? q - 1 : q
    }
}
