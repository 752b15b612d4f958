import Foundation
import LaminaTestSupport
import XCTest
@testable import LaminaCore
@testable import LaminaGeometry
import LaminaGraph

/// CAGradientLayer's paint: the parameter of each type, straight-colour interpolation, flat ends, and what
/// the planner draws (or not) for a gradient layer.
final class GradientPaintTests: XCTestCase {
    private let redBlue = [GradientPaint.Stop(location: 0, color: .red), .init(location: 1, color: .blue)]

    func testAxialParameter_projectsOnTheAxis() throws {
        let g = GradientPaint(kind: .axial, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 100, y: 100), stops: redBlue)
        XCTAssertEqual(try XCTUnwrap(g.parameter(x: 50, y: 50)), 0.5, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(g.parameter(x: 100, y: 0)), 0.5, accuracy: 1e-12, "isolines are perpendicular")
        XCTAssertEqual(g.color(at: -3), SIMD4(1, 0, 0, 1), "the start colour extends flat")
        XCTAssertEqual(g.color(at: 7), SIMD4(0, 0, 1, 1), "and the end colour")
        XCTAssertNil(GradientPaint(kind: .axial, start: .zero, end: .zero, stops: redBlue).parameter(x: 1, y: 1))
    }

    func testRadialParameter_isTheEllipticalDistance() throws {
        let g = GradientPaint(kind: .radial, start: CGPoint(x: 50, y: 20), end: CGPoint(x: 100, y: 40), stops: redBlue)
        XCTAssertEqual(try XCTUnwrap(g.parameter(x: 100, y: 20)), 1, accuracy: 1e-12, "radius 50 across")
        XCTAssertEqual(try XCTUnwrap(g.parameter(x: 50, y: 30)), 0.5, accuracy: 1e-12, "radius 20 down")
        XCTAssertNil(GradientPaint(kind: .radial, start: CGPoint(x: 50, y: 0), end: CGPoint(x: 50, y: 40),
                                   stops: redBlue).parameter(x: 1, y: 1), "a zero radius draws nothing")
    }

    func testConicParameter_turnsFromTheAxisTowardPlusY() throws {
        let g = GradientPaint(kind: .conic, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 10, y: 0), stops: redBlue)
        XCTAssertEqual(try XCTUnwrap(g.parameter(x: 5, y: 0)), 0)
        XCTAssertEqual(try XCTUnwrap(g.parameter(x: 0, y: 5)), 0.25, accuracy: 1e-12, "+y is a quarter turn")
        XCTAssertEqual(try XCTUnwrap(g.parameter(x: -5, y: 0)), 0.5, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(g.parameter(x: 5, y: -1e-9)), 0, "just short of a full turn counts as 0 (the seam)")
        XCTAssertEqual(try XCTUnwrap(g.parameter(x: 5, y: -1)), 1 - atan(0.2) / (2 * .pi), accuracy: 1e-12)
    }

    /// Clear (0, 0, 0, 0) to white interpolates straight colours: halfway is grey at half alpha, which is a
    /// premultiplied (0.25, 0.25, 0.25, 0.5), not a premultiplied interpolation's (0.5, 0.5, 0.5, 0.5).
    func testInterpolation_isOnStraightColours() {
        let g = GradientPaint(kind: .axial, start: .zero, end: CGPoint(x: 1, y: 0),
                              stops: [.init(location: 0, color: .clear), .init(location: 1, color: .white)], opacity: 0.5)
        let c = g.color(at: 0.5)
        XCTAssertEqual(c.w, 0.25, accuracy: 1e-12, "alpha 0.5 times opacity 0.5")
        XCTAssertEqual(c.x, 0.125, accuracy: 1e-12)
    }

    func testStops_pickThePairAroundT_andEqualLocationsMakeAHardEdge() {
        let g = GradientPaint(kind: .axial, start: .zero, end: CGPoint(x: 1, y: 0), stops: [
            .init(location: 0, color: .red), .init(location: 0.5, color: .red), .init(location: 0.5, color: .blue),
            .init(location: 1, color: .green)])
        XCTAssertEqual(g.color(at: 0.5), SIMD4(1, 0, 0, 1))
        XCTAssertEqual(g.color(at: 0.5000001).z, 1, accuracy: 1e-5)
        XCTAssertEqual(g.color(at: 0.75), SIMD4(0, 0.5, 0.5, 1))
    }

    private func canvasOps(_ layer: String) throws -> [DrawOp] {
        let json = "{\"format\": \"lamina-scene/1\", \"canvas\": {\"width\": 200, \"height\": 100}, \"layers\": [\(layer)]}"
        let graph = try Planner().plan(try SceneDecoder().decode(Data(json.utf8)))
        guard case .draw(let ops)? = graph.passes.last?.content else { return [] }
        return ops
    }

    func testPlanner_drawsTheGradientOverTheBackground_inLocalPoints() throws {
        let ops = try canvasOps("""
            {"type": "gradient", "frame": [10, 20, 100, 50], "backgroundColor": "black", "colors": ["red", "blue"],
             "startPoint": [0, 0], "endPoint": [1, 0.5], "sublayers": [{"frame": [0, 0, 5, 5], "backgroundColor": "red"}]}
            """)
        XCTAssertEqual(ops.count, 3)
        guard case .solid? = ops.first?.paint, case .gradient(let g) = ops[1].paint else { return XCTFail("\(ops.map(\.paint))") }
        XCTAssertEqual(g.start, CGPoint(x: 0, y: 0))
        XCTAssertEqual(g.end, CGPoint(x: 100, y: 25))
        let faded = try canvasOps("{\"type\": \"gradient\", \"frame\": [10, 20, 100, 50], \"opacity\": 0.5, \"colors\": [\"red\", \"blue\"]}")
        guard case .gradient(let f)? = faded.first?.paint else { return XCTFail("\(faded.map(\.paint))") }
        XCTAssertEqual(f.opacity, 0.5, "a single draw takes the layer's opacity")
    }

    func testPlanner_drawsNothing_forOneColourOrTheDefaultRadialPoints() throws {
        XCTAssertEqual(try canvasOps("{\"type\": \"gradient\", \"frame\": [0, 0, 50, 50], \"colors\": [\"red\"]}").count, 0)
        XCTAssertEqual(try canvasOps("{\"type\": \"gradient\", \"frame\": [0, 0, 50, 50], \"gradientType\": \"radial\", \"colors\": [\"red\", \"blue\"]}").count, 0)
        assertLayerError("{\"type\": \"gradient\", \"colors\": [\(Array(repeating: "\"red\"", count: 257).joined(separator: ","))]}",
                         pointer: "/layers/0/colors", "at most 256")
    }
}
