import Foundation
import LaminaCore
import LaminaImage
@testable import LaminaRaster
import LaminaTestSupport
import LaminaGeometry
import XCTest

/// The one-channel blur of gray images gives the bytes of the four-channel blur, lanes or no lanes.
final class GrayBlurTests: XCTestCase {
    /// A gray image of `width` x `height`: rounded-ish blobs with soft edges, flat runs and noise, so lines
    /// in one block of eight step at different places (and some not at all).
    private func grayImage(width: Int, height: Int, seed: UInt64) -> LaminaImage.Image {
        var state = seed
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        var img = LaminaImage.Image(width: width, height: height)
        let blobs = (0..<4).map { _ in
            (Double(next() % UInt64(width)), Double(next() % UInt64(height)), Double(3 + next() % 12), UInt8(next() % 256))
        }
        for y in 0..<height { for x in 0..<width {
            var a: UInt8 = 0
            for (cx, cy, r, level) in blobs {
                let d = ((Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy) * (Double(y) - cy)).squareRoot()
                if d < r { a = max(a, d > r - 1.5 ? level / 2 : level) }
            }
            if y % 7 == 3, x > width / 2 { a = UInt8(next() % 256) }
            img.setPixel(x: x, y: y, (a, a, a, a))
        } }
        return img
    }

    func testGrayBlurEqualsFourChannelPassesOnBlobsAndNoise() throws {
        for (width, height, sigma) in [(37, 29, 2.0), (64, 48, 8.0), (9, 70, 1.0), (130, 17, 4.5), (3, 3, 0.6)] {
            let img = grayImage(width: width, height: height, seed: UInt64(width * 1000 + height))
            let k = GaussianBlur.kernel(sigma: sigma)
            let expected = GaussianBlur.blurRGBA(img, kernel: k, bands: 8)
            let gray = try XCTUnwrap(GrayBlur(img))
            for bands in [1, 3, 8] {
                let actual = gray.blurred(kernel: k, bands: bands)
                let cmp = try ImageComparison(actual, expected)
                XCTAssertEqual(cmp.maxDifference, 0, "\(width)x\(height) sigma \(sigma), \(bands) bands: "
                               + "\(cmp.differingPixels) pixels differ")
            }
        }
    }

    /// The lanes' rounding is `GaussianBlur.byte` of each lane: around every half step, at the ends, beyond
    /// them, at random, and on a sweep of the bit patterns of the non-negative floats up to 288.
    func testLaneBytesMatchTheBlurByte() {
        var values: [Float] = [-1e30, -1, -0.0, 0, 0.5, 0.49999997, 254.5, 254.49998, 255, 255.5, 300, 8_388_607,
                               8_388_609, 16_777_216, 1e9, 1e30, .infinity, -.infinity]
        for k in 0...256 {
            let half = Float(k) - 0.5
            values += [half, half.nextUp, half.nextDown, Float(k), Float(k).nextUp, Float(k).nextDown]
        }
        var rng = SplitMix64(seed: 112)
        for _ in 0..<100_000 { values.append(Float.random(in: -2...258, using: &rng)) }
        var bits: UInt32 = 0
        while bits < 0x4390_0000 { values.append(Float(bitPattern: bits)); bits &+= 4099 }
        while values.count % 8 != 0 { values.append(0) }
        var mismatches = 0
        for i in stride(from: 0, to: values.count, by: 8) {
            var v = SIMD8<Float>()
            for k in 0..<8 { v[k] = values[i + k] }
            let word = GrayBlur.Block.bytes(v)
            for k in 0..<8 where UInt8(truncatingIfNeeded: word >> (8 * UInt64(k))) != GaussianBlur.byte(values[i + k]) {
                mismatches += 1
                if mismatches < 10 { XCTFail("v = \(values[i + k])") }
            }
        }
        XCTAssertEqual(mismatches, 0)
    }

    func testImageWithAColouredPixelIsNotGray() {
        var img = LaminaImage.Image(width: 4, height: 4)
        img.setPixel(x: 1, y: 2, (10, 10, 11, 10))
        XCTAssertNil(GrayBlur(img))
    }
}
