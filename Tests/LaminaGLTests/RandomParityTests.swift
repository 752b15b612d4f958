import Foundation
import LaminaCore
import LaminaGL
import LaminaParity
import LaminaTestSupport
import XCTest
@testable import LaminaFixtures

/// The parity fuzzer inside swift test: 50 app-like random scenes of a fixed seed (cards, shadows in the exact
/// blur range, masks, group opacity, rotations, perspective, gradients, replicators, shapes, text, transform
/// layers), each held to the default contract fuzzy(2, 0) on both backends, and with no systematic step: the
/// scenes' colours land on exact ties between two 8-bit steps half the time (`sceneColor`), and a renderer
/// that rounded such a tie its own way would differ by one over whole fills (a mean difference near 1 on the
/// canvas alone). `lamina parity --random N` runs more.
final class RandomParityTests: XCTestCase {
    func testFiftyRandomScenes_holdTheDefaultContract() throws {
        let runner = try ParityCorpus.runner()
        let generator = RandomScene()
        var failures: [String] = []
        for index in 0..<50 {
            let scene = try SceneDecoder().decode(Data(generator.json(seed: 2026, index: index).utf8))
            let result = try runner.check(scene, name: "random-2026-\(index)")
            if !result.passed { failures.append("\(result.name): \(result.metricsText)") }
            // An edge's antialiasing may part by a step on a few pixels; a tie rounded apart moves thousands.
            if result.comparison.meanDifference >= 0.05 {
                failures.append("\(result.name): mean difference \(result.comparison.meanDifference), a systematic step")
            }
        }
        XCTAssertEqual(failures, [], "lamina random-scenes --seed 2026 writes these scenes")
    }
}
