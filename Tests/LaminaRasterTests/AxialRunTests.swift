import Foundation
import LaminaGeometry
import LaminaGraph
import LaminaTestSupport
import XCTest
@testable import LaminaRaster

/// An axial gradient's fully covered runs (`AxialRun`) fill the pixels between two evaluated ones that agree;
/// every byte must be the one per-pixel evaluation stores or blends. Random ramps (steep and gentle, two
/// to five stops, repeated locations, constant and changing alpha, opacity and tint), axis-aligned maps
/// (mirrored too) and random destinations, against the per-pixel loop.
final class AxialRunTests: XCTestCase {
    private func randomPaint(_ rng: inout SplitMix64) -> GradientPaint {
        let count = 2 + Int(rng.next() % 4)
        var locations = (0..<count).map { _ in rng.unit() }.sorted()
        if rng.next() % 3 == 0 { locations[count / 2] = locations[count / 2 - 1] }
        let gentle = rng.next() % 2 == 0
        let base = (rng.unit(), rng.unit(), rng.unit())
        let alphaKinds = rng.next() % 3
        let stops = locations.map { location -> GradientPaint.Stop in
            let spread = gentle ? 0.06 : 1.0
            let alpha = alphaKinds == 0 ? 1 : alphaKinds == 1 ? 0.6 : rng.uniform(0.2, 1)
            let color = Color(red: min(1, base.0 + spread * rng.unit()), green: min(1, base.1 + spread * rng.unit()),
                              blue: min(1, base.2 + spread * rng.unit()), alpha: alpha)
            return GradientPaint.Stop(location: location, color: color)
        }
        // In the layer's points, as the planner gives a gradient layer's axis.
        let start = CGPoint(x: rng.uniform(-50, 350), y: rng.uniform(-20, 40))
        let end = CGPoint(x: rng.uniform(-50, 350), y: rng.uniform(-20, 40))
        return GradientPaint(kind: .axial, start: start, end: end, stops: stops,
                             opacity: rng.next() % 4 == 0 ? 0.75 : 1)
    }

    func testRunsStoreThePerPixelBytes() throws {
        var rng = SplitMix64(seed: 11)
        let width = 300, rows = 3
        var filled = 0
        for trial in 0..<400 {
            let paint = randomPaint(&rng)
            let evaluator = GradientPaint.Evaluator(paint)
            // Scales whose inverse is exact (the shortcut `solidRun` takes), mirrored too.
            let scales = [1.0, 2, 0.5, 4, -1, -2]
            let sx = scales[Int(rng.next() % 6)], sy = scales[Int(rng.next() % 4)]
            let map = Transform3D.identity.translated(sx < 0 ? 300 : 0, 0).scaled(sx, sy)
                .translated(rng.uniform(-20, 20).rounded() / 4, rng.uniform(-5, 5))
            guard let projection = Projection(map) else { return XCTFail("trial \(trial): no inverse") }
            let sampler = PixelSampler(projection, shortcut: true)
            XCTAssertTrue(sampler.unitW || projection.g22 != 1)
            let tint = rng.next() % 3 == 0 ? SIMD4(0.9, 0.5, 1, 1) : SIMD4<Double>(repeating: 1)
            let color = GradientColor(paint: evaluator, seam: nil, tint: tint)
            var destination = (0..<(width * rows * 4)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            var expected = destination
            let xs = Int(rng.next() % 40)..<(width - Int(rng.next() % 40))
            for y in 0..<rows {
                let py = Double(y) + 0.5
                destination.withUnsafeMutableBufferPointer { buffer in
                    guard let base = buffer.baseAddress else { return }
                    let target = BlendTarget(base: base, width: width)
                    XCTAssertTrue(color.solidRun(xs, y: y, py: py, sampler: sampler, target: target), "trial \(trial)")
                }
                expected.withUnsafeMutableBufferPointer { buffer in
                    guard let base = buffer.baseAddress else { return }
                    let target = BlendTarget(base: base, width: width)
                    for x in xs {
                        guard let s = sampler.local(px: Double(x) + 0.5, py: py) else { continue }
                        let c = color.color(s, x: x, y: y)
                        if c.w == 1 {
                            target.store(Blend.opaquePattern(c), xs: x..<x + 1, y: y)
                        } else {
                            target.blend(c, x: x, y: y)
                        }
                    }
                }
            }
            let differing = zip(destination, expected).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "trial \(trial): \(differing) bytes differ")
            if differing == 0 { filled += 1 }
        }
        XCTAssertEqual(filled, 400)
    }
}
