import Foundation
import LaminaGeometry
@testable import LaminaRaster
import XCTest

/// Source-over on bytes, as blend hardware computes it (`Blend`): the source put on the 8-bit grid first,
/// then the destination's share added in whole steps.
final class BlendBytesTests: XCTestCase {
    /// The destination's share is `round(d * (255 - a) / 255)` for every source alpha and destination byte
    /// (the quotient is never a half: 255 is odd, so no rounding rule of a tie enters), held to 255.
    func testDestinationShareIsTheRoundedQuotient() {
        for a in 0..<256 {
            for d in 0..<256 {
                let q = Double(d * (255 - a)) / 255
                XCTAssertNotEqual(q - q.rounded(.down), 0.5)
                let s = SIMD4<UInt8>(0, UInt8(a / 2), UInt8(a), UInt8(a))
                let dst = UInt32(littleEndian: UInt32(d) * 0x0101_0101)
                let o = UInt32(littleEndian: Blend.over(s, dst))
                for k in 0..<4 {
                    XCTAssertEqual(Int(o >> (8 * k) & 0xFF), min(255, Int(s[k]) + Int(q.rounded())), "a \(a) d \(d)")
                }
            }
        }
    }

    /// The bytes of a colour are `StoreRounding.byte` of each component, NaN and out-of-range included.
    func testBytesAreTheStoreRounding() {
        var rng = SystemRandomNumberGenerator()
        let special: [Double] = [.nan, -.infinity, .infinity, -1, 0, 0.5 / 255, 254.5 / 255, 1, 2, 100.5 / 255]
        let values = special + (0..<2000).map { _ in Double.random(in: -0.1...1.1, using: &rng) }
        for v in values {
            let b = Blend.bytes(SIMD4(v, v, v, v))
            XCTAssertEqual(b, SIMD4(repeating: StoreRounding.byte(v)), "\(v)")
        }
    }

    /// `unitBytes` makes `bytes`'s bytes wherever it answers, and answers everywhere in range but at exact
    /// halves: values that land on every half step and every step after `tieBias` (and an ulp either side),
    /// random values, and out-of-range ones, which it leaves to `bytes`.
    func testUnitBytesAreTheStoreRounding() throws {
        var rng = SplitMix64(seed: 5)
        var values: [Double] = [.nan, -.infinity, .infinity, -1, -0.0, 0, 1, 1 + 0x1p-52, 255.5 / 255, 256 / 255, 2]
        for k in 0...255 {
            for target in [Double(k) + 0.5, Double(k)] {
                let v = (target - StoreRounding.tieBias) / 255
                values += [v, v.nextUp, v.nextDown, v.nextUp.nextUp, v.nextDown.nextDown]
            }
        }
        values += (0..<20000).map { _ in rng.uniform(-0.01, 1.01) }
        var answered = 0
        for (i, v) in values.enumerated() {
            let c = SIMD4(v, values[(i * 7 + 3) % values.count], 0.5, values[(i * 13 + 1) % values.count])
            guard let fast = Blend.unitBytes(c) else {
                let t = c * 255 + StoreRounding.tieBias
                let inRange = (0..<4).allSatisfy { t[$0] >= 0 && t[$0] < 255.5 }
                let tie = (0..<4).contains { t[$0] - t[$0].rounded(.toNearestOrEven) == 0.5 }
                XCTAssertTrue(!inRange || tie, "\(c) is in range and no half, yet left to bytes")
                continue
            }
            answered += 1
            XCTAssertEqual(fast, Blend.bytes(c), "\(c)")
        }
        XCTAssertGreaterThan(answered, values.count * 9 / 10)
    }

    /// The bytes an NVIDIA H100 stored for these translucent colours over grey 128 (fixed-function blending
    /// of a source already on the grid), which the unrounded source blended in float misses by one: 0.967 at
    /// alpha 0.205 is 50.55 steps, a source byte of 51, and 51 + round(128 x 203 / 255) = 153, where
    /// 50.55 + 101.9 = 152.45 rounds to 152.
    func testTheSourceIsRoundedBeforeTheBlend() {
        let cases: [(c: Double, a: Double, byte: UInt8)] = [(0.967, 0.205, 153), (0.519, 0.548, 131)]
        for (c, a, byte) in cases {
            var pixel: [UInt8] = [128, 128, 128, 255]
            pixel.withUnsafeMutableBufferPointer { p in
                guard let base = p.baseAddress else { return XCTFail("no pixel") }
                BlendTarget(base: base, width: 1).blend(SIMD4(c * a, c * a, c * a, a), x: 0, y: 0)
            }
            XCTAssertEqual(pixel[0], byte, "colour \(c) alpha \(a)")
            XCTAssertEqual(pixel[3], 255)
        }
    }

    /// Every way of blending one colour gives the same bytes: one pixel, a run of equal destinations, a span.
    func testPixelRunAndSpanBlendAlike() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let a = Double.random(in: 0...1, using: &rng)
            let src = SIMD4(Double.random(in: 0...1, using: &rng) * a, Double.random(in: 0...1, using: &rng) * a,
                            Double.random(in: 0...1, using: &rng) * a, a)
            let dst = (0..<32).map { _ in UInt8.random(in: 0...255, using: &rng) }
            var one = dst, run = dst, span = dst
            one.withUnsafeMutableBufferPointer { p in
                guard let base = p.baseAddress else { return }
                let t = BlendTarget(base: base, width: 8)
                for x in 0..<8 { t.blend(src, x: x, y: 0) }
            }
            run.withUnsafeMutableBufferPointer { p in
                guard let base = p.baseAddress else { return }
                BlendTarget(base: base, width: 8).blendRun(src, xs: 0..<8, y: 0)
            }
            span.withUnsafeMutableBufferPointer { p in
                guard let base = p.baseAddress else { return }
                BlendTarget(base: base, width: 8).blend(src, xs: 0..<8, y: 0)
            }
            XCTAssertEqual(one, run)
            XCTAssertEqual(one, span)
            for i in stride(from: 0, to: 32, by: 4) {
                let s = Blend.bytes(src)
                for k in 0..<4 {
                    let expected = min(255, Int(s[k]) + (Int(dst[i + k]) * (255 - Int(s.w)) + 127) / 255)
                    XCTAssertEqual(Int(one[i + k]), expected)
                }
            }
        }
    }

    /// The branchless opaque store is `quantize` on each channel: at and around every half step (ties), and
    /// on random, negative, huge, infinite and NaN values.
    func testOpaquePatternIsTheStoreRoundingOfEachChannel() {
        var values: [Double] = [0, 1, -0.0, -1, 2, 1e300, -1e300, .infinity, -.infinity, .nan, 0.5 / 255, 254.5 / 255]
        for k in 0...255 {
            let tie = (Double(k) + 0.5 - StoreRounding.tieBias) / 255
            values += [tie, tie.nextUp, tie.nextDown, Double(k) / 255]
        }
        var rng = SplitMix64(seed: 5)
        for _ in 0..<3000 { values.append(Double.random(in: -0.1...1.1, using: &rng)) }
        for (i, v) in values.enumerated() {
            let w = values[(i * 7 + 3) % values.count], u = values[(i * 13 + 5) % values.count]
            let expected = Blend.pattern(r: Blend.quantize(v), g: Blend.quantize(w), b: Blend.quantize(u), a: 255)
            XCTAssertEqual(Blend.opaquePattern(SIMD4(v, w, u, 1)), expected, "\(v), \(w), \(u)")
        }
    }
}
