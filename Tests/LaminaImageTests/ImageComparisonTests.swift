import Foundation
import XCTest
@testable import LaminaImage

/// `ImageComparison`: metrics on constructed images, the heat map and the fuzzy tolerance check.
final class ImageComparisonTests: XCTestCase {
    /// A `w`x`h` image filled with one premultiplied colour.
    private func filled(_ w: Int, _ h: Int, _ p: (UInt8, UInt8, UInt8, UInt8)) -> Image {
        var image = Image(width: w, height: h)
        for y in 0..<h { for x in 0..<w { image.setPixel(x: x, y: y, p) } }
        return image
    }

    func testCompare_identicalImages_reportsZerosAndInfinitePSNR() throws {
        let a = filled(4, 3, (10, 20, 30, 255))
        let c = try ImageComparison(a, a)
        XCTAssertTrue(c.isIdentical)
        XCTAssertEqual(c.maxDifference, 0)
        XCTAssertEqual(c.pixelsOverThreshold, 0)
        XCTAssertEqual(c.differingPixels, 0)
        XCTAssertEqual(c.meanAbsoluteDifference, .init(r: 0, g: 0, b: 0, a: 0))
        XCTAssertEqual(c.psnr, .infinity)
        XCTAssertEqual(c.histogram[0], 12)
    }

    func testCompare_differentSizes_throwsSizeMismatchNamingBothSizes() {
        XCTAssertThrowsError(try ImageComparison(Image(width: 4, height: 3), Image(width: 3, height: 4))) { error in
            guard case ImageError.sizeMismatch(let why) = error else {
                return XCTFail("expected sizeMismatch, got \(error)")
            }
            XCTAssertTrue(why.contains("4x3") && why.contains("3x4"), why)
        }
    }

    func testCompare_constructedDifferences_giveExactMetrics() throws {
        // 2x2 images; pixel differences per channel (r, g, b, a):
        //   (0,0): none; (1,0): (1, 0, 0, 0); (0,1): (0, 3, 0, 0); (1,1): (10, 0, 0, 20)
        let a = filled(2, 2, (100, 100, 100, 200))
        var b = a
        b.setPixel(x: 1, y: 0, (101, 100, 100, 200))
        b.setPixel(x: 0, y: 1, (100, 97, 100, 200))
        b.setPixel(x: 1, y: 1, (90, 100, 100, 180))
        let c = try ImageComparison(a, b)
        XCTAssertEqual(c.maxDifference, 20)
        XCTAssertEqual(c.differingPixels, 3)
        XCTAssertEqual(c.pixelsOverThreshold, 2, "3 and 20 exceed the default threshold 2; 1 does not")
        XCTAssertEqual(c.threshold, 2)
        XCTAssertEqual(c.meanAbsoluteDifference, .init(r: 11.0 / 4, g: 3.0 / 4, b: 0, a: 20.0 / 4))
        // Squared differences: 1 + 9 + 100 + 400 = 510 over 16 channel values.
        XCTAssertEqual(c.meanSquaredError, 510.0 / 16)
        XCTAssertEqual(c.psnr, 10 * log10(255.0 * 255.0 / (510.0 / 16)), accuracy: 1e-12)
        XCTAssertEqual(c.psnr, 33.09, accuracy: 0.01)
        XCTAssertEqual(c.difference(x: 0, y: 0), 0)
        XCTAssertEqual(c.difference(x: 1, y: 0), 1)
        XCTAssertEqual(c.difference(x: 0, y: 1), 3)
        XCTAssertEqual(c.difference(x: 1, y: 1), 20)
        XCTAssertEqual(c.pixelCount(over: 0), 3)
        XCTAssertEqual(c.pixelCount(over: 3), 1)
        XCTAssertEqual(c.pixelCount(over: 20), 0)
        XCTAssertEqual(c.pixelCount(over: 255), 0)
        XCTAssertEqual(c.pixelCount(over: -5), 4, "a negative threshold counts every pixel")
    }

    func testCompare_customThreshold_countsPixelsAboveIt() throws {
        let a = filled(3, 1, (0, 0, 0, 255))
        var b = a
        b.setPixel(x: 0, y: 0, (5, 0, 0, 255))
        b.setPixel(x: 1, y: 0, (6, 0, 0, 255))
        XCTAssertEqual(try ImageComparison(a, b, threshold: 5).pixelsOverThreshold, 1)
        XCTAssertEqual(try ImageComparison(a, b, threshold: 0).pixelsOverThreshold, 2)
    }

    func testCompare_blackAgainstWhite_givesZeroPSNRAndMaxDifference() throws {
        let c = try ImageComparison(filled(2, 2, (0, 0, 0, 0)), filled(2, 2, (255, 255, 255, 255)))
        XCTAssertEqual(c.maxDifference, 255)
        XCTAssertEqual(c.psnr, 0, accuracy: 1e-12, "MSE is 255^2, so the ratio is 1")
        XCTAssertEqual(c.meanAbsoluteDifference, .init(r: 255, g: 255, b: 255, a: 255))
    }

    func testCompare_emptyImages_areIdentical() throws {
        let c = try ImageComparison(Image(width: 0, height: 0), Image(width: 0, height: 0))
        XCTAssertTrue(c.isIdentical)
        XCTAssertEqual(c.psnr, .infinity)
        XCTAssertEqual(c.heatMap().pixels.count, 0)
    }

    // MARK: heat map

    func testHeatMap_equalPixelIsOpaqueBlack_differentPixelsFollowTheRamp() throws {
        let a = filled(4, 1, (50, 50, 50, 255))
        var b = a
        b.setPixel(x: 1, y: 0, (51, 50, 50, 255))   // difference 1
        b.setPixel(x: 2, y: 0, (50, 66, 50, 255))   // difference 16
        b.setPixel(x: 3, y: 0, (50, 50, 50, 0))     // difference 255
        let map = try ImageComparison(a, b).heatMap()
        XCTAssertEqual(map.width, 4)
        XCTAssertTrue(map.pixel(x: 0, y: 0) == (0, 0, 0, 255), "equal: black \(map.pixel(x: 0, y: 0))")
        XCTAssertTrue(map.pixel(x: 1, y: 0) == (48, 96, 255, 255), "1: blue \(map.pixel(x: 1, y: 0))")
        // log(16) / log(255) = 0.50035, just past the yellow stop towards red.
        let yellow = map.pixel(x: 2, y: 0)
        XCTAssertEqual(yellow.r, 255)
        XCTAssertEqual(Int(yellow.g), 230, accuracy: 1)
        XCTAssertEqual(yellow.b, 0)
        XCTAssertTrue(map.pixel(x: 3, y: 0) == (255, 0, 0, 255), "255: red \(map.pixel(x: 3, y: 0))")
    }

    func testHeatColor_everyNonzeroDifference_isClearlyVisibleAndBrighterThanBlack() {
        for d in 1...255 {
            let c = ImageComparison.heatColor(difference: d)
            XCTAssertGreaterThanOrEqual(max(c.r, c.g, c.b), 200, "difference \(d) is \(c)")
        }
        XCTAssertTrue(ImageComparison.heatColor(difference: 0) == (0, 0, 0))
        XCTAssertTrue(ImageComparison.heatColor(difference: 999) == (255, 0, 0), "clamped to 255")
    }

    func testHeatColor_largerDifferences_neverLookCooler() {
        // Blue only ever fades out along the ramp; from the cyan stop (difference 4) on, red only grows.
        var previous = ImageComparison.heatColor(difference: 1)
        for d in 2...255 {
            let c = ImageComparison.heatColor(difference: d)
            XCTAssertLessThanOrEqual(c.b, previous.b, "blue at \(d)")
            if d > 4 { XCTAssertGreaterThanOrEqual(c.r, previous.r, "red at \(d)") }
            previous = c
        }
    }

    // MARK: fuzzy tolerance

    /// Images that differ by `diffs` (largest channel difference per pixel), in the red channel.
    private func comparison(_ diffs: [Int]) throws -> ImageComparison {
        let a = filled(diffs.count, 1, (0, 0, 0, 255))
        var b = a
        for (x, d) in diffs.enumerated() { b.setPixel(x: x, y: 0, (UInt8(d), 0, 0, 255)) }
        return try ImageComparison(a, b)
    }

    func testFuzzy_identical_passesExactTolerance() throws {
        XCTAssertTrue(try comparison([0, 0, 0]).isWithin(maxDiff: 0, maxPixels: 0))
    }

    func testFuzzy_anyDifference_failsExactTolerance() throws {
        XCTAssertFalse(try comparison([0, 1, 0]).isWithin(maxDiff: 0, maxPixels: 0))
        XCTAssertFalse(try comparison([0, 1, 0]).isWithin(maxDiff: 0, maxPixels: 100), "maxDiff bounds every pixel")
    }

    func testFuzzy_differencesOfTwo_areNotCountedAgainstMaxPixels() throws {
        // The default parity tolerance fuzzy(2, 0): differences up to 2 pass anywhere, in any number.
        XCTAssertTrue(try comparison([2, 2, 1, 2]).isWithin(maxDiff: 2, maxPixels: 0))
        XCTAssertFalse(try comparison([2, 3]).isWithin(maxDiff: 2, maxPixels: 0), "3 exceeds maxDiff")
    }

    func testFuzzy_maxDiffIsInclusive() throws {
        XCTAssertTrue(try comparison([10]).isWithin(maxDiff: 10, maxPixels: 1))
        XCTAssertFalse(try comparison([11]).isWithin(maxDiff: 10, maxPixels: 1))
    }

    func testFuzzy_maxPixelsIsInclusive() throws {
        let c = try comparison([5, 5, 5, 1, 0])
        XCTAssertTrue(c.isWithin(maxDiff: 5, maxPixels: 3), "three pixels over 2, three allowed")
        XCTAssertFalse(c.isWithin(maxDiff: 5, maxPixels: 2), "three pixels over 2, two allowed")
    }

    func testFuzzy_ignoresTheComparisonsOwnThreshold() throws {
        // A comparison counted with threshold 10 still checks fuzzy tolerances against pixels over 2.
        let a = filled(2, 1, (0, 0, 0, 255))
        var b = a
        b.setPixel(x: 0, y: 0, (5, 0, 0, 255))
        let c = try ImageComparison(a, b, threshold: 10)
        XCTAssertEqual(c.pixelsOverThreshold, 0)
        XCTAssertFalse(c.isWithin(maxDiff: 5, maxPixels: 0))
        XCTAssertTrue(c.isWithin(maxDiff: 5, maxPixels: 1))
    }
}
