import Foundation
import LaminaTestSupport
import XCTest
@testable import LaminaCore
@testable import LaminaGeometry
import LaminaGraph

/// CAReplicatorLayer in the planner: instance k under M^k about the bounds centre, modulated by
/// clamp01(instanceColor + k * offset) premultiplied, the replicator's own body drawn once.
final class ReplicatorPlanTests: XCTestCase {
    private func canvasOps(_ layers: String, limits: ResourceLimits = .default) throws -> [DrawOp] {
        let json = "{\"format\": \"lamina-scene/1\", \"canvas\": {\"width\": 300, \"height\": 200}, \"layers\": \(layers)}"
        let graph = try Planner(limits: limits).plan(try SceneDecoder().decode(Data(json.utf8)))
        guard case .draw(let ops)? = graph.passes.last?.content else { return [] }
        return ops
    }

    func testInstances_moveByThePowersOfTheTransform_andTakeTheirColours() throws {
        let ops = try canvasOps("""
            [{"type": "replicator", "frame": [0, 0, 100, 50], "backgroundColor": "black", "instanceCount": 3,
              "instanceTransform": [{"translate": [40, 0, 0]}], "instanceColor": [1, 1, 1, 0.9],
              "instanceRedOffset": -0.5, "instanceAlphaOffset": -0.2,
              "sublayers": [{"frame": [10, 10, 20, 20], "backgroundColor": "white"}]}]
            """)
        XCTAssertEqual(ops.count, 4, "the background once, then three instances")
        XCTAssertNil(ops[0].modulate, "the replicator's own background is not an instance")
        XCTAssertEqual(ops[1...].map(\.transform.m41), [10, 50, 90])
        let expected: [(Double, Double)] = [(1, 0.9), (0.5, 0.7), (0, 0.5)]   // (red, alpha), straight
        for (op, (red, alpha)) in zip(ops[1...], expected) {
            let m = try XCTUnwrap(op.modulate)
            XCTAssertEqual(m.a, alpha, accuracy: 1e-7, "held at float precision")
            XCTAssertEqual(m.r, red * alpha, accuracy: 1e-7, "premultiplied")
            XCTAssertEqual(m.g, alpha, accuracy: 1e-7)
        }
    }

    /// The transform is taken about the replicator's bounds centre: a half turn maps the sublayer onto
    /// the point mirrored through the centre.
    func testInstanceTransform_pivotsOnTheBoundsCentre() throws {
        let ops = try canvasOps("""
            [{"type": "replicator", "frame": [50, 20, 100, 60], "instanceCount": 2,
              "instanceTransform": [{"rotateDegrees": [180, 0, 0, 1]}],
              "sublayers": [{"frame": [0, 0, 10, 10], "backgroundColor": "red"}]}]
            """)
        XCTAssertEqual(ops.count, 2)
        XCTAssertEqual(ops[1].bounds.x0, 139, "x 140...150 on the canvas, with a pixel of margin")
        XCTAssertEqual(ops[1].bounds.y0, 69)
        XCTAssertNil(ops[1].modulate, "white with no offsets modulates nothing")
    }

    func testZeroCount_andFullyTransparentInstances_drawNothing() throws {
        let none = try canvasOps("""
            [{"type": "replicator", "frame": [0, 0, 100, 50], "instanceCount": 0, "borderWidth": 2, "borderColor": "blue",
              "sublayers": [{"frame": [10, 10, 20, 20], "backgroundColor": "white"}]}]
            """)
        XCTAssertEqual(none.count, 1, "only the replicator's border")
        let faded = try canvasOps("""
            [{"type": "replicator", "frame": [0, 0, 100, 50], "instanceCount": 5, "instanceAlphaOffset": -0.5,
              "sublayers": [{"frame": [10, 10, 20, 20], "backgroundColor": "white"}]}]
            """)
        XCTAssertEqual(faded.count, 2, "instances 2, 3 and 4 have alpha 0")
    }

    /// Instances multiply subtrees, so they are charged to the scene's operation limit; an overflowing
    /// instance transform stops the instances instead of reaching a renderer as infinities.
    func testManyInstances_areBounded() throws {
        let limits = ResourceLimits(maxMemoryBytes: 1 << 30, maxPassSide: 16384, maxPathSegments: 1000,
                                    maxReplicatedOperations: 500)
        XCTAssertThrowsError(try canvasOps("""
            [{"frame": [0, 0, 5, 5]}, {"type": "replicator", "instanceCount": 1000,
              "sublayers": [{"frame": [10, 10, 20, 20], "backgroundColor": "white"}]}]
            """, limits: limits)) { error in
            XCTAssertEqual((error as? PlanError)?.pointer, "/layers/1")
            XCTAssertTrue("\(error)".contains("over 500 draw operations"), "\(error)")
        }
        // Instances of nothing count too: each is charged as one operation at least.
        XCTAssertThrowsError(try canvasOps("""
            [{"frame": [0, 0, 5, 5]}, {"type": "replicator", "instanceCount": 1000}]
            """, limits: limits)) { error in
            XCTAssertEqual((error as? PlanError)?.pointer, "/layers/1")
            XCTAssertTrue("\(error)".contains("over 500 draw operations"), "\(error)")
        }
        let ops = try canvasOps("""
            [{"type": "replicator", "instanceCount": 100, "instanceTransform": [{"scale": [1e7, 1e7, 1]}],
              "sublayers": [{"frame": [0, 0, 20, 20], "backgroundColor": "white"}]}]
            """)
        XCTAssertLessThan(ops.count, 100)
        for op in ops { XCTAssertTrue(op.transform.isFinite) }
    }

    /// Instances of a shadowed card share everything that does not depend on the instance: 100 instances
    /// moved by whole points make one proxy in the shadow atlas, so they cost what 100 cards do.
    func testInstancesOfAShadowedCard_shareOneAtlasProxy() throws {
        let json = """
            {"format": "lamina-scene/1", "canvas": {"width": 800, "height": 100}, "layers": [
             {"type": "replicator", "frame": [0, 0, 800, 100], "instanceCount": 100, "instanceTransform": [{"translate": [7, 0, 0]}],
              "instanceAlphaOffset": -0.005,
              "sublayers": [{"frame": [5, 20, 40, 40], "backgroundColor": "white", "cornerRadius": 8,
                             "shadowOpacity": 0.5, "shadowRadius": 3}]}]}
            """
        let graph = try Planner().plan(try SceneDecoder().decode(Data(json.utf8)))
        XCTAssertEqual(graph.passes.map(\.reason), [.shadowShape, .shadowBlur, .canvas])
        XCTAssertEqual(graph.passes.first?.label, "shadow atlas: 1 shapes for 100 shadows")
    }

    /// Modulating in place (`[DrawOp].modulate(from:by:)`): the ops before `start` untouched, each later op's
    /// modulation multiplied by the colour, those left without alpha removed, the rest in their order.
    func testModulateInPlace_keepsTheOrder_andDropsTheTransparent() {
        func op(_ x: Double, _ modulate: PremultipliedColor?) -> DrawOp {
            var op = DrawOp(shape: .roundedRect(RoundedRect(rect: CGRect(x: 0, y: 0, width: 4, height: 4))),
                            paint: .solid(PremultipliedColor(r: 1, g: 1, b: 1, a: 1)),
                            transform: Transform3D.translation(x, 0),
                            bounds: PixelRect(x0: 0, y0: 0, x1: 4, y1: 4))
            op.modulate = modulate
            return op
        }
        let half = PremultipliedColor(r: 0.5, g: 0.5, b: 0.5, a: 0.5)
        let clear = PremultipliedColor(r: 0, g: 0, b: 0, a: 0)
        var ops = [op(0, nil), op(1, clear), op(2, nil), op(3, clear), op(4, half), op(5, nil)]
        ops.modulate(from: 2, by: PremultipliedColor(r: 0.25, g: 0.5, b: 0.75, a: 0.5))
        XCTAssertEqual(ops.map(\.transform.m41), [0, 1, 2, 4, 5], "op 3 had no alpha left; the order is kept")
        XCTAssertNil(ops[0].modulate, "before `start`: untouched")
        XCTAssertEqual(ops[1].modulate, clear, "before `start`: untouched, even without alpha")
        XCTAssertEqual(ops[2].modulate, PremultipliedColor(r: 0.25, g: 0.5, b: 0.75, a: 0.5))
        XCTAssertEqual(ops[3].modulate, PremultipliedColor(r: 0.125, g: 0.25, b: 0.375, a: 0.25))
    }

    /// Two sublayers per instance, an instance dropped for its alpha: the others keep instance order, and
    /// within an instance the sublayers' order.
    func testInstancesOfTwoSublayers_keepTheirOrder() throws {
        let ops = try canvasOps("""
            [{"type": "replicator", "frame": [0, 0, 100, 50], "instanceCount": 4, "instanceAlphaOffset": -0.4,
              "instanceTransform": [{"translate": [50, 0, 0]}],
              "sublayers": [{"frame": [10, 10, 20, 20], "backgroundColor": "white"},
                            {"frame": [15, 20, 20, 20], "backgroundColor": "red"}]}]
            """)
        XCTAssertEqual(ops.map(\.transform.m41), [10, 15, 60, 65, 110, 115], "instance 3 has alpha 0")
        for (op, alpha) in zip(ops, [1, 1, 0.6, 0.6, 0.2, 0.2]) {
            XCTAssertEqual(op.modulate?.a ?? 1, alpha, accuracy: 1e-6, "each instance's alpha on both of its sublayers")
        }
    }
}
