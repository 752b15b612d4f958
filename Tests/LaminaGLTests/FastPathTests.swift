import Foundation
import LaminaCore
import LaminaImage
import LaminaRaster
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
        for graph in [Self.bigShapes(), TestGraphs.shapes(), Self.smallCards()] {
            r.options.gpuFastPaths = true
            let fast = try r.render(graph)
            r.options.gpuFastPaths = false
            let general = try r.render(graph)
            XCTAssertEqual(GLTestSupport.compare(fast, general, maxDiff: 0, name: "fastpath"), 0)
        }
    }

    /// Texel copies (`TexelBlit`) beyond plain translations: a nearest-filtered store on a 2x canvas (a text
    /// layer's) and a linear-filtered draw of one texel per pixel under a translation are copies with the
    /// general path's bytes (no exact tie here); a half-pixel offset is not a copy.
    func testTexelBlit_scaledNearest_givesTheGeneralBytes() throws {
        var img = Image(width: 12, height: 9)
        for y in 0..<9 { for x in 0..<12 { img.setPixel(x: x, y: y, (UInt8(x * 20), UInt8(y * 25), 90, UInt8(120 + x * 10))) } }
        let image = ImageResource(id: ImageID(0), bitmap: Bitmap(image: img))
        func op(_ rect: CGRect, _ m: Transform3D, min: ContentsFilter, mag: ContentsFilter) -> DrawOp {
            var t = TextureDraw(source: .image(ImageID(0)))
            (t.minFilter, t.magFilter) = (min, mag)
            return DrawOp(shape: .rect(rect), paint: .texture(t), transform: m, bounds: TestGraphs.full(64, 48))
        }
        let cases: [(DrawOp, Bool)] = [
            (op(CGRect(x: 0, y: 0, width: 6, height: 4.5), Transform3D.scale(2, 2).concatenating(.translation(4, 6)),
                min: .nearest, mag: .nearest), true),
            (op(CGRect(x: 0, y: 0, width: 12, height: 9), .translation(30, 3), min: .nearest, mag: .nearest), true),
            (op(CGRect(x: 0, y: 0, width: 12, height: 9), .translation(30, 20), min: .linear, mag: .linear), true),
            (op(CGRect(x: 0, y: 0, width: 6, height: 4.5), Transform3D.scale(2, 2).concatenating(.translation(4, 30)),
                min: .linear, mag: .linear), false),
            (op(CGRect(x: 0, y: 0, width: 6, height: 4.5), Transform3D.scale(2, 2).concatenating(.translation(20.5, 30)),
                min: .nearest, mag: .nearest), false),
        ]
        let (fast, cpu) = try checkCopies(cases, width: 64, height: 48, image: image, name: "texel blit")
        XCTAssertLessThanOrEqual(GLTestSupport.compare(fast, cpu, maxDiff: 1, name: "texel blit against the CPU"), 1)
    }

    /// Asserts which of `cases` (draws of a 12 x 9 image) are texel copies, and that the GPU draws them with
    /// copies as without; returns the GPU's image with copies and the CPU's.
    private func checkCopies(_ cases: [(DrawOp, Bool)], width: Int, height: Int, image: ImageResource,
                             name: String) throws -> (Image, Image) {
        for (k, (draw, copies)) in cases.enumerated() {
            guard case .texture(let t) = draw.paint else { continue }
            XCTAssertEqual(TexelBlit(draw, t, bounds: draw.bounds, textureWidth: 12, textureHeight: 9) != nil, copies, "case \(k)")
        }
        let graph = TestGraphs.canvas(cases.map(\.0), width: width, height: height, images: [image], clear: TestGraphs.white)
        let r = try GLTestSupport.renderer()
        let saved = r.options
        defer { r.options = saved }
        r.options.gpuFastPaths = true
        let fast = try r.render(graph)
        r.options.gpuFastPaths = false
        let general = try r.render(graph)
        XCTAssertEqual(GLTestSupport.compare(fast, general, maxDiff: 0, name: name), 0)
        return (fast, try LaminaRaster.CPURenderer().render(graph))
    }

    /// A copy reads the texels the nearest filter's lattice picks (`TexelLattice`): one texel column stretched
    /// over 200 pixels is a copy, over 300 it is not (the nearest bias moves the last pixel to the next
    /// column); a draw of mixed filters decided nearest for the whole draw (magnified) is a copy. Drawn with
    /// and without copies, the GPU's bytes are the same, and the CPU's.
    func testTexelBlit_readsTheLatticesTexels() throws {
        var img = Image(width: 12, height: 9)
        for y in 0..<9 { for x in 0..<12 { img.setPixel(x: x, y: y, (UInt8(x * 20), UInt8(y * 25), 90, 255)) } }
        let image = ImageResource(id: ImageID(0), bitmap: Bitmap(image: img))
        func op(_ width: Double, y: Double, column: Bool, min: ContentsFilter = .nearest) -> DrawOp {
            var t = TextureDraw(source: .image(ImageID(0)))
            if column { t.sourceRect = CGRect(x: 5.0 / 12, y: 0, width: 1.0 / 12, height: 1) }
            (t.minFilter, t.magFilter) = (min, .nearest)
            return DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: width, height: 9)), paint: .texture(t),
                          transform: .translation(3, y), bounds: TestGraphs.full(320, 64))
        }
        let cases: [(DrawOp, Bool)] = [(op(200, y: 2, column: true), true), (op(300, y: 14, column: true), false),
                                       (op(12, y: 30, column: false, min: .linear), true)]
        let (fast, cpu) = try checkCopies(cases, width: 320, height: 64, image: image, name: "stretched copies")
        XCTAssertEqual(GLTestSupport.compare(fast, cpu, maxDiff: 0, name: "stretched copies against the CPU"), 0)
    }

    /// Small rounded fills, plain and bordered, opaque and translucent, overlapping: cut into five pieces
    /// each (`OpSplitter.Cross.banded`).
    static func smallCards() -> RenderGraph {
        var ops: [DrawOp] = []
        for i in 0..<12 {
            let x = Double((i % 4) * 30 + 4), y = Double((i / 4) * 24 + 3) + 0.25 * Double(i % 3)
            let rect = CGRect(x: x, y: y, width: 44, height: 31)
            let shape = RoundedRect(rect: rect, radius: 5 + Double(i % 3), corners: .all, curve: .circular)
            let bounds = PixelRect(x0: Int(x), y0: Int(y.rounded(.down)), x1: Int(x) + 44, y1: Int(y.rounded(.up)) + 31)
            let fill = PremultipliedColor(r: 0.1 * Double(i % 7), g: 0.4, b: 0.7, a: i % 4 == 3 ? 0.6 : 1)
            ops.append(DrawOp(shape: .roundedRect(shape), paint: .solid(fill), transform: .identity, bounds: bounds))
            if i % 2 == 0 {
                ops.append(DrawOp(shape: .ring(shape, width: 1.5), paint: .solid(TestGraphs.red), transform: .identity,
                                  bounds: bounds))
            }
        }
        return TestGraphs.canvas(ops, width: 160, height: 110, clear: TestGraphs.white)
    }

    /// A small card is five pieces: its rows above and below the horizontal band and the band's two sides
    /// shaded, the band solid; they tile the bounds.
    func testOpSplitter_smallRoundedFill_splitsIntoFivePieces() {
        let op = DrawOp(shape: .roundedRect(RoundedRect(rect: CGRect(x: 0, y: 0, width: 44, height: 30), radius: 5,
                                                corners: .all, curve: .circular)), paint: .solid(TestGraphs.red),
                        transform: .identity, bounds: TestGraphs.full(44, 30))
        let pieces = OpSplitter.pieces(op, bounds: op.bounds) ?? []
        XCTAssertEqual(pieces.filter(\.solid).map(\.bounds), [PixelRect(x0: 1, y0: 6, x1: 43, y1: 24)])
        XCTAssertEqual(pieces.filter { !$0.solid }.count, 4)
        XCTAssertEqual(pieces.reduce(0) { $0 + $1.bounds.area }, 44 * 30, "pieces tile the bounds")
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
