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
    /// `sparse`: nine texels in ten empty, so rows hold runs of empty texels of every length and phase
    /// (the four-at-a-time loop of `forEachNonzeroGridPixel`), beside lone and paired glyph-like texels.
    private func scene(seed: UInt64, scale: Double, sparse: Bool = false) -> Scene {
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
                for _ in 0..<(w * h) {
                    let empty = sparse && rng.next() % 10 != 0
                    bytes += empty ? [0, 0, 0, 0] : palette[Int(rng.next() % UInt64(palette.count))]
                }
                let layer = Layer()
                // Sparse images also sit off the pixel grid, so their edge columns cut pixels.
                let shift = sparse && k % 2 == 0 ? 0.25 : 0
                layer.frame = CGRect(x: Double(Int(rng.next() % 120)) + shift, y: Double(Int(rng.next() % 90)),
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
        try assertGridDrawsTheReferenceBytes(sparse: false)
    }

    func testMostlyEmptyTexturesDrawTheReferenceBytes() throws {
        try assertGridDrawsTheReferenceBytes(sparse: true)
    }

    func testStraightRun_isTheLongestRunOfWholeConsecutiveColumns() {
        XCTAssertEqual(TexelGrid.longestStraightRun([3, 4, 5, 6], [1, 1, 1, 1]), 0..<4)
        // A cut edge column and a repeated texel (magnified) break runs.
        XCTAssertEqual(TexelGrid.longestStraightRun([0, 1, 2, 3, 4, 5], [0.5, 1, 1, 1, 1, 0.5]), 1..<5)
        XCTAssertEqual(TexelGrid.longestStraightRun([0, 0, 1, 1, 2, 3, 4], [1, 1, 1, 1, 1, 1, 1]), 3..<7)
        XCTAssertEqual(TexelGrid.longestStraightRun([0, 1, 5, 6, 7], [1, 1, 1, 1, 1]), 2..<5)
        XCTAssertEqual(TexelGrid.longestStraightRun([0, 1, 2], [0.5, 0.5, 0.5]).count, 0)
        XCTAssertEqual(TexelGrid.longestStraightRun([], []).count, 0)
    }

    private func assertGridDrawsTheReferenceBytes(sparse: Bool) throws {
        var taken = 0, straight = 0
        for seed in 1...6 as ClosedRange<UInt64> {
            for scale in [1.0, 2.0] {
                let s = scene(seed: seed, scale: scale, sparse: sparse)
                let graph = try Planner().plan(s)
                var samplers: [ImageID: TextureSampler] = [:]
                for pass in graph.passes {
                    guard case .draw(let ops) = pass.content else { continue }
                    for op in ops where op.texture != nil {
                        let grid = try PreparedOp(op, graph: graph, passes: [:], samplers: &samplers).texelGrid
                        guard let grid else { continue }
                        taken += 1
                        // An image at its own scale has a straight run of all but its cut edge columns.
                        if grid.straight.count >= grid.columns.count - 2 { straight += 1 }
                    }
                }
                try assertFastPathsChangeNothing(s, "seed \(seed) scale \(scale): ")
            }
        }
        XCTAssertGreaterThan(taken, 150, "the images are drawn through the texel grid")
        XCTAssertGreaterThan(straight, 60, "images at scale 1 are read along straight runs")
    }

    /// A nearest draw prepared again where it was takes the grid its first preparation made (the same
    /// storage); a shadow's tinted slices keep their colour table with it, and other opacity makes its own;
    /// every frame draws the reference's bytes.
    func testKeptGrids_areTakenForTheSameDrawOnly() throws {
        func scene(opacity: Float) -> Scene {
            makeScene(width: 120, height: 90, background: Color(white: 0.8)) { root in
                let card = Layer()
                card.frame = CGRect(x: 20, y: 15, width: 60, height: 40)
                card.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.7)
                card.shadowOpacity = opacity
                card.shadowRadius = 3
                card.shadowOffset = CGSize(width: 2, height: 4)
                root.addSublayer(card)
            }
        }
        func grids(_ scene: Scene) throws -> [TexelGrid] {
            let graph = try Planner().plan(scene)
            var samplers: [ImageID: TextureSampler] = [:]
            var passes: [PassID: Image] = [:]
            for pass in graph.passes { passes[pass.id] = Image(width: pass.width, height: pass.height) }
            return try graph.passes.flatMap { pass -> [TexelGrid] in
                guard case .draw(let ops) = pass.content else { return [] }
                return try ops.compactMap { try PreparedOp($0, graph: graph, passes: passes, samplers: &samplers).texelGrid }
            }
        }
        let a = try grids(scene(opacity: 0.7)), b = try grids(scene(opacity: 0.7)), c = try grids(scene(opacity: 0.4))
        XCTAssertFalse(a.isEmpty, "the shadow is drawn in nearest slices")
        XCTAssertEqual([a.count, b.count], [c.count, c.count])
        func storage(_ g: TexelGrid) -> UnsafeRawPointer? { g.columns.withUnsafeBytes { $0.baseAddress } }
        XCTAssertEqual(a.map(storage), b.map(storage), "the second preparation takes the kept grids")
        XCTAssertTrue(zip(a, c).allSatisfy { storage($0) != storage($1) && $0.tinted != $1.tinted },
                      "another opacity's slices make their own grids and colours")
        try assertFastPathsChangeNothing(scene(opacity: 0.7))
        try assertFastPathsChangeNothing(scene(opacity: 0.4))
    }
}
