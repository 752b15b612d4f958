import Foundation
import LaminaCore
import LaminaFixtures
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaRaster

/// The CPU renderer splits every kind of work across its threads (path coverage, paints, stores, blurs,
/// masks, group passes): the bytes are the same for any thread count. Band boundaries and the chunks of
/// the path coverage and blur loops fall elsewhere with 1, 2 and 7 threads, on every family.
final class ThreadCountBytesTests: XCTestCase {
    private let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenes", isDirectory: true)

    func testOneTwoAndSevenThreadsDrawTheSameBytes() throws {
        var scenes: [(String, Scene)] = []
        for name in ["key_shape_fill_stroke_dash", "book_text_layer_plain", "key_gradient_types_and_shapes",
                     "fig6_08_replicator_ring", "key_shadow_radius_large", "combo_shadow_mask_group_nested",
                     "fig4_21_button_group_opacity", "key_drawing_path_clips", "combo_perspective_replicator_shadow"] {
            scenes.append((name, try SceneDecoder().decode(contentsOf: corpus.appendingPathComponent(name + ".json"))))
        }
        for i in 0..<3 {
            let json = RandomScene(maxShadowSigma: 8).json(seed: 77, index: i)
            scenes.append(("random-77-\(i)", try SceneDecoder().decode(Data(json.utf8))))
        }
        for (name, scene) in scenes {
            let graph = try Planner().plan(scene)
            let one = try CPURenderer(threads: 1).render(graph)
            for threads in [2, 7] {
                let image = try CPURenderer(threads: threads).render(graph)
                let cmp = try ImageComparison(image, one)
                XCTAssertEqual(cmp.maxDifference, 0, "\(name) on \(threads) threads: \(cmp.differingPixels) pixels differ")
            }
        }
    }
}
