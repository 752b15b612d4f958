import Foundation
import LaminaGeometry

/// Where a fill's coverage, known on the CPU (the upload method), lets its quad be cut: a band of a few
/// rows draws only the spans its pixels with any coverage reach, split where the band's rows all leave a gap
/// of at least `gapPixels` (a ring's hole, the space between a star's points, the two arms of a bent stroke),
/// so a stroke's bend or a star's points do not shade the whole bounding box. A pixel left out has coverage
/// 0, which draws nothing: same bytes, fewer fragments. Inside a span, the columns where every row of the
/// band has coverage exactly 1, at least `solidPixels` of them side by side, are a solid piece: drawn with
/// the paint alone, no coverage read (on llvmpipe the read is a gathered load, about 60 % of a frame of 300
/// filled shapes), the same value the coverage program gives there (paint x 1). The batcher takes solid
/// pieces only for a solid paint without clips (`PassBatcher.prepare`).
extension PathCoverage {
    /// Rows per band of pieces: tall bands where a fill has a solid interior (fewer quads, and the solid
    /// pieces stand in for most of the coverage reads), short ones for thin shapes such as strokes, whose
    /// pieces a tall band would widen where they run diagonally.
    static let pieceRows = (solid: 16, thin: 8)

    /// Empty columns a band's pieces are split at: narrower gaps stay inside one piece (a quad costs more
    /// than a few fragments).
    static let gapPixels = 16

    /// The fewest full columns side by side that make a solid piece.
    static let solidPixels = 16

    /// The pieces of a fill whose coverage over `bounds` is `coverage` (row-major, `bounds.width` a row), in
    /// the pass's pixels: per band of rows with any coverage, the spans of the columns where any of its rows
    /// has coverage, joined across gaps under `gapPixels`, cut around their solid runs. Bands of
    /// `pieceRows.solid` rows when at least a quarter of the pieces' pixels are solid; else bands of
    /// `pieceRows.thin` rows and no solid pieces (a few solid runs cost more in quads and batches than the
    /// reads they save: a stroke's straight stretches).
    static func pieces(of coverage: [Float], bounds: PixelRect) -> [OpSplitter.Piece] {
        let w = bounds.width, h = bounds.height
        guard w > 0, h > 0, coverage.count >= w * h else { return [OpSplitter.Piece(bounds: bounds, solid: false)] }
        let tall = pieces(of: coverage, bounds: bounds, rows: pieceRows.solid, solids: true)
        var solid = 0, all = 0
        for piece in tall {
            all += piece.bounds.area
            if piece.solid { solid += piece.bounds.area }
        }
        return solid * 4 >= all ? tall : pieces(of: coverage, bounds: bounds, rows: pieceRows.thin, solids: false)
    }

    /// `pieces(of:bounds:)` with bands of `rows` rows, cut around their solid runs if `solids`.
    private static func pieces(of coverage: [Float], bounds: PixelRect, rows: Int, solids: Bool) -> [OpSplitter.Piece] {
        let w = bounds.width, h = bounds.height
        var out: [OpSplitter.Piece] = []
        var used = [UInt8](repeating: 0, count: w)
        coverage.withUnsafeBufferPointer { c in
            used.withUnsafeMutableBufferPointer { u in
                guard let base = c.baseAddress, let marks = u.baseAddress else { return }
                var y0 = 0
                while y0 < h {
                    let y1 = min(h, y0 + rows)
                    // A column is used (bit 0) where any row of the band has coverage, and not full (bit 1)
                    // where any row's is under 1: one pass of compares a row, without branches, then its
                    // first and last used column.
                    marks.update(repeating: 0, count: w)
                    for y in y0..<y1 {
                        let row = base + y * w
                        for x in 0..<w { marks[x] |= (row[x] != 0 ? 1 : 0) | (row[x] != 1 ? 2 : 0) }
                    }
                    if let lo = u.firstIndex(where: { $0 & 1 != 0 }), let last = u.lastIndex(where: { $0 & 1 != 0 }) {
                        appendSpans(of: UnsafeBufferPointer(u), in: lo..<(last + 1), rows: y0..<y1, bounds: bounds,
                                    solids: solids, to: &out)
                    }
                    y0 = y1
                }
            }
        }
        return out
    }

    /// Appends the pieces of each span of used columns (`marks` bit 0) in `columns` of a band, spans closer
    /// than `gapPixels` joined (`appendSplit`).
    private static func appendSpans(of marks: UnsafeBufferPointer<UInt8>, in columns: Range<Int>, rows: Range<Int>,
                                    bounds: PixelRect, solids: Bool, to out: inout [OpSplitter.Piece]) {
        func append(_ xs: Range<Int>) {
            if solids {
                appendSplit(xs, marks: marks, rows: rows, bounds: bounds, to: &out)
            } else {
                out.append(piece(xs, rows: rows, bounds: bounds, solid: false))
            }
        }
        var start = columns.lowerBound, end = start + 1, x = start + 1
        while x < columns.upperBound {
            guard marks[x] & 1 != 0 else { x += 1; continue }
            if x - end >= gapPixels {
                append(start..<end)
                start = x
            }
            end = x + 1
            x += 1
        }
        append(start..<end)
    }

    /// Appends the span `xs` of a band as pieces: its runs of at least `solidPixels` full columns (`marks`
    /// exactly 1: used, and coverage 1 in every row) solid, the columns between them not.
    private static func appendSplit(_ xs: Range<Int>, marks: UnsafeBufferPointer<UInt8>, rows: Range<Int>,
                                    bounds: PixelRect, to out: inout [OpSplitter.Piece]) {
        var start = xs.lowerBound, x = xs.lowerBound
        while x < xs.upperBound {
            guard marks[x] == 1 else { x += 1; continue }
            var runEnd = x + 1
            while runEnd < xs.upperBound, marks[runEnd] == 1 { runEnd += 1 }
            if runEnd - x >= solidPixels {
                if x > start { out.append(piece(start..<x, rows: rows, bounds: bounds, solid: false)) }
                out.append(piece(x..<runEnd, rows: rows, bounds: bounds, solid: true))
                start = runEnd
            }
            x = runEnd
        }
        if xs.upperBound > start { out.append(piece(start..<xs.upperBound, rows: rows, bounds: bounds, solid: false)) }
    }

    private static func piece(_ xs: Range<Int>, rows: Range<Int>, bounds: PixelRect, solid: Bool) -> OpSplitter.Piece {
        OpSplitter.Piece(bounds: PixelRect(x0: bounds.x0 + xs.lowerBound, y0: bounds.y0 + rows.lowerBound,
                                           x1: bounds.x0 + xs.upperBound, y1: bounds.y0 + rows.upperBound), solid: solid)
    }
}
