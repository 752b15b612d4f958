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
        TestGraphs.noiseBitmap(seed: 777, origin: "test:label") { x, y in (x + y) % 4 == 0 }
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

    /// Labels over: the canvas (texel copy), a card (texel copy), a bordered card (fractional), a path (at
    /// a fractional place), a card with continuous corners whose corner the label reaches, and across two
    /// cards (these three over the canvas with what is under them in their backdrops).
    private func triangle(_ x: Double, _ y: Double) -> DrawOp {
        let points = [CGPoint(x: x, y: y), CGPoint(x: x + 60, y: y), CGPoint(x: x + 30, y: y + 40)]
        return DrawOp(shape: .path(PathShape(polylines: [Polyline(points: points, closed: true)], rule: .nonZero)),
                      paint: .solid(PremultipliedColor(r: 0.2, g: 0.3, b: 0.3, a: 0.8)), transform: .identity,
                      bounds: PixelRect(x0: Int(x), y0: Int(y), x1: Int(x) + 60, y1: Int(y) + 40))
    }

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
            triangle(4, 60),
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
        try TestGraphs.keptDrawsRenderer(keeps: keeps, composites: composites)
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
        XCTAssertEqual(keeping.keptDrawCount, 10, "six labels' composites, the card with continuous corners (its "
                       + "corners half its pixels: costly), the path over the canvas, and the two small rounded "
                       + "cards (one with its border)")
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
                             (8 + 1, 10, "a transparent texel on the canvas"), (74, 64, "reaching a continuous corner"),
                             (150, 72, "across two cards"), (30, 70, "on the path")] {
            GLTestSupport.assertPixel(third, x, y, green, name)
        }
        for (x, y, name) in [(2, 2, "the background"), (135, 95, "a plain rect card")] {
            GLTestSupport.assertPixel(third, x, y, GLTestSupport.rgba(second, x, y), name)
        }
    }

    /// The bench's labels on cards, at whole and fractional places, the interface labels over each other on
    /// the canvas, gradient cards and overlapping groups' composites (backdrops reading keyed passes): third
    /// frames equal a renderer that keeps nothing.
    func testBenchScenes_thirdFramesHaveThePlainBytes() throws {
        let keeping = try renderer(keeps: true), plain = try renderer(keeps: false)
        for name in ["text-labels-40", "text-labels-free-40", "ui-labels-400", "gradient-cards-300", "group-opacity-40"] {
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

    /// Every corpus scene: the third and fourth frames on a renderer that keeps draws and composites (made in
    /// the second, copied in the third, the fourth's kept draws and batches handed out again where the third
    /// settled them: `KeptDrawMemo`, `PassBatchMemo`) have the bytes of a renderer that keeps nothing.
    func testCorpus_thirdAndFourthFramesHaveThePlainBytes() throws {
        let keeping = try renderer(keeps: true), plain = try renderer(keeps: false)
        let files = ParityCorpus.sceneFiles()
        XCTAssertGreaterThan(files.count, 40)
        let replaysBefore = keeping.keptDrawReplays
        for file in files {
            let graph = try Planner().plan(SceneDecoder().decode(contentsOf: file))
            let expected = try plain.render(graph)
            for _ in 0..<2 { _ = try keeping.render(graph) }
            for frame in 3...4 {
                let cmp = try ImageComparison(keeping.render(graph), expected)
                XCTAssertEqual(cmp.maxDifference, 0, "\(file.lastPathComponent), frame \(frame): \(cmp.differingPixels) pixels differ")
            }
        }
        // 99 and 221 of the 115 scenes' passes when written.
        XCTAssertGreaterThan(keeping.keptDrawReplays - replaysBefore, 50, "corpus scenes' kept draws answered again")
        XCTAssertGreaterThan(keeping.batchReplays, 100, "corpus scenes' batches handed out again")
    }

    /// What the review of the composites found: a card and its border that the pass draws apart (an op
    /// between them) are not fused in the backdrop either; a backdrop with an opaque solid made where the
    /// batcher would depth test (the general shape without culling); a label over a card whose colour
    /// changes every frame is still kept, alone. Each frame has the plain bytes.
    func testBackdrops_drawnAsThePassDrawsThem() throws {
        let shape = rounded(20, 20, 160, 100, 10)
        let cardOp = fill(shape, card, bounds: PixelRect(x0: 20, y0: 20, x1: 180, y1: 120))
        let between = fill(rounded(150, 100, 10, 10, 0), TestGraphs.blue, bounds: PixelRect(x0: 150, y0: 100, x1: 160, y1: 110))
        let ring = DrawOp(shape: .ring(shape, width: 12), paint: .solid(PremultipliedColor(r: 0.3, g: 0.1, b: 0.1, a: 0.6)),
                          transform: .identity, bounds: cardOp.bounds)
        let stops = [GradientPaint.Stop(location: 0, color: Color(red: 1, green: 0.5, blue: 0, alpha: 0.7)),
                     GradientPaint.Stop(location: 1, color: Color(red: 0, green: 0.2, blue: 1, alpha: 0.9))]
        let gradient = DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: 100, height: 40)),
                              paint: .gradient(GradientPaint(kind: .axial, start: .zero, end: CGPoint(x: 100, y: 40), stops: stops)),
                              transform: .translation(25.5, 25.25), bounds: PixelRect(x0: 25, y0: 25, x1: 126, y1: 66))
        let red = fill(rounded(30, 30, 20, 15, 0), PremultipliedColor(r: 1, g: 0, b: 0, a: 1), bounds: PixelRect(x0: 30, y0: 30, x1: 50, y1: 45))
        let canvas = PremultipliedColor(r: 0.85, g: 0.88, b: 0.9, a: 1)
        var general = RenderOptions()
        general.linearRasterizer = false
        general.culls = false
        for (name, ops, options) in [("a border drawn apart from its card", [cardOp, between, ring, gradient], RenderOptions()),
                                     ("an opaque solid where the batcher depth tests", [cardOp, red, gradient], general)] {
            let graph = TestGraphs.canvas(ops, width: 200, height: 130, clear: canvas)
            var plainOptions = options
            plainOptions.keepsDraws = false
            let keeping = try GPURenderer(options: options), plain = try GPURenderer(options: plainOptions).render(graph)
            for frame in 0..<3 {
                XCTAssertEqual(try ImageComparison(keeping.render(graph), plain).maxDifference, 0, "\(name), frame \(frame)")
            }
            XCTAssertEqual(keeping.keptDrawCount, 1, name)
        }
        let keeping = try renderer(keeps: true), plain = try renderer(keeps: false)
        for frame in 0..<4 {
            var changing = cardOp
            changing.paint = .solid(PremultipliedColor(r: 0.1 * Double(frame), g: 0.4, b: 0.4, a: 1))
            let graph = TestGraphs.canvas([changing, gradient], width: 200, height: 130, clear: canvas)
            XCTAssertEqual(try ImageComparison(keeping.render(graph), plain.render(graph)).maxDifference, 0, "frame \(frame)")
        }
        XCTAssertEqual(keeping.keptDrawCount, 1, "the gradient, kept alone under a changing card")
    }

    /// Solids kept over a backdrop are those whose pixels cost: clipped, rounded with corners a quarter of
    /// their bounds or more, or small and rounded; a fill drawn as one with its border is kept as the pair
    /// or not at all, never alone (its bytes are the pair's).
    func testCostlySolids_areKeptOverBackdrops_aFillWithItsBorderAsThePair() throws {
        let pill = fill(rounded(0, 0, 40, 20, 10), card, .translation(10, 10), bounds: PixelRect(x0: 10, y0: 10, x1: 50, y1: 30))
        let cardOp = fill(rounded(0, 0, 100, 60, 8), card, .translation(10, 10), bounds: PixelRect(x0: 10, y0: 10, x1: 110, y1: 70))
        var clipped = fill(rounded(0, 0, 100, 60, 0), card, bounds: PixelRect(x0: 0, y0: 0, x1: 100, y1: 60))
        XCTAssertFalse(FrameExecutor.costlySolid(clipped, bounds: clipped.bounds), "a plain rect")
        let small = fill(rounded(0, 0, 64, 64, 6), card, bounds: PixelRect(x0: 0, y0: 0, x1: 64, y1: 64))
        XCTAssertTrue(FrameExecutor.costlySolid(small, bounds: small.bounds), "4 096 pixels, rounded")
        var plainSmall = small
        plainSmall.shape = .roundedRect(rounded(0, 0, 64, 64, 0))
        XCTAssertFalse(FrameExecutor.costlySolid(plainSmall, bounds: small.bounds), "small, but one solid piece")
        let larger = fill(rounded(0, 0, 65, 64, 6), card, bounds: PixelRect(x0: 0, y0: 0, x1: 65, y1: 64))
        XCTAssertFalse(FrameExecutor.costlySolid(larger, bounds: larger.bounds), "past the small area")
        clipped.clips = [Clip(shape: rounded(0, 0, 50, 50, 25), transform: .identity)]
        XCTAssertTrue(FrameExecutor.costlySolid(pill, bounds: pill.bounds))
        XCTAssertTrue(FrameExecutor.costlySolid(clipped, bounds: clipped.bounds))
        XCTAssertFalse(FrameExecutor.costlySolid(cardOp, bounds: cardOp.bounds), "a card: mostly solid pieces")
        var scaled = cardOp
        scaled.transform = Transform3D.scale(4, 4, 1)
        XCTAssertTrue(FrameExecutor.costlySolid(scaled, bounds: cardOp.bounds), "its corners 32 px in 100 x 60 px")
        // Pills over the canvas, one with its border (kept as the pair), and a large card with its border
        // (drawn each frame); the pair's border changes colour in the last frames.
        let ring = DrawOp(shape: .ring(rounded(0, 0, 40, 20, 10), width: 2), paint: .solid(TestGraphs.blue),
                          transform: .translation(10, 40), bounds: PixelRect(x0: 10, y0: 40, x1: 50, y1: 60))
        var bordered = pill
        bordered.transform = .translation(10, 40)
        bordered.bounds = ring.bounds
        var largeCard = cardOp
        largeCard.transform = .translation(0, 64)
        largeCard.bounds = PixelRect(x0: 0, y0: 64, x1: 100, y1: 124)
        var largeRing = ring
        largeRing.shape = .ring(rounded(0, 0, 100, 60, 8), width: 3)
        largeRing.transform = largeCard.transform
        largeRing.bounds = largeCard.bounds
        let keeping = try renderer(keeps: true), plain = try renderer(keeps: false)
        for frame in 0..<7 {
            var border = ring
            if frame >= 5 { border.paint = .solid(PremultipliedColor(r: 0.5, g: 0.1, b: 0.1, a: 0.75)) }
            let graph = TestGraphs.canvas([pill, bordered, border, largeCard, largeRing], width: 112, height: 128,
                                          clear: PremultipliedColor(r: 0.85, g: 0.88, b: 0.9, a: 1))
            let cmp = try ImageComparison(keeping.render(graph), plain.render(graph))
            XCTAssertEqual(cmp.maxDifference, 0, "frame \(frame): \(cmp.differingPixels) pixels differ")
            if frame == 4 { XCTAssertEqual(keeping.keptDrawCount, 2, "the pill, and the pill with its border") }
        }
    }

    /// The backdrop search: the canvas's colour, an opaque card, a card whose border misses the draw, with
    /// the draws over them in between; none on a transparent pass, under a path or a pass's pixels, with
    /// too many draws in between, or past the lookback.
    func testOpaqueBackdrop_isOneOpaqueColourOrNothing() {
        let inside = PixelRect(x0: 20, y0: 20, x1: 60, y1: 40)
        let bitmap = label()
        let cardOp = fill(rounded(10, 10, 60, 40, 8), card, bounds: PixelRect(x0: 10, y0: 10, x1: 70, y1: 50))
        func under(_ ops: [DrawOp], clear: PremultipliedColor? = .init(r: 1, g: 1, b: 1, a: 1),
                   bounds: PixelRect = inside) -> DrawBackdrop? {
            let finder = OpaqueBackdrop(ops: ops + [image(20, 20)], passBounds: PixelRect(x0: 0, y0: 0, x1: 200, y1: 100),
                                        clear: clear) { _ in (.init(image: ObjectIdentifier(bitmap)), bitmap) }
            return finder.under(ops.count, bounds: bounds)?.backdrop
        }
        let white = PremultipliedColor(r: 1, g: 1, b: 1, a: 1)
        XCTAssertEqual(under([]), DrawBackdrop(clear: white))
        XCTAssertNil(under([], clear: .transparent), "a transparent pass")
        XCTAssertNil(under([], clear: PremultipliedColor(r: 0.5, g: 0.5, b: 0.5, a: 0.5)), "a translucent canvas")
        var cut = cardOp
        cut.bounds = inside
        let onCard = DrawBackdrop(clear: nil, ops: [cut])
        XCTAssertEqual(under([cardOp]), onCard)
        let ring = DrawOp(shape: .ring(rounded(10, 10, 60, 40, 8), width: 4), paint: .solid(TestGraphs.blue),
                          transform: .identity, bounds: cardOp.bounds)
        XCTAssertEqual(under([cardOp, ring]), onCard, "the border's hole holds the draw")
        // Not a base: the card's own pixels under the draw, over the canvas's colour.
        let thick = DrawOp(shape: .ring(rounded(10, 10, 60, 40, 8), width: 12), paint: .solid(TestGraphs.blue),
                           transform: .identity, bounds: cardOp.bounds)
        var thickCut = thick
        thickCut.bounds = inside
        XCTAssertEqual(under([cardOp, thick]), DrawBackdrop(clear: nil, ops: [cut, thickCut]), "a border over the draw")
        for (name, change) in [("translucent", { (o: inout DrawOp) in o.paint = .solid(PremultipliedColor(r: 0.1, g: 0.1, b: 0.1, a: 0.9)) }),
                               ("modulated below opaque", { $0.modulate = PremultipliedColor(r: 0.5, g: 0.5, b: 0.5, a: 0.5) }),
                               ("clipped", { $0.clips = [Clip(shape: self.rounded(0, 0, 200, 100, 0), transform: .identity)] }),
                               ("rotated", { $0.transform = Transform3D.rotation(0.01, 0, 0, 1) })] {
            var op = cardOp
            change(&op)
            var opCut = op
            opCut.bounds = inside
            XCTAssertEqual(under([op]), DrawBackdrop(clear: white, ops: [opCut]), "\(name): over the canvas, not a base")
            XCTAssertNil(under([op], clear: .transparent), "\(name): no base under it")
        }
        XCTAssertNil(under([cardOp], clear: nil, bounds: PixelRect(x0: 10, y0: 20, x1: 60, y1: 40)), "reaching the card's edge")
        XCTAssertNil(under([cardOp], clear: nil, bounds: PixelRect(x0: 11, y0: 11, x1: 30, y1: 30)), "reaching its rounded corner")
        XCTAssertNil(under([cardOp], clear: nil, bounds: PixelRect(x0: 13, y0: 13, x1: 30, y1: 30)),
                     "a pixel whose far corner is 7.07 from the arc's centre (18, 18): not a whole pixel inside")
        XCTAssertNotNil(under([cardOp], clear: nil, bounds: PixelRect(x0: 14, y0: 14, x1: 30, y1: 30)),
                        "a pixel whose far corner is 5.66 from the arc's centre")
        let between = fill(rounded(50, 30, 20, 20, 0), TestGraphs.blue, bounds: PixelRect(x0: 50, y0: 30, x1: 70, y1: 50))
        var betweenCut = between
        betweenCut.bounds = PixelRect(x0: 50, y0: 30, x1: 60, y1: 40)
        XCTAssertEqual(under([cardOp, between]), DrawBackdrop(clear: nil, ops: [cut, betweenCut]), "an op over part of it")
        let label = image(30, 25)
        var labelCut = label
        labelCut.bounds = PixelRect(x0: 30, y0: 25, x1: 60, y1: 40)
        let id = ObjectIdentifier(bitmap)
        XCTAssertEqual(under([cardOp, label]),
                       DrawBackdrop(clear: nil, ops: [cut, labelCut], samples: [.init(), .init(image: id)]), "a label")
        // A path lies in a backdrop with its own bounds: its coverage is computed from their corner.
        let path = triangle(40, 20)
        XCTAssertEqual(under([cardOp, path]), DrawBackdrop(clear: nil, ops: [cut, path]), "a path over it, uncut")
        // A composite of a pass: stacked when the pass's key decides its pixels, else not.
        let key = PassRetainKey("group")
        let group = DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: 30, height: 20)),
                           paint: .texture(TextureDraw(source: .pass(PassID(7)))), transform: .translation(25, 22),
                           bounds: PixelRect(x0: 25, y0: 22, x1: 55, y1: 42))
        var groupCut = group
        groupCut.bounds = PixelRect(x0: 25, y0: 22, x1: 55, y1: 40)
        for keyed in [true, false] {
            let finder = OpaqueBackdrop(ops: [cardOp, group, image(20, 20)], passBounds: PixelRect(x0: 0, y0: 0, x1: 200, y1: 100),
                                        clear: nil) { t in
                guard case .pass(let id) = t.source else { return (.init(image: ObjectIdentifier(bitmap)), bitmap) }
                return id == PassID(7) && keyed ? (.init(source: key), nil) : nil
            }
            let found = finder.under(2, bounds: inside)?.backdrop
            XCTAssertEqual(found, keyed ? DrawBackdrop(clear: nil, ops: [cut, groupCut], samples: [.init(), .init(source: key)]) : nil,
                           keyed ? "a keyed pass's composite" : "a pass whose pixels are its own frame's")
        }
        let layers = (0..<OpaqueBackdrop.maximumStack).map { _ in between }
        XCTAssertNotNil(under([cardOp] + layers))
        XCTAssertNil(under([cardOp] + layers + [between]), "more ops over the base than a backdrop holds")
        let beside = fill(rounded(100, 10, 20, 20, 0), TestGraphs.blue, bounds: PixelRect(x0: 100, y0: 10, x1: 120, y1: 30))
        XCTAssertEqual(under([cardOp, beside]), onCard, "an op elsewhere")
        let scaled = fill(rounded(5, 5, 30, 20, 4), card, Transform3D.scale(2, 2, 1),
                          bounds: PixelRect(x0: 10, y0: 10, x1: 70, y1: 50))
        XCTAssertNotNil(under([scaled]), "a card at scale 2")
        // Many small ops in the draw's grid cells that miss it: past the lookback, no answer.
        let dots = (0..<(OpaqueBackdrop.lookback + 1)).map { _ in
            fill(rounded(62, 42, 1, 1, 0), TestGraphs.blue, bounds: PixelRect(x0: 62, y0: 42, x1: 63, y1: 43))
        }
        XCTAssertNil(under([cardOp] + dots), "more ops to look through than the lookback")
        XCTAssertEqual(under([cardOp] + dots.dropLast(2)), onCard)
        // Canvas-sized ops are listed once, not in each of their cells; past `maximumEntries` entries (each
        // counting at most `largeCells`), no answer: bounded work.
        let side = 2048, pass = PixelRect(x0: 0, y0: 0, x1: side, y1: side)
        let wall = fill(rounded(0, 0, Double(side), Double(side), 0), card, bounds: pass)
        for (count, answers) in [(10, true), (3000, true), (OpaqueBackdrop.maximumEntries / OpaqueBackdrop.largeCells + 1, false)] {
            let finder = OpaqueBackdrop(ops: Array(repeating: wall, count: count) + [image(20, 20)], passBounds: pass,
                                        clear: white)
            XCTAssertEqual(finder.under(count, bounds: inside) != nil, answers, "\(count) canvas-sized ops")
        }
    }
}
