import Foundation
import LaminaGeometry

/// Where a fill's coverage, known on the CPU (the upload method), lets its quad be cut: a band of a few
/// rows draws only the span its pixels with any coverage reach, so a stroke's bend or a star's points do
/// not shade the whole bounding box. A pixel left out has coverage 0, which draws nothing: same bytes,
/// fewer fragments. (Solid pieces where the coverage is 1, as `OpSplitter` cuts rounded rects, were
/// measured too: on llvmpipe their second program split the batches, and the frames were no faster.)
extension PathCoverage {
    /// Rows per band of pieces.
    static let pieceRows = 8

    /// The pieces of a fill whose coverage over `bounds` is `coverage` (row-major, `bounds.width` a row), in
    /// the pass's pixels: per band of `pieceRows` rows with any coverage, the span from its leftmost to its
    /// rightmost pixel with coverage.
    static func pieces(of coverage: [Float], bounds: PixelRect) -> [OpSplitter.Piece] {
        let w = bounds.width, h = bounds.height
        guard w > 0, h > 0, coverage.count >= w * h else { return [OpSplitter.Piece(bounds: bounds, solid: false)] }
        var out: [OpSplitter.Piece] = []
        coverage.withUnsafeBufferPointer { c in
            var y0 = 0
            while y0 < h {
                let y1 = min(h, y0 + pieceRows)
                var lo = w, hi = 0
                for y in y0..<y1 {
                    let row = UnsafeBufferPointer(rebasing: c[(y * w)..<(y * w + w)])
                    guard let first = row.firstIndex(where: { $0 != 0 }), let last = row.lastIndex(where: { $0 != 0 }) else {
                        continue
                    }
                    lo = min(lo, first)
                    hi = max(hi, last + 1)
                }
                if hi > lo {
                    out.append(OpSplitter.Piece(bounds: PixelRect(x0: bounds.x0 + lo, y0: bounds.y0 + y0,
                                                                  x1: bounds.x0 + hi, y1: bounds.y0 + y1), solid: false))
                }
                y0 = y1
            }
        }
        return out
    }
}
