import Foundation
import LaminaCore
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest

/// A frame loop with a kept plan (`Planner.retained`) on one renderer, as a display draws: while the tree
/// rests its frames reuse the plan, and every frame, at rest or after a change, has the bytes a fresh
/// renderer draws of a fresh plan.
final class RetainedPlanRenderTests: XCTestCase {
    private let json = #"""
        {"format": "lamina-scene/1", "canvas": {"width": 160, "height": 120, "background": "white"}, "layers": [
         {"name": "card", "frame": [10, 10, 70, 50], "backgroundColor": "#1E5BD8", "cornerRadius": 9,
          "borderWidth": 2, "borderColor": "#0B2E70", "shadowOpacity": 0.5, "shadowRadius": 3,
          "sublayers": [{"type": "text", "frame": [6, 6, 58, 20], "string": "Kept", "fontSize": 12,
                         "foregroundColor": "white"}]},
         {"name": "group", "frame": [90, 20, 60, 60], "opacity": 0.6, "backgroundColor": "#D8321E",
          "sublayers": [{"frame": [10, 10, 40, 40], "backgroundColor": "#FFD000", "cornerRadius": 20}]},
         {"type": "shape", "name": "star", "frame": [20, 70, 40, 40], "fillColor": "#22AA44",
          "path": "M20 0 L26 14 L40 14 L29 23 L33 38 L20 29 L7 38 L11 23 L0 14 L14 14 Z"}]}
        """#

    func testFramesAtRestAndAfterAChange_matchAFreshPlanAndRenderer() throws {
        let scene = try SceneFixture.decode(json)
        for backend in Backend.allCases {
            let renderer = try backend.renderer(options: .default)
            var planner = Planner()
            planner.retained = RetainedPlan()
            func frame() throws -> Image { try renderer.render(try planner.plan(scene)) }
            func fresh() throws -> Image {
                try backend.renderer(options: .default).render(try Planner().plan(scene))
            }
            let expected = try fresh()
            for i in 0..<3 {
                XCTAssertEqual(try ImageComparison(try frame(), expected).maxDifference, 0, "\(backend), frame \(i)")
            }
            XCTAssertEqual(planner.retained?.reuses, 2, "\(backend): the tree at rest is planned once")
            let moved = try XCTUnwrap(scene.root.sublayersValue.first)
            moved.position.x += 7
            moved.sublayersValue.first.map { ($0 as? TextLayer)?.stringValue = "Changed" }
            let afterMove = try frame()
            XCTAssertEqual(planner.retained?.reuses, 2, "\(backend): a change is planned")
            XCTAssertEqual(try ImageComparison(afterMove, try fresh()).maxDifference, 0, "\(backend), after the change")
            XCTAssertGreaterThan(try ImageComparison(afterMove, expected).maxDifference, 0, "\(backend): it moved")
            moved.position.x -= 7
            moved.sublayersValue.first.map { ($0 as? TextLayer)?.stringValue = "Kept" }
        }
    }
}
