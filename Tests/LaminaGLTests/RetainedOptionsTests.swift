import Foundation
import LaminaCore
import LaminaGL
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest

/// The GPU renderer's options can change between frames (`GPURenderer.options`); one that changes the bytes
/// a kept pass draws (a fill and its border drawn as one or not) must not find the pass kept under the other.
final class RetainedOptionsTests: XCTestCase {
    func testChangedOptions_drawTheKeptPassesAgain() throws {
        let scene = try SceneFixture.decode(#"""
            {"format": "lamina-scene/1", "canvas": {"width": 120, "height": 90, "background": "#EEF0F4"},
             "layers": [{"frame": [10.5, 8.25, 90, 70], "opacity": 0.6, "sublayers": [
               {"frame": [0, 0, 60, 44], "backgroundColor": "#3366CC", "cornerRadius": 8.5, "borderWidth": 1.5,
                "borderColor": "#11224480"},
               {"frame": [24.25, 20, 60, 44], "backgroundColor": "#EE8833", "cornerRadius": 8}]}]}
            """#)
        let graph = try Planner().plan(scene)
        let keys = graph.passes.filter { $0.reason == .groupOpacity }.compactMap(\.retainKey)
        XCTAssertEqual(keys.count, 1)
        let renderer = try GPURenderer()
        for _ in 0..<3 { _ = try renderer.render(graph) }
        XCTAssertTrue(keys.allSatisfy(renderer.retains), "the group is kept")
        var apart = RenderOptions.default
        apart.joinsBorders = false
        renderer.options = apart
        XCTAssertFalse(keys.contains(where: renderer.retains), "let go with the old options")
        let drawn = try renderer.render(graph)
        let fresh = try GPURenderer(options: apart).render(graph)
        XCTAssertEqual(try ImageComparison(drawn, fresh).maxDifference, 0)
        let joined = try GPURenderer().render(graph)
        XCTAssertNotEqual(drawn.pixels, joined.pixels, "joining the border changes the bytes")
    }
}
