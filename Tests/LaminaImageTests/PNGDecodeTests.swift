import Foundation
import XCTest
@testable import LaminaImage

/// `PNG.decode` on every colour type and bit depth PNG allows, with exact expected pixels.
///
/// Fixtures come from `PNGFixture` (libpng's full writer). Expected values are computed here from the
/// samples written, independently of the decoder: sub-byte grey scales by 255 / (2^depth - 1), 16-bit
/// samples by 255 / 65535, and colour is premultiplied by alpha with rounding.
///
/// 16-bit fixtures carry an sRGB chunk or gAMA 1/2.2 so that libpng's simplified reader does no gamma
/// conversion. It then scales with rounding, `round(v / 257)`, exactly for every value probed (alpha
/// included); that is *not* the high byte `v >> 8`, which is 1 lower for about a quarter of all values.
/// Without either chunk the reader takes 16-bit data as linear light (see the test below).
final class PNGDecodeTests: XCTestCase {
    // MARK: palette

    func testDecode_palette1248Bit_givesPaletteColours() throws {
        for depth in [1, 2, 4, 8] {
            let entries = 1 << depth
            let palette = (0..<entries).map { (i: Int) -> (r: UInt8, g: UInt8, b: UInt8) in
                let r: Int = (i * 37) & 0xFF, g: Int = 255 - (i * 11) & 0xFF, b: Int = (i * 101 + 7) & 0xFF
                return (UInt8(r), UInt8(g), UInt8(b))
            }
            let w = 11, h = 5
            let index = { (x: Int, y: Int) in (x * 7 + y * 3) % entries }
            let fixture = PNGFixture(width: w, height: h, colorType: .palette, bitDepth: depth,
                                     samples: rows(.palette, w, h) { x, y, _ in index(x, y) }, palette: palette)
            try assertDecodes(fixture, "palette \(depth)-bit") { x, y in
                let c = palette[index(x, y)]
                return (Int(c.r), Int(c.g), Int(c.b), 255)
            }
        }
    }

    func testDecode_paletteWithTRNS_premultipliesEntryAlpha() throws {
        let palette: [(r: UInt8, g: UInt8, b: UInt8)] = [(255, 0, 0), (0, 255, 0), (10, 20, 200), (255, 255, 255)]
        let alpha: [UInt8] = [0, 128, 77]  // entry 3 has no tRNS value, so it is opaque
        let fixture = PNGFixture(width: 4, height: 2, colorType: .palette, bitDepth: 8,
                                 samples: rows(.palette, 4, 2) { x, _, _ in x }, palette: palette, paletteAlpha: alpha)
        try assertDecodes(fixture, "palette + tRNS") { x, _ in
            let c = palette[x]
            return (Int(c.r), Int(c.g), Int(c.b), x < alpha.count ? Int(alpha[x]) : 255)
        }
    }

    // MARK: grey

    func testDecode_greySubByteAnd8Bit_scalesToFullRange() throws {
        for depth in [1, 2, 4, 8] {
            let levels = 1 << depth
            let w = 13, h = 3
            let sample = { (x: Int, y: Int) in (x + y * w) % levels }
            let fixture = PNGFixture(width: w, height: h, colorType: .grey, bitDepth: depth,
                                     samples: rows(.grey, w, h) { x, y, _ in sample(x, y) })
            try assertDecodes(fixture, "grey \(depth)-bit") { x, y in
                let v = sample(x, y) * 255 / (levels - 1)  // exact: 255 is divisible by 1, 3, 15 and 255
                return (v, v, v, 255)
            }
        }
    }

    func testDecode_grey16BitWithSRGB_givesRoundedScaledValue() throws {
        let w = 9, h = 4
        let fixture = PNGFixture(width: w, height: h, colorType: .grey, bitDepth: 16,
                                 samples: rows(.grey, w, h) { x, y, c in sample16(x, y, c) }, colorSpace: .sRGB)
        try assertDecodes(fixture, "grey 16-bit sRGB", tolerance: 0) { x, y in
            let v = scale16(sample16(x, y, 0))
            return (v, v, v, 255)
        }
    }

    func testDecode_grey16BitWithGamma22_givesRoundedScaledValue() throws {
        let w = 9, h = 4
        let fixture = PNGFixture(width: w, height: h, colorType: .grey, bitDepth: 16,
                                 samples: rows(.grey, w, h) { x, y, c in sample16(x, y, c) }, colorSpace: .gamma22)
        try assertDecodes(fixture, "grey 16-bit gAMA 1/2.2", tolerance: 0) { x, y in
            let v = scale16(sample16(x, y, 0))
            return (v, v, v, 255)
        }
    }

    /// libpng's simplified reader treats a 16-bit file without gAMA or sRGB as *linear* light and
    /// gamma-encodes it on the way to 8 bits, so mid-scale 0x8000 becomes 186, not 128. The encoding is the
    /// plain 1/2.2 power law (255 * 0.5^(1/2.2) = 186.1), not the piecewise sRGB curve (which gives 188).
    /// Lamina keeps libpng's reading; this test records it so a change is noticed.
    func testDecode_grey16BitWithoutColourSpace_isTreatedAsLinear() throws {
        let fixture = PNGFixture(width: 3, height: 1, colorType: .grey, bitDepth: 16,
                                 samples: [[0, 0x8000, 0xFFFF]])
        let image = try PNG.decode(fixture.encode())
        XCTAssertEqual(image.pixel(x: 0, y: 0).r, 0)
        XCTAssertEqual(Int(image.pixel(x: 1, y: 0).r), 186, accuracy: 1, "linear 0.5 through a 1/2.2 power law")
        XCTAssertEqual(image.pixel(x: 2, y: 0).r, 255)
    }

    func testDecode_greyAlpha8Bit_premultiplies() throws {
        let w = 7, h = 3
        let grey = { (x: Int, y: Int) in (x * 40 + y * 9) & 0xFF }
        let alpha = { (x: Int, y: Int) in [0, 1, 64, 128, 200, 254, 255][x] }
        let fixture = PNGFixture(width: w, height: h, colorType: .greyAlpha, bitDepth: 8,
                                 samples: rows(.greyAlpha, w, h) { x, y, c in c == 0 ? grey(x, y) : alpha(x, y) })
        try assertDecodes(fixture, "grey+alpha 8-bit") { x, y in (grey(x, y), grey(x, y), grey(x, y), alpha(x, y)) }
    }

    func testDecode_greyAlpha16Bit_scalesAndPremultiplies() throws {
        let w = 7, h = 3
        let alpha16 = [0, 0x0101, 0x4000, 0x8080, 0xC8C8, 0xFEFE, 0xFFFF]
        let fixture = PNGFixture(width: w, height: h, colorType: .greyAlpha, bitDepth: 16,
                                 samples: rows(.greyAlpha, w, h) { x, y, c in c == 0 ? sample16(x, y, 0) : alpha16[x] },
                                 colorSpace: .sRGB)
        try assertDecodes(fixture, "grey+alpha 16-bit", tolerance: 0) { x, y in
            let g = scale16(sample16(x, y, 0))
            return (g, g, g, scale16(alpha16[x]))
        }
    }

    // MARK: RGB and RGBA

    func testDecode_rgb8Bit_isExact() throws {
        let w = 6, h = 5
        let value = { (x: Int, y: Int, c: Int) in (x * 41 + y * 23 + c * 85) & 0xFF }
        let fixture = PNGFixture(width: w, height: h, colorType: .rgb, bitDepth: 8, samples: rows(.rgb, w, h, value))
        try assertDecodes(fixture, "RGB 8-bit") { x, y in (value(x, y, 0), value(x, y, 1), value(x, y, 2), 255) }
    }

    func testDecode_rgb16BitWithSRGB_givesScaledValues() throws {
        let w = 6, h = 5
        let fixture = PNGFixture(width: w, height: h, colorType: .rgb, bitDepth: 16,
                                 samples: rows(.rgb, w, h) { x, y, c in sample16(x, y, c) }, colorSpace: .sRGB)
        try assertDecodes(fixture, "RGB 16-bit", tolerance: 0) { x, y in
            (scale16(sample16(x, y, 0)), scale16(sample16(x, y, 1)), scale16(sample16(x, y, 2)), 255)
        }
    }

    func testDecode_rgba8Bit_premultiplies() throws {
        let w = 8, h = 4
        let alphas = [0, 1, 2, 100, 127, 128, 254, 255]
        let value = { (x: Int, y: Int, c: Int) -> Int in c == 3 ? alphas[x] : (x * 29 + y * 71 + c * 50) & 0xFF }
        let fixture = PNGFixture(width: w, height: h, colorType: .rgba, bitDepth: 8, samples: rows(.rgba, w, h, value))
        try assertDecodes(fixture, "RGBA 8-bit") { x, y in
            (value(x, y, 0), value(x, y, 1), value(x, y, 2), value(x, y, 3))
        }
    }

    func testDecode_rgba16BitWithSRGB_scalesAndPremultiplies() throws {
        let w = 7, h = 3
        let alpha16 = [0, 0x0101, 0x4000, 0x8080, 0xC8C8, 0xFEFE, 0xFFFF]
        let fixture = PNGFixture(width: w, height: h, colorType: .rgba, bitDepth: 16,
                                 samples: rows(.rgba, w, h) { x, y, c in c == 3 ? alpha16[x] : sample16(x, y, c) },
                                 colorSpace: .sRGB)
        try assertDecodes(fixture, "RGBA 16-bit", tolerance: 0) { x, y in
            (scale16(sample16(x, y, 0)), scale16(sample16(x, y, 1)), scale16(sample16(x, y, 2)), scale16(alpha16[x]))
        }
    }

    // MARK: interlace

    func testDecode_adam7InterlacedRGBA_matchesPixels() throws {
        // 13x11 is not a multiple of Adam7's 8x8 block, so every pass has partial rows and columns.
        let w = 13, h = 11
        let value = { (x: Int, y: Int, c: Int) in c == 3 ? 255 - (x * 3) : (x * 19 + y * 13 + c * 60) & 0xFF }
        let fixture = PNGFixture(width: w, height: h, colorType: .rgba, bitDepth: 8, samples: rows(.rgba, w, h, value),
                                 interlaced: true)
        try assertDecodes(fixture, "interlaced RGBA 8-bit") { x, y in
            (value(x, y, 0), value(x, y, 1), value(x, y, 2), value(x, y, 3))
        }
    }

    func testDecode_adam7InterlacedPalette2Bit_matchesPixels() throws {
        let palette: [(r: UInt8, g: UInt8, b: UInt8)] = [(0, 0, 0), (255, 0, 0), (0, 255, 0), (0, 0, 255)]
        let w = 10, h = 9
        let fixture = PNGFixture(width: w, height: h, colorType: .palette, bitDepth: 2,
                                 samples: rows(.palette, w, h) { x, y, _ in (x + 2 * y) % 4 }, palette: palette,
                                 interlaced: true)
        try assertDecodes(fixture, "interlaced palette 2-bit") { x, y in
            let c = palette[(x + 2 * y) % 4]
            return (Int(c.r), Int(c.g), Int(c.b), 255)
        }
    }

    func testFixture_interlacedFlag_isSetInIHDR() throws {
        let fixture = PNGFixture(width: 9, height: 9, colorType: .grey, bitDepth: 8,
                                 samples: rows(.grey, 9, 9) { x, _, _ in x }, interlaced: true)
        let chunks = PNGChunks(fixture.encode())
        let ihdr = try XCTUnwrap(chunks.first("IHDR"))
        XCTAssertEqual(chunks.bytes[ihdr.dataOffset + 12], 1, "IHDR interlace method 1 is Adam7")
    }

    // MARK: helpers

    /// Rows of samples for a `w`x`h` fixture of colour type `type`, from a function of (x, y, channel).
    private func rows(_ type: PNGFixture.ColorType, _ w: Int, _ h: Int, _ f: (Int, Int, Int) -> Int) -> [[Int]] {
        (0..<h).map { y in (0..<w).flatMap { x in (0..<type.channels).map { c in f(x, y, c) } } }
    }

    /// A spread of 16-bit values whose high and low bytes differ, so a decoder reading the wrong byte fails.
    private func sample16(_ x: Int, _ y: Int, _ c: Int) -> Int { (x * 4099 + y * 12289 + c * 7919 + 0x0180) & 0xFFFF }

    /// A 16-bit sample scaled to 8 bits with rounding, v * 255 / 65535 = v / 257, as libpng's
    /// `png_set_scale_16` does (rather than `png_set_strip_16`'s high byte).
    private func scale16(_ v: Int) -> Int { Int((Double(v) / 257).rounded()) }

    /// Decodes `fixture` and checks every pixel against `expected` straight RGBA, premultiplied here.
    private func assertDecodes(_ fixture: PNGFixture, _ what: String, tolerance: Int = 0,
                               expected: (Int, Int) -> (Int, Int, Int, Int),
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let image = try PNG.decode(fixture.encode())
        XCTAssertEqual(image.width, fixture.width, what, file: file, line: line)
        XCTAssertEqual(image.height, fixture.height, what, file: file, line: line)
        var failures = 0
        for y in 0..<fixture.height {
            for x in 0..<fixture.width {
                let e = expected(x, y)
                let want = [premultiply(e.0, e.3), premultiply(e.1, e.3), premultiply(e.2, e.3), e.3]
                let p = image.pixel(x: x, y: y)
                let got = [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
                if zip(got, want).contains(where: { abs($0 - $1) > tolerance }), failures < 5 {
                    failures += 1
                    XCTFail("\(what): pixel (\(x), \(y)) is \(got), expected \(want) ±\(tolerance)", file: file, line: line)
                }
            }
        }
    }

    private func premultiply(_ c: Int, _ a: Int) -> Int { Int((Double(c * a) / 255).rounded()) }
}
