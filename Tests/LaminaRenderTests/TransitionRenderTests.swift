import Foundation
import LaminaCore
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest

/// CATransition on both renderers: each moment of a transition is the static scene of its two appearances
/// where one exists (slides), and the exact cross-dissolve where none does (fade).
final class TransitionRenderTests: XCTestCase {
    private func scene(_ layers: String, time: Double) throws -> Scene {
        try SceneFixture.decode(SceneFixture.document(layers: "[\(layers)]", extra: #", "time": \#(time)"#))
    }

    /// A push from the right half-way (linear, 1 s, at 0.5 s): the old appearance moved left by half the width,
    /// the new one entering from the right, cut to the layer's bounds, is the static scene of two layers so
    /// placed and clipped: the same bytes.
    func testPush_halfWay_isTheStaticSceneOfBothAppearances() throws {
        let animated = try scene(#"""
            {"frame": [20, 20, 80, 40], "backgroundColor": "blue", "masksToBounds": true,
             "sublayers": [{"frame": [10, 10, 20, 20], "backgroundColor": "yellow"}],
             "animations": [{"type": "transition", "transitionType": "push", "subtype": "fromRight", "duration": 1,
                             "from": {"backgroundColor": "red"}}]}
            """#, time: 0.5)
        let still = try scene(#"""
            {"frame": [20, 20, 80, 40], "masksToBounds": true, "sublayers": [
              {"frame": [-40, 0, 80, 40], "backgroundColor": "red", "masksToBounds": true,
               "sublayers": [{"frame": [10, 10, 20, 20], "backgroundColor": "yellow"}]},
              {"frame": [40, 0, 80, 40], "backgroundColor": "blue", "masksToBounds": true,
               "sublayers": [{"frame": [10, 10, 20, 20], "backgroundColor": "yellow"}]}]}
            """#, time: 0)
        try forEachBackend { backend, renderer in
            let a = try renderer.render(try Planner().plan(animated)), b = try renderer.render(try Planner().plan(still))
            XCTAssertEqual(try ImageComparison(a, b).maxDifference, 0, "\(backend)")
            assertPixel(a, 30, 40, [255, 0, 0, 255], "\(backend): the old appearance on the left")
            assertPixel(a, 70, 40, [255, 255, 0, 255], "\(backend): the new one's sublayer entering")
        }
    }

    /// A fade a quarter of the way: red to blue is `red x 0.75 + blue x 0.25` in every pixel of the layer
    /// (191.25 and 63.75 steps), over a white canvas it hides entirely; the shared white dot stays whole.
    func testFade_isTheExactCrossDissolve() throws {
        let s = try scene(#"""
            {"frame": [0, 0, 60, 40], "backgroundColor": "blue",
             "sublayers": [{"frame": [20, 10, 20, 20], "backgroundColor": "white"}],
             "animations": [{"type": "transition", "duration": 2, "from": {"backgroundColor": "red"}}]}
            """#, time: 0.5)
        let graph = try Planner().plan(s)
        XCTAssertEqual(graph.passes.filter { $0.reason == .transition }.count, 3, "old, new, and their sum")
        try forEachBackend { backend, renderer in
            let image = try renderer.render(graph)
            assertPixel(image, 5, 5, [191, 0, 64, 255], "\(backend)")
            assertPixel(image, 30, 20, [255, 255, 255, 255], "\(backend): the dot in both appearances")
        }
    }

    /// Before its begin time without a backwards fill, after its end once removed, and past its end held by
    /// `removedOnCompletion: false`, a transition shows the model; before its begin with a backwards fill,
    /// the old appearance.
    func testTiming_showsTheModelOrTheOldAppearance() throws {
        func colour(_ timing: String, at t: Double) throws -> [Int] {
            let s = try scene(#"""
                {"frame": [0, 0, 10, 10], "backgroundColor": "blue", "animations": [{"type": "transition",
                 "transitionType": "moveIn", "duration": 1, \#(timing) "from": {"backgroundColor": "red"}}]}
                """#, time: t)
            let p = try renderCPU(s).pixel(x: 5, y: 5)
            return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
        }
        XCTAssertEqual(try colour(#""beginTime": 1,"#, at: 0.5), [0, 0, 255, 255])
        XCTAssertEqual(try colour(#""beginTime": 1, "fillMode": "backwards","#, at: 0.5), [255, 0, 0, 255])
        XCTAssertEqual(try colour("", at: 1.5), [0, 0, 255, 255])
        XCTAssertEqual(try colour(#""fillMode": "forwards", "removedOnCompletion": false,"#, at: 1.5), [0, 0, 255, 255])
    }
}
