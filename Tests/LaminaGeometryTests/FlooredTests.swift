import XCTest
@testable import LaminaGeometry

/// `Double.floored` is `rounded(.down)`, bit for bit: signed zeros, whole values, halves, values an ulp
/// beside a whole one, the ends of its range, random values, and what it hands to `rounded(.down)`.
final class FlooredTests: XCTestCase {
    func testFloored_isRoundedDown_bitForBit() {
        var values: [Double] = [0, -0.0, .nan, .infinity, -.infinity, .leastNonzeroMagnitude,
                                -.leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                0x1p52, -0x1p52, 0x1p52.nextDown, (-0x1p52).nextUp, 0x1p63, -0x1p63, 1e300]
        for k in -300...300 {
            let v = Double(k)
            values += [v, v.nextUp, v.nextDown, v + 0.5, v - 0.5, v / 7]
        }
        var rng = SplitMix64(seed: 9)
        values += (0..<20000).map { _ in rng.uniform(-1e6, 1e6) }
        values += (0..<2000).map { _ in rng.uniform(-2, 2) }
        for v in values {
            XCTAssertEqual(v.floored.bitPattern, v.rounded(.down).bitPattern, "\(v)")
        }
    }
}
