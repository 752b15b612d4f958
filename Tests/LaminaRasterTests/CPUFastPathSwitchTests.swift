import Foundation
import LaminaCore
import LaminaFixtures
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaRaster

/// Each CPU fast path alone draws the reference's bytes (every fast path off), on the corpus scenes that
/// exercise them and on random app-like scenes: a fast path that changed a byte would show here with its
/// name, whatever the others do. Every path together is checked too.
final class CPUFastPathSwitchTests: XCTestCase {
    /// `Tests/Scenes`, from this file's path (Tests/LaminaRasterTests/ -> ../Scenes).
    private let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenes", isDirectory: true)

    private var scenes: [(String, Scene)] {
        get throws {
            var out: [(String, Scene)] = []
            for name in ["book_text_layer_plain", "combo_card_stack_scale2", "key_continuous_corner_contents",
                         "combo_rotated_contents_filters", "combo_drawing_shadow_mask", "key_gradient_types_and_shapes",
                         "fig6_07_gradient_locations"] {
                let file = corpus.appendingPathComponent(name + ".json")
                out.append((name, try SceneDecoder().decode(contentsOf: file)))
            }
            for i in 0..<4 {
                let json = RandomScene(maxShadowSigma: 6).json(seed: 41, index: i)
                out.append(("random-41-\(i)", try SceneDecoder().decode(Data(json.utf8))))
            }
            return out
        }
    }

    func testEachFastPathAlone_andAllTogether_drawTheReferenceBytes() throws {
        let list = try scenes
        let variants = CPUFastPaths.named.map { ($0.name, $0.path) } + [("ALL", CPUFastPaths.all)]
        for (name, scene) in list {
            let graph = try Planner().plan(scene)
            let reference = try CPURenderer(paths: []).render(graph)
            for (pathName, paths) in variants {
                let image = try CPURenderer(paths: paths).render(graph)
                let cmp = try ImageComparison(image, reference)
                XCTAssertEqual(cmp.maxDifference, 0, "\(name) with \(pathName) alone: \(cmp.differingPixels) pixels differ")
            }
        }
    }

    func testOptionsSwitchEachPathAndAllAtOnce() {
        var options = RenderOptions()
        XCTAssertTrue(options.cpuFastPaths)
        options.cpuPaths.remove(.linearGrids)
        XCTAssertFalse(options.cpuFastPaths, "all on reads true only when every path is on")
        options.cpuFastPaths = true
        XCTAssertEqual(options.cpuPaths, .all)
        options.cpuFastPaths = false
        XCTAssertEqual(options.cpuPaths, [])
        XCTAssertEqual(Set(CPUFastPaths.named.map(\.path.rawValue)).count, CPUFastPaths.named.count, "distinct bits")
    }
}
