import Foundation
import LaminaCore
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest

/// masksToBounds clips what a layer holds (contents, sublayers), not the background and border it draws
/// inside the same rounded bounds: those are drawn as without it, on both renderers. A clip along a draw's
/// own antialiased edge would multiply the edge's coverage by itself (0.5 becomes 0.25), thinning the corners.
final class MasksToBoundsEdgeRenderTests: XCTestCase {
    private func scene(_ layers: String, time: Double = 0) throws -> Scene {
        try SceneFixture.decode(SceneFixture.document(layers: "[\(layers)]", extra: #", "time": \#(time)"#))
    }

    /// A fractional, translucent rounded card with a border; turned, with and without edge antialiasing; a
    /// plain rect turned with it: each the same bytes with masksToBounds as without.
    func testOwnBackgroundAndBorder_drawAsWithoutMasksToBounds() throws {
        let layers = [
            #"{"frame": [10.3, 12.7, 70.4, 50.2], "cornerRadius": 13.3, "borderWidth": 2.5, "borderColor": "black", "backgroundColor": [0.2, 0.5, 0.9, 0.8]MTB}"#,
            #"{"frame": [20, 15, 60, 40], "cornerRadius": 9, "borderWidth": 1.5, "backgroundColor": "orange", "transform": [{"rotateDegrees": [17, 0, 0, 1]}]MTB}"#,
            #"{"frame": [20, 15, 60, 40], "cornerRadius": 9, "backgroundColor": "orange", "allowsEdgeAntialiasing": true, "transform": [{"rotateDegrees": [-23, 0, 0, 1]}]MTB}"#,
            #"{"frame": [20, 15, 60, 40], "backgroundColor": [0.1, 0.6, 0.3, 1], "borderWidth": 2, "allowsEdgeAntialiasing": true, "transform": [{"rotateDegrees": [31, 0, 0, 1]}]MTB}"#,
        ]
        try forEachBackend { backend, renderer in
            for (i, layer) in layers.enumerated() {
                let clipped = try scene(layer.replacingOccurrences(of: "MTB", with: #", "masksToBounds": true"#))
                let plain = try scene(layer.replacingOccurrences(of: "MTB", with: ""))
                let a = try renderer.render(try Planner().plan(clipped)), b = try renderer.render(try Planner().plan(plain))
                let cmp = try ImageComparison(a, b)
                XCTAssertEqual(cmp.maxDifference, 0, "\(backend), layer \(i): \(cmp.differingPixels) pixels differ")
            }
        }
    }

    /// The sublayer is still cut by the rounded bounds, and the background's draw carries no clip of its own.
    func testSublayers_areStillClipped_andTheBackgroundCarriesNoClip() throws {
        let s = try scene(#"""
            {"frame": [10, 10, 60, 60], "cornerRadius": 20, "backgroundColor": "white", "borderWidth": 2,
             "masksToBounds": true, "sublayers": [{"frame": [-10, -10, 30, 30], "backgroundColor": "red"}]}
            """#)
        let graph = try Planner().plan(s)
        guard let canvas = graph.passes.last, case .draw(let ops) = canvas.content else { return XCTFail("a canvas") }
        XCTAssertEqual(ops.count, 3)
        XCTAssertEqual(ops.map(\.clips.count), [0, 1, 0], "background, sublayer, border")
        try forEachBackend { backend, renderer in
            let image = try renderer.render(graph)
            assertPixel(image, 11, 11, [0, 0, 0, 0], "\(backend): the corner cut from the red sublayer")
            assertPixel(image, 19, 19, [255, 0, 0, 255], "\(backend): the sublayer inside the corner's arc")
        }
    }

    /// A mask of the layer's own shape still multiplies its background's edge (a mask's alpha multiplies what
    /// lies under it, as its own pass would): taken as a clip, the clip is kept.
    func testMaskOfTheSameShape_stillMultiplies() throws {
        let s = try scene(#"""
            {"frame": [10.5, 10.25, 60, 60], "cornerRadius": 20, "backgroundColor": "white",
             "mask": {"frame": [0, 0, 60, 60], "cornerRadius": 20, "backgroundColor": "black"}}
            """#)
        let graph = try Planner().plan(s)
        XCTAssertEqual(graph.passes.count, 1, "the mask taken as a clip")
        guard let canvas = graph.passes.last, case .draw(let ops) = canvas.content else { return XCTFail("a canvas") }
        XCTAssertEqual(ops.map(\.clips.count), [1])
    }

    /// A reveal that has finished and is held (not removed) shows the layer as it is without the transition:
    /// the slide's cut to the bounds is the clip the layer's draws already have.
    func testFinishedReveal_ofAMasksToBoundsLayer_drawsTheLayer() throws {
        let layer = #"""
            {"frame": [20.4, 10.6, 56, 66], "cornerRadius": 18, "borderWidth": 3.9, "backgroundColor": [0.2, 0.6, 0.75, 1],
             "masksToBounds": true, "sublayers": [{"frame": [2.1, 44.2, 41, 22], "backgroundColor": [0.7, 0.5, 0.7, 0.5]}]ANIM}
            """#
        let animation = #", "animations": [{"type": "transition", "transitionType": "reveal", "subtype": "fromBottom", "duration": 1, "fillMode": "both", "removedOnCompletion": false, "from": {"backgroundColor": "red", "cornerRadius": 1}}]"#
        let held = try scene(layer.replacingOccurrences(of: "ANIM", with: animation), time: 2)
        let still = try scene(layer.replacingOccurrences(of: "ANIM", with: ""))
        try forEachBackend { backend, renderer in
            let a = try renderer.render(try Planner().plan(held)), b = try renderer.render(try Planner().plan(still))
            let cmp = try ImageComparison(a, b)
            XCTAssertEqual(cmp.maxDifference, 0, "\(backend): \(cmp.differingPixels) pixels differ")
        }
    }
}
