import Foundation
import LaminaCore
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaGL
import LaminaGraph
import LaminaGeometry

/// Hidden pieces (under later opaque pieces) found and skipped on a software rasterizer, drawn as they come on
/// a GPU (`RasterTuning.skipsHiddenPieces`): the choice by driver, and the same bytes either way.
final class HiddenPiecesTests: XCTestCase {
    func testChoice_skipsOnSoftwareRasterizers_only() {
        let extensions: Set<String> = ["GL_EXT_texture_format_BGRA8888", "GL_EXT_read_format_bgra"]
        for renderer in ["llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Mesa swrast"] {
            XCTAssertTrue(RasterTuning.choose(renderer: renderer, extensions: extensions).skipsHiddenPieces, renderer)
        }
        for renderer in ["NVIDIA H100 80GB HBM3/PCIe/SSE2", "NVIDIA H200/PCIe/SSE2", "AMD Radeon RX 7900 XTX", "Mali-G78"] {
            XCTAssertFalse(RasterTuning.choose(renderer: renderer, extensions: extensions).skipsHiddenPieces, renderer)
        }
    }

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
        XCTAssertTrue(r.skipsHiddenPieces, "llvmpipe finds hidden pieces")
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
