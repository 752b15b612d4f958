import Foundation
import LaminaCore
import LaminaGL
import LaminaImage
import LaminaRaster
import LaminaTestSupport
import XCTest
import LaminaGraph

/// CAGradientLayer on both renderers: the bytes each gives against the gradient's arithmetic, and the two
/// within the parity contract on every type.
final class GradientGPUTests: XCTestCase {
    private func scene(_ build: (GradientLayer) -> Void) -> Scene {
        let scene = Scene(width: 256, height: 40, scale: 1, background: .clear)
        let layer = GradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 256, height: 40)
        build(layer)
        scene.root.addSublayer(layer)
        return scene
    }

    private func both(_ scene: Scene) throws -> (cpu: Image, gpu: Image) {
        let graph = try Planner().plan(scene)
        return (try CPURenderer().render(graph), try GLTestSupport.renderer().render(graph))
    }

    /// Red to blue across 256 pixels: pixel x's centre is at t = (x + 0.5) / 256, so red is 255 (1 - t)
    /// and blue 255 t, rounded.
    func testAxial_bytesFollowTheAxis() throws {
        let (cpu, gpu) = try both(scene { $0.colorsValue = [.red, .blue]; $0.startPoint = CGPoint(x: 0, y: 0.5); $0.endPoint = CGPoint(x: 1, y: 0.5) })
        for x in [0, 37, 128, 200, 255] {
            let t = (Double(x) + 0.5) / 256
            let expected = [Int((255 * (1 - t)).rounded()), 0, Int((255 * t).rounded()), 255]
            GLTestSupport.assertPixel(cpu, x, 20, expected, tolerance: 1, "cpu")
            GLTestSupport.assertPixel(gpu, x, 20, expected, tolerance: 1, "gpu")
        }
    }

    /// Clear (0, 0, 0, 0) to white interpolates straight colours: at t the straight colour is (t, t, t, t),
    /// premultiplied (t^2, t^2, t^2, t): grey at partial alpha, the band Core Animation shows (a
    /// premultiplied interpolation would give (t, t, t, t), white at partial alpha).
    func testClearToWhite_isTheGreyBand() throws {
        let (cpu, gpu) = try both(scene { $0.colorsValue = [.clear, .white]; $0.startPoint = CGPoint(x: 0, y: 0.5); $0.endPoint = CGPoint(x: 1, y: 0.5) })
        let t = 128.5 / 256
        let expected = [Int((255 * t * t).rounded()), Int((255 * t * t).rounded()), Int((255 * t * t).rounded()), Int((255 * t).rounded())]
        GLTestSupport.assertPixel(cpu, 128, 20, expected, tolerance: 1, "cpu")
        GLTestSupport.assertPixel(gpu, 128, 20, expected, tolerance: 1, "gpu")
    }

    /// Every type, rounded and not, translucent stops, within fuzzy(2, 0).
    func testEveryType_holdsTheParityContract() throws {
        for type in GradientLayer.GradientType.allCases {
            for radius in [0.0, 15] {
                let s = scene {
                    $0.gradientType = type
                    $0.cornerRadius = radius
                    $0.colorsValue = [Color(red: 1, green: 0.8, blue: 0, alpha: 1), Color(red: 0.2, green: 0.4, blue: 1, alpha: 0.5), .green]
                    $0.locations = [0, 0.3, 1]
                    $0.startPoint = CGPoint(x: 0.4, y: 0.5)
                    $0.endPoint = CGPoint(x: 0.9, y: 1)
                }
                let (cpu, gpu) = try both(s)
                XCTAssertLessThanOrEqual(GLTestSupport.compare(cpu, gpu, maxDiff: 2, name: "gradient-\(type)-\(radius)"), 2)
            }
        }
    }
}
