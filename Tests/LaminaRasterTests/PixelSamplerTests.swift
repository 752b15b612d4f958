import Foundation
import LaminaGeometry
import LaminaTestSupport
import XCTest
@testable import LaminaRaster

/// `PixelSampler.local` gives `Projection.local`'s doubles through its shortcuts: under any affine map (w is
/// the constant g22, one or not) the same point to the bit and the same Jacobian but for a zero's sign, and
/// nil exactly where `Projection.local` is nil.
final class PixelSamplerTests: XCTestCase {
    private func sameJacobian(_ a: Projection.Sample, _ b: Projection.Sample) -> Bool {
        // A zero entry may differ in sign: every reader squares it.
        a.dxdpx == b.dxdpx && a.dxdpy == b.dxdpy && a.dydpx == b.dydpx && a.dydpy == b.dydpy
    }

    /// A random 2D map, its homogeneous w (m44) one, negative, tiny or large.
    private func map(_ rng: inout SplitMix64, _ k: Int) -> Transform3D {
        let angle = k % 4 == 0 ? 0 : rng.uniform(-3.2, 3.2)
        var t = Transform3D.rotation(angle, 0, 0, 1)
            .concatenating(.scale(rng.uniform(0.2, 3), k % 3 == 0 ? 1 : rng.uniform(0.2, 3), 1))
            .concatenating(.translation(rng.uniform(-500, 500), rng.uniform(-500, 500), 0))
        let w = [1, 1, -1, 0.37, 1e-3, 2.5, 1e200][k % 7]
        t.m11 *= w; t.m12 *= w; t.m21 *= w; t.m22 *= w; t.m41 *= w; t.m42 *= w; t.m44 = w
        return t
    }

    func testAffineMapsGiveTheProjectionsDoubles() {
        var rng = SplitMix64(seed: 41)
        var constant = 0, unit = 0, empty = 0
        for k in 0..<700 {
            let t = map(&rng, k)
            guard let p = Projection(t) else { continue }
            let sampler = PixelSampler(p, shortcut: true)
            if sampler.unitW { unit += 1 } else if sampler.constantW { constant += 1 }
            let axes = Coverage.AxisLengths(sampler)
            XCTAssertEqual(axes != nil, sampler.constantW)
            for _ in 0..<20 {
                let px = rng.uniform(-100, 2000).rounded(.down) + 0.5, py = rng.uniform(-100, 1200).rounded(.down) + 0.5
                let fast = sampler.local(px: px, py: py), slow = p.local(px: px, py: py)
                XCTAssertEqual(fast == nil, slow == nil, "map \(t) at (\(px), \(py))")
                guard let fast, let slow else {
                    empty += 1
                    continue
                }
                XCTAssertEqual(fast.qx.bitPattern, slow.qx.bitPattern)
                XCTAssertEqual(fast.qy.bitPattern, slow.qy.bitPattern)
                XCTAssertTrue(sameJacobian(fast, slow), "map \(t)")
                if let axes {
                    // Along either axis the pixel length is the one `Sample.pixels` divides by.
                    let d = rng.uniform(-3, 3)
                    XCTAssertEqual(axes.pixels(d, alongX: true).bitPattern, slow.pixels(d, nx: 1, ny: 0).bitPattern)
                    XCTAssertEqual(axes.pixels(d, alongX: false).bitPattern, slow.pixels(d, nx: 0, ny: -1).bitPattern)
                }
            }
        }
        XCTAssertGreaterThan(constant, 100, "maps whose g22 is not one are exercised")
        XCTAssertGreaterThan(unit, 20, "maps whose g22 is one are exercised")
        XCTAssertGreaterThan(empty, 0, "points behind the eye (a negative w) are exercised")
    }

    /// A g22 so small that the Jacobian overflows: left to the projection.
    func testAnOverflowingJacobianTakesTheProjection() {
        var t = Transform3D.scale(1e-150, 1e-150, 1)
        t.m44 = 1e160
        guard let p = Projection(t) else { return XCTFail("no projection") }
        let sampler = PixelSampler(p, shortcut: true)
        XCTAssertFalse(sampler.constantW)
        XCTAssertNil(Coverage.AxisLengths(sampler))
    }

    func testPerspectiveTakesTheProjection() {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        let tilted = Transform3D.rotation(0.4, 0, 1, 0).concatenating(perspective)
        guard let p = Projection(tilted), let scaled = Projection(.scale(1.5, 1.5, 1)) else {
            return XCTFail("no projection")
        }
        XCTAssertFalse(PixelSampler(p, shortcut: true).constantW, "w varies across a tilted plane")
        XCTAssertFalse(PixelSampler(scaled, shortcut: false).constantW, "shortcuts off")
    }
}
