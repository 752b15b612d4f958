import Foundation
import LaminaCore
import LaminaGeometry
import LaminaGraph
import LaminaImage
import LaminaParity
import LaminaTestSupport
import XCTest

/// Nearest-filtered images under rotations and scales pick the same texels on both renderers.
///
/// Two ties parted them. An image drawn one texel to a pixel under a rotation has a level of detail of 0 up
/// to rounding: with `magnificationFilter` nearest and the default linear minification, the CPU (double)
/// and the GPU (float) chose different filters over whole images, up to 146 apart on thousands of pixels.
/// And a nearest texel is chosen by a threshold on the pixel's texel coordinate: where it landed within
/// float error of a texel edge, one pixel differed by up to 255. Both are now decided once per draw
/// (`TextureSampling`) and by integers (`TexelLattice`).
final class NearestTexelsGPUTests: XCTestCase {
    /// A `width` x `height` image of single texels of random opaque colours: every texel edge is an edge.
    private func noise(_ width: Int, _ height: Int, seed: UInt64) -> Bitmap? {
        var rng = SplitMix64(seed: seed)
        var bytes: [UInt8] = []
        for _ in 0..<(width * height) {
            bytes += [UInt8(rng.whole(0, 255)), UInt8(rng.whole(0, 255)), UInt8(rng.whole(0, 255)), 255]
        }
        return Image(width: width, height: height, premultipliedRGBA: bytes).map { Bitmap(image: $0) }
    }

    /// Sixty images of 79 x 54 texels drawn one texel to a pixel (at scale 3, 79 / 3 points wide), each
    /// rotated by its own angle, with each pair of filters.
    func testRotatedImages_atOneTexelAPixel_chooseTheSameFilter() throws {
        let runner = try ParityCorpus.runner()
        let bitmap = try XCTUnwrap(noise(79, 54, seed: 3))
        var rng = SplitMix64(seed: 17)
        var failures: [String] = []
        for (min, mag) in [(ContentsFilter.linear, ContentsFilter.nearest), (.nearest, .linear), (.trilinear, .nearest)] {
            let scene = makeScene(width: 600, height: 400, scale: 3, background: Color(white: 1)) { root in
                for k in 0..<60 {
                    let layer = Layer()
                    layer.frame = CGRect(x: 10 + Double(k % 10) * 55, y: 10 + Double(k / 10) * 60, width: 79.0 / 3, height: 18)
                    layer.contentsValue = bitmap
                    layer.minificationFilter = min
                    layer.magnificationFilter = mag
                    layer.transform = Transform3D.rotation(rng.unit() * 6 - 3, 0, 0, 1)
                    root.addSublayer(layer)
                }
            }
            let result = try runner.check(scene, name: "min \(min) mag \(mag)")
            if !result.passed || result.comparison.maxDifference > 1 { failures.append("\(result.name): \(result.metricsText)") }
        }
        XCTAssertEqual(failures, [])
    }

    /// Nearest images of single-texel noise at random rotations, scales and offsets: 225 draws, so that
    /// many pixel centres land near texel edges, every one the same texel on both renderers.
    func testRotatedAndScaledNearestImages_pickTheSameTexels() throws {
        let runner = try ParityCorpus.runner()
        let bitmap = try XCTUnwrap(noise(43, 63, seed: 8))
        var rng = SplitMix64(seed: 29)
        let scene = makeScene(width: 500, height: 500, scale: 3, background: Color(white: 1)) { root in
            for k in 0..<225 {
                let layer = Layer()
                let w = 8 + rng.unit() * 30, h = 8 + rng.unit() * 30
                layer.frame = CGRect(x: Double(k % 15) * 33 + rng.unit() * 10, y: Double(k / 15) * 33 + rng.unit() * 10,
                                     width: w, height: h)
                layer.contentsValue = bitmap
                layer.magnificationFilter = .nearest
                layer.minificationFilter = .nearest
                layer.transform = Transform3D.rotation(rng.unit() * 6 - 3, 0, 0, 1)
                root.addSublayer(layer)
            }
        }
        let result = try runner.check(scene, name: "nearest noise")
        XCTAssertEqual(result.comparison.maxDifference, 0, result.metricsText)
    }
}
