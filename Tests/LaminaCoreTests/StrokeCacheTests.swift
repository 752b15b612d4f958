import Foundation
import LaminaTestSupport
import XCTest
@testable import LaminaCore
import LaminaGeometry
import LaminaGraph

/// Stroke outlines kept between plans (`BackingStores.strokes`) are the outlines the stroker makes, and a
/// change to the path, the stroke or the scale makes new ones; filled paths are flattened once across plans
/// (`BackingStores.fills`) the same way.
final class StrokeCacheTests: XCTestCase {
    private func strokeOutlines(width: Double, dash: String = "null", scale: Double = 1) throws -> [Polyline] {
        let json = """
            {"format": "lamina-scene/1", "canvas": {"width": 200, "height": 120, "scale": \(scale)}, "layers": [
              {"type": "shape", "frame": [0, 0, 200, 120], "path": "M 10 60 C 60 -20 140 140 190 60",
               "fillColor": null, "strokeColor": "blue", "lineWidth": \(width), "lineDashPattern": \(dash)}]}
            """
        let graph = try Planner().plan(try SceneDecoder().decode(Data(json.utf8)))
        let ops = graph.passes.flatMap { pass -> [DrawOp] in
            guard case .draw(let ops) = pass.content else { return [] }
            return ops
        }
        guard let op = ops.last, case .path(let shape) = op.shape else {
            XCTFail("no path operation")
            return []
        }
        return shape.polylines
    }

    private func fresh(width: Double, dashes: [Double]? = nil, scale: Double) -> [Polyline] {
        var path = Path()
        path.move(to: CGPoint(x: 10, y: 60))
        path.curve(to: CGPoint(x: 190, y: 60), control1: CGPoint(x: 60, y: -20), control2: CGPoint(x: 140, y: 140))
        let tolerance = PathAccuracy.tolerance(scale: scale)
        // In the layer's space: the operation's transform carries the scale.
        return Stroker.stroke(path, StrokeStyle(width: width, dashes: dashes), tolerance: tolerance)
    }

    func testSecondPlanTakesTheSameOutlines() throws {
        let first = try strokeOutlines(width: 7.25)
        let second = try strokeOutlines(width: 7.25)
        XCTAssertFalse(first.isEmpty)
        XCTAssertTrue(first.map(\.points) == second.map(\.points), "the second plan's outlines differ")
        XCTAssertTrue(first.map(\.points) == fresh(width: 7.25, scale: 1).map(\.points), "not the stroker's own outlines")
    }

    func testAChangedStrokeOrScaleIsStrokedAgain() throws {
        _ = try strokeOutlines(width: 3.5)
        XCTAssertTrue(try strokeOutlines(width: 4.5).map(\.points) == fresh(width: 4.5, scale: 1).map(\.points), "width")
        XCTAssertTrue(try strokeOutlines(width: 3.5, dash: "[6, 3]").map(\.points)
                      == fresh(width: 3.5, dashes: [6, 3], scale: 1).map(\.points), "dashes")
        XCTAssertTrue(try strokeOutlines(width: 3.5, scale: 2).map(\.points) == fresh(width: 3.5, scale: 2).map(\.points), "scale")
        XCTAssertFalse(try strokeOutlines(width: 3.5, scale: 2).map(\.points) == fresh(width: 3.5, scale: 1).map(\.points),
                       "a finer tolerance makes other outlines")
    }

    private func fillPolylines(_ path: String, scale: Double = 1) throws -> [Polyline] {
        let json = """
            {"format": "lamina-scene/1", "canvas": {"width": 200, "height": 120, "scale": \(scale)}, "layers": [
              {"type": "shape", "frame": [0, 0, 200, 120], "path": "\(path)", "fillColor": "red"}]}
            """
        let graph = try Planner().plan(try SceneDecoder().decode(Data(json.utf8)))
        for pass in graph.passes {
            guard case .draw(let ops) = pass.content else { continue }
            for op in ops { if case .path(let shape) = op.shape { return shape.polylines } }
        }
        XCTFail("no path operation")
        return []
    }

    func testAFillIsFlattenedOnceAcrossPlans_andAChangedOneAgain() throws {
        let curve = "M 10 60 C 60 -20 140 140 190 60 Z"
        let first = try fillPolylines(curve), second = try fillPolylines(curve)
        var expected = Path()
        expected.move(to: CGPoint(x: 10, y: 60))
        expected.curve(to: CGPoint(x: 190, y: 60), control1: CGPoint(x: 60, y: -20), control2: CGPoint(x: 140, y: 140))
        expected.closeSubpath()
        XCTAssertTrue(first.map(\.points) == expected.flattened(tolerance: PathAccuracy.tolerance(scale: 1)).map(\.points))
        XCTAssertEqual(first.count, 1)
        let shared = first[0].points.withUnsafeBufferPointer { a in
            second[0].points.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
        }
        XCTAssertTrue(shared, "the second plan flattened the path again")
        let changed = try fillPolylines("M 10 60 C 60 -20 140 140 190 61 Z")
        XCTAssertNotEqual(changed[0].points.last, first[0].points.last, "a moved end point")
        let finer = try fillPolylines(curve, scale: 2)
        XCTAssertGreaterThan(finer[0].points.count, first[0].points.count, "a finer tolerance flattens anew")
    }
}
