import Foundation
import LaminaTestSupport
import XCTest
@testable import LaminaCore
@testable import LaminaGeometry
@testable import LaminaFixtures

/// The parity fuzzer's scenes: the same seed writes the same text, and every scene decodes and plans.
final class RandomSceneTests: XCTestCase {
    func testSameSeed_sameScenes_andTheyDecodeAndPlan() throws {
        let generator = RandomScene()
        var kinds = Set<String>()
        for i in 0..<40 {
            let text = generator.json(seed: 7, index: i)
            XCTAssertEqual(text, generator.json(seed: 7, index: i))
            XCTAssertNotEqual(text, generator.json(seed: 8, index: i))
            let scene = try SceneDecoder().decode(Data(text.utf8))
            _ = try Planner().plan(scene)
            for layer in scene.root.sublayersValue { kinds.insert(layer.typeName) }
        }
        XCTAssertEqual(kinds, ["layer", "gradient", "replicator", "shape", "text"], "the specialised types that render are drawn too")
    }

    /// Shadows stay within the blur sigma asked for (in pixels, at the scene's scale).
    func testShadowSigma_isBounded() throws {
        for i in 0..<20 {
            let scene = try SceneDecoder().decode(Data(RandomScene(maxShadowSigma: 2).json(seed: 3, index: i).utf8))
            for layer in scene.root.sublayersValue where layer.shadowOpacity > 0 {
                XCTAssertLessThanOrEqual(layer.shadowRadius * scene.scale, 2.0001)
            }
        }
    }
}
