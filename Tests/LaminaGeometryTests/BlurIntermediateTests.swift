import Foundation
@testable import LaminaGeometry
import XCTest

/// The blur's intermediate, 16-bit fixed point: the GPU's `packWide` (blur_wide.frag) written as a code.
final class BlurIntermediateTests: XCTestCase {
    func testCodes_atTheEndsAndHalves() {
        XCTAssertEqual(BlurIntermediate.code(0), 0)
        XCTAssertEqual(BlurIntermediate.code(-3), 0, "clamped below")
        XCTAssertEqual(BlurIntermediate.code(255), BlurIntermediate.maxCode)
        XCTAssertEqual(BlurIntermediate.code(300), BlurIntermediate.maxCode, "clamped above")
        // 1.5: high byte 1, the rest 0.5 x 255 = 127.5, rounded half up to 128.
        XCTAssertEqual(BlurIntermediate.code(1.5), 255 + 128)
        // Just under a whole number: the rest rounds up to 255, the next byte's code.
        XCTAssertEqual(BlurIntermediate.code(Float(7).nextDown), 7 * 255)
        XCTAssertEqual(BlurIntermediate.value(7 * 255), 7, "whole bytes are exact")
    }

    /// Within 1/510 of a step of the value, monotonic, and the vector form is the scalar one lane by lane.
    func testCodes_keepTheValueWithinAHalfLowStep() {
        var values: [Float] = []
        var x: Float = 0
        while x <= 255 { values.append(x); x += 0.000_731 * 255 }
        for k in 0...255 { values += [Float(k), Float(k).nextUp, Float(k) + 0.5, Float(k) - 0.5 / 255] }
        while values.count % 8 != 0 { values.append(128) }
        var previous: (Float, UInt16)?
        for v in values.sorted() where v >= 0 && v <= 255 {
            let c = BlurIntermediate.code(v)
            XCTAssertLessThanOrEqual(abs(BlurIntermediate.value(c) - v), 0.5 / 255 + 1e-4, "\(v)")
            if let (pv, pc) = previous, pv <= v { XCTAssertLessThanOrEqual(pc, c, "monotonic at \(v)") }
            previous = (v, c)
        }
        for i in stride(from: 0, to: values.count, by: 8) {
            let lanes = SIMD8<Float>((0..<8).map { values[i + $0] })
            let codes = BlurIntermediate.codes(lanes)
            let back = BlurIntermediate.values(codes)
            for k in 0..<8 {
                XCTAssertEqual(codes[k], BlurIntermediate.code(values[i + k]), "\(values[i + k])")
                XCTAssertEqual(back[k], BlurIntermediate.value(codes[k]))
            }
        }
    }
}
