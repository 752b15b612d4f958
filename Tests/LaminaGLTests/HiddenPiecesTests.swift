import Foundation
import LaminaCore
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaGL
import LaminaGraph
import LaminaGeometry

/// Pieces hidden under later opaque pieces found and skipped (`RenderOptions.culls`, `occludes`), or every
/// piece drawn in order: the same bytes either way (a GPU with fill rate to spare may switch the search off).
final class HiddenPiecesTests: XCTestCase {
    /// Overlapping opaque and translucent cards, rounded and bordered, some rotated, and the corpus's card
    /// scenes: culled and depth-tested, or every piece drawn in order with blending, byte for byte.
    func testSkippedOrDrawn_giveIdenticalBytes() throws {
        let r = try GLTestSupport.renderer()
        let saved = r.options
        defer { r.options = saved }
        var graphs = [FastPathTests.bigShapes(), TestGraphs.shapes()]
        let scenes = ["combo_card_stack_scale2", "key_opacity_nested", "key_masks_to_bounds_nested_rotated",
                      "key_shadow_color_offset", "combo_fractional_scale2", "key_blend_bytes"]
        for name in scenes {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Scenes/\(name).json")
            graphs.append(try Planner().plan(try SceneDecoder().decode(contentsOf: url)))
        }
        for (i, graph) in graphs.enumerated() {
            r.options.culls = true
            r.options.occludes = true
            let skipped = try r.render(graph)
            r.options.culls = false
            r.options.occludes = false
            let drawn = try r.render(graph)
            XCTAssertEqual(GLTestSupport.compare(skipped, drawn, maxDiff: 0, name: "hidden pieces \(i)"), 0)
        }
    }
}
