import Foundation
import LaminaCore
import LaminaImage
import XCTest
@testable import LaminaGL

/// Batching by program with reordering: where it may move an op, where it must not, and that it never
/// changes a byte.
final class PassBatcherTests: XCTestCase {
    /// A card at (x, y): a rounded fill and its border.
    static func card(_ x: Double, _ y: Double, _ color: PremultipliedColor) -> [DrawOp] {
        let shape = RoundedRect(rect: CGRect(x: x, y: y, width: 60, height: 50), radius: 8, corners: .all,
                                curve: .circular)
        return [DrawOp(kind: .fill(shape, color), transform: .identity, bounds: TestGraphs.full(200, 200)),
                DrawOp(kind: .border(shape, width: 3, TestGraphs.blue), transform: .identity,
                       bounds: TestGraphs.full(200, 200))]
            .map { var op = $0; op.bounds = PixelRect(x0: Int(x), y0: Int(y), x1: Int(x) + 60, y1: Int(y) + 50); return op }
    }

    static func batches(_ ops: [DrawOp]) throws -> PassBatches {
        var batcher = PassBatcher(resolve: { _ in throw GLError.invalidGraph("no textures here") },
                                  resolvePass: { _ in throw GLError.invalidGraph("no passes here") })
        return try batcher.batches(for: ops, passBounds: TestGraphs.full(200, 200))
    }

    func testApartCards_shareOneBatchPerProgram() throws {
        let translucent = PremultipliedColor(r: 0.5, g: 0, b: 0, a: 0.5)
        let b = try Self.batches(Self.card(0, 0, translucent) + Self.card(100, 100, translucent)).blended
        XCTAssertEqual(b.map(\.key.kind), [.fill, .solid, .border])
        XCTAssertEqual(b.map(\.count), [16, 6, 16], "8 edge pieces and 3 solid tiles per fill, 8 per border")
    }

    func testOverlappingCards_keepTheirOrder() throws {
        let saved = PassBatcher.culls
        defer { PassBatcher.culls = saved }
        PassBatcher.culls = false
        let p = try Self.batches(Self.card(0, 0, TestGraphs.red) + Self.card(30, 20, TestGraphs.green))
        XCTAssertEqual(p.opaque?.count, 6, "both fills' solid tiles are opaque: drawn first, nearest first")
        XCTAssertTrue(p.depthTested, "uncut, the second card's tiles cover pixels drawn before them")
        XCTAssertEqual(p.blended.map(\.key.kind), [.fill, .border, .fill, .border],
                       "the second card must not move under the first card's border")
    }

    func testCulling_dropsWhatALaterOpaqueCardHides() throws {
        let saved = PassBatcher.culls
        defer { PassBatcher.culls = saved }
        PassBatcher.culls = true
        // A small translucent card inside a later big opaque card's solid interior: nothing of it is drawn.
        let big = RoundedRect(rect: CGRect(x: 10, y: 10, width: 180, height: 180), radius: 8, corners: .all,
                              curve: .circular)
        let later = DrawOp(kind: .fill(big, TestGraphs.green), transform: .identity,
                           bounds: PixelRect(x0: 10, y0: 10, x1: 190, y1: 190))
        let hidden = Self.card(60, 60, PremultipliedColor(r: 0.5, g: 0, b: 0, a: 0.5))
        let p = try Self.batches(hidden + [later])
        XCTAssertEqual(p.blended.map(\.key.kind), [.fill], "only the big card's edge pieces are left to shade")
        XCTAssertEqual(p.blended.map(\.count), [8])
        XCTAssertEqual(p.opaque?.count, 3, "the big card's cross")
        XCTAssertFalse(p.depthTested, "cut exactly: the opaque pieces need no depth test")
    }

    func testCulling_onAndOff_giveIdenticalBytes() throws {
        let r = try GLTestSupport.renderer()
        let saved = PassBatcher.culls
        defer { PassBatcher.culls = saved }
        var ops: [DrawOp] = []
        for i in 0..<40 {
            let color = PremultipliedColor(r: 0.1 * Double(i % 5), g: 0.5, b: 0.3, a: i % 4 == 0 ? 0.6 : 1)
            ops += Self.card(Double((i * 37) % 140), Double((i * 53) % 150), color)
        }
        for graph in [TestGraphs.canvas(ops, width: 200, height: 200, clear: TestGraphs.white), FastPathTests.bigShapes(),
                      TestGraphs.shapes(), TestGraphs.shadow(sigma: 6), TestGraphs.textures()] {
            PassBatcher.culls = true
            let culled = try r.render(graph)
            PassBatcher.culls = false
            let whole = try r.render(graph)
            XCTAssertEqual(GLTestSupport.compare(culled, whole, maxDiff: 0, name: "culling"), 0)
        }
    }

    func testOcclusion_onAndOff_giveIdenticalBytes() throws {
        let r = try GLTestSupport.renderer()
        let saved = PassBatcher.occludes
        defer { PassBatcher.occludes = saved }
        var ops: [DrawOp] = []
        for i in 0..<12 {
            let color = PremultipliedColor(r: 0.1 * Double(i % 5), g: 0.5, b: 0.3, a: i % 3 == 0 ? 0.6 : 1)
            ops += Self.card(Double((i * 37) % 140), Double((i * 53) % 150), color)
        }
        for graph in [TestGraphs.canvas(ops, width: 200, height: 200, clear: TestGraphs.white), FastPathTests.bigShapes(),
                      TestGraphs.shapes(), TestGraphs.shadow(sigma: 6)] {
            PassBatcher.occludes = true
            let occluded = try r.render(graph)
            PassBatcher.occludes = false
            let painted = try r.render(graph)
            XCTAssertEqual(GLTestSupport.compare(occluded, painted, maxDiff: 0, name: "occlusion"), 0)
        }
    }

    func testReordering_onAndOff_giveIdenticalBytes() throws {
        let r = try GLTestSupport.renderer()
        let saved = PassBatcher.reorders
        defer { PassBatcher.reorders = saved }
        var ops: [DrawOp] = []
        for i in 0..<12 {
            let color = PremultipliedColor(r: 0.1 * Double(i % 5), g: 0.5, b: 0.3, a: i % 3 == 0 ? 1 : 0.6)
            ops += Self.card(Double((i * 37) % 140), Double((i * 53) % 150), color)
        }
        for graph in [TestGraphs.canvas(ops, width: 200, height: 200, clear: TestGraphs.white), FastPathTests.bigShapes(),
                      TestGraphs.shapes(), TestGraphs.textures()] {
            PassBatcher.reorders = true
            let reordered = try r.render(graph)
            PassBatcher.reorders = false
            let inOrder = try r.render(graph)
            XCTAssertEqual(GLTestSupport.compare(reordered, inOrder, maxDiff: 0, name: "reorder"), 0)
        }
    }
}
