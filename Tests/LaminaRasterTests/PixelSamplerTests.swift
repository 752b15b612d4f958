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

    func testAffineMapsGiveTheProjectionsDoubles() {
        var rng = SplitMix64(seed: 41)
        var constant = 0, unit = 0
        for k in 0..<400 {
            let angle = k % 4 == 0 ? 0 : rng.uniform(-3.2, 3.2)
            let t = Transform3D.rotation(angle, 0, 0, 1)
                .concatenating(.scale(rng.uniform(0.2, 3), k % 3 == 0 ? 1 : rng.uniform(0.2, 3), 1))
                .concatenating(.translation(rng.uniform(-500, 500), rng.uniform(-500, 500), 0))
            guard let p = Projection(t) else { return XCTFail("an invertible map has no projection") }
            let sampler = PixelSampler(p, shortcut: true)
            XCTAssertTrue(sampler.constantW, "every 2D map has w constant")
            if sampler.unitW { unit += 1 } else { constant += 1 }
            for _ in 0..<20 {
                let px = rng.uniform(-100, 2000).rounded(.down) + 0.5, py = rng.uniform(-100, 1200).rounded(.down) + 0.5
                guard let fast = sampler.local(px: px, py: py), let slow = p.local(px: px, py: py) else {
                    XCTAssertNil(p.local(px: px, py: py))
                    continue
                }
                XCTAssertEqual(fast.qx.bitPattern, slow.qx.bitPattern)
                XCTAssertEqual(fast.qy.bitPattern, slow.qy.bitPattern)
                XCTAssertTrue(sameJacobian(fast, slow), "map \(t)")
            }
        }
        XCTAssertGreaterThan(constant, 50, "maps whose g22 is not one are exercised")
        XCTAssertGreaterThan(unit, 20, "maps whose g22 is one are exercised")
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
