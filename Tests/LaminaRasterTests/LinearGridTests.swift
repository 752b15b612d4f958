import Foundation
import LaminaCore
import LaminaGeometry
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaRaster

/// Bilinear texture draws on an axis-aligned grid (`LinearGrid`: backing stores and contents at fractional
/// positions and any scale) take the grid fast path and draw the reference's bytes: random images and
/// drawn stores with translucent, opaque and empty texels, at fractional frames, magnified and minified,
/// faded by opacity, clipped by a rounded parent, under opaque fills that hide parts of them.
final class LinearGridTests: XCTestCase {
    /// A pile of drawn layers from `seed`.
    private func pile(seed: UInt64) -> Scene {
        var rng = SplitMix64(seed: seed)
        return makeScene(width: 160, height: 120, scale: 2, background: Color(white: 0.9)) { root in
            let clip = Layer()
            clip.frame = CGRect(x: 3.3, y: 2.6, width: 150, height: 110)
            clip.cornerRadius = 9
            clip.masksToBounds = rng.unit() < 0.5
            root.addSublayer(clip)
            for k in 0..<14 {
                let layer = Layer()
                layer.frame = CGRect(x: rng.uniform(-10, 130), y: rng.uniform(-10, 95), width: rng.uniform(8, 50),
                                     height: rng.uniform(8, 40))
                layer.contentsScale = [0.5, 1, 1.5, 2, 3][k % 5]
                layer.opacity = rng.unit() < 0.3 ? Float(rng.uniform(0.2, 0.9)) : 1
                layer.minificationFilter = rng.unit() < 0.8 ? .linear : .trilinear
                var strokes: [(CGRect, Color)] = []
                for _ in 0..<4 {
                    strokes.append((CGRect(x: rng.uniform(0, 30), y: rng.uniform(0, 25), width: rng.uniform(1, 20),
                                           height: rng.uniform(1, 15)),
                                    Color(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: rng.uniform(0.3, 1))))
                }
                if k % 2 == 0 {
                    layer.contentsValue = randomBitmap(&rng)
                } else {
                    layer.draw = { ctx in
                        for (rect, color) in strokes {
                            ctx.setFillColor(color)
                            ctx.fill(rect)
                        }
                    }
                }
                if k % 4 == 3 {
                    let cover = Layer()
                    cover.frame = CGRect(x: rng.uniform(0, 120), y: rng.uniform(0, 90), width: 30, height: 20)
                    cover.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.6)
                    clip.addSublayer(layer)
                    clip.addSublayer(cover)
                } else {
                    clip.addSublayer(layer)
                }
            }
        }
    }

    /// An image of random premultiplied texels, a third of them transparent.
    private func randomBitmap(_ rng: inout SplitMix64) -> Bitmap? {
        let width = 3 + Int(rng.next() % 40), height = 3 + Int(rng.next() % 30)
        return noise(width, height, &rng) { rng in rng.unit() > 0.33 }
    }

    /// A `width` x `height` image whose texels where `drawn` says so are random premultiplied colours, the
    /// others transparent.
    private func noise(_ width: Int, _ height: Int, _ rng: inout SplitMix64,
                       drawn: (inout SplitMix64) -> Bool = { _ in true }) -> Bitmap? {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<width * height where drawn(&rng) {
            let a = UInt8(rng.next() % 256)
            bytes[i * 4 + 3] = a
            for c in 0..<3 { bytes[i * 4 + c] = UInt8(rng.next() % (UInt64(a) + 1)) }
        }
        return Image(width: width, height: height, premultipliedRGBA: bytes).map { Bitmap(image: $0) }
    }

    /// How many of the canvas's draws prepare a linear grid.
    private func linearGridDraws(_ scene: Scene) throws -> Int { try linearGrids(scene).count }

    func testRandomStores_drawTheReferenceBytesThroughTheLinearGrid() throws {
        var taken = 0
        for seed in 1...12 as ClosedRange<UInt64> {
            let scene = pile(seed: seed)
            taken += try linearGridDraws(scene)
            try assertFastPathsChangeNothing(scene, "seed \(seed): ")
        }
        XCTAssertGreaterThan(taken, 40, "most images are drawn through the linear grid")
    }

    /// A text label at a fractional position, the case the path was made for.
    func testTextAtAFractionalPosition_drawsTheReferenceBytes() throws {
        let scene = makeScene(width: 120, height: 40, scale: 2) { root in
            let text = TextLayer()
            text.frame = CGRect(x: 3.37, y: 5.71, width: 110, height: 30)
            text.contentsScale = 2
            text.stringValue = "Bilinear grid"
            text.fontSize = 14
            text.foregroundColor = .black
            root.addSublayer(text)
        }
        XCTAssertEqual(try linearGridDraws(scene), 1)
        try assertFastPathsChangeNothing(scene)
    }

    /// `Reach` maps a run of texels to the one range of columns that read any of them, for columns that
    /// magnify, minify (stepping over texels) and clamp at the edges; columns that step back have none.
    func testReach_findsExactlyTheColumnsThatReadARun() throws {
        var rng = SplitMix64(seed: 11)
        let occupancy = Occupancy(Image(width: 64, height: 1))
        for step in [0.3, 0.5, 1, 1.7, 3] {
            var columns: [LinearGrid.Line] = []
            var u = rng.uniform(-2, 2)
            for _ in 0..<40 {
                let i = Int(u.rounded(.down))
                columns.append(LinearGrid.Line(first: Int32(min(max(i, 0), 63)), second: Int32(min(max(i + 1, 0), 63)),
                                               weight: u - u.rounded(.down), coverage: 1))
                u += step
            }
            let reach = try XCTUnwrap(LinearGrid.Reach(columns, occupancy: occupancy, width: 64, height: 1))
            let t0 = Int(columns[0].first), t1 = Int(columns[columns.count - 1].second)
            for s in t0...t1 {
                for e in (s + 1)...(t1 + 1) {
                    let reading = columns.indices.filter { x in
                        (s..<e).contains(Int(columns[x].first)) || (s..<e).contains(Int(columns[x].second))
                    }
                    let lo = Int(reach.low[s - t0]), hi = Int(reach.high[e - 1 - t0])
                    XCTAssertEqual(reading, Array(lo..<max(lo, hi)), "step \(step), texels \(s)..<\(e)")
                }
            }
        }
        let backwards = [LinearGrid.Line(first: 5, second: 6, weight: 0, coverage: 1),
                         LinearGrid.Line(first: 4, second: 5, weight: 0, coverage: 1)]
        XCTAssertNil(LinearGrid.Reach(backwards, occupancy: occupancy, width: 64, height: 1))
    }

    /// A flipped label (its columns read texels right to left) draws through the grid without the
    /// occupancy, and a label beside empty lines with it; both draw the reference's bytes.
    func testFlippedAndSparseText_drawTheReferenceBytes() throws {
        let scene = makeScene(width: 120, height: 80, scale: 2) { root in
            for (k, flipped) in [false, true].enumerated() {
                let text = TextLayer()
                text.frame = CGRect(x: 3.37, y: 2.29 + Double(k) * 38.5, width: 110, height: 36)
                text.contentsScale = 2
                text.stringValue = "Sparse\n\n\nlines"
                text.fontSize = 8
                text.foregroundColor = Color(red: 0.2, green: 0.5, blue: 0.7)
                if flipped { text.transform = .scale(-1, 1) }
                root.addSublayer(text)
            }
        }
        XCTAssertEqual(try linearGridDraws(scene), 2)
        try assertFastPathsChangeNothing(scene)
    }

    /// A sampler (on the GPU a texture) made for a bilinear draw holds level 0 alone; a trilinear draw of the
    /// same image in the same pass still samples the whole chain, as it does drawn alone (and unlike level 0
    /// alone), on both renderers. The image is wider than the GPU's atlas takes, so both draws read its own
    /// texture there, which a bilinear frame before made with level 0 alone.
    func testTrilinearDrawBesideABilinearOne_samplesTheMipChain() throws {
        var rng = SplitMix64(seed: 21)
        let bitmap = try XCTUnwrap(noise(600, 64, &rng))
        func scene(bilinearFirst: Bool, trilinear: Bool) -> Scene {
            makeScene(width: 160, height: 40, background: Color(white: 0.5)) { root in
                if bilinearFirst {
                    let a = Layer()
                    a.frame = CGRect(x: 0.3, y: 0.6, width: 150, height: 16)
                    a.contentsValue = bitmap
                    root.addSublayer(a)
                }
                let b = Layer()
                b.frame = CGRect(x: 0.3, y: 20.6, width: 150, height: 16)
                b.contentsValue = bitmap
                b.minificationFilter = trilinear ? .trilinear : .linear
                root.addSublayer(b)
            }
        }
        func region(_ image: Image) -> [[Int]] { (20..<38).flatMap { y in (0..<152).map { x in image.rgba(x, y) } } }
        try forEachBackend { backend, renderer in
            // Bilinear alone first: the GPU keeps the image's level-0 texture across frames.
            let levelZero = try renderer.render(Planner().plan(scene(bilinearFirst: false, trilinear: false)))
            let both = try renderer.render(Planner().plan(scene(bilinearFirst: true, trilinear: true)))
            let alone = try renderer.render(Planner().plan(scene(bilinearFirst: false, trilinear: true)))
            XCTAssertTrue(region(both) == region(alone), "\(backend): the trilinear draw differs beside a bilinear one")
            XCTAssertTrue(region(alone) != region(levelZero), "\(backend): a draw minified four times reads other levels")
        }
    }

    /// The linear grids of the canvas's image draws.
    private func linearGrids(_ scene: Scene) throws -> [LinearGrid] {
        let graph = try Planner().plan(scene)
        var samplers: [ImageID: TextureSampler] = [:]
        var grids: [LinearGrid] = []
        for pass in graph.passes {
            guard case .draw(let ops) = pass.content else { continue }
            for op in ops where op.texture != nil {
                guard case .image = op.texture?.source else { continue }
                let prepared = try PreparedOp(op, graph: graph, passes: [:], samplers: &samplers)
                if let grid = prepared.linearGrid { grids.append(grid) }
            }
        }
        return grids
    }

    /// Trilinear minification on an axis-aligned grid reads one level of the chain or mixes two with the
    /// same weight at every pixel: between levels (lambda 0.4, 1.6, 2.3), exactly on one (a scale of 1/2:
    /// level 1 alone), past the last level, and magnified (level 0's linear filter); faded, and clipped by a
    /// rounded parent. Every byte is the reference's.
    func testTrilinearDraws_readOneOrTwoLevelsThroughTheGrid_referenceBytes() throws {
        var rng = SplitMix64(seed: 33)
        let bitmap = try XCTUnwrap(noise(64, 48, &rng) { rng in rng.unit() > 0.2 })
        let widths: [Double] = [48.6, 21.1, 12.9, 32, 0.9, 97.3]
        let scene = makeScene(width: 240, height: 200, background: Color(white: 0.7)) { root in
            let clip = Layer()
            clip.frame = CGRect(x: 1.5, y: 1.25, width: 236, height: 196)
            clip.cornerRadius = 14
            clip.masksToBounds = true
            root.addSublayer(clip)
            for (k, w) in widths.enumerated() {
                let image = Layer()
                image.frame = CGRect(x: 2.3 + Double(k % 3) * 76, y: 3.6 + Double(k / 3) * 100, width: w, height: w * 0.75)
                image.contentsValue = bitmap
                image.minificationFilter = .trilinear
                image.opacity = k % 2 == 0 ? 1 : 0.6
                clip.addSublayer(image)
            }
        }
        let grids = try linearGrids(scene)
        XCTAssertEqual(grids.count, widths.count, "every draw takes a grid")
        XCTAssertEqual(grids.filter { $0.next != nil }.count, 3, "three draws mix two levels")
        XCTAssertEqual(grids.filter { $0.next == nil && $0.level > 0 }.map(\.level).sorted(), [1, 6],
                       "a scale of 1/2 reads level 1, one past the last level reads level 6")
        try assertFastPathsChangeNothing(scene)
        // Unclipped and mostly transparent (pixels whose eight texels are all zero are skipped), at the same
        // scales: the rows without clips, and a biased one.
        let sparse = try XCTUnwrap(noise(64, 48, &rng) { rng in rng.unit() > 0.85 })
        let open = makeScene(width: 240, height: 200, background: Color(white: 0.7)) { root in
            for (k, w) in widths.enumerated() {
                let image = Layer()
                image.frame = CGRect(x: 2.3 + Double(k % 3) * 76, y: 3.6 + Double(k / 3) * 100, width: w, height: w * 0.75)
                image.contentsValue = sparse
                image.minificationFilter = .trilinear
                image.minificationFilterBias = k == 1 ? 0.3 : 0
                root.addSublayer(image)
            }
        }
        XCTAssertEqual(try linearGrids(open).filter { $0.next != nil }.count, 3)
        try assertFastPathsChangeNothing(open)
    }

    /// An image drawn about a texel a pixel has its occupancy found (and kept); a large one drawn small
    /// does not pay a look at all its texels for it.
    func testOccupancy_isFoundWhereTheDrawReadsMostTexels() throws {
        var rng = SplitMix64(seed: 4)
        let near = try XCTUnwrap(noise(40, 40, &rng)), far = try XCTUnwrap(noise(400, 400, &rng))
        let scene = makeScene(width: 100, height: 50) { root in
            for (k, bitmap) in [near, far].enumerated() {
                let layer = Layer()
                layer.frame = CGRect(x: 2.3 + Double(k) * 50, y: 3.6, width: 40, height: 40)
                layer.contentsValue = bitmap
                root.addSublayer(layer)
            }
        }
        XCTAssertEqual(try linearGridDraws(scene), 2)
        _ = try renderCPU(scene)
        XCTAssertNotNil(near.knownOccupancy, "a store drawn a texel a pixel keeps its occupancy")
        XCTAssertNil(far.knownOccupancy, "an image of 100 texels a pixel is drawn without finding it")
        try assertFastPathsChangeNothing(scene)
    }

    /// The canvas's linear grids as prepared.
    private func grids(_ scene: Scene) throws -> [LinearGrid] {
        let graph = try Planner().plan(scene)
        var samplers: [ImageID: TextureSampler] = [:]
        var found: [LinearGrid] = []
        for pass in graph.passes {
            guard case .draw(let ops) = pass.content else { continue }
            for op in ops where op.texture != nil {
                if let g = try PreparedOp(op, graph: graph, passes: [:], samplers: &samplers).linearGrid { found.append(g) }
            }
        }
        return found
    }

    /// A draw prepared again where it was takes the grid its first preparation made (the same storage); the
    /// same geometry over another image makes its own, with that image's runs; both draw the reference's
    /// bytes.
    func testKeptGrids_areTakenForTheSameDrawAndImageOnly() throws {
        var rng = SplitMix64(seed: 8)
        func scene(_ bitmap: Bitmap?) -> Scene {
            makeScene(width: 80, height: 40) { root in
                let layer = Layer()
                layer.frame = CGRect(x: 3.37, y: 2.71, width: 61.3, height: 30.2)
                layer.contentsValue = bitmap
                root.addSublayer(layer)
            }
        }
        let first = try XCTUnwrap(randomBitmap(&rng))
        // The same size, other texels: only the image tells the two draws apart.
        var bytes = first.image.pixels
        for i in stride(from: 0, to: bytes.count, by: 4) {
            let a = bytes[i + 3] == 0 ? UInt8(rng.next() % 256) : 0
            bytes[i + 3] = a
            for c in 0..<3 { bytes[i + c] = UInt8(rng.next() % (UInt64(a) + 1)) }
        }
        let second = try XCTUnwrap(Image(width: first.width, height: first.height, premultipliedRGBA: bytes)
            .map { Bitmap(image: $0) })
        let a = try grids(scene(first)), b = try grids(scene(first)), c = try grids(scene(second))
        XCTAssertEqual([a.count, b.count, c.count], [1, 1, 1])
        func storage(_ g: LinearGrid) -> UnsafeRawPointer? { g.columns.withUnsafeBytes { $0.baseAddress } }
        XCTAssertEqual(storage(a[0]), storage(b[0]), "the second preparation takes the kept grid")
        XCTAssertNotEqual(storage(a[0]), storage(c[0]), "another image's grid is its own")
        XCTAssertEqual(c[0].reach?.occupancy.words, second.knownOccupancy?.words)
        try assertFastPathsChangeNothing(scene(first))
        try assertFastPathsChangeNothing(scene(second))
    }
}
