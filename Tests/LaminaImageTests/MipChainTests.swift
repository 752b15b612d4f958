import XCTest
@testable import LaminaImage

/// `MipChain`: level sizes (OpenGL ES 3.0 §3.8.14) and the 2x2 box filter.
final class MipChainTests: XCTestCase {
    private func sizes(_ w: Int, _ h: Int) -> [String] {
        MipChain(base: Image(width: w, height: h)).levels.map { "\($0.width)x\($0.height)" }
    }

    func testLevels_oddSizes_followFloorHalving() {
        XCTAssertEqual(sizes(5, 3), ["5x3", "2x1", "1x1"])
        XCTAssertEqual(sizes(7, 7), ["7x7", "3x3", "1x1"])
        XCTAssertEqual(sizes(1, 5), ["1x5", "1x2", "1x1"])
        XCTAssertEqual(sizes(9, 2), ["9x2", "4x1", "2x1", "1x1"])
    }

    func testLevels_powerOfTwo_haveLog2PlusOneLevels() {
        XCTAssertEqual(sizes(8, 4), ["8x4", "4x2", "2x1", "1x1"])
        XCTAssertEqual(MipChain(base: Image(width: 256, height: 256)).levels.count, 9)
    }

    func testLevels_onePixel_isOnlyTheBase() {
        XCTAssertEqual(sizes(1, 1), ["1x1"])
    }

    func testBoxFilter_averagesEachTwoByTwoBlockWithRounding() throws {
        // 4x2 image: two 2x2 blocks with known sums per channel.
        let px: [[UInt8]] = [
            [10, 0, 0, 255], [20, 1, 0, 255], [100, 2, 4, 128], [101, 2, 4, 128],
            [30, 1, 0, 255], [40, 1, 0, 255], [102, 3, 4, 128], [103, 2, 4, 129],
        ]
        let base = try XCTUnwrap(Image(width: 4, height: 2, premultipliedRGBA: px.flatMap { $0 }))
        let level1 = MipChain(base: base).levels[1]
        XCTAssertEqual(level1.width, 2)
        XCTAssertEqual(level1.height, 1)
        // (10+20+30+40)/4 = 25; (0+1+1+1)/4 = 0.75 -> 1; alpha 255.
        XCTAssertTrue(level1.pixel(x: 0, y: 0) == (25, 1, 0, 255), "\(level1.pixel(x: 0, y: 0))")
        // (100+101+102+103)/4 = 101.5 -> 102 (half rounds up); (2+2+3+2)/4 = 2.25 -> 2; 4; (128*3+129)/4 = 128.25 -> 128.
        XCTAssertTrue(level1.pixel(x: 1, y: 0) == (102, 2, 4, 128), "\(level1.pixel(x: 1, y: 0))")
    }

    func testBoxFilter_oddWidth_ignoresTheLastColumn() throws {
        // 3x2 -> 1x1: the box covers columns 0-1; GL sizes floor, so column 2 has no texel to land in.
        let px: [UInt8] = [
            0, 0, 0, 255, 100, 0, 0, 255, 255, 255, 255, 255,
            0, 0, 0, 255, 100, 0, 0, 255, 255, 255, 255, 255,
        ]
        let base = try XCTUnwrap(Image(width: 3, height: 2, premultipliedRGBA: px))
        let level1 = MipChain(base: base).levels[1]
        XCTAssertTrue(level1.pixel(x: 0, y: 0) == (50, 0, 0, 255), "\(level1.pixel(x: 0, y: 0))")
    }

    func testBoxFilter_oneWideColumn_clampsToTheEdge() throws {
        // 1x2 -> 1x1: the box's second column clamps onto the first, so the texel is the mean of the two rows.
        let base = try XCTUnwrap(Image(width: 1, height: 2, premultipliedRGBA: [0, 0, 0, 255, 200, 100, 50, 255]))
        let level1 = MipChain(base: base).levels[1]
        XCTAssertTrue(level1.pixel(x: 0, y: 0) == (100, 50, 25, 255), "\(level1.pixel(x: 0, y: 0))")
    }

    func testBoxFilter_onePixelCheckerboard_level1IsUniformGrey() {
        for (w, h) in [(8, 8), (7, 5)] {
            var base = Image(width: w, height: h)
            for y in 0..<h {
                for x in 0..<w {
                    let v: UInt8 = (x + y) % 2 == 0 ? 255 : 0
                    base.setPixel(x: x, y: y, (v, v, v, 255))
                }
            }
            let level1 = MipChain(base: base).levels[1]
            for i in stride(from: 0, to: level1.pixels.count, by: 4) {
                // Each 2x2 block holds two whites and two blacks: 510 / 4 = 127.5, rounded up to 128.
                XCTAssertEqual(Array(level1.pixels[i..<(i + 4)]), [128, 128, 128, 255], "\(w)x\(h) byte \(i)")
            }
        }
    }

    /// Every level of random images, odd sizes, one-texel-wide ones and a large one equals the 2x2 rounded
    /// mean computed texel by texel, channel by channel.
    func testEveryLevel_equalsTheRoundedMeanOfItsBox() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for (w, h) in [(2, 2), (3, 7), (17, 6), (1, 9), (9, 1), (64, 33), (600, 500)] {
            let bytes = (0..<(w * h * 4)).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            }
            let base = try XCTUnwrap(Image(width: w, height: h, premultipliedRGBA: bytes))
            let levels = MipChain(base: base).levels
            for (above, level) in zip(levels, levels.dropFirst()) {
                XCTAssertEqual(level.pixels, reference(above), "\(w)x\(h): level \(level.width)x\(level.height)")
            }
        }
    }

    /// The next level, texel by texel: each box's far texels clamped to the edge.
    private func reference(_ src: Image) -> [UInt8] {
        let w = max(1, src.width / 2), h = max(1, src.height / 2)
        var out: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w {
                let xs = [min(2 * x, src.width - 1), min(2 * x + 1, src.width - 1)]
                let ys = [min(2 * y, src.height - 1), min(2 * y + 1, src.height - 1)]
                for k in 0..<4 {
                    let sum = ys.flatMap { yy in xs.map { xx in Int(src.pixels[(yy * src.width + xx) * 4 + k]) } }
                        .reduce(0, +)
                    out.append(UInt8((sum + 2) / 4))
                }
            }
        }
        return out
    }

    func testBitmap_mipChain_isBuiltOnceAndShared() {
        let bitmap = Bitmap(image: Image(width: 4, height: 4), origin: "test")
        XCTAssertEqual(bitmap.mipChain.levels.count, 3)
        XCTAssertEqual(bitmap.mipChain.levels.map(\.width), [4, 2, 1])
    }
}
