import Foundation
import LaminaCore
import LaminaGeometry
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest

/// Sublayers wholly under later opaque siblings are left out of the plan, and no byte moves.
final class HiddenLayerRenderTests: XCTestCase {
    private func plans(_ scene: Scene) throws -> (culled: RenderGraph, full: RenderGraph) {
        var off = Planner()
        off.cullsHidden = false
        return (try Planner().plan(scene), try off.plan(scene))
    }

    private func opCount(_ g: RenderGraph) -> Int {
        g.passes.reduce(0) { n, p in if case .draw(let ops) = p.content { return n + ops.count }; return n }
    }

    /// A shadowed card under an opaque card that covers it and its shadow is not planned (its shadow with it);
    /// one peeking out, or under a translucent card, or under a card whose corner leaves a pixel, is.
    func testCoveredCard_isLeftOut_withTheSameBytes() throws {
        let scene = try SceneFixture.decode(#"""
            {"format": "lamina-scene/1", "canvas": {"width": 200, "height": 120, "background": "white"}, "layers": [
             {"frame": [35, 35, 30, 30], "backgroundColor": "red", "shadowOpacity": 0.5, "shadowRadius": 3},
             {"frame": [120, 30, 40, 40], "backgroundColor": "red", "shadowOpacity": 0.5, "shadowRadius": 3},
             {"frame": [10, 10, 80, 80], "backgroundColor": "blue", "cornerRadius": 8},
             {"frame": [110, 10, 80, 80], "backgroundColor": [0, 0, 1, 0.99]}]}
            """#)
        let (culled, full) = try plans(scene)
        XCTAssertLessThan(opCount(culled), opCount(full), "the covered card's draws are gone")
        try forEachBackend { backend, renderer in
            XCTAssertEqual(try ImageComparison(try renderer.render(culled), try renderer.render(full)).maxDifference, 0,
                           "\(backend)")
        }
    }

    /// Only children before the last occluder can be culled, so only their extents are looked at: a covered
    /// card before an opaque card is left out, the layers after it are all planned (a drawn layer's store
    /// then takes its own layer's name, not its parent's), and the bytes are those of the whole plan.
    func testChildrenAfterTheLastOccluder_areAllPlanned() throws {
        let drawing = #"[{"op": "setFillColor", "color": "red"}, {"op": "fillEllipse", "rect": [0, 0, 30, 30]}]"#
        let scene = try SceneFixture.decode(#"""
            {"format": "lamina-scene/1", "canvas": {"width": 200, "height": 120, "background": "white"}, "layers": [
             {"frame": [20, 20, 30, 30], "backgroundColor": "red"},
             {"frame": [10, 10, 60, 60], "backgroundColor": "blue"},
             {"frame": [100, 20, 30, 30], "drawing": \#(drawing)},
             {"frame": [140, 20, 40, 40], "backgroundColor": [0, 0.5, 0, 0.5]}]}
            """#)
        let (culled, full) = try plans(scene)
        XCTAssertEqual(opCount(culled), opCount(full) - 1, "the covered card alone is left out")
        let store = try XCTUnwrap(culled.passes.first { $0.reason == .drawing })
        XCTAssertEqual(store.label, "/layers/2/drawing")
        try forEachBackend { backend, renderer in
            XCTAssertEqual(try ImageComparison(try renderer.render(culled), try renderer.render(full)).maxDifference, 0,
                           "\(backend)")
        }
    }

    /// Where culling would change bytes it stays off: a faded group (its draws' overlap decides between a
    /// group pass and folding), a parent whose shadow is its body's alpha, planes of a 3D context under a
    /// transform layer's opacity, a transition under way; and a huge shadow's reach does not make a huge grid.
    func testCullingStaysOff_whereItWouldChangeBytes() throws {
        let pair = #"{"frame": [10, 10, 20, 20], "backgroundColor": "red"}, {"frame": [5, 5, 40, 40], "backgroundColor": "blue"}"#
        let scenes = [
            #"[{"frame": [10, 10, 60, 60], "opacity": 0.8, "sublayers": [\#(pair)]}]"#,
            #"[{"frame": [10, 10, 60, 60], "shadowOpacity": 0.7, "shadowRadius": 9, "sublayers": [\#(pair)]}]"#,
            #"[{"frame": [0, 0, 100, 80], "sublayerTransform": [{"m34": -0.002}], "sublayers": [{"type": "transform", "#
                + #""frame": [0, 0, 100, 80], "opacity": 0.5, "sublayers": [{"frame": [10, 10, 60, 60], "sublayers": [\#(pair)]}]}]}]"#,
            #"[{"frame": [10, 10, 60, 60], "masksToBounds": true, "sublayers": [\#(pair)], "animations": [{"type": "transition", "#
                + #""transitionType": "push", "duration": 1, "from": {"backgroundColor": "green"}}]}]"#,
            #"[{"frame": [10, 10, 60, 60], "shadowOpacity": 0.5, "shadowRadius": 1000000, "shadowPath": {"rect": [0, 0, 60, 60]}, "#
                + #""sublayers": [\#(pair)]}]"#,
        ]
        for (i, layers) in scenes.enumerated() {
            let scene = try SceneFixture.decode(SceneFixture.document(layers: layers, extra: #", "time": 0.4"#))
            let (culled, full) = try plans(scene)
            try forEachBackend { backend, renderer in
                XCTAssertEqual(try ImageComparison(try renderer.render(culled), try renderer.render(full)).maxDifference, 0,
                               "scene \(i), \(backend)")
            }
        }
    }

    /// Random piles of overlapping cards (opaque or not, rounded or continuous, shadowed, rotated, nested in
    /// clipping, faded or group-opacity-less containers, some with sublayers): culled or not, the same bytes on
    /// both renderers, and some layers culled.
    func testRandomPiles_renderTheSameBytesCulledOrNot() throws {
        var culledAny = false
        for seed in 0..<12 {
            var rng = SplitMix64(seed: UInt64(seed) &* 7919 &+ 3)
            let scene = try SceneFixture.decode(pile(&rng, depth: 0, count: 60))
            let (culled, full) = try plans(scene)
            culledAny = culledAny || opCount(culled) < opCount(full)
            try forEachBackend { backend, renderer in
                XCTAssertEqual(try ImageComparison(try renderer.render(culled), try renderer.render(full)).maxDifference, 0,
                               "pile \(seed), \(backend)")
            }
        }
        XCTAssertTrue(culledAny, "some pile has a covered layer")
    }

    private func pile(_ rng: inout SplitMix64, depth: Int, count: Int) -> String {
        var layers: [String] = []
        for _ in 0..<count { layers.append(card(&rng, depth: depth)) }
        if depth > 0 { return "[" + layers.joined(separator: ", ") + "]" }
        return #"{"format": "lamina-scene/1", "canvas": {"width": 120, "height": 90, "background": "white"}, "layers": ["#
            + layers.joined(separator: ", ") + "]}"
    }

    private func card(_ rng: inout SplitMix64, depth: Int) -> String {
        func n(_ v: Double) -> String { String(format: "%.2f", v) }
        let w = rng.uniform(8, 70), h = rng.uniform(8, 60)
        var keys = [#""frame": [\#(n(rng.uniform(-10, 110))), \#(n(rng.uniform(-10, 80))), \#(n(w)), \#(n(h))]"#]
        let alpha = rng.unit() < 0.7 ? 1 : rng.uniform(0.3, 0.95)
        keys.append(#""backgroundColor": [\#(n(rng.unit())), \#(n(rng.unit())), \#(n(rng.unit())), \#(n(alpha))]"#)
        if rng.unit() < 0.5 { keys.append(#""cornerRadius": \#(n(rng.uniform(0, 12)))"#) }
        if rng.unit() < 0.2 { keys.append(#""cornerCurve": "continuous""#) }
        // Radii past 4 blur through the GPU's pyramid, in shared atlas pages whose layout culling changes.
        if rng.unit() < 0.3 { keys.append(#""shadowOpacity": 0.6, "shadowRadius": \#(n(rng.uniform(0, 14)))"#) }
        if rng.unit() < 0.15 { keys.append(#""transform": [{"rotate": [\#(n(rng.uniform(-0.4, 0.4))), 0, 0, 1]}]"#) }
        let faded = rng.unit() < 0.1
        if rng.unit() < 0.1 { keys.append(#""borderWidth": 2, "borderColor": [0, 0, 0, 0.5]"#) }
        if depth == 0, rng.unit() < 0.15 {
            if rng.unit() < 0.5 { keys.append(#""masksToBounds": true"#) }
            if !faded, rng.unit() < 0.5 { keys.append(#""opacity": 0.7, "allowsGroupOpacity": false"#) }
            keys.append(#""sublayers": \#(pile(&rng, depth: 1, count: 6))"#)
        }
        if faded { keys.append(#""opacity": 0.6"#) }
        return "{" + keys.joined(separator: ", ") + "}"
    }
}
