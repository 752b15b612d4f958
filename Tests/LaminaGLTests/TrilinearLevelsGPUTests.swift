import Foundation
import LaminaCore
import LaminaGeometry
import LaminaGraph
import LaminaImage
import LaminaParity
import LaminaTestSupport
import XCTest

/// Trilinear draws whose level of detail changes from pixel to pixel (an image tilted in perspective) read
/// each pixel's own levels on the GPU: neighbouring pixels that fall between different pairs of levels once
/// read one level's size for another's (llvmpipe answered `textureSize` for a group of pixels with one of
/// their levels), and two columns of such a draw came out 125 steps off the CPU. An odd-sized image of
/// blocks and noise, tilted about y at several angles, its level-of-detail bias swept, holds fuzzy(2, 0).
final class TrilinearLevelsGPUTests: XCTestCase {
    /// A `width` x `height` image of 3-texel blocks of random opaque and translucent colours, a tenth of
    /// its texels noise.
    private func picture(_ width: Int, _ height: Int, seed: UInt64) -> Bitmap? {
        var rng = SplitMix64(seed: seed)
        var blocks: [Int: [UInt8]] = [:]
        var bytes: [UInt8] = []
        func color() -> [UInt8] {
            let a = rng.unit() < 0.3 ? UInt8(rng.whole(1, 254)) : 255
            return (0..<3).map { _ in UInt8(rng.whole(0, Int(a))) } + [a]
        }
        for y in 0..<height {
            for x in 0..<width {
                let key = (y / 3) * 1024 + x / 3
                let block = blocks[key] ?? color()
                blocks[key] = block
                bytes += rng.unit() < 0.1 ? color() : block
            }
        }
        return Image(width: width, height: height, premultipliedRGBA: bytes).map { Bitmap(image: $0) }
    }

    func testPerspectiveTrilinearDraws_holdTheContract_atEveryBias() throws {
        let runner = try ParityCorpus.runner()
        let bitmap = try XCTUnwrap(picture(58, 93, seed: 5))
        var failures: [String] = []
        for angle in [-31.735, 20.0, -50.0] {
            for bias in [0, 0.5, 0.948, 1.5] {
                let scene = makeScene(width: 176, height: 64, background: Color(white: 1)) { root in
                    let layer = Layer()
                    layer.frame = CGRect(x: 129.031, y: -4.35, width: 88, height: 45)
                    layer.contentsValue = bitmap
                    layer.minificationFilter = .trilinear
                    layer.minificationFilterBias = bias
                    var perspective = Transform3D.identity
                    perspective.m34 = -0.002
                    layer.transform = Transform3D.rotation(angle * .pi / 180, 0, 1, 0).concatenating(perspective)
                    root.addSublayer(layer)
                    let near = Layer()
                    near.frame = CGRect(x: 10.5, y: 8.25, width: 90, height: 50)
                    near.contentsValue = bitmap
                    near.minificationFilter = .trilinear
                    near.minificationFilterBias = bias
                    near.transform = Transform3D.rotation(-angle * .pi / 180, 0, 1, 0).concatenating(perspective)
                    root.addSublayer(near)
                }
                let result = try runner.check(scene, name: "tilted \(angle) bias \(bias)")
                if !result.passed { failures.append("\(result.name): \(result.metricsText)") }
            }
        }
        XCTAssertEqual(failures, [])
    }
}
