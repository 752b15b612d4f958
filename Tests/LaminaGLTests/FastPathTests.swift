import Foundation
import LaminaCore
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaGL
import LaminaGraph
import LaminaGeometry

/// Fast paths give the same bytes as the general path (pixman's rule: a fast path never changes output).
final class FastPathTests: XCTestCase {
    /// Big fills and borders, rounded and square, scaled and mirrored, hard and antialiased edges.
    static func bigShapes() -> RenderGraph {
        let shapes: [(RoundedRect, Transform3D, EdgeMask)] = [
            (RoundedRect(rect: CGRect(x: 3.3, y: 4.7, width: 60.2, height: 50.9)), .identity, .all),
            (RoundedRect(rect: CGRect(x: 0, y: 0, width: 50, height: 40), radius: 9.5, corners: .all, curve: .circular),
             Transform3D.scale(1.5, 1.25).concatenating(.translation(70.25, 2.5)), .all),
            (RoundedRect(rect: CGRect(x: 0, y: 0, width: 40, height: 40)), Transform3D.scale(-1.5, 1).concatenating(.translation(70, 70)),
             [.minX, .maxY]),
        ]
        var ops: [DrawOp] = []
        for (shape, t, aa) in shapes {
            ops.append(DrawOp(shape: .roundedRect(shape), paint: .solid(PremultipliedColor(r: 0.2, g: 0.4, b: 0.6, a: 0.8)), transform: t,
                              bounds: TestGraphs.full(160, 130), edgeAA: aa))
            ops.append(DrawOp(shape: .ring(shape, width: 6.5), paint: .solid(TestGraphs.red), transform: t,
                              bounds: TestGraphs.full(160, 130)))
        }
        return TestGraphs.canvas(ops, width: 160, height: 130, clear: TestGraphs.white)
    }

    func testOpSplitter_onAndOff_giveIdenticalBytes() throws {
        let r = try GLTestSupport.renderer()
        let saved = r.options
        defer { r.options = saved }
        for graph in [Self.bigShapes(), TestGraphs.shapes()] {
            r.options.gpuFastPaths = true
            let fast = try r.render(graph)
            r.options.gpuFastPaths = false
            let general = try r.render(graph)
            XCTAssertEqual(GLTestSupport.compare(fast, general, maxDiff: 0, name: "fastpath"), 0)
        }
    }

    func testOpSplitter_bigRoundedFill_splitsIntoSolidCrossAndEdgePieces() {
        let op = DrawOp(shape: .roundedRect(RoundedRect(rect: CGRect(x: 0, y: 0, width: 100, height: 80), radius: 10,
                                                corners: .all, curve: .circular)), paint: .solid(TestGraphs.red),
                        transform: .identity, bounds: TestGraphs.full(100, 80))
        let pieces = OpSplitter.pieces(op, bounds: op.bounds) ?? []
        // The cross: the band between the corner columns, 1 px inside the top and bottom edges, and the
        // two arms between the corner rows, 1 px inside the left and right edges.
        XCTAssertEqual(pieces.filter(\.solid).map(\.bounds),
                       [PixelRect(x0: 11, y0: 1, x1: 89, y1: 79), PixelRect(x0: 1, y0: 11, x1: 11, y1: 69),
                        PixelRect(x0: 89, y0: 11, x1: 99, y1: 69)])
        XCTAssertEqual(pieces.filter { !$0.solid }.count, 8, "four corner squares and four edge strips")
        XCTAssertEqual(pieces.reduce(0) { $0 + $1.bounds.area }, 100 * 80, "pieces tile the bounds")
    }
}
