import Foundation
import LaminaTestSupport
import XCTest
@testable import LaminaCore
@testable import LaminaGeometry
import LaminaGraph

/// Offscreen passes cut in a layer's own space (a local shadow, a rasterized layer) hold everything the
/// layer draws, and the values the planner hands both renderers are the ones the GPU reads.
final class OffscreenExtentTests: XCTestCase {
    private func plan(_ layers: String, scale: Double = 1) throws -> RenderGraph {
        let json = """
            {"format": "lamina-scene/1", "canvas": {"width": 300, "height": 200, "scale": \(scale)}, "layers": \(layers)}
            """
        return try Planner().plan(try SceneDecoder().decode(Data(json.utf8)))
    }

    private func drawOps(of pass: Pass) -> [DrawOp] {
        guard case .draw(let ops) = pass.content else { return [] }
        return ops
    }

    /// A replicator under perspective (its shadow is blurred in its own space) whose second instance lies
    /// left of its bounds: the shadow pass holds that instance with the blur's reach around it. It used to be
    /// cut at the replicator's bounds, which truncated the shadow and differed between the backends by 11.
    func testLocalShadowPass_holdsReplicatorInstancesOutsideTheBounds() throws {
        let graph = try plan("""
            [{"type": "replicator", "frame": [100, 60, 124, 51], "instanceCount": 2,
              "instanceTransform": [{"translate": [-40, -6, 0]}], "shadowOpacity": 0.5, "shadowRadius": 4,
              "transform": [{"m34": -0.002}, {"rotateDegrees": [10, 0, 1, 0]}],
              "sublayers": [{"frame": [4, 4, 24, 18], "backgroundColor": "red"}]}]
            """)
        let pass = try XCTUnwrap(graph.passes.first { $0.reason == .transformedEffect })
        let ops = drawOps(of: pass)
        XCTAssertEqual(ops.count, 2, "both instances are in the shadow's pass")
        for op in ops {
            // sigma 4 x the layer's scale (about 1): the blur reaches 12 pixels; nothing may sit nearer the edge.
            XCTAssertGreaterThanOrEqual(op.bounds.x0, 12, "\(op.bounds) is cut at the pass's left edge")
            XCTAssertGreaterThanOrEqual(op.bounds.y0, 12)
            XCTAssertLessThanOrEqual(op.bounds.x1, pass.width - 12)
            XCTAssertLessThanOrEqual(op.bounds.y1, pass.height - 12)
        }
    }

    /// A rasterized shape layer whose stroke (width 10, miter joins) reaches past its bounds: the bitmap
    /// holds the stroke, as Core Animation draws a shape unclipped unless masksToBounds.
    func testRasterizedShapeLayer_holdsItsStrokeBeyondTheBounds() throws {
        let graph = try plan("""
            [{"type": "shape", "frame": [50, 50, 60, 40], "shouldRasterize": true, "path": "M0 0 L60 0 L60 40 Z",
              "fillColor": null, "strokeColor": "blue", "lineWidth": 10}]
            """)
        let pass = try XCTUnwrap(graph.passes.first { $0.reason == .rasterization })
        let stroke = try XCTUnwrap(drawOps(of: pass).first)
        XCTAssertGreaterThan(stroke.bounds.x0, 0, "the stroke's outer half is inside the bitmap")
        XCTAssertGreaterThan(stroke.bounds.y0, 0)
        XCTAssertLessThan(stroke.bounds.x1, pass.width)
        XCTAssertLessThan(stroke.bounds.y1, pass.height)
    }

    /// A sublayer of a transform layer that draws nothing does not cut the planes it crosses: no piece
    /// masks, so the coloured plane is drawn directly.
    func testPlaneThatDrawsNothing_cutsNoOtherPlane() throws {
        let graph = try plan("""
            [{"type": "transform", "frame": [50, 50, 90, 60], "sublayers": [
              {"frame": [0, 0, 90, 60]},
              {"frame": [0, 0, 90, 60], "backgroundColor": [0.2, 0.8, 0.2, 0.7],
               "transform": [{"rotateDegrees": [20, 0, 1, 0]}, {"rotateDegrees": [-15, 1, 0, 0]}]}]}]
            """)
        XCTAssertFalse(graph.passes.contains { $0.reason == .maskedContent || $0.reason == .clipShape },
                       graph.outline)
        XCTAssertEqual(graph.passes.count, 1)
    }

    /// Nor does a flat sibling whose shadow has no shape (no shadowPath, nothing drawn), nor one of opacity
    /// 0; one with a shadowPath does (random scene 1233 of seed 2037: the empty layer cut a tilted group in
    /// two, and each piece took a rounding of its own).
    func testShadowOfNothing_cutsNoOtherPlane() throws {
        func graph(_ flat: String) throws -> RenderGraph {
            try plan("""
                [\(flat),
                 {"frame": [0, 0, 120, 70], "backgroundColor": [0.9, 0.8, 0.5, 0.6], "opacity": 0.75,
                  "transform": [{"m34": -0.002}, {"rotateDegrees": [36, 0, 1, 0]}]}]
                """)
        }
        let cut = { (g: RenderGraph) in g.passes.contains { $0.reason == .clipShape } }
        XCTAssertFalse(cut(try graph(#"{"frame": [50, 0, 100, 40], "shadowOpacity": 0.3}"#)))
        XCTAssertFalse(cut(try graph(#"{"frame": [50, 0, 100, 40], "opacity": 0, "backgroundColor": "red"}"#)))
        XCTAssertTrue(cut(try graph(#"{"frame": [50, 0, 100, 40], "shadowOpacity": 0.3, "shadowPath": {"rect": [0, 0, 100, 40]}}"#)))
    }

    /// Colours and opacities are held at float precision: 0.7 x 255 is the tie 178.5 in double but
    /// 178.499997 in float, and the GPU reads the float.
    func testColoursAndOpacities_areHeldAtFloatPrecision() {
        let c = Color(red: 0.475, green: 0.765, blue: 0.325, alpha: 0.7).premultiplied
        XCTAssertEqual(c.a, Double(Float(0.7)))
        XCTAssertEqual(c.g, Double(Float(0.765 * 0.7)))
        XCTAssertLessThan(c.a * 255, 178.5)
        let draw = TextureDraw(source: .pass(PassID(1)), opacity: 0.7)
        XCTAssertEqual(draw.opacity, Double(Float(0.7)))
        let faded = DrawOp(shape: .rect(.zero), paint: .texture(draw), transform: .identity, bounds: PixelRect(x0: 0, y0: 0, x1: 1, y1: 1))
            .scalingAlpha(by: 0.3)
        guard case .texture(let t) = faded.paint else { return XCTFail("a texture draw") }
        XCTAssertEqual(t.opacity, Double(Float(Double(Float(0.7)) * 0.3)))
    }
}
