import Foundation
import LaminaGeometry
import LaminaGraph
import LaminaImage
import LaminaRaster
import LaminaTestSupport
@testable import LaminaCore
import XCTest

/// A mask that is one opaque rounded rect clips the content (`clippedByShapeMask`) where that is exact, and
/// draws what the mask passes draw, within one step at the mask's edge.
final class MaskClipTests: XCTestCase {
    private func card(_ frame: CGRect, radius: Double = 12, border: Double = 0) -> Layer {
        let l = layer(frame, Color(red: 0.2, green: 0.5, blue: 0.8, alpha: 1))
        l.cornerRadius = radius
        if border > 0 { l.borderWidth = border; l.borderColor = .black }
        return l
    }

    private func mask(_ frame: CGRect, radius: Double, _ color: Color = .white) -> Layer {
        let m = layer(frame, color)
        m.cornerRadius = radius
        return m
    }

    private func plan(_ build: (Layer) -> Void) throws -> RenderGraph {
        try Planner().plan(makeScene(width: 200, height: 150, background: .white, build))
    }

    private func canvasOps(_ g: RenderGraph) -> [DrawOp] {
        guard case .draw(let ops)? = g.output?.content else { return [] }
        return ops
    }

    func testAnOpaqueRoundedRectMaskClipsTheCardAndDropsTheBorderOutsideIt() throws {
        let g = try plan { root in
            let c = card(CGRect(x: 10, y: 10, width: 120, height: 90), border: 3)
            c.mask = mask(CGRect(x: 6, y: 6, width: 108, height: 78), radius: 39)
            root.addSublayer(c)
        }
        XCTAssertEqual(g.passes.map(\.reason), [.canvas])
        let ops = canvasOps(g)
        XCTAssertEqual(ops.count, 1, "the border lies outside the mask")
        // The fill covers the whole mask wholly: the mask's shape in the fill's colour, without a clip.
        XCTAssertEqual(ops.first?.clips.count, 0)
        guard case .roundedRect(let shape)? = ops.first?.shape else { return XCTFail("expected a fill") }
        XCTAssertEqual(shape.maxRadius, 39)
    }

    /// A mask reaching past the fill's wholly covered interior keeps the clip.
    func testAMaskOverTheFillsEdgeStaysAClip() throws {
        let g = try plan { root in
            let c = card(CGRect(x: 10, y: 10, width: 120, height: 90), radius: 20)
            c.mask = mask(CGRect(x: -5, y: 10, width: 80, height: 60), radius: 12)
            root.addSublayer(c)
        }
        XCTAssertEqual(g.passes.map(\.reason), [.canvas])
        XCTAssertEqual(canvasOps(g).map(\.clips.count), [1])
    }

    /// The fill drawn as the mask's shape is the clipped fill's bytes, on the CPU.
    func testTheMaskShapedFillDrawsTheClippedBytes() throws {
        let scene = makeScene(width: 160, height: 120, background: .white) { root in
            let c = card(CGRect(x: 10.3, y: 8.6, width: 130, height: 95), radius: 16)
            c.mask = mask(CGRect(x: 7.2, y: 6.1, width: 110, height: 80), radius: 30)
            root.addSublayer(c)
        }
        let graph = try Planner().plan(scene)
        guard case .draw(let ops)? = graph.output?.content, let op = ops.first, ops.count == 1, op.clips.isEmpty,
              case .roundedRect(let maskShape) = op.shape else { return XCTFail("expected the mask-shaped fill") }
        // The same draw the other way: the card's own shape, clipped by the mask's.
        let cardShape = RoundedRect(rect: CGRect(x: 0, y: 0, width: 130, height: 95), radius: 16, corners: .all, curve: .circular)
        let clipped = DrawOp(shape: .roundedRect(cardShape), paint: op.paint, transform: .translation(10.3, 8.6, 0),
                             clips: [Clip(shape: maskShape, transform: op.transform, edgeAA: op.edgeAA)], bounds: op.bounds)
        var other = graph
        other.passes[other.passes.count - 1].content = .draw([clipped])
        let a = try CPURenderer(threads: 1).render(graph), b = try CPURenderer(threads: 1).render(other)
        XCTAssertEqual(try ImageComparison(a, b).maxDifference, 0)
        XCTAssertGreaterThan(a.pixels.count, 0)
    }

    func testMasksThatAreNotOneOpaqueRoundedRectKeepThePasses() throws {
        let translucent = try plan { root in
            let c = card(CGRect(x: 10, y: 10, width: 120, height: 90))
            c.mask = mask(CGRect(x: 6, y: 6, width: 108, height: 78), radius: 20, Color(red: 1, green: 1, blue: 1, alpha: 0.99))
            root.addSublayer(c)
        }
        XCTAssertEqual(translucent.passes.map(\.reason), [.maskedContent, .maskAlpha, .canvas])
        let bordered = try plan { root in
            let c = card(CGRect(x: 10, y: 10, width: 120, height: 90))
            let m = mask(CGRect(x: 6, y: 6, width: 108, height: 78), radius: 20)
            m.borderWidth = 2
            m.borderColor = .black
            c.mask = m
            root.addSublayer(c)
        }
        XCTAssertEqual(bordered.passes.map(\.reason), [.maskedContent, .maskAlpha, .canvas])
    }

    /// Two draws overlapping where the mask is fractional would each be clipped: not exact, so passes. A
    /// sublayer wholly inside the mask's interior does not reach its edge: a clip.
    func testOverlapAtTheMasksEdgeDecides() throws {
        let crossing = try plan { root in
            let c = card(CGRect(x: 10, y: 10, width: 120, height: 90))
            c.addSublayer(layer(CGRect(x: -5, y: 30, width: 130, height: 20), .red))
            c.mask = mask(CGRect(x: 6, y: 6, width: 108, height: 78), radius: 20)
            root.addSublayer(c)
        }
        XCTAssertEqual(crossing.passes.map(\.reason), [.maskedContent, .maskAlpha, .canvas])
        let inside = try plan { root in
            let c = card(CGRect(x: 10, y: 10, width: 120, height: 90))
            c.addSublayer(layer(CGRect(x: 40, y: 30, width: 40, height: 20), .red))
            c.mask = mask(CGRect(x: 6, y: 6, width: 108, height: 78), radius: 20)
            root.addSublayer(c)
        }
        XCTAssertEqual(inside.passes.map(\.reason), [.canvas])
        XCTAssertEqual(canvasOps(inside).map(\.clips.count), [0, 1], "the card as the mask's shape; the sublayer clipped")
    }

    /// The clip against the passes it replaces, on the CPU: opaque content differs only where the mask is
    /// fractional, and by one step at most (one rounding instead of three).
    func testTheClipDrawsThePassesBytesWithinOneStepAtTheEdge() throws {
        for (radius, offset) in [(30.0, 0.0), (12.5, 0.3), (0.0, 0.5)] {
            let builder = GraphBuilder()
            let canvas = PixelRect(x0: 0, y0: 0, x1: 160, y1: 120)
            let shape = RoundedRect(rect: CGRect(x: 0, y: 0, width: 120, height: 90), radius: 10, corners: .all, curve: .circular)
            let content = [DrawOp(shape: .roundedRect(shape), paint: .solid(Color(red: 0.7, green: 0.2, blue: 0.3, alpha: 1).premultiplied),
                                  transform: .translation(20 + offset, 15, 0), bounds: PixelRect(x0: 20, y0: 15, x1: 141, y1: 106))]
            let maskShape = RoundedRect(rect: CGRect(x: 5, y: 5, width: 110, height: 80), radius: radius, corners: .all, curve: .circular)
            let maskOps = [DrawOp(shape: .roundedRect(maskShape), paint: .solid(Color.white.premultiplied),
                                  transform: .translation(20 + offset, 15, 0), bounds: PixelRect(x0: 25, y0: 20, x1: 136, y1: 101))]
            let clipped = try XCTUnwrap(builder.clippedByShapeMask(content, maskOps: maskOps))
            let context = GraphBuilder.Context(interest: canvas, flipped: false, label: "", pointer: "")
            let viaPasses = builder.masked(content, byOps: maskOps, reason: .maskAlpha, context: context)
            func render(_ ops: [DrawOp], _ passes: [Pass]) throws -> Image {
                let out = Pass(id: builder.newPassID(), reason: .canvas, label: "canvas", width: 160, height: 120, content: .draw(ops))
                let graph = RenderGraph(width: 160, height: 120, scale: 1, clearColor: Color.white.premultiplied,
                                        passes: passes + [out], images: [])
                return try CPURenderer(threads: 1).render(graph)
            }
            let a = try render(clipped, []), b = try render(viaPasses, builder.passes)
            let cmp = try ImageComparison(a, b)
            XCTAssertLessThanOrEqual(cmp.maxDifference, 1, "radius \(radius)")
            // Every differing pixel lies on the mask's outline (fractional coverage), none inside or outside.
            let inner = PixelRect(x0: 27 + Int(radius * 0.3) + 1, y0: 22 + Int(radius * 0.3) + 1,
                                  x1: 133 - Int(radius * 0.3) - 1, y1: 98 - Int(radius * 0.3) - 1)
            for y in 0..<120 {
                for x in 0..<160 where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
                    let inside = x >= inner.x0 && x < inner.x1 && y >= inner.y0 && y < inner.y1
                    let outside = x < 24 || x >= 137 || y < 19 || y >= 102
                    XCTAssertFalse(inside || outside, "pixel (\(x), \(y)) moved away from the mask's edge")
                }
            }
        }
    }
}
