import Foundation
import LaminaCore
@testable import LaminaFixtures
@testable import LaminaGL
import LaminaGeometry
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest

/// Kept draws composited over one opaque colour (`RenderOptions.keepsComposites`, `OpaqueBackdrop`): a
/// label on a card, or on the canvas, is kept together with the colour under it and copied back opaque,
/// without blending, with the bytes of drawing both.
final class KeptCompositesGPUTests: XCTestCase {
    private let card = PremultipliedColor(r: 0.2, g: 0.45, b: 0.4, a: 1)

    /// A 40x24 image of varied colours and alphas, some texels transparent (a label's text).
    private func label() -> Bitmap {
        var img = Image(width: 40, height: 24)
        var state: UInt32 = 777
        func next() -> UInt8 { state = state &* 1_664_525 &+ 1_013_904_223; return UInt8(state >> 24) }
        for y in 0..<24 {
            for x in 0..<40 {
                let a = (x + y) % 4 == 0 ? 0 : next()
                img.setPixel(x: x, y: y, (min(next(), a), min(next(), a), min(next(), a), a))
            }
        }
        return Bitmap(image: img, origin: "test:label")
    }

    private func rounded(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double,
                         curve: CornerCurve = .circular) -> RoundedRect {
        RoundedRect(rect: CGRect(x: x, y: y, width: w, height: h), radius: r, corners: .all, curve: curve)
    }

    private func fill(_ shape: RoundedRect, _ color: PremultipliedColor, _ t: Transform3D = .identity,
                      bounds: PixelRect) -> DrawOp {
        DrawOp(shape: .roundedRect(shape), paint: .solid(color), transform: t, bounds: bounds)
    }

    /// The label copied texel for texel at (x, y) (`TexelBlit`), or at a fractional place (bilinear).
    private func image(_ x: Double, _ y: Double) -> DrawOp {
        let fractional = x != x.rounded() || y != y.rounded()
        let draw = fractional ? TextureDraw(source: .image(ImageID(0)))
            : TextureDraw(source: .image(ImageID(0)), minFilter: .nearest, magFilter: .nearest)
        return DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: 40, height: 24)), paint: .texture(draw),
                      transform: .translation(x, y),
                      bounds: PixelRect(x0: Int(x.rounded(.down)), y0: Int(y.rounded(.down)),
                                        x1: Int((x + 40).rounded(.up)), y1: Int((y + 24).rounded(.up))))
    }

    /// Labels over: the canvas (texel copy), a card (texel copy), a bordered card (fractional), a
    /// translucent card, a card with continuous corners whose corner the label reaches, and across two cards.
    private func scene() -> RenderGraph {
        let border = DrawOp(shape: .ring(rounded(130, 4, 60, 40, 10), width: 3), paint: .solid(TestGraphs.blue),
                            transform: .identity, bounds: PixelRect(x0: 130, y0: 4, x1: 190, y1: 44))
        let ops = [
            image(4, 6),
            fill(rounded(60, 4, 60, 40, 10), card, bounds: PixelRect(x0: 60, y0: 4, x1: 120, y1: 44)),
            image(70, 12),
            fill(rounded(130, 4, 60, 40, 10), card, bounds: PixelRect(x0: 130, y0: 4, x1: 190, y1: 44)),
            border,
            image(140.5, 12.25),
            fill(rounded(4, 60, 60, 40, 10), PremultipliedColor(r: 0.2, g: 0.3, b: 0.3, a: 0.8),
                 bounds: PixelRect(x0: 4, y0: 60, x1: 64, y1: 100)),
            image(14.5, 68),
            fill(rounded(70, 60, 50, 30, 12, curve: .continuous), card, bounds: PixelRect(x0: 70, y0: 60, x1: 120, y1: 90)),
            image(72, 62),
            fill(rounded(130, 60, 30, 40, 0), card, bounds: PixelRect(x0: 130, y0: 60, x1: 160, y1: 100)),
            fill(rounded(160, 60, 30, 40, 0), TestGraphs.blue, bounds: PixelRect(x0: 160, y0: 60, x1: 190, y1: 100)),
            image(140, 68),
        ]
        return TestGraphs.canvas(ops, width: 200, height: 110, images: [ImageResource(id: ImageID(0), bitmap: label())],
                                 clear: PremultipliedColor(r: 0.85, g: 0.88, b: 0.9, a: 1))
    }

    private func renderer(keeps: Bool, composites: Bool = true) throws -> GPURenderer {
        var options = RenderOptions()
        options.keepsDraws = keeps
        options.keepsComposites = composites
        return try GPURenderer(options: options)
    }

    /// Every frame has the bytes of a renderer that keeps nothing, and of one that keeps draws alone.
    func testComposites_haveTheBytesOfDrawingEveryOp() throws {
        let graph = scene()
        let plain = try renderer(keeps: false).render(graph)
        let alone = try renderer(keeps: true, composites: false)
        let keeping = try renderer(keeps: true)
        for frame in 0..<4 {
            XCTAssertEqual(try ImageComparison(keeping.render(graph), plain).maxDifference, 0, "frame \(frame)")
            XCTAssertEqual(try ImageComparison(alone.render(graph), plain).maxDifference, 0, "frame \(frame), alone")
        }
        XCTAssertEqual(keeping.keptDrawCount, 4, "over the canvas, the card and the bordered card; the fractional "
                       + "label over the translucent card alone")
    }

    /// After the pages are painted a translucent green, the third frame shows that green as it is where a
    /// composite is copied, opaque or not (the label and the backdrop around its texels: no blending), blended
    /// over the canvas where a draw kept alone is, and the plain bytes where none is.
    func testComposites_areCopiedOpaque_onlyOverOneOpaqueColour() throws {
        let graph = scene()
        let keeping = try renderer(keeps: true)
        _ = try keeping.render(graph)
        let second = try keeping.render(graph)
        try keeping.paintKeptPages(red: 0, green: 128, blue: 0, alpha: 128)
        let third = try keeping.render(graph)
        let green = [0, 128, 0, 128]
        // (x + y) % 4 == 0 texels are transparent: the backdrop there is in the region too.
        for (x, y, name) in [(8, 10, "on the canvas"), (74, 16, "on the card"), (144, 16, "on the bordered card"),
                             (8 + 1, 10, "a transparent texel on the canvas")] {
            GLTestSupport.assertPixel(third, x, y, green, name)
        }
        XCTAssertEqual(GLTestSupport.rgba(third, 19, 72)[3], 255, "the label on the translucent card, kept alone: blended")
        XCTAssertNotEqual(GLTestSupport.rgba(third, 19, 72), GLTestSupport.rgba(second, 19, 72), "read from its page")
        for (x, y, name) in [(74, 64, "reaching a continuous corner"),
                             (150, 72, "across two cards"), (2, 2, "the background"), (100, 40, "the card's edge")] {
            GLTestSupport.assertPixel(third, x, y, GLTestSupport.rgba(second, x, y), name)
        }
    }

    /// The bench's labels on cards, at whole and fractional places, and the interface labels on the canvas:
    /// third frames equal a renderer that keeps nothing.
    func testBenchLabels_thirdFramesHaveThePlainBytes() throws {
        let keeping = try renderer(keeps: true), plain = try renderer(keeps: false)
        for name in ["text-labels-40", "text-labels-free-40", "ui-labels-400"] {
            guard let bench = BenchScenes.suite.first(where: { $0.name == name }) else {
                XCTFail("no bench scene \(name)")
                continue
            }
            let graph = try Planner().plan(bench.makeScene())
            for _ in 0..<2 { _ = try keeping.render(graph) }
            let cmp = try ImageComparison(keeping.render(graph), plain.render(graph))
            XCTAssertEqual(cmp.maxDifference, 0, "\(name): \(cmp.differingPixels) pixels differ")
        }
    }

    /// Every corpus scene: a third frame on a renderer that keeps draws and composites (made in the second,
    /// copied in the third) has the bytes of a renderer that keeps nothing.
    func testCorpus_thirdFramesHaveThePlainBytes() throws {
        let keeping = try renderer(keeps: true), plain = try renderer(keeps: false)
        let files = ParityCorpus.sceneFiles()
        XCTAssertGreaterThan(files.count, 40)
        for file in files {
            let graph = try Planner().plan(SceneDecoder().decode(contentsOf: file))
            for _ in 0..<2 { _ = try keeping.render(graph) }
            let cmp = try ImageComparison(keeping.render(graph), plain.render(graph))
            XCTAssertEqual(cmp.maxDifference, 0, "\(file.lastPathComponent): \(cmp.differingPixels) pixels differ")
        }
    }

    /// The backdrop search: the canvas's colour, an opaque card, a card whose border misses the draw; and
    /// none under a translucent, clipped, rotated or too small card, or another draw in between.
    func testOpaqueBackdrop_isOneOpaqueColourOrNothing() {
        let inside = PixelRect(x0: 20, y0: 20, x1: 60, y1: 40)
        let cardOp = fill(rounded(10, 10, 60, 40, 8), card, bounds: PixelRect(x0: 10, y0: 10, x1: 70, y1: 50))
        func under(_ ops: [DrawOp], clear: PremultipliedColor? = .init(r: 1, g: 1, b: 1, a: 1),
                   bounds: PixelRect = inside) -> DrawBackdrop? {
            var finder = OpaqueBackdrop(ops: ops + [image(20, 20)], passBounds: PixelRect(x0: 0, y0: 0, x1: 200, y1: 100),
                                        clear: clear)
            return finder.under(ops.count, bounds: bounds)
        }
        XCTAssertEqual(under([]), .clear(PremultipliedColor(r: 1, g: 1, b: 1, a: 1)))
        XCTAssertNil(under([], clear: .transparent), "a transparent pass")
        XCTAssertNil(under([], clear: PremultipliedColor(r: 0.5, g: 0.5, b: 0.5, a: 0.5)), "a translucent canvas")
        var cut = cardOp
        cut.bounds = inside
        XCTAssertEqual(under([cardOp]), .op(cut))
        let ring = DrawOp(shape: .ring(rounded(10, 10, 60, 40, 8), width: 4), paint: .solid(TestGraphs.blue),
                          transform: .identity, bounds: cardOp.bounds)
        XCTAssertEqual(under([cardOp, ring]), .op(cut), "the border's hole holds the draw")
        let thick = DrawOp(shape: .ring(rounded(10, 10, 60, 40, 8), width: 12), paint: .solid(TestGraphs.blue),
                           transform: .identity, bounds: cardOp.bounds)
        XCTAssertNil(under([cardOp, thick]), "a border over the draw")
        var translucent = cardOp
        translucent.paint = .solid(PremultipliedColor(r: 0.1, g: 0.1, b: 0.1, a: 0.9))
        XCTAssertNil(under([translucent]))
        var faded = cardOp
        faded.modulate = PremultipliedColor(r: 0.5, g: 0.5, b: 0.5, a: 0.5)
        XCTAssertNil(under([faded]), "modulated below opaque")
        var clipped = cardOp
        clipped.clips = [Clip(shape: rounded(0, 0, 200, 100, 0), transform: .identity)]
        XCTAssertNil(under([clipped]))
        var rotated = cardOp
        rotated.transform = Transform3D.rotation(0.01, 0, 0, 1)
        XCTAssertNil(under([rotated]))
        XCTAssertNil(under([cardOp], bounds: PixelRect(x0: 10, y0: 20, x1: 60, y1: 40)), "reaching the card's edge")
        XCTAssertNil(under([cardOp], bounds: PixelRect(x0: 11, y0: 11, x1: 30, y1: 30)), "reaching its rounded corner")
        XCTAssertNil(under([cardOp], bounds: PixelRect(x0: 13, y0: 13, x1: 30, y1: 30)),
                     "a pixel whose far corner is 7.07 from the arc's centre (18, 18): not a whole pixel inside")
        XCTAssertNotNil(under([cardOp], bounds: PixelRect(x0: 14, y0: 14, x1: 30, y1: 30)),
                        "a pixel whose far corner is 5.66 from the arc's centre")
        let between = fill(rounded(50, 30, 20, 20, 0), TestGraphs.blue, bounds: PixelRect(x0: 50, y0: 30, x1: 70, y1: 50))
        XCTAssertNil(under([cardOp, between]), "an op over part of the draw after the card")
        let beside = fill(rounded(100, 10, 20, 20, 0), TestGraphs.blue, bounds: PixelRect(x0: 100, y0: 10, x1: 120, y1: 30))
        XCTAssertEqual(under([cardOp, beside]), .op(cut), "an op elsewhere")
        let scaled = fill(rounded(5, 5, 30, 20, 4), card, Transform3D.scale(2, 2, 1),
                          bounds: PixelRect(x0: 10, y0: 10, x1: 70, y1: 50))
        XCTAssertNotNil(under([scaled]), "a card at scale 2")
        // Many small ops in the draw's grid cells that miss it: past the lookback, no answer.
        let dots = (0..<(OpaqueBackdrop.lookback + 1)).map { _ in
            fill(rounded(62, 42, 1, 1, 0), TestGraphs.blue, bounds: PixelRect(x0: 62, y0: 42, x1: 63, y1: 43))
        }
        XCTAssertNil(under([cardOp] + dots), "more ops to look through than the lookback")
        XCTAssertEqual(under([cardOp] + dots.dropLast(2)), .op(cut))
    }
}
