import Foundation
@testable import LaminaGraph
@testable import LaminaGeometry
import XCTest

/// `TexelLattice` and `TextureSampling`: the integer texel indices agree with GL_NEAREST's floor of the
/// biased texel coordinate wherever that coordinate is not within rounding of a threshold, the GPU's sum by
/// 32-bit halves equals the 64-bit index without overflow, and the filter is decided by the level of detail.
final class TexelLatticeTests: XCTestCase {
    /// Rotations, scales, a shear and a constant w, over random source rects and texture sizes: every pixel
    /// whose texel coordinate is farther from a threshold than the lattice's stated error (2^-23 of the slope
    /// per pixel from the origin, on each term) gets floor(x + bias).
    func testIndex_isTheNearestTexel_awayFromTheThreshold() throws {
        var rng = SplitMix64(seed: 77)
        var decided = 0
        for k in 0..<40 {
            var t = Transform3D.rotation(Double.random(in: -3...3, using: &rng), 0, 0, 1)
                .concatenating(.scale(Double.random(in: 0.2...6, using: &rng), Double.random(in: 0.2...6, using: &rng)))
                .concatenating(.translation(Double.random(in: -50...200, using: &rng), Double.random(in: -50...200, using: &rng)))
            if k % 5 == 0 { t.m21 += 0.4 }
            if k % 7 == 0 { t.m44 = 1.5 }
            let rect = CGRect(x: Double.random(in: -10...10, using: &rng), y: Double.random(in: -10...10, using: &rng),
                              width: Double.random(in: 5...80, using: &rng), height: Double.random(in: 5...80, using: &rng))
            let source = CGRect(x: Double.random(in: -0.2...0.3, using: &rng), y: Double.random(in: -0.2...0.3, using: &rng),
                                width: Double.random(in: 0.3...1.2, using: &rng), height: Double.random(in: 0.3...1.2, using: &rng))
            let width = Int.random(in: 1...300, using: &rng), height = Int.random(in: 1...300, using: &rng)
            var draw = TextureDraw(source: .image(ImageID(0)), sourceRect: source)
            draw.magFilter = .nearest
            let map = try XCTUnwrap(TexelLattice.FlatMap(t))
            let origin = PixelRect(x0: Int.random(in: -20...200, using: &rng), y0: Int.random(in: -20...200, using: &rng),
                                   x1: 400, y1: 400)
            let lattice = try XCTUnwrap(TexelLattice(map, draw: draw, rect: rect, width: width, height: height,
                                                     origin: origin))
            let sx = Double(source.width) * Double(width) / Double(rect.width)
            let sy = Double(source.height) * Double(height) / Double(rect.height)
            for j in stride(from: 0, to: 400, by: 3) {
                for i in stride(from: 0, to: 400, by: 3) {
                    let px = Double(i) + 0.5, py = Double(j) + 0.5
                    let qx = px * map.dxdpx + py * map.dxdpy + map.u0, qy = px * map.dydpx + py * map.dydpy + map.v0
                    let x = Double(source.minX) * Double(width) + (qx - Double(rect.minX)) * sx + TexelLattice.nearestBias
                    let y = Double(source.minY) * Double(height) + (qy - Double(rect.minY)) * sy + TexelLattice.nearestBias
                    let slopeX = max(abs(map.dxdpx * sx), abs(map.dxdpy * sx))
                    let slopeY = max(abs(map.dydpx * sy), abs(map.dydpy * sy))
                    let reach = pow(2, -23.0) * Double(abs(i - origin.x0) + abs(j - origin.y0) + 2)
                    if abs(x - x.rounded()) > slopeX * reach + 1e-9 {
                        XCTAssertEqual(lattice.texel(i, j).x, Int(x.rounded(.down)), "x at (\(i), \(j)) of case \(k)")
                        decided += 1
                    }
                    if abs(y - y.rounded()) > slopeY * reach + 1e-9 {
                        XCTAssertEqual(lattice.texel(i, j).y, Int(y.rounded(.down)), "y at (\(i), \(j)) of case \(k)")
                        decided += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(decided, 40 * 134 * 134 * 2 * 9 / 10)
    }

    /// The shader's sum by halves (`primitive.frag`'s `latticeAxis`), in Int32 arithmetic that traps on
    /// overflow, equals the Int64 index at the coefficients' limits and the largest offsets from the draw's
    /// first pixel (2^15 - 1).
    func testSplitSum_matchesTheSixtyFourBitIndex_withoutOverflow() {
        var rng = SplitMix64(seed: 9)
        let limit = Int64(1 << TexelLattice.coefficientBits) - 1, cLimit = Int64(TexelLattice.constantLimit) - 1
        var axes = [TexelLattice.Axis(a: limit, b: limit, c: cLimit, shift: 14),
                    TexelLattice.Axis(a: -limit, b: -limit, c: -cLimit, shift: 40),
                    TexelLattice.Axis(a: -1, b: 0, c: -1, shift: 20)]
        for _ in 0..<20000 {
            axes.append(TexelLattice.Axis(a: Int64.random(in: -limit...limit, using: &rng),
                                          b: Int64.random(in: -limit...limit, using: &rng),
                                          c: Int64.random(in: -cLimit...cLimit, using: &rng),
                                          shift: Int.random(in: TexelLattice.minShift...TexelLattice.maxShift, using: &rng)))
        }
        for (n, e) in axes.enumerated() {
            let (i, j) = n < 3 ? (32767, 32767) : (Int.random(in: 0..<32768, using: &rng), Int.random(in: 0..<32768, using: &rng))
            let a = Int32(e.a), b = Int32(e.b), i32 = Int32(i), j32 = Int32(j)
            let x = (a >> 14) * i32 + (b >> 14) * j32 + Int32(e.c >> 14)
            let y = (a & 0x3FFF) * i32 + (b & 0x3FFF) * j32 + Int32(e.c & 0x3FFF)
            XCTAssertEqual(Int((x + (y >> 14)) >> Int32(e.shift - 14)), e.index(i, j), "\(e) at (\(i), \(j))")
        }
        // Every texel is an integer a float holds exactly.
        let lattice = TexelLattice(x: axes[0], y: axes[1])
        for v in lattice.texels { XCTAssertEqual(Double(v), Double(v).rounded()) }
    }

    /// Past 512 texels a pixel, or an offset whose constant cannot be held at shift 14, there is no lattice.
    func testBounds_refuseMapsTheIntegersCannotHold() throws {
        XCTAssertNotNil(TexelLattice.axis(A: 511, B: 0, C: 3))
        XCTAssertNil(TexelLattice.axis(A: 512, B: 0, C: 3))
        XCTAssertNil(TexelLattice.axis(A: 1, B: 0, C: 1e8))
        XCTAssertNil(TexelLattice.axis(A: .nan, B: 0, C: 0))
        let flat = try XCTUnwrap(TexelLattice.axis(A: 0, B: 0, C: 2.5))
        XCTAssertEqual(flat.index(1000, 1000), 2)
    }

    /// The filter follows the level of detail: magnified, the magnification filter (trilinear there reads
    /// level 0 bilinearly); minified, the minification filter; under perspective, nothing is decided.
    func testSampling_decidesTheFilter_fromTheLevelOfDetail() throws {
        var draw = TextureDraw(source: .image(ImageID(0)), minFilter: .trilinear, magFilter: .nearest)
        let rect = CGRect(x: 0, y: 0, width: 64, height: 64)
        let full = PixelRect(x0: 0, y0: 0, x1: 128, y1: 128)
        let up = try XCTUnwrap(TextureSampling(draw, rect: rect, transform: .scale(2, 2), bounds: full, width: 64, height: 64))
        XCTAssertEqual(up.lambda, -1)
        XCTAssertEqual(up.filter, .nearest)
        XCTAssertNotNil(up.texels)
        let down = try XCTUnwrap(TextureSampling(draw, rect: rect, transform: .scale(0.25, 0.25), bounds: full,
                                                   width: 64, height: 64))
        XCTAssertEqual(down.lambda, 2)
        XCTAssertEqual(down.filter, .trilinear)
        XCTAssertNil(down.texels)
        draw.magFilter = .trilinear
        XCTAssertEqual(TextureSampling(draw, rect: rect, transform: .identity, bounds: full, width: 64, height: 64)?.filter,
                       .linear)
        var perspective = Transform3D.identity
        perspective.m34 = -0.002
        XCTAssertNil(TextureSampling(draw, rect: rect, transform: Transform3D.rotation(0.3, 0, 1, 0).concatenating(perspective),
                                     bounds: full, width: 64, height: 64))
    }
}
