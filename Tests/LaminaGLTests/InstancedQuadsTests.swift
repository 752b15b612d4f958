import Foundation
import LaminaCore
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaGL
import LaminaGraph

/// Quads drawn as instances (`RasterTuning.instanced`, a GPU's choice) give the bytes of quads drawn as four
/// vertices each: run here on llvmpipe with the general tuning both ways, on test graphs and corpus scenes
/// that draw every kind of quad (fills, borders, textures, masks, gradients, paths, shadows, text).
final class InstancedQuadsTests: XCTestCase {
    func testChoice_instancedOnGPUsOnly_unlessTheOptionSaysNot() {
        XCTAssertTrue(RasterTuning.choose(renderer: "NVIDIA H200/PCIe/SSE2", extensions: []).instanced)
        XCTAssertFalse(RasterTuning.choose(renderer: "llvmpipe (LLVM 15.0.6, 256 bits)", extensions: []).instanced)
        var options = RenderOptions()
        options.instancedQuads = false
        XCTAssertFalse(RasterTuning.choose(renderer: "NVIDIA H200/PCIe/SSE2", extensions: [], options: options).instanced)
    }

    func testInstancedAndVertexQuads_giveIdenticalBytes() throws {
        var instanced = RasterTuning.general
        instanced.instanced = true
        let a = try GPURenderer(platform: nil, tuning: instanced)
        let b = try GPURenderer(platform: nil, tuning: .general)
        XCTAssertEqual(a.tuning?.instanced, true)
        XCTAssertEqual(b.tuning?.instanced, false)
        var graphs = [FastPathTests.bigShapes(), TestGraphs.shapes()]
        let scenes = ["combo_card_stack_scale2", "key_drawing_path_clips", "key_gradient_types_and_shapes",
                      "combo_text_card_shadow_attributed", "key_mask_rounded_rect_clip", "key_shadow_paths_pyramid",
                      "key_minification_filters", "key_blend_bytes"]
        for name in scenes {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Scenes/\(name).json")
            graphs.append(try Planner().plan(try SceneDecoder().decode(contentsOf: url)))
        }
        for (i, graph) in graphs.enumerated() {
            let x = try a.render(graph), y = try b.render(graph)
            XCTAssertEqual(GLTestSupport.compare(x, y, maxDiff: 0, name: "instanced \(i)"), 0)
        }
    }
}
