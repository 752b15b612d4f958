import Foundation
import LaminaCore
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaGL
import LaminaGraph
import LaminaGeometry

/// Batching by program with reordering: where it may move an op, where it must not, and that it never
/// changes a byte.
final class PassBatcherTests: XCTestCase {
    /// A card at (x, y): a rounded fill and its border.
    static func card(_ x: Double, _ y: Double, _ color: PremultipliedColor) -> [DrawOp] {
        let shape = RoundedRect(rect: CGRect(x: x, y: y, width: 60, height: 50), radius: 8, corners: .all,
                                curve: .circular)
        return [DrawOp(shape: .roundedRect(shape), paint: .solid(color), transform: .identity, bounds: TestGraphs.full(200, 200)),
                DrawOp(shape: .ring(shape, width: 3), paint: .solid(TestGraphs.blue), transform: .identity,
                       bounds: TestGraphs.full(200, 200))]
            .map { var op = $0; op.bounds = PixelRect(x0: Int(x), y0: Int(y), x1: Int(x) + 60, y1: Int(y) + 50); return op }
    }

    static func batches(_ ops: [DrawOp]) throws -> PassBatches {
        try batchesAndInstances(ops).batches
    }

    /// The batches and the instance records they index. The cards here keep their fills and borders apart
    /// (`fusesBorders` off) unless a test asks: they test how separate operations batch.
    static func batchesAndInstances(_ ops: [DrawOp], culls: Bool = true, fusesBorders: Bool = false,
                                    avoidsDepth: Bool = false) throws -> (batches: PassBatches, instances: [Float]) {
        var batcher = PassBatcher(resolve: { _, _ in throw GLError.invalidGraph("no textures here") },
                                  resolvePass: { _ in throw GLError.invalidGraph("no passes here") })
        batcher.culls = culls
        batcher.fusesBorders = fusesBorders
        batcher.avoidsDepth = avoidsDepth
        let b = try batcher.batches(for: ops, passBounds: TestGraphs.full(200, 200))
        return (b, batcher.instances)
    }

    /// The border width field (`params.x`) of each instance of `batch`: the width of a border's pieces,
    /// `ShaderKey.noInnerEdge` for a fill drawn as a ring.
    static func widths(_ batch: Batch, _ instances: [Float]) -> [Float] {
        (batch.firstInstance..<(batch.firstInstance + batch.count)).map {
            InstanceLayout.instance($0, of: instances).record.params.x
        }
    }

    /// The widths of a border batch holding a card's border, the next card's fill as a ring, its border.
    static let borderRingBorder = [Float](repeating: 3, count: 8)
        + [Float](repeating: ShaderKey.noInnerEdge, count: 8) + [Float](repeating: 3, count: 8)

    func testApartCards_shareOneBatchPerProgram() throws {
        let translucent = PremultipliedColor(r: 0.5, g: 0, b: 0, a: 0.5)
        let (p, instances) = try Self.batchesAndInstances(Self.card(0, 0, translucent)
                                                          + Self.card(100, 100, translucent))
        let b = p.blended
        XCTAssertEqual(b.map(\.key.kind), [.fill, .solid, .border])
        XCTAssertEqual(b.map(\.count), [8, 6, 24],
                       "8 edge pieces and 3 solid tiles per fill, 8 per border; the second fill joins the border batch")
        XCTAssertEqual(Self.widths(b[2], instances), Self.borderRingBorder,
                       "the first border, the second card's fill as a ring, its border")
    }

    func testOverlappingCards_keepTheirOrder() throws {
        let (p, instances) = try Self.batchesAndInstances(Self.card(0, 0, TestGraphs.red)
                                                          + Self.card(30, 20, TestGraphs.green), culls: false)
        XCTAssertEqual(p.opaque?.count, 6, "both fills' solid tiles are opaque: drawn first, nearest first")
        XCTAssertTrue(p.depthTested, "uncut, the second card's tiles cover pixels drawn before them")
        XCTAssertEqual(p.blended.map(\.key.kind), [.fill, .border],
                       "the second card's fill joins the first card's border batch, after it")
        XCTAssertEqual(Self.widths(p.blended[1], instances), Self.borderRingBorder,
                       "the second card must not move under the first card's border")
    }

    func testCulling_dropsWhatALaterOpaqueCardHides() throws {
        // A small translucent card inside a later big opaque card's solid interior: nothing of it is drawn.
        let big = RoundedRect(rect: CGRect(x: 10, y: 10, width: 180, height: 180), radius: 8, corners: .all,
                              curve: .circular)
        let later = DrawOp(shape: .roundedRect(big), paint: .solid(TestGraphs.green), transform: .identity,
                           bounds: PixelRect(x0: 10, y0: 10, x1: 190, y1: 190))
        let hidden = Self.card(60, 60, PremultipliedColor(r: 0.5, g: 0, b: 0, a: 0.5))
        let p = try Self.batches(hidden + [later])
        XCTAssertEqual(p.blended.map(\.key.kind), [.fill], "only the big card's edge pieces are left to shade")
        XCTAssertEqual(p.blended.map(\.count), [8])
        XCTAssertEqual(p.opaque?.count, 3, "the big card's cross")
        XCTAssertFalse(p.depthTested, "cut exactly: the opaque pieces need no depth test")
    }

    /// Where a depth buffer costs the rasterizer its fast path (`avoidsDepth`), cuts that stopped at their
    /// limit send the pass in op order, every piece blended after the ones before it; cut exactly, the opaque
    /// pieces still go first, as they need no depth test.
    func testTruncatedCuts_drawInOrder_whereTheDepthBufferIsAvoided() throws {
        let sieve = LinearRasterTests.sieve().ops
        let tested = try Self.batches(sieve)
        XCTAssertTrue(tested.depthTested)
        XCTAssertNotNil(tested.opaque)
        let (inOrder, _) = try Self.batchesAndInstances(sieve, avoidsDepth: true)
        XCTAssertFalse(inOrder.depthTested)
        XCTAssertNil(inOrder.opaque, "no opaque batch drawn first")
        XCTAssertEqual(inOrder.blended.reduce(0) { $0 + $1.count },
                       tested.blended.reduce(0) { $0 + $1.count } + (tested.opaque?.count ?? 0),
                       "the same pieces, all in order")
        let big = RoundedRect(rect: CGRect(x: 10, y: 10, width: 180, height: 180), radius: 8, corners: .all,
                              curve: .circular)
        let later = DrawOp(shape: .roundedRect(big), paint: .solid(TestGraphs.green), transform: .identity,
                           bounds: PixelRect(x0: 10, y0: 10, x1: 190, y1: 190))
        let (exact, _) = try Self.batchesAndInstances(Self.card(60, 60, TestGraphs.red) + [later], avoidsDepth: true)
        XCTAssertEqual(exact.opaque?.count, 3, "cut exactly: the cross still goes first, untested")
        XCTAssertFalse(exact.depthTested)
    }

    /// The pixels a pass's stats count are the quads drawn: after culling, the hidden card's are gone.
    func testPixels_countTheQuadsDrawnAfterCulling() throws {
        let big = RoundedRect(rect: CGRect(x: 10, y: 10, width: 180, height: 180), radius: 8, corners: .all,
                              curve: .circular)
        let later = DrawOp(shape: .roundedRect(big), paint: .solid(TestGraphs.green), transform: .identity,
                           bounds: PixelRect(x0: 10, y0: 10, x1: 190, y1: 190))
        let ops = Self.card(60, 60, PremultipliedColor(r: 0.5, g: 0, b: 0, a: 0.5)) + [later]
        var pixels: [Bool: Int] = [:]
        for culls in [true, false] {
            var batcher = PassBatcher(resolve: { _, _ in throw GLError.invalidGraph("no textures here") },
                                      resolvePass: { _ in throw GLError.invalidGraph("no passes here") })
            batcher.culls = culls
            batcher.fusesBorders = false
            _ = try batcher.batches(for: ops, passBounds: TestGraphs.full(200, 200))
            pixels[culls] = batcher.pixels
        }
        XCTAssertEqual(pixels[true], 180 * 180, "the big card's pieces tile its bounds; the hidden card is culled")
        XCTAssertGreaterThan(pixels[false] ?? 0, 180 * 180 + 60 * 50, "uncut: the hidden fill and its border too")
    }

    /// A fill and its border right after it, fused (`BorderedFill`): the hole is the fill's solid cross
    /// (opaque here), the rest one border batch whose records carry both colours (the fill in `a_color`, the
    /// ring in `a_src`).
    func testBorderedFill_drawsItsHoleAsTheFillsCross_andItsRingWithBothColours() throws {
        let shape = RoundedRect(rect: CGRect(x: 20, y: 20, width: 60, height: 50), radius: 8, corners: .all,
                                curve: .circular)
        let bounds = PixelRect(x0: 20, y0: 20, x1: 80, y1: 70)
        let fill = DrawOp(shape: .roundedRect(shape), paint: .solid(TestGraphs.green), transform: .identity, bounds: bounds)
        let border = DrawOp(shape: .ring(shape, width: 3), paint: .solid(TestGraphs.blue), transform: .identity,
                            bounds: bounds)
        let (p, instances) = try Self.batchesAndInstances([fill, border], fusesBorders: true)
        XCTAssertEqual(p.opaque?.count, 3, "the inner shape's cross")
        XCTAssertEqual(p.blended.map(\.key.kind), [.border])
        XCTAssertEqual(p.blended.map(\.count), [8])
        func record(_ i: Int) -> QuadRecord { InstanceLayout.instance(i, of: instances).record }
        let green = SIMD4(Float(TestGraphs.green.r), Float(TestGraphs.green.g), Float(TestGraphs.green.b), 1)
        let blue = SIMD4(Float(TestGraphs.blue.r), Float(TestGraphs.blue.g), Float(TestGraphs.blue.b), 1)
        XCTAssertEqual(record(0).color, green, "a solid piece: the fill's colour")
        let ring = p.blended[0].firstInstance
        XCTAssertEqual(record(ring).color, green, "a ring piece: the fill under it")
        XCTAssertEqual(record(ring).src, blue, "and the border's colour")
    }

    /// A stack of `count` overlapping cards; card i is translucent when `translucent(i)`.
    static func stack(_ count: Int, translucent: (Int) -> Bool) -> RenderGraph {
        var ops: [DrawOp] = []
        for i in 0..<count {
            let color = PremultipliedColor(r: 0.1 * Double(i % 5), g: 0.5, b: 0.3, a: translucent(i) ? 0.6 : 1)
            ops += card(Double((i * 37) % 140), Double((i * 53) % 150), color)
        }
        return TestGraphs.canvas(ops, width: 200, height: 200, clear: TestGraphs.white)
    }

    /// Renders each graph with a renderer option on and off and asserts the bytes are equal; the shared
    /// renderer's options are restored afterwards.
    func assertSwitch(_ name: String, _ option: WritableKeyPath<RenderOptions, Bool>, graphs: [RenderGraph],
                      file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try GLTestSupport.renderer()
        let saved = r.options
        defer { r.options = saved }
        for graph in graphs {
            r.options[keyPath: option] = true
            let on = try r.render(graph)
            r.options[keyPath: option] = false
            let off = try r.render(graph)
            XCTAssertEqual(GLTestSupport.compare(on, off, maxDiff: 0, name: name, file: file, line: line), 0,
                           file: file, line: line)
        }
    }

    func testCulling_onAndOff_giveIdenticalBytes() throws {
        try assertSwitch("culling", \.culls,
                         graphs: [Self.stack(40) { $0 % 4 == 0 }, FastPathTests.bigShapes(), TestGraphs.shapes(),
                                  TestGraphs.shadow(sigma: 6), TestGraphs.textures()])
    }

    func testOcclusion_onAndOff_giveIdenticalBytes() throws {
        try assertSwitch("occlusion", \.occludes,
                         graphs: [Self.stack(12) { $0 % 3 == 0 }, FastPathTests.bigShapes(), TestGraphs.shapes(),
                                  TestGraphs.shadow(sigma: 6)])
    }

    func testAvoidingTheDepthBuffer_onAndOff_giveIdenticalBytes() throws {
        try assertSwitch("avoid depth", \.avoidsDepth,
                         graphs: [LinearRasterTests.sieve().graph, Self.stack(40) { $0 % 4 == 0 },
                                  Self.stack(12) { $0 % 3 == 0 }, FastPathTests.bigShapes()])
    }

    func testReordering_onAndOff_giveIdenticalBytes() throws {
        try assertSwitch("reorder", \.reordersBatches,
                         graphs: [Self.stack(12) { $0 % 3 != 0 }, FastPathTests.bigShapes(), TestGraphs.shapes(),
                                  TestGraphs.textures()])
    }
}
