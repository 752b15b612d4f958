import Foundation
import LaminaCore
import LaminaGL
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaFixtures

/// A shadow's bytes on the GPU do not depend on which other shadows share its atlas page: cells start on the
/// page's pyramid texel, so a proxy meets the down-sampling grid at one phase wherever it is packed. Culling
/// hidden cards changes a page's layout (200 shadowed cards, several covered); the image must not change.
final class ShadowAtlasLayoutTests: XCTestCase {
    func testCullingHiddenCards_leavesTheGPUShadowsAsTheyWere() throws {
        let bench = try XCTUnwrap(BenchScenes.scene(named: "shadow-alpha-200@1x"))
        let scene = bench.makeScene()
        var full = Planner()
        full.cullsHidden = false
        let (culledGraph, fullGraph) = (try Planner().plan(scene), try full.plan(scene))
        let labels = { (g: RenderGraph) in g.passes.filter { $0.reason == .shadowShape }.map(\.label) }
        XCTAssertNotEqual(labels(culledGraph), labels(fullGraph), "culling changed the atlas's membership")
        let renderer = try GLTestSupport.renderer()
        let a = try renderer.render(culledGraph), b = try renderer.render(fullGraph)
        XCTAssertEqual(try ImageComparison(a, b).maxDifference, 0)
    }
}
