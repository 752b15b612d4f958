import Foundation
import LaminaCore
import LaminaGL
import LaminaImage
import LaminaRaster
import LaminaTestSupport
import XCTest
import LaminaGraph

/// `ExactEdges` on the GPU: edges and a conic seam laid exactly through pixel centres, where the float
/// (GPU) and double (CPU) local points disagree most, are decided alike by the integer edge functions.
final class ExactEdgesGPUTests: XCTestCase {
    private func both(_ scene: Scene) throws -> (cpu: Image, gpu: Image) {
        let graph = try Planner().plan(scene)
        return (try CPURenderer().render(graph), try GLTestSupport.renderer().render(graph))
    }

    /// Layers without edge antialiasing rotated by 45 degrees about pixel centres, and by angles whose edges
    /// pass near many centres (3/5 and 1/7 slopes), translucent so every pixel shows which layer covers it.
    func testRotatedHardEdges_throughPixelCentres_agreeExactly() throws {
        let scene = Scene(width: 240, height: 120, scale: 1, background: .white)
        for (i, angle) in [Double.pi / 4, atan(3.0 / 5), atan(1.0 / 7), -Double.pi / 4].enumerated() {
            let layer = Layer()
            layer.bounds = CGRect(x: 0, y: 0, width: 41, height: 29)
            layer.position = CGPoint(x: 30.5 + Double(i) * 55, y: 60.5)
            layer.backgroundColor = Color(red: 0.1 + 0.2 * Double(i), green: 0.4, blue: 0.8, alpha: 0.7)
            layer.transform = .rotation(angle, 0, 0, 1)
            scene.root.addSublayer(layer)
        }
        let (cpu, gpu) = try both(scene)
        XCTAssertLessThanOrEqual(GLTestSupport.compare(gpu, cpu, maxDiff: 1, name: "exact-edges"), 1)
    }

    /// A conic gradient whose start ray runs along a row of pixel centres: the seam's pixels take the same
    /// side (first or last colour) on both backends.
    func testConicSeam_alongPixelCentres_agreesExactly() throws {
        let scene = Scene(width: 101, height: 101, scale: 1, background: .clear)
        let layer = GradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 101, height: 101)
        layer.gradientType = .conic
        layer.colorsValue = [.red, .blue]
        layer.startPoint = CGPoint(x: 50.5 / 101, y: 50.5 / 101)
        layer.endPoint = CGPoint(x: 1, y: 50.5 / 101)
        scene.root.addSublayer(layer)
        let (cpu, gpu) = try both(scene)
        XCTAssertLessThanOrEqual(GLTestSupport.compare(gpu, cpu, maxDiff: 1, name: "conic-seam"), 1)
        // The seam row right of the centre is on the start ray: the first colour (red), not the last.
        GLTestSupport.assertPixel(cpu, 80, 50, [255, 0, 0, 255], tolerance: 2, "cpu seam")
    }
}
