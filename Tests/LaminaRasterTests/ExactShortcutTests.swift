import Foundation
import LaminaCore
import LaminaImage
@testable import LaminaRaster
import LaminaTestSupport
import XCTest
import LaminaGraph
import LaminaGeometry

/// The renderer's shortcuts compute the bytes of the plain formulas they replace, on every input.
final class ExactShortcutTests: XCTestCase {
    /// The blend's rounding, `round(v * 255 + tieBias)` clamped to 0...255 (`StoreRounding`), over the
    /// values where it could differ: around every half step less the bias, at the ties themselves (which
    /// round up), at the ends, and at random.
    func testQuantizeMatchesRoundedFormula() {
        func reference(_ v: Double) -> UInt8 {
            let s = (v * 255 + Blend.tieBias).rounded()
            return s <= 0 ? 0 : (s >= 255 ? 255 : UInt8(s))
        }
        var values: [Double] = [-1, -0.0, 0, 1, 2, .infinity, -.infinity, 0.49999999999999994 / 255]
        for k in 0...256 {
            let half = (Double(k) - 0.5 - Blend.tieBias) / 255, tie = (Double(k) - 0.5) / 255
            values += [half, half.nextUp, half.nextDown, tie, Double(k) / 255, (Double(k) / 255).nextUp]
        }
        var rng = SplitMix64(seed: 132)
        for _ in 0..<100_000 { values.append(Double.random(in: -0.1...1.1, using: &rng)) }
        for v in values { XCTAssertEqual(Blend.quantize(v), reference(v), "v = \(v)") }
        for k in 1...255 { XCTAssertEqual(Blend.quantize((Double(k) - 0.5) / 255), UInt8(k), "the tie below \(k) rounds up") }
        for v in values { XCTAssertEqual(Blend.quantize(v), StoreRounding.byte(v), "v = \(v): the shared rounding") }
    }

    /// An opaque colour (alpha exactly 1) stores its own quantized bytes whatever the destination holds:
    /// the solid runs of gradients and textures store it without reading the destination.
    func testOpaqueBlendIsTheColoursPattern() {
        var rng = SplitMix64(seed: 134)
        var pixel = [UInt8](repeating: 0, count: 4)
        for _ in 0..<20_000 {
            let c = SIMD4(Double.random(in: -0.1...1.1, using: &rng), Double.random(in: 0...1, using: &rng),
                          Double(Int.random(in: 0...510, using: &rng)) / 510, 1)
            for i in 0..<4 { pixel[i] = UInt8.random(in: 0...255, using: &rng) }
            pixel.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                let target = BlendTarget(base: base, width: 1)
                target.blend(c, x: 0, y: 0)
            }
            let stored = Blend.opaquePattern(c)
            XCTAssertEqual(pixel, [UInt8(truncatingIfNeeded: stored.littleEndian), UInt8(truncatingIfNeeded: stored.littleEndian >> 8),
                                   UInt8(truncatingIfNeeded: stored.littleEndian >> 16), UInt8(truncatingIfNeeded: stored.littleEndian >> 24)],
                           "colour \(c)")
        }
    }

    /// A straight edge's distance in pixels through the map's axis lengths, computed once per operation
    /// (`Coverage.AxisLengths`), is `Sample.pixels`'s per pixel, for rotations, shears, flips and scales.
    func testAxisLengthsAreSamplePixels() throws {
        var rng = SplitMix64(seed: 135)
        var tested = 0
        for _ in 0..<4_000 {
            let angle = Double.random(in: -7...7, using: &rng)
            var t = Transform3D(affine: CGAffineTransform(rotationAngle: angle)
                .scaledBy(x: [-2, 0.5, 1, 4].randomElement(using: &rng) ?? 1, y: [0.25, 1, 2].randomElement(using: &rng) ?? 1))
            if Bool.random(using: &rng) { t.m21 += Double.random(in: -1...1, using: &rng) }
            t.m41 = Double.random(in: -500...500, using: &rng)
            // Only maps with w exactly 1 take the shortcut (`PixelSampler.unitW`).
            guard let projection = Projection(t), let axes = Coverage.AxisLengths(PixelSampler(projection, shortcut: true))
            else { continue }
            tested += 1
            let s = try XCTUnwrap(PixelSampler(projection, shortcut: true).local(px: 10.5, py: 20.5))
            for _ in 0..<4 {
                let d = Double.random(in: -3...3, using: &rng)
                for (nx, ny) in [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)] {
                    let expected = s.pixels(d, nx: nx, ny: ny)
                    XCTAssertEqual(axes.pixels(d, alongX: nx != 0).bitPattern, expected.bitPattern, "d \(d), normal (\(nx), \(ny))")
                }
            }
        }
        XCTAssertGreaterThan(tested, 500, "too few maps took the shortcut to test it")
    }

    /// `Coverage.rounded` takes a distance beside a straight edge as itself instead of the root of its
    /// square: the same double whenever the square is a normal number.
    func testRootOfASquareIsTheValue() {
        var rng = SplitMix64(seed: 136)
        var values: [Double] = [0x1p-500, 1, 0.5, 3, 1e300, Double.greatestFiniteMagnitude.squareRoot()]
        for _ in 0..<200_000 { values.append(Double.random(in: 0..<4, using: &rng)) }
        for _ in 0..<200_000 { values.append(Double.random(in: 1..<2, using: &rng) * 0x1p1 * pow(2, Double(Int.random(in: -500...500, using: &rng)))) }
        for v in values where v >= 0x1p-500 && v * v < .infinity {
            XCTAssertEqual((v * v + 0 * 0).squareRoot(), v, "v = \(v)")
        }
    }

    /// The blur's rounding, `UInt8(max(0, min(255, (v + tieBias).rounded(.toNearestOrAwayFromZero))))`.
    func testBlurByteMatchesRoundedFormula() {
        func reference(_ v: Float) -> UInt8 {
            UInt8(max(0, min(255, (v + GaussianBlur.tieBias).rounded(.toNearestOrAwayFromZero))))
        }
        var values: [Float] = [-1, -0.0, 0, 0.5, 0.49999997, 254.5, 254.49998, 255, 300, .infinity, -.infinity, .nan]
        for k in 0...256 {
            let half = Float(k) - 0.5 - GaussianBlur.tieBias
            values += [half, half.nextUp, half.nextDown, Float(k) - 0.5, Float(k)]
        }
        var rng = SplitMix64(seed: 133)
        for _ in 0..<100_000 { values.append(Float.random(in: -2...258, using: &rng)) }
        for v in values { XCTAssertEqual(GaussianBlur.byte(v), reference(v), "v = \(v)") }
    }

    /// Band boundaries fall elsewhere with another thread count, so every band records its own plain-row
    /// templates and fills its own memo and corner table: the bytes must not change.
    func testBandCountDoesNotChangeTheBytes() throws {
        let scene = makeScene(width: 320, height: 240, background: .white) { root in
            for i in 0..<30 {
                let card = layer(CGRect(x: (i * 47) % 260, y: (i * 31) % 190, width: 40 + i % 23, height: 30 + i % 17),
                                 Color(red: 0.9, green: 0.2 + 0.02 * Double(i), blue: 0.4, alpha: i % 3 == 0 ? 0.8 : 1))
                card.cornerRadius = Double(4 + i % 9)
                card.borderWidth = Double(1 + i % 3)
                card.borderColor = .black
                root.addSublayer(card)
            }
        }
        let graph = try Planner().plan(scene)
        let reference = try CPURenderer(threads: 1).render(graph)
        for threads in [2, 3, 5] {
            let image = try CPURenderer(threads: threads).render(graph)
            XCTAssertEqual(image.pixels, reference.pixels, "\(threads) threads")
        }
        // A renderer's second frame starts from its pooled scratch: the same bytes again.
        let renderer = CPURenderer(threads: 2)
        _ = try renderer.render(graph)
        XCTAssertEqual(try renderer.render(graph).pixels, reference.pixels, "second frame")
    }

    /// Cards on whole pixels, at scales 1 and 2: the case the coverage memo, the corner table, the
    /// plain-row template and the row runs serve. With and without fast paths the bytes are the same.
    func testWholePixelCardsGiveTheSameBytesWithoutFastPaths() throws {
        for scale in [1.0, 2.0] {
            let scene = makeScene(width: 420 / scale, height: 300 / scale, scale: scale, background: .white) { root in
                for i in 0..<24 {
                    let w = Double(40 + (i * 37) % 90), h = Double(30 + (i * 53) % 70)
                    let card = layer(CGRect(x: Double((i % 6) * 68 + 3) / scale, y: Double((i / 6) * 72 + 4) / scale,
                                            width: w / scale, height: h / scale),
                                     Color(red: 0.1 + 0.03 * Double(i), green: 0.6, blue: 0.3, alpha: i % 4 == 0 ? 0.7 : 1))
                    card.cornerRadius = Double([0, 1, 4, 6, 12, 19, 30, 60][i % 8]) / scale
                    card.maskedCorners = i % 5 == 0 ? [.minXMinY, .maxXMaxY] : .all
                    card.borderWidth = Double(i % 5) / scale
                    card.borderColor = Color(red: 0.2, green: 0.1, blue: 0.4, alpha: i % 3 == 0 ? 0.5 : 1)
                    card.masksToBounds = i % 7 == 3
                    card.addSublayer(layer(CGRect(x: -3, y: -3, width: 20, height: 16), .red))
                    root.addSublayer(card)
                }
            }
            try assertFastPathsChangeNothing(scene, "scale \(scale): ")
        }
    }

    /// A group's pass copied back at its opacity (`runAlignedPlain`, four pixels at a time while texels and
    /// destinations repeat): flat cards in the group over stripes of every width in the destination, so
    /// runs of equal pairs end at every phase of the four-pixel step.
    func testGroupCopiesGiveTheSameBytesWithoutFastPaths() throws {
        for scale in [1.0, 2.0] {
            let scene = makeScene(width: 300 / scale, height: 160 / scale, scale: scale, background: .white) { root in
                var x = 0.0, k = 0
                while x < 300 {
                    let w = Double(1 + k % 9)
                    root.addSublayer(layer(CGRect(x: x / scale, y: 0, width: w / scale, height: 160 / scale),
                                           Color(white: k % 2 == 0 ? 0.2 : 0.7)))
                    x += w
                    k += 1
                }
                for g in 0..<3 {
                    let group = layer(CGRect(x: Double(10 + g * 95) / scale, y: Double(10 + g * 17) / scale,
                                             width: 90 / scale, height: 120 / scale))
                    group.opacity = [0.5, 0.8, 0.33][g]
                    group.addSublayer(layer(CGRect(x: 0, y: 0, width: 60 / scale, height: 70 / scale), .blue))
                    group.addSublayer(layer(CGRect(x: 23 / scale, y: 31 / scale, width: 61 / scale, height: 80 / scale),
                                            Color(red: 0.9, green: 0.4, blue: 0.1, alpha: g == 1 ? 0.6 : 1)))
                    root.addSublayer(group)
                }
            }
            try assertFastPathsChangeNothing(scene, "scale \(scale): ")
        }
    }
}
