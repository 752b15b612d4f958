import Foundation
import LaminaCore
import LaminaGeometry
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaRaster

/// Nearest-filtered textures on a grid (`TexelGrid`) blend each pixel of coverage 1 through a memo of
/// (texel, destination) pairs: images of a few repeated texels over flat and varied backgrounds, faded and
/// not, at scales 1 and 2, draw the reference's bytes.
final class TexelGridMemoTests: XCTestCase {
    private func scene(seed: UInt64, scale: Double) -> Scene {
        var rng = SplitMix64(seed: seed)
        let palette: [[UInt8]] = [[0, 0, 0, 255], [20, 30, 40, 128], [0, 0, 0, 0], [200, 10, 60, 255], [3, 3, 3, 7],
                                  [90, 90, 0, 90]]
        return makeScene(width: 150, height: 110, scale: scale, background: Color(white: 0.85)) { root in
            for k in 0..<16 {
                if k % 3 == 0 {
                    let ground = Layer()
                    ground.frame = CGRect(x: rng.uniform(0, 100), y: rng.uniform(0, 80), width: 50, height: 30)
                    ground.backgroundColor = Color(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: rng.uniform(0.4, 1))
                    root.addSublayer(ground)
                }
                let w = 4 + Int(rng.next() % 30), h = 4 + Int(rng.next() % 20)
                var bytes: [UInt8] = []
                for _ in 0..<(w * h) { bytes += palette[Int(rng.next() % UInt64(palette.count))] }
                let layer = Layer()
                layer.frame = CGRect(x: Double(Int(rng.next() % 120)), y: Double(Int(rng.next() % 90)),
                                     width: Double(w) / scale, height: Double(h) / scale)
                layer.contentsValue = Image(width: w, height: h, premultipliedRGBA: bytes).map { Bitmap(image: $0) }
                layer.contentsScale = scale
                layer.magnificationFilter = .nearest
                layer.minificationFilter = .nearest
                layer.opacity = k % 4 == 1 ? Float(rng.uniform(0.3, 0.9)) : 1
                root.addSublayer(layer)
            }
        }
    }

    func testMemoisedGridDrawsTheReferenceBytes() throws {
        var taken = 0
        for seed in 1...6 as ClosedRange<UInt64> {
            for scale in [1.0, 2.0] {
                let s = scene(seed: seed, scale: scale)
                let graph = try Planner().plan(s)
                var samplers: [ImageID: TextureSampler] = [:]
                for pass in graph.passes {
                    guard case .draw(let ops) = pass.content else { continue }
                    for op in ops where op.texture != nil {
                        if try PreparedOp(op, graph: graph, passes: [:], samplers: &samplers).texelGrid != nil { taken += 1 }
                    }
                }
                try assertFastPathsChangeNothing(s, "seed \(seed) scale \(scale): ")
            }
        }
        XCTAssertGreaterThan(taken, 150, "the images are drawn through the texel grid")
    }
}
