import Foundation

/// Which texels of an image are not fully transparent: one bit a texel, set where any of its four bytes
/// is non-zero, 64 texels a word, each row starting on a word.
///
/// A text layer's backing store is mostly transparent (the space between glyphs and between lines), and a
/// bilinear draw of it reads four texels for every pixel only to find them zero. A draw that knows where
/// the non-zero texels are walks only the pixels that read one. The bits cost 1/32 of the image's bytes.
public struct Occupancy: Sendable {
    public let width: Int
    public let height: Int
    /// Words a row takes: `ceil(width / 64)`.
    public let wordsPerRow: Int
    /// Row `y`'s bits are words `y * wordsPerRow ..< (y + 1) * wordsPerRow`; texel `x` is bit `x % 64` of
    /// word `x / 64`. Bits past `width` are zero.
    public let words: [UInt64]

    /// The occupancy of `image`'s texels.
    public init(_ image: Image) {
        width = image.width
        height = image.height
        wordsPerRow = (image.width + 63) / 64
        var words = [UInt64](repeating: 0, count: wordsPerRow * image.height)
        let width = image.width, perRow = wordsPerRow
        image.pixels.withUnsafeBytes { raw in
            words.withUnsafeMutableBufferPointer { out in
                guard let texels = raw.baseAddress, let bits = out.baseAddress else { return }
                for y in 0..<image.height {
                    let row = texels + y * width * 4, rowBits = bits + y * perRow
                    for x in 0..<width where row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) != 0 {
                        rowBits[x >> 6] |= 1 << UInt64(x & 63)
                    }
                }
            }
        }
        self.words = words
    }

    /// Calls `body` with each run of texels `start ..< end`, in order, that are non-zero in row `a` or row
    /// `b` (the two texel rows a bilinear draw's pixel row reads; the same row twice for one), within the
    /// texel columns `columns`. Runs are maximal: two calls never touch.
    public func forEachRun(rows a: Int, _ b: Int, in columns: ClosedRange<Int>, _ body: (Int, Int) -> Void) {
        guard a >= 0, a < height, b >= 0, b < height else { return }
        let first = max(columns.lowerBound, 0), last = min(columns.upperBound, width - 1)
        guard first <= last else { return }
        words.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return }
            let top = base + a * wordsPerRow, bottom = base + b * wordsPerRow
            var start = -1
            for k in (first >> 6)...(last >> 6) {
                var w = top[k] | bottom[k]
                // Texels outside `columns` count as zero.
                if k == first >> 6 { w &= ~0 << UInt64(first & 63) }
                if k == last >> 6, last & 63 != 63 { w &= (1 << UInt64(last & 63 + 1)) - 1 }
                var consumed = 0
                while consumed < 64 {
                    if start < 0 {
                        let rest = w >> UInt64(consumed)
                        if rest == 0 { break }
                        consumed += rest.trailingZeroBitCount
                        start = k << 6 + consumed
                    } else {
                        let clear = ~w >> UInt64(consumed)
                        if clear == 0 { break }
                        consumed += clear.trailingZeroBitCount
                        body(start, k << 6 + consumed)
                        start = -1
                    }
                }
            }
            if start >= 0 { body(start, last + 1) }
        }
    }
}
