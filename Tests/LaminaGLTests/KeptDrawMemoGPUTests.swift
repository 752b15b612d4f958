import Foundation
import LaminaCore
@testable import LaminaFixtures
@testable import LaminaGL
import LaminaGeometry
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest

/// A pass's kept draws handed out again in a warm frame of the same graph (`KeptDrawMemo`): the bytes of
/// searching for them, and no answer for a graph that is another, or once the atlas let a region go.
final class KeptDrawMemoGPUTests: XCTestCase {
    /// Bench scenes whose draws are kept over deep backdrops (overlapping fills, strokes and gradient cards,
    /// labels over labels; small bordered cards, as pairs): frames three to five equal a renderer that keeps
    /// nothing, and frames four and five are answered again (three is the first that makes nothing).
    func testBenchScenes_replayedFramesHaveThePlainBytes() throws {
        let plain = try TestGraphs.keptDrawsRenderer(keeps: false, composites: false)
        for name in ["shape-fills-300", "strokes-500", "gradient-cards-300", "ui-labels-400", "layers-100"] {
            guard let graph = try TestGraphs.benchGraph(name) else { continue }
            let expected = try plain.render(graph)
            // Its own renderer: pages holding an earlier scene's regions are emptied as it goes on.
            let keeping = try TestGraphs.keptDrawsRenderer(keeps: true, composites: true)
            for _ in 0..<2 { _ = try keeping.render(graph) }
            let before = keeping.keptDrawReplays
            for frame in 3...5 {
                let cmp = try ImageComparison(keeping.render(graph), expected)
                XCTAssertEqual(cmp.maxDifference, 0, "\(name), frame \(frame): \(cmp.differingPixels) pixels differ")
            }
            XCTAssertEqual(keeping.keptDrawReplays - before, 2, "\(name): frames four and five replayed")
            XCTAssertGreaterThan(keeping.keptDrawCount, 0, name)
        }
    }

    /// Overlapping translucent rounded cards over the canvas, each over the ones before it.
    private func cards(tint: Double = 0) -> RenderGraph {
        let ops = (0..<12).map { k -> DrawOp in
            let x = Double(8 + 9 * k), y = Double(6 + 5 * (k % 4))
            let shape = RoundedRect(rect: CGRect(x: 0, y: 0, width: 40, height: 30), radius: 12, corners: .all,
                                    curve: .circular)
            let color = PremultipliedColor(r: 0.05 * Double(k % 5) + tint, g: 0.3, b: 0.4, a: 0.7)
            return DrawOp(shape: .roundedRect(shape), paint: .solid(color), transform: .translation(x + 0.5, y),
                          clips: [Clip(shape: RoundedRect(rect: CGRect(x: 0, y: 0, width: 160, height: 70), radius: 0,
                                                         corners: .all, curve: .circular), transform: .identity)],
                          bounds: PixelRect(x0: Int(x), y0: Int(y), x1: Int(x) + 41, y1: Int(y) + 30))
        }
        return TestGraphs.canvas(ops, width: 160, height: 70, clear: PremultipliedColor(r: 0.85, g: 0.88, b: 0.9, a: 1))
    }

    /// The same graph is answered again; the same ops in other buffers, and a changed op, are searched for
    /// (with the bytes of drawing them); an options change, which lets the atlas go, answers nothing again.
    func testOnlyTheSameGraph_isAnsweredAgain() throws {
        let keeping = try TestGraphs.keptDrawsRenderer(keeps: true, composites: true)
        let plain = try TestGraphs.keptDrawsRenderer(keeps: false, composites: false)
        let graph = cards()
        for _ in 0..<3 { _ = try keeping.render(graph) }
        XCTAssertEqual(keeping.keptDrawReplays, 0, "frame three is the first that makes nothing")
        XCTAssertGreaterThan(keeping.keptDrawCount, 6, "the clipped cards, kept over the ones before them")
        XCTAssertEqual(try ImageComparison(keeping.render(graph), plain.render(graph)).maxDifference, 0)
        XCTAssertEqual(keeping.keptDrawReplays, 1)

        var copied = graph
        copied.passes = graph.passes.map { pass in
            var p = pass
            if case .draw(let ops) = pass.content { p.content = .draw(ops.map { $0 }) }
            return p
        }
        XCTAssertEqual(try ImageComparison(keeping.render(copied), plain.render(copied)).maxDifference, 0)
        XCTAssertEqual(keeping.keptDrawReplays, 1, "the same ops in other buffers: searched for")

        let tinted = cards(tint: 0.25)
        for frame in 0..<2 {
            XCTAssertEqual(try ImageComparison(keeping.render(tinted), plain.render(tinted)).maxDifference, 0,
                           "tinted, frame \(frame)")
        }
        XCTAssertEqual(keeping.keptDrawReplays, 1, "changed cards: searched for, and made")

        keeping.options.joinsBorders = false
        var options = RenderOptions()
        options.joinsBorders = false
        options.keepsDraws = false
        let expected = try GPURenderer(options: options).render(tinted)
        for frame in 0..<2 {
            XCTAssertEqual(try ImageComparison(keeping.render(tinted), expected).maxDifference, 0, "after, frame \(frame)")
        }
        XCTAssertEqual(keeping.keptDrawReplays, 1, "the options changed: the atlas let its regions go")
    }

    /// A draw seen for the first time beside kept ones (a layer come to rest in a new place) makes that frame's
    /// answer unsettled: it is not recorded, so the draw is kept in the frames after, not frozen out.
    func testAnswers_areNotRecorded_whileADrawAwaitsKeeping() throws {
        let keeping = try TestGraphs.keptDrawsRenderer(keeps: true, composites: true)
        let plain = try TestGraphs.keptDrawsRenderer(keeps: false, composites: false)
        let rest = cards()
        for _ in 0..<3 { _ = try keeping.render(rest) }
        let kept = keeping.keptDrawCount
        var moved = rest
        guard case .draw(var ops) = moved.passes[0].content, var last = ops.last else { return XCTFail("no cards") }
        last.transform = .translation(120.5, 30)
        last.bounds = PixelRect(x0: 120, y0: 30, x1: 161, y1: 60)
        ops.append(last)
        moved.passes[0].content = .draw(ops)
        for frame in 0..<5 {
            XCTAssertEqual(try ImageComparison(keeping.render(moved), plain.render(moved)).maxDifference, 0, "frame \(frame)")
        }
        XCTAssertEqual(keeping.keptDrawCount, kept + 1, "the card come to rest, kept two frames after it was first seen")
        XCTAssertGreaterThan(keeping.keptDrawReplays, 0, "settled, then answered again")
    }

    /// The memo itself: an answer is handed out for the same buffers while the atlas keeps its regions, each
    /// marked read and its draws sighted; not for another op buffer, nor once the atlas emptied its page or
    /// forgot a draw.
    func testAnswers_lastWhileTheAtlasKeepsItsRegions() throws {
        let r = try TestGraphs.keptDrawsRenderer(keeps: true, composites: true)
        try withExtendedLifetime(r) {
            let atlas = KeptDrawAtlas(), memo = KeptDrawMemo()
            let op = DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: 20, height: 20)), paint: .solid(TestGraphs.red),
                            transform: .identity, bounds: PixelRect(x0: 0, y0: 0, x1: 20, y1: 20))
            let identity = DrawIdentity(op: op, border: nil, image: nil)
            let graph = TestGraphs.canvas([op], width: 20, height: 20)
            guard case .draw(let ops) = graph.passes[0].content else { return XCTFail("no draw pass") }
            func key(_ ops: [DrawOp]) -> KeptDrawMemo.Key {
                KeptDrawMemo.Key(passes: graph.passes, images: graph.images, ops: ops, pass: graph.passes[0].id,
                                 passBounds: op.bounds, clear: nil, options: RenderOptions())
            }
            atlas.beginFrame()
            atlas.sightings = []
            XCTAssertFalse(atlas.sightedBefore(identity))
            let sightings = atlas.sightings ?? []
            guard let slot = atlas.allocate(identity, bitmaps: [], bounds: op.bounds), let page = atlas.target(slot.page) else {
                return XCTFail("no region")
            }
            memo.record(key(ops), copies: [0: .init(slot: slot, page: page)], sightings: sightings, atlas: atlas)
            atlas.endFrame()
            atlas.beginFrame()
            XCTAssertEqual(memo.replay(key(ops), atlas: atlas)?.copies[0]?.slot, slot)
            atlas.endFrame()
            atlas.beginFrame()
            XCTAssertTrue(atlas.sightedBefore(identity), "the replayed frame sighted the draw")
            XCTAssertNil(memo.replay(key(ops.map { $0 }), atlas: atlas), "another buffer")
            XCTAssertNotNil(memo.replay(key(ops), atlas: atlas))
            atlas.endFrame()
            XCTAssertEqual(atlas.pageCount, 1, "the page read in the replayed frames is kept")
            for _ in 0..<2 {
                atlas.beginFrame()
                atlas.endFrame()
            }
            XCTAssertNil(memo.replay(key(ops), atlas: atlas), "two frames unread: its page emptied")
            atlas.beginFrame()
            guard let again = atlas.allocate(identity, bitmaps: [], bounds: op.bounds), let page = atlas.target(again.page) else {
                return XCTFail("no region")
            }
            memo.record(key(ops), copies: [0: .init(slot: again, page: page)], sightings: [], atlas: atlas)
            XCTAssertNotNil(memo.replay(key(ops), atlas: atlas))
            atlas.forget(identity)
            XCTAssertNil(memo.replay(key(ops), atlas: atlas), "the atlas forgot a draw")
        }
    }
}

/// A pass's batches handed out again in a warm frame (`PassBatchMemo`): the bytes of batching anew; only
/// for the same graph and kept copies, and never for batches that read an image or path coverage.
final class PassBatchMemoGPUTests: XCTestCase {
    /// Solid cards (two of them kept, small enough) and small bordered cards kept as pairs (their pages
    /// read): each frame equals a renderer that keeps nothing, and from the fourth on (the third is the first
    /// that makes nothing) its batches are those recorded.
    func testWarmFrames_replayTheirBatches_withThePlainBytes() throws {
        let plain = try TestGraphs.keptDrawsRenderer(keeps: false, composites: false)
        for (name, firstReplayed) in [("cards-200@1x", 4), ("layers-100", 4)] {
            guard let graph = try TestGraphs.benchGraph(name) else { continue }
            let expected = try plain.render(graph)
            let keeping = try TestGraphs.keptDrawsRenderer(keeps: true, composites: true)
            for frame in 1...5 {
                let cmp = try ImageComparison(keeping.render(graph), expected)
                XCTAssertEqual(cmp.maxDifference, 0, "\(name), frame \(frame): \(cmp.differingPixels) pixels differ")
                XCTAssertEqual(keeping.batchReplays, max(0, frame - firstReplayed + 1), "\(name), frame \(frame)")
            }
        }
    }

    private let canvas = PremultipliedColor(r: 0.85, g: 0.88, b: 0.9, a: 1)

    private func card(_ x: Double, _ color: PremultipliedColor) -> DrawOp {
        DrawOp(shape: .roundedRect(RoundedRect(rect: CGRect(x: 0, y: 0, width: 90, height: 60), radius: 4,
                                               corners: .all, curve: .circular)),
               paint: .solid(color), transform: .translation(x, 4), bounds: PixelRect(x0: Int(x), y0: 4, x1: Int(x) + 90, y1: 64))
    }

    /// Batches that read an image (a 10 x 10 picture, too small to keep) or a path's coverage (a triangle too
    /// small to keep) are batched every frame; a graph whose card changed is batched anew, then replayed; a
    /// renderer that keeps no draws replays nothing.
    func testBatchesReadingImagesOrCoverage_areNotReplayed() throws {
        var img = Image(width: 10, height: 10)
        for y in 0..<10 { for x in 0..<10 { img.setPixel(x: x, y: y, (UInt8(20 * x), UInt8(20 * y), 90, 255)) } }
        let picture = DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: 10, height: 10)),
                             paint: .texture(TextureDraw(source: .image(ImageID(0)))), transform: .translation(20.5, 20.25),
                             bounds: PixelRect(x0: 20, y0: 20, x1: 31, y1: 31))
        let points = [CGPoint(x: 110, y: 20), CGPoint(x: 124, y: 20), CGPoint(x: 117, y: 32)]
        let triangle = DrawOp(shape: .path(PathShape(polylines: [Polyline(points: points, closed: true)], rule: .nonZero)),
                              paint: .solid(PremultipliedColor(r: 0.2, g: 0.3, b: 0.3, a: 0.8)), transform: .identity,
                              bounds: PixelRect(x0: 110, y0: 20, x1: 124, y1: 32))
        let blue = PremultipliedColor(r: 0.1, g: 0.2, b: 0.6, a: 1)
        let images = [ImageResource(id: ImageID(0), bitmap: Bitmap(image: img, origin: "test:picture"))]
        let plain = try TestGraphs.keptDrawsRenderer(keeps: false, composites: false)
        for (name, extra) in [("an image", picture), ("a path", triangle)] {
            let graph = TestGraphs.canvas([card(4, blue), card(100, blue), extra], width: 200, height: 70,
                                          images: images, clear: canvas)
            let keeping = try TestGraphs.keptDrawsRenderer(keeps: true, composites: true)
            for frame in 0..<4 {
                XCTAssertEqual(try ImageComparison(keeping.render(graph), plain.render(graph)).maxDifference, 0,
                               "\(name), frame \(frame)")
            }
            XCTAssertEqual(keeping.batchReplays, 0, name)
        }
        let keeping = try TestGraphs.keptDrawsRenderer(keeps: true, composites: true)
        let first = TestGraphs.canvas([card(4, blue), card(100, blue)], width: 200, height: 70, clear: canvas)
        let second = TestGraphs.canvas([card(4, blue), card(100, PremultipliedColor(r: 0.6, g: 0.2, b: 0.1, a: 1))],
                                       width: 200, height: 70, clear: canvas)
        for (frame, graph) in [first, first, second, second, second].enumerated() {
            XCTAssertEqual(try ImageComparison(keeping.render(graph), plain.render(graph)).maxDifference, 0, "frame \(frame)")
        }
        XCTAssertEqual(keeping.batchReplays, 3, "the second frame of each graph and the third of the second")
        XCTAssertEqual(plain.batchReplays, 0, "a renderer that keeps no draws batches every frame anew")
    }
}

/// Warm frames of graphs drawn in a shuffled order, each run of the same graph answered again after it
/// settles: every frame has the bytes of a renderer that keeps nothing, whichever graph came before.
final class KeptDrawMemoSequenceGPUTests: XCTestCase {
    func testGraphsInAnyOrder_keepTheirPlainBytes() throws {
        let generator = RandomScene()
        var graphs: [RenderGraph] = []
        for index in [2, 5, 9] {
            graphs.append(try Planner().plan(SceneDecoder().decode(Data(generator.json(seed: 2026, index: index).utf8))))
        }
        if let cards = try TestGraphs.benchGraph("layers-100") { graphs.append(cards) }
        let plain = try TestGraphs.keptDrawsRenderer(keeps: false, composites: false)
        let expected = try graphs.map { try plain.render($0) }
        let keeping = try TestGraphs.keptDrawsRenderer(keeps: true, composites: true)
        var state: UInt64 = 41
        var order: [Int] = []
        for _ in 0..<16 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let k = Int(state >> 33) % graphs.count
            // Runs of one to five frames of a graph.
            order += Array(repeating: k, count: 1 + Int(state >> 40) % 5)
        }
        for (frame, k) in order.enumerated() {
            let cmp = try ImageComparison(keeping.render(graphs[k]), expected[k])
            XCTAssertEqual(cmp.maxDifference, 0, "frame \(frame), graph \(k): \(cmp.differingPixels) pixels differ")
        }
        XCTAssertGreaterThan(keeping.keptDrawReplays, 0, "runs long enough to settle are answered again")
        XCTAssertGreaterThan(keeping.batchReplays, 0)
    }
}
