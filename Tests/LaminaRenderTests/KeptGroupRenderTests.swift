import Foundation
import LaminaCore
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest

/// Offscreen passes kept between frames once they recur (`PassReason.keptWhenItRecurs`, `RetainPolicy`): a
/// group with opacity, a masked layer and its mask, drawn the same two frames running, are drawn once more
/// and then taken from the renderer, on both renderers, with the bytes a fresh renderer draws; a group whose
/// content changes is drawn again.
final class KeptGroupRenderTests: XCTestCase {
    private func scene(dx: Double = 0, opacity: Double = 0.6) throws -> Scene {
        try SceneFixture.groupAndMask(dx: dx, opacity: opacity)
    }

    private func recurringKeys(_ graph: RenderGraph) -> [PassRetainKey] {
        graph.passes.filter { $0.reason.keptWhenItRecurs }.compactMap(\.retainKey)
    }

    func testRecurringGroupsAndMasks_areKeptFromTheSecondFrame_andDrawTheFreshBytes() throws {
        let graph = try Planner().plan(try scene())
        let reasons = Set(graph.passes.filter { $0.retainKey != nil }.map(\.reason))
        XCTAssertTrue(reasons.isSuperset(of: [.groupOpacity, .maskedContent, .maskAlpha]), "\(reasons)")
        let keys = recurringKeys(graph)
        XCTAssertEqual(keys, recurringKeys(try Planner().plan(try scene())), "the same scene plans the same keys")
        let moved = try Planner().plan(try scene(dx: 0.5))
        XCTAssertNotEqual(recurringKeys(moved).first, keys.first, "a card moved in the group changes its key")
        for backend in Backend.allCases {
            let (third, changed) = try assertKeptFromTheSecondFrame(graph, keys: keys, backend: backend, what: "pass",
                                                                    then: moved, change: "the moved card")
            XCTAssertNotEqual(changed.pixels, third.pixels, "the card moved")
        }
    }

    /// A group faded by another opacity keeps its pass: the opacity is the composite's.
    func testAnotherGroupOpacity_keepsThePass() throws {
        let graph = try Planner().plan(try scene())
        let fainter = try Planner().plan(try scene(opacity: 0.3))
        XCTAssertEqual(recurringKeys(graph), recurringKeys(fainter))
        for backend in Backend.allCases {
            let renderer = try backend.renderer(options: .default)
            for _ in 0..<3 { _ = try renderer.render(graph) }
            let reused = try renderer.render(fainter)
            let fresh = try backend.renderer(options: .default).render(fainter)
            XCTAssertEqual(try ImageComparison(reused, fresh).maxDifference, 0, "\(backend): kept group, new opacity")
        }
    }
}
