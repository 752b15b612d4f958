import Foundation

/// PNG files built byte by byte to attack the scene decoder's image path (`PNG.decode` through libpng's
/// simplified API): headers that lie about the size, truncated and corrupt streams, zero sizes, and valid
/// images up to the 16384-pixel side limit that are only a few kilobytes long.
///
/// Everything is written here (chunks, CRC-32, zlib with stored or hand-built Huffman blocks), so the fuzzer
/// needs no zlib binding.
enum HostilePNG {
    /// The kinds of image the mutator swaps in.
    enum Kind: CaseIterable {
        /// A small valid RGBA image with arbitrary pixels.
        case tinyValid
        /// A valid 1-bit grey image of up to 16384 pixels a side, all black, compressed to a few KB.
        case hugeValid
        /// An IHDR that claims up to 16384x16384 (or over) followed by a one-row IDAT.
        case lyingHeader
        /// A valid image cut short at a random byte.
        case truncated
        /// Width or height zero.
        case zeroSize
        /// A valid image with its IDAT's CRC corrupted.
        case badCRC
        /// A palette image with no PLTE, or an IHDR with an invalid depth/colour-type pair.
        case invalidFormat
        /// A valid image marked interlaced whose data is for the non-interlaced layout.
        case interlaceMismatch
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A `data:image/png;base64,` URI holding `png`.
    static func dataURI(_ png: [UInt8]) -> String {
        "data:image/png;base64," + Data(png).base64EncodedString()
    }

    /// One image of `kind`, its sizes and bytes drawn from `rng`.
    static func make(_ kind: Kind, rng: inout FuzzRandom) -> [UInt8] {
        switch kind {
        case .tinyValid:
            let w = 1 + rng.below(8), h = 1 + rng.below(8)
            return rgba(width: w, height: h, rng: &rng)
        case .hugeValid:
            let (w, h) = rng.pick([(16384, 16384), (16384, 4096), (8192, 8192), (4096, 4096), (16384, 1),
                                   (1, 16384), (2048, 2048), (16384, 64)])
            return file(width: UInt32(w), height: UInt32(h), depth: 1, colorType: 0,
                        idat: zlibZeros(count: h * (1 + (w + 7) / 8)))
        case .lyingHeader:
            let side = UInt32(rng.pick([16384, 16385, 65535, 1 << 20, 0x7FFF_FFFF]))
            let w = rng.chance(2) ? side : UInt32(16384), h = rng.chance(2) ? side : UInt32(1 + rng.below(16384))
            return file(width: w, height: h, depth: 8, colorType: 6, idat: zlibStored([0] + [UInt8](repeating: 0, count: 4)))
        case .truncated:
            let png = rgba(width: 1 + rng.below(32), height: 1 + rng.below(32), rng: &rng)
            return Array(png.prefix(rng.below(png.count)))
        case .zeroSize:
            let w = UInt32(rng.chance(2) ? 0 : 1 + rng.below(4)), h = UInt32(w == 0 ? rng.below(4) : 0)
            return file(width: w, height: h, depth: 8, colorType: 6, idat: zlibStored([0, 0, 0, 0, 0]))
        case .badCRC:
            var png = rgba(width: 2, height: 2, rng: &rng)
            png[png.count - 13 - rng.below(4)] ^= 0x5A   // IDAT's CRC, just before the 12-byte IEND
            return png
        case .invalidFormat:
            let (depth, type): (UInt8, UInt8) = rng.pick([(8, 3), (3, 2), (16, 3), (1, 6), (8, 5), (0, 0)])
            return file(width: 2, height: 2, depth: depth, colorType: type, idat: zlibStored([UInt8](repeating: 0, count: 6)))
        case .interlaceMismatch:
            let raw = [UInt8](repeating: 0, count: 4 * (1 + 4 * 4))
            return file(width: 4, height: 4, depth: 8, colorType: 6, interlace: 1, idat: zlibStored(raw))
        }
    }

    /// A valid 8-bit RGBA image of random pixels.
    static func rgba(width: Int, height: Int, rng: inout FuzzRandom) -> [UInt8] {
        var raw: [UInt8] = []
        for _ in 0..<height {
            raw.append(0)
            for _ in 0..<width * 4 { raw.append(UInt8(truncatingIfNeeded: rng.next())) }
        }
        return file(width: UInt32(width), height: UInt32(height), depth: 8, colorType: 6, idat: zlibStored(raw))
    }

    /// A whole PNG: signature, IHDR, one IDAT holding `idat` (a zlib stream), IEND.
    static func file(width: UInt32, height: UInt32, depth: UInt8, colorType: UInt8, interlace: UInt8 = 0,
                     idat: [UInt8]) -> [UInt8] {
        let ihdr = bigEndian(width) + bigEndian(height) + [depth, colorType, 0, 0, interlace]
        return signature + chunk("IHDR", ihdr) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    /// A chunk: length, type, payload, CRC-32 of type and payload.
    static func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + payload
        return bigEndian(UInt32(payload.count)) + body + bigEndian(crc32(body))
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for x in bytes {
            a = (a + UInt32(x)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    static func zlibStored(_ raw: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let n = min(65535, raw.count - start)
            let final: UInt8 = start + n == raw.count ? 1 : 0
            out += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += raw[start..<start + n]
            start += n
        } while start < raw.count
        return out + bigEndian(adler32(raw))
    }

    /// A zlib stream of `count` zero bytes in one dynamic-Huffman deflate block: a literal 0, then
    /// length-258 distance-1 matches at 2 bits each (the deflate maximum of about 1032:1), then literals.
    ///
    /// Literal/length code: 285 -> `0`, 0 -> `10`, 256 -> `11`; distance code: 0 -> `0`. Their code lengths
    /// are sent with the code-length code 18 -> `0`, 1 -> `10`, 2 -> `11`.
    static func zlibZeros(count: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, 1)                       // BFINAL
        bits.write(2, 2)                       // BTYPE = dynamic
        bits.write(29, 5)                      // HLIT: 286 literal/length codes
        bits.write(0, 5)                       // HDIST: 1 distance code
        bits.write(14, 4)                      // HCLEN: 18 code-length code lengths
        // Order 16 17 18 0 8 7 9 6 10 5 11 4 12 3 13 2 14 1: only 18 (1), 2 (2) and 1 (2) are used.
        let clLengths: [UInt32] = [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2]
        for l in clLengths { bits.write(l, 3) }
        // Lengths: lit 0 = 2, 255 zeros, lit 256 = 2, 28 zeros, lit 285 = 1, dist 0 = 1.
        bits.code(0b11, 2)
        bits.code(0, 1); bits.write(138 - 11, 7)
        bits.code(0, 1); bits.write(117 - 11, 7)
        bits.code(0b11, 2)
        bits.code(0, 1); bits.write(28 - 11, 7)
        bits.code(0b10, 2)
        bits.code(0b10, 2)
        var left = count
        if left > 0 { bits.code(0b10, 2); left -= 1 }
        while left >= 258 { bits.code(0, 1); bits.code(0, 1); left -= 258 }
        while left > 0 { bits.code(0b10, 2); left -= 1 }
        bits.code(0b11, 2)                     // end of block
        let adler = UInt32(count % 65521) << 16 | 1
        return [0x78, 0x01] + bits.finish() + bigEndian(adler)
    }
}
