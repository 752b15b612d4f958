import Foundation
import LaminaCore
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest

/// Blurs kept between frames (`RetainPolicy`): a shadow that recurs is blurred once and its blur reused from
/// the frame after, on both renderers, with the bytes a fresh renderer draws; shadows that move are blurred
/// each frame and never kept.
final class KeptBlurRenderTests: XCTestCase {
    /// Shadowed cards at fractional positions (their shadows share an atlas) and one with a shadow path; the
    /// shadows' opacity and the layers' x offset vary the scene.
    private func scene(opacity: Double = 0.5, dx: Double = 0) throws -> Scene {
        var layers: [String] = []
        for i in 0..<5 {
            let x = 8.3 + Double(i) * 46.7 + dx, y = 12.6 + Double(i % 2) * 9.25
            layers.append(##"{"frame": [\##(x), \##(y), 36, 30], "backgroundColor": "#3366CC", "cornerRadius": 7, "##
                          + ##""shadowOpacity": \##(opacity), "shadowRadius": 12, "shadowOffset": [0, 3]}"##)
        }
        layers.append(##"{"frame": [\##(20.5 + dx), 70.25, 120, 24], "backgroundColor": "#EE8833", "shadowOpacity": 0.8, "##
                      + ##""shadowRadius": 3, "shadowPath": "M 0 0 L 120 0 L 60 30 Z"}"##)
        return try SceneFixture.decode(#"""
            {"format": "lamina-scene/1", "canvas": {"width": 250, "height": 110, "background": "white"},
             "layers": [\#(layers.joined(separator: ",\n"))]}
            """#)
    }

    private func blurKeys(_ graph: RenderGraph) -> [PassRetainKey] {
        graph.passes.filter(\.isBlur).compactMap(\.retainKey)
    }

    func testRecurringBlurs_areKeptFromTheSecondFrame_andDrawTheFreshBytes() throws {
        let graph = try Planner().plan(try scene())
        let keys = blurKeys(graph)
        XCTAssertFalse(keys.isEmpty, "the shadows are blurred")
        XCTAssertEqual(keys, blurKeys(try Planner().plan(try scene())), "the same scene plans the same keys")
        // Another shadow opacity only tints the blur: the same blurs serve it.
        let fainter = try Planner().plan(try scene(opacity: 0.3))
        XCTAssertEqual(keys, blurKeys(fainter))
        for backend in Backend.allCases {
            let (third, reused) = try assertKeptFromTheSecondFrame(graph, keys: keys, backend: backend, what: "blur",
                                                                   then: fainter, change: "kept blurs, new tint")
            XCTAssertNotEqual(third.pixels, reused.pixels, "the tint changed the shadows")
        }
    }

    func testMovingShadows_areBlurredEachFrame_andNeverKept() throws {
        let graphs = try [0.0, 0.25, 0.5].map { try Planner().plan(try scene(dx: $0)) }
        XCTAssertNotEqual(blurKeys(graphs[0]), blurKeys(graphs[1]), "a shadow at another fraction blurs anew")
        for backend in Backend.allCases {
            let renderer = try backend.renderer(options: .default)
            for graph in graphs {
                let drawn = try renderer.render(graph)
                XCTAssertEqual(try ImageComparison(drawn, try backend.renderer(options: .default).render(graph)).maxDifference,
                               0, "\(backend)")
            }
            XCTAssertFalse(graphs.flatMap(blurKeys).contains(where: renderer.retains), "\(backend) keeps no moving blur")
        }
    }

    /// `RenderOptions.keepsRecurringBlurs` off (`LAMINA_KEEP_BLURS=0`): every frame blurs again.
    func testKeepingBlursSwitchedOff_keepsNone() throws {
        let graph = try Planner().plan(try scene())
        var options = RenderOptions.default
        options.keepsRecurringBlurs = false
        for backend in Backend.allCases {
            let renderer = try backend.renderer(options: options)
            for _ in 0..<3 { _ = try renderer.render(graph) }
            XCTAssertFalse(blurKeys(graph).contains(where: renderer.retains), "\(backend) keeps no blur")
        }
    }

    func testShadowOfAnImage_hasNoKey() throws {
        let scene = Scene(width: 80, height: 80, scale: 1, background: .white)
        var image = LaminaImage.Image(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 where (x + y) % 2 == 0 { image.setPixel(x: x, y: y, (255, 0, 0, 255)) } }
        let layer = Layer()
        layer.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        layer.contents = Bitmap(image: image)
        layer.shadowOpacity = 1
        layer.shadowRadius = 4
        scene.root.addSublayer(layer)
        let graph = try Planner().plan(scene)
        let blurs = graph.passes.filter(\.isBlur)
        XCTAssertFalse(blurs.isEmpty, "the image's alpha is blurred")
        XCTAssertTrue(blurs.allSatisfy { $0.retainKey == nil }, "an image's identifier names other pixels in another plan")
    }
}
