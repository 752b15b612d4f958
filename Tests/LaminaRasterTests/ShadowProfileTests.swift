import Foundation
import LaminaCore
import LaminaRaster
import LaminaTestSupport
import XCTest
import LaminaGeometry
import LaminaImage

/// The shadow of a large opaque square has the edge profile of a Gaussian of sigma = shadowRadius x scale.
final class ShadowProfileTests: XCTestCase {
    /// Shadow alpha outside the edge of a large square follows 0.5 * erfc(d / (sigma * sqrt 2)) within 1/255,
    /// where d is the distance of the pixel centre from the edge in pixels.
    func testSquareShadowEdgeFollowsErfcForEveryRadiusAndScale() throws {
        for scale in [1.0, 2.0] {
            for radius in [2.0, 5.0, 10.0, 20.0] {
                // The far edges stay more than 3 sigma from the measured one, so they add nothing to it.
                let side = 6 * radius + 8
                let canvas = side + 6 * radius + 8
                let scene = makeScene(width: canvas, height: canvas, scale: scale) { root in
                    let square = layer(CGRect(x: (canvas - side) / 2, y: (canvas - side) / 2, width: side, height: side), .white)
                    square.shadowOpacity = 1
                    square.shadowRadius = radius
                    square.shadowOffset = .zero
                    root.addSublayer(square)
                }
                let image = try renderCPU(scene)
                let sigma = radius * scale
                let edge = Int(((canvas + side) / 2 * scale).rounded())
                let row = image.height / 2
                var worst = 0.0
                for k in 0..<Int(3 * sigma) {
                    let d = Double(k) + 0.5
                    let expected = 0.5 * erfc(d / (sigma * 2.0.squareRoot()))
                    let actual = Double(image.rgba(edge + k, row)[3]) / 255
                    worst = max(worst, abs(actual - expected))
                }
                XCTAssertLessThanOrEqual(worst, 1.0 / 255 + 1e-9, "radius \(radius) scale \(scale): worst error \(worst * 255)/255")
            }
        }
    }

    /// A shadowPath of the layer's own opaque rounded rect casts the same shadow as its alpha does.
    func testShadowPathMatchesAlphaDerivedShadowForOpaqueRoundedRect() throws {
        func render(withPath: Bool) throws -> LaminaImage.Image {
            let scene = makeScene(width: 200, height: 200) { root in
                let l = layer(CGRect(x: 50, y: 50, width: 100, height: 100), .white)
                l.cornerRadius = 20
                l.shadowOpacity = 0.8
                l.shadowRadius = 6
                l.shadowOffset = CGSize(width: 0, height: 5)
                if withPath {
                    l.shadowPathValue = Path(roundedRect: RoundedRect(rect: l.bounds, radius: 20, corners: .all, curve: .circular))
                }
                root.addSublayer(l)
            }
            return try renderCPU(scene)
        }
        let a = try render(withPath: false), b = try render(withPath: true)
        let cmp = try ImageComparison(a, b)
        XCTAssertLessThanOrEqual(cmp.maxDifference, 3, "max difference \(cmp.maxDifference)")
    }
}
