import Foundation
import LaminaCore
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest

/// A timeline on one renderer, as a display draws it: a rasterized layer whose subtree does not change is
/// kept between frames and reused (its shadow's passes with it), one that animates is drawn again, and every
/// frame is the same bytes a fresh renderer draws.
final class TimelineReuseRenderTests: XCTestCase {
    private let json = #"""
        {"format": "lamina-scene/1", "canvas": {"width": 200, "height": 100, "background": "white"}, "layers": [
         {"name": "badge", "frame": [10, 10, 80, 80], "shouldRasterize": true, "backgroundColor": "#1E5BD8",
          "cornerRadius": 16, "shadowOpacity": 0.5, "shadowRadius": 4,
          "sublayers": [{"frame": [20, 20, 40, 40], "backgroundColor": "white", "cornerRadius": 20}],
          "animations": [{"keyPath": "position.x", "fromValue": 50, "toValue": 100, "duration": 1}]},
         {"name": "pulse", "frame": [110, 10, 80, 80], "shouldRasterize": true, "backgroundColor": "#D8321E",
          "sublayers": [{"frame": [20, 20, 40, 40], "backgroundColor": "white",
                         "animations": [{"keyPath": "cornerRadius", "fromValue": 0, "toValue": 20, "duration": 1}]}]}]}
        """#

    func testMovingRasterizedLayer_isReused_andFramesMatchAFreshRenderer() throws {
        let scene = try SceneFixture.decode(json)
        func graph(_ t: Double) throws -> RenderGraph {
            var planner = Planner()
            planner.time = t
            return try planner.plan(scene)
        }
        let (first, second) = (try graph(0), try graph(0.25))
        let badgeKey = { (g: RenderGraph) in g.passes.first { $0.label.contains("badge") && $0.reason == .rasterization }?.retainKey }
        let pulseKey = { (g: RenderGraph) in g.passes.first { $0.label.contains("pulse") && $0.reason == .rasterization }?.retainKey }
        XCTAssertNotNil(badgeKey(first))
        XCTAssertEqual(badgeKey(first), badgeKey(second), "the badge only moves: its bitmap's key stays")
        XCTAssertNotEqual(pulseKey(first), pulseKey(second), "the pulse's sublayer animates: its key changes")
        for backend in Backend.allCases {
            let kept = try backend.renderer(options: .default)
            _ = try kept.render(first)
            XCTAssertTrue(try XCTUnwrap(badgeKey(second).map { kept.retains($0) }), "\(backend) holds the badge")
            XCTAssertFalse(try XCTUnwrap(pulseKey(second).map { kept.retains($0) }), "\(backend) has no pulse of 0.25 s")
            let reused = try kept.render(second)
            let fresh = try backend.renderer(options: .default).render(second)
            XCTAssertEqual(try ImageComparison(reused, fresh).maxDifference, 0, "\(backend)")
        }
    }
}
