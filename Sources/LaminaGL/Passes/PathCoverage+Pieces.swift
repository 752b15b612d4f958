import Foundation
import LaminaGeometry

/// Where a fill's coverage, known on the CPU (the upload method), lets its quad be cut: a band of a few
/// rows draws only the spans its pixels with any coverage reach, split where the band's rows all leave a gap
/// of at least `gapPixels` (a ring's hole, the space between a star's points, the two arms of a bent stroke),
/// so a stroke's bend or a star's points do not shade the whole bounding box. A pixel left out has coverage
/// 0, which draws nothing: same bytes, fewer fragments. (Solid pieces where the coverage is 1, as
/// `OpSplitter` cuts rounded rects, were measured too: on llvmpipe their second program split the batches,
/// and the frames were no faster.)
extension PathCoverage {
    /// Rows per band of pieces.
    static let pieceRows = 8

    /// Empty columns a band's pieces are split at: narrower gaps stay inside one piece (a quad costs more
    /// than a few fragments).
    static let gapPixels = 16

    /// The pieces of a fill whose coverage over `bounds` is `coverage` (row-major, `bounds.width` a row), in
    /// the pass's pixels: per band of `pieceRows` rows with any coverage, the spans of the columns where any
    /// of its rows has coverage, joined across gaps under `gapPixels`.
    static func pieces(of coverage: [Float], bounds: PixelRect) -> [OpSplitter.Piece] {
        let w = bounds.width, h = bounds.height
        guard w > 0, h > 0, coverage.count >= w * h else { return [OpSplitter.Piece(bounds: bounds, solid: false)] }
        var out: [OpSplitter.Piece] = []
        var used = [UInt8](repeating: 0, count: w)
        coverage.withUnsafeBufferPointer { c in
            used.withUnsafeMutableBufferPointer { u in
                guard let base = c.baseAddress, let marks = u.baseAddress else { return }
                var y0 = 0
                while y0 < h {
                    let y1 = min(h, y0 + pieceRows)
                    // A column is used where any row of the band has coverage: one pass of compares a row,
                    // without branches, then its first and last used column.
                    marks.update(repeating: 0, count: w)
                    for y in y0..<y1 {
                        let row = base + y * w
                        for x in 0..<w { marks[x] |= row[x] != 0 ? 1 : 0 }
                    }
                    if let lo = u.firstIndex(of: 1), let last = u.lastIndex(of: 1) {
                        appendSpans(of: UnsafeBufferPointer(u), in: lo..<(last + 1), rows: y0..<y1, bounds: bounds,
                                    to: &out)
                    }
                    y0 = y1
                }
            }
        }
        return out
    }

    /// Appends a piece per span of `used` columns in `columns` of a band, spans closer than `gapPixels` joined.
    private static func appendSpans(of used: UnsafeBufferPointer<UInt8>, in columns: Range<Int>, rows: Range<Int>,
                                    bounds: PixelRect, to out: inout [OpSplitter.Piece]) {
        var start = columns.lowerBound, end = start + 1, x = start + 1
        while x < columns.upperBound {
            guard used[x] != 0 else { x += 1; continue }
            if x - end >= gapPixels {
                out.append(piece(start..<end, rows: rows, bounds: bounds))
                start = x
            }
            end = x + 1
            x += 1
        }
        out.append(piece(start..<end, rows: rows, bounds: bounds))
    }

    private static func piece(_ xs: Range<Int>, rows: Range<Int>, bounds: PixelRect) -> OpSplitter.Piece {
        OpSplitter.Piece(bounds: PixelRect(x0: bounds.x0 + xs.lowerBound, y0: bounds.y0 + rows.lowerBound,
                                           x1: bounds.x0 + xs.upperBound, y1: bounds.y0 + rows.upperBound), solid: false)
    }
}
