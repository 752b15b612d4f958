import Foundation
import LaminaCore
@testable import LaminaGL
@testable import LaminaFixtures
import LaminaImage
import LaminaTestSupport
import XCTest
import LaminaGraph
import LaminaGeometry

/// Draws kept between frames in pages (`RenderOptions.keepsDraws`, `KeptDrawAtlas`): a texture or gradient
/// draw seen in two frames running is made into a page and copied from there, with the bytes of drawing it.
final class KeptDrawsGPUTests: XCTestCase {
    /// A 40x24 image of varied colours and alphas, a third of its texels transparent.
    private func noiseBitmap() -> Bitmap {
        TestGraphs.noiseBitmap(seed: 12345, origin: "test:noise") { x, y in (x + 2 * y) % 3 == 0 }
    }

    /// The eligible draws: the image at a fractional position (bilinear), the image rotated under a rotated
    /// clip, an axial gradient in a rounded rect; between them a translucent solid (never kept) and a
    /// texel-exact copy of the image (already one read a pixel, never kept).
    private func scene(shift: Double = 0) -> RenderGraph {
        let image = TextureDraw(source: .image(ImageID(0)))
        let fractional = DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: 40, height: 24)), paint: .texture(image),
                                transform: .translation(10.375 + shift, 6.625), bounds: PixelRect(x0: 10, y0: 6, x1: 51, y1: 31))
        let solid = DrawOp(shape: .rect(CGRect(x: 30, y: 20, width: 50, height: 30)),
                           paint: .solid(PremultipliedColor(r: 0.2, g: 0.1, b: 0.3, a: 0.5)), transform: .identity,
                           bounds: PixelRect(x0: 30, y0: 20, x1: 80, y1: 50))
        let clip = Clip(shape: RoundedRect(rect: CGRect(x: -20, y: -14, width: 40, height: 28), radius: 6,
                                           corners: .all, curve: .circular),
                        transform: Transform3D.rotation(-0.3, 0, 0, 1).concatenating(.translation(90, 70)))
        let rotated = DrawOp(shape: .rect(CGRect(x: -20, y: -12, width: 40, height: 24)), paint: .texture(image),
                             transform: Transform3D.rotation(0.4, 0, 0, 1).concatenating(.translation(90, 70)),
                             clips: [clip], bounds: PixelRect(x0: 62, y0: 48, x1: 118, y1: 92))
        let copy = DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: 40, height: 24)),
                          paint: .texture(TextureDraw(source: .image(ImageID(0)), minFilter: .nearest, magFilter: .nearest)),
                          transform: .translation(5, 90), bounds: PixelRect(x0: 5, y0: 90, x1: 45, y1: 114))
        let stops = [GradientPaint.Stop(location: 0, color: Color(red: 1, green: 0.5, blue: 0, alpha: 0.8)),
                     GradientPaint.Stop(location: 1, color: Color(red: 0, green: 0.2, blue: 1, alpha: 1))]
        let gradient = DrawOp(shape: .roundedRect(RoundedRect(rect: CGRect(x: 0, y: 0, width: 50, height: 30), radius: 8,
                                                              corners: .all, curve: .circular)),
                              paint: .gradient(GradientPaint(kind: .axial, start: CGPoint(x: 0, y: 0),
                                                             end: CGPoint(x: 50, y: 30), stops: stops)),
                              transform: .translation(60.5, 8.25), bounds: PixelRect(x0: 60, y0: 8, x1: 111, y1: 39))
        return TestGraphs.canvas([fractional, solid, rotated, copy, gradient], width: 128, height: 120,
                                 images: [ImageResource(id: ImageID(0), bitmap: noiseBitmap())],
                                 clear: PremultipliedColor(r: 0.85, g: 0.88, b: 0.9, a: 1))
    }

    /// Composites over opaque backdrops off unless asked for: these tests are about draws kept alone
    /// (`KeptCompositesGPUTests` has the composites).
    private func renderer(keeps: Bool, composites: Bool = false) throws -> GPURenderer {
        try TestGraphs.keptDrawsRenderer(keeps: keeps, composites: composites)
    }

    /// Nothing is kept after one frame; the three eligible draws are after the second; every frame has the
    /// bytes of a renderer that keeps nothing, and a changed draw is drawn anew, not copied.
    func testDrawsSeenTwice_areKept_andCopiedWithTheSameBytes() throws {
        let graph = scene()
        let plain = try renderer(keeps: false).render(graph)
        let keeping = try renderer(keeps: true)
        let first = try keeping.render(graph)
        XCTAssertEqual(keeping.keptDrawCount, 0, "a draw seen once is not kept")
        let second = try keeping.render(graph)
        XCTAssertEqual(keeping.keptDrawCount, 3, "the bilinear image, the clipped rotated image and the gradient")
        let third = try keeping.render(graph)
        for (name, frame) in [("first", first), ("second", second), ("third", third)] {
            XCTAssertEqual(try ImageComparison(frame, plain).maxDifference, 0, "\(name) frame")
        }
        let moved = scene(shift: 0.25)
        XCTAssertEqual(try ImageComparison(keeping.render(moved), renderer(keeps: false).render(moved)).maxDifference, 0,
                       "the moved image is drawn, not copied from where it was")
    }

    /// Frames after the second read the pages: pages painted over after it show in the third frame where the
    /// kept draws lie (and only there), so a copy that silently drew the op again would fail.
    func testKeptDraws_areReadFromTheirPages() throws {
        let graph = scene()
        let keeping = try renderer(keeps: true)
        _ = try keeping.render(graph)
        let second = try keeping.render(graph)
        try keeping.paintKeptPages(red: 0, green: 255, blue: 0, alpha: 255)
        let third = try keeping.render(graph)
        GLTestSupport.assertPixel(third, 20, 15, [0, 255, 0, 255], "inside the fractional image")
        GLTestSupport.assertPixel(third, 85, 20, [0, 255, 0, 255], "inside the gradient")
        GLTestSupport.assertPixel(third, 20, 100, GLTestSupport.rgba(second, 20, 100), "the texel copy is not kept")
        GLTestSupport.assertPixel(third, 2, 2, GLTestSupport.rgba(second, 2, 2), "the background")
    }

    /// Random app-like scenes (the parity fuzzer's, seed 2026): the third and fourth frames on one renderer,
    /// drawn from the kept draws of the second (the fourth's kept draws and batches handed out again where the
    /// third settled them), have the bytes of a renderer that keeps nothing; some draws are kept.
    func testRandomScenes_thirdAndFourthFramesHaveTheBytesOfFirstOnes() throws {
        let generator = RandomScene()
        let keeping = try renderer(keeps: true, composites: true), plain = try renderer(keeps: false)
        var keptIn = 0
        for index in 0..<12 {
            let scene = try SceneDecoder().decode(Data(generator.json(seed: 2026, index: index).utf8))
            let graph = try Planner().plan(scene)
            let before = keeping.keptDrawCount
            for _ in 0..<2 { _ = try keeping.render(graph) }
            if keeping.keptDrawCount > before { keptIn += 1 }
            let expected = try plain.render(graph)
            for frame in 3...4 {
                let cmp = try ImageComparison(keeping.render(graph), expected)
                XCTAssertEqual(cmp.maxDifference, 0, "random-2026-\(index), frame \(frame): \(cmp.differingPixels) pixels differ")
            }
        }
        XCTAssertGreaterThan(keptIn, 4, "images, text and gradients of the scenes are kept")
    }

    /// A group of opacity 0.6 and a masked card: their composites read passes whose keys decide their pixels,
    /// so they are kept too; another opacity, or a card moved in the group (another key), is drawn anew.
    func testCompositesOfKeyedPasses_areKept_andRedrawnWhenTheyChange() throws {
        func scene(dx: Double = 0, opacity: Double = 0.6) throws -> RenderGraph {
            try Planner().plan(SceneFixture.groupAndMask(dx: dx, opacity: opacity))
        }
        let graph = try scene()
        let keeping = try renderer(keeps: true)
        for _ in 0..<2 { _ = try keeping.render(graph) }
        XCTAssertEqual(keeping.keptDrawCount, 2, "the group's composite and the masked card's")
        for (name, next) in [("same", graph), ("fainter", try scene(opacity: 0.3)), ("moved", try scene(dx: 0.5))] {
            let cmp = try ImageComparison(keeping.render(next), renderer(keeps: false).render(next))
            XCTAssertEqual(cmp.maxDifference, 0, "\(name): \(cmp.differingPixels) pixels differ")
        }
    }

    /// A pass without a key (its pixels are its own frame's) is drawn back each frame, never kept.
    func testCompositesOfPassesWithoutKeys_areNotKept() throws {
        let inner = DrawOp(shape: .roundedRect(RoundedRect(rect: CGRect(x: 4, y: 4, width: 40, height: 30), radius: 6,
                                                           corners: .all, curve: .circular)),
                           paint: .solid(TestGraphs.blue), transform: .identity, bounds: TestGraphs.full(48, 38))
        let group = Pass(id: PassID(0), reason: .groupOpacity, label: "group", width: 48, height: 38,
                         content: .draw([inner]))
        let composite = DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: 48, height: 38)),
                               paint: .texture(TextureDraw(source: .pass(PassID(0)), opacity: 0.5)),
                               transform: .translation(10.5, 7.25), bounds: PixelRect(x0: 10, y0: 7, x1: 59, y1: 46))
        let graph = TestGraphs.canvas([composite], width: 80, height: 60, clear: TestGraphs.white, before: [group])
        let keeping = try renderer(keeps: true)
        for _ in 0..<3 { _ = try keeping.render(graph) }
        XCTAssertEqual(keeping.keptDrawCount, 0)
    }

    /// A draw in a pass without a key (drawn each frame) is kept; one in a keyed pass (a group's, drawn again
    /// only when its key changes) is not.
    func testDrawsInOffscreenPasses_areKeptUnlessThePassIsKeyed() throws {
        for keyed in [false, true] {
            let stops = [GradientPaint.Stop(location: 0, color: Color(red: 1, green: 0.5, blue: 0, alpha: 0.8)),
                         GradientPaint.Stop(location: 1, color: Color(red: 0, green: 0.2, blue: 1, alpha: 1))]
            let inner = DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: 40, height: 30)),
                               paint: .gradient(GradientPaint(kind: .axial, start: .zero, end: CGPoint(x: 40, y: 30),
                                                              stops: stops)),
                               transform: .translation(3.5, 2.25), bounds: PixelRect(x0: 3, y0: 2, x1: 44, y1: 33))
            let group = Pass(id: PassID(0), reason: .groupOpacity, label: "group", width: 48, height: 36,
                             content: .draw([inner]), retainKey: keyed ? PassRetainKey("group") : nil)
            let composite = DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: 48, height: 36)),
                                   paint: .texture(TextureDraw(source: .pass(PassID(0)), opacity: 0.5)),
                                   transform: .translation(10, 7), bounds: PixelRect(x0: 10, y0: 7, x1: 58, y1: 43))
            let graph = TestGraphs.canvas([composite], width: 80, height: 60, clear: TestGraphs.white, before: [group])
            let keeping = try renderer(keeps: true)
            var frames: [Image] = []
            for _ in 0..<3 { frames.append(try keeping.render(graph)) }
            XCTAssertEqual(keeping.keptDrawCount, 1, "keyed \(keyed): the group's composite when keyed, its gradient when not")
            let plain = try renderer(keeps: false).render(graph)
            for frame in frames { XCTAssertEqual(try ImageComparison(frame, plain).maxDifference, 0, "keyed \(keyed)") }
        }
    }

    /// A draw whose identity is not equal to itself (a NaN in its clip's map), planned anew each frame, is
    /// never kept: each frame would add a region no lookup finds. The same draw with a finite map is.
    func testIdentitiesNotEqualToThemselves_areNotKept() throws {
        let image = ImageResource(id: ImageID(0), bitmap: noiseBitmap())
        for y in [Double.nan, 20] {
            let keeping = try renderer(keeps: true)
            for _ in 0..<4 {
                // Built each frame, as a plan is: arrays of their own, compared element by element.
                var m = Transform3D.translation(20, 20)
                m.m42 = y
                let clip = Clip(shape: RoundedRect(rect: CGRect(x: 0, y: 0, width: 30, height: 30)), transform: m)
                let op = DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: 40, height: 24)),
                                paint: .texture(TextureDraw(source: .image(ImageID(0)))),
                                transform: .translation(10.5, 6.5), clips: [clip],
                                bounds: PixelRect(x0: 10, y0: 6, x1: 51, y1: 31))
                _ = try keeping.render(TestGraphs.canvas([op], width: 64, height: 40, images: [image]))
            }
            XCTAssertEqual(keeping.keptDrawCount, y.isNaN ? 0 : 1, "clip map y \(y)")
        }
    }

    /// Changing the options lets the kept draws go at the next frame, whose bytes are the new options'.
    func testAnOptionsChange_letsTheKeptDrawsGo() throws {
        let graph = scene()
        let keeping = try renderer(keeps: true)
        for _ in 0..<2 { _ = try keeping.render(graph) }
        XCTAssertEqual(keeping.keptDrawCount, 3)
        keeping.options.joinsBorders = false
        let after = try keeping.render(graph)
        XCTAssertEqual(keeping.keptDrawCount, 0, "nothing kept from before the change, nothing seen since")
        var options = RenderOptions()
        options.joinsBorders = false
        options.keepsDraws = false
        XCTAssertEqual(try ImageComparison(after, GPURenderer(options: options).render(graph)).maxDifference, 0)
    }

    func testNothingIsKept_whenTheOptionIsOff() throws {
        let r = try renderer(keeps: false)
        for _ in 0..<3 { _ = try r.render(scene()) }
        XCTAssertEqual(r.keptDrawCount, 0)
    }

    /// The atlas's regions: disjoint in a page; none when every page is full of draws this frame read; the
    /// least recently read page emptied for a new draw in a later frame, its draws forgotten.
    func testRegionsAreDisjoint_andFullPagesAreEmptiedLeastRecentlyReadFirst() throws {
        // A current context for the pages, alive until they are freed.
        let r = try renderer(keeps: true)
        try withExtendedLifetime(r) { try regions() }
    }

    /// A page more than half given out of which a frame read under a quarter is emptied at the frame's end
    /// (its target kept), so regions left by draws that moved on cannot fill every page.
    func testMostlyDeadPages_areEmptied() throws {
        let r = try renderer(keeps: true)
        try withExtendedLifetime(r) {
            let atlas = KeptDrawAtlas()
            func identity(_ k: Int) -> DrawIdentity {
                DrawIdentity(op: DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: 1, height: 1)),
                                        paint: .solid(TestGraphs.red), transform: .translation(Double(k), 0),
                                        bounds: TestGraphs.full(1, 1)), border: nil, image: nil)
            }
            let small = PixelRect(x0: 0, y0: 0, x1: 600, y1: 600), big = PixelRect(x0: 0, y0: 0, x1: 1000, y1: 1000)
            atlas.beginFrame()
            for (k, b) in [(0, small), (1, big), (2, big)] { XCTAssertNotNil(atlas.allocate(identity(k), bitmaps: [], bounds: b)) }
            atlas.endFrame()
            atlas.beginFrame()
            XCTAssertNotNil(atlas.slot(for: identity(1), bitmaps: [], bounds: big))
            atlas.endFrame()
            atlas.beginFrame()
            XCTAssertNotNil(atlas.slot(for: identity(0), bitmaps: [], bounds: small), "a page read enough is kept")
            atlas.endFrame()
            atlas.beginFrame()
            XCTAssertNil(atlas.slot(for: identity(1), bitmaps: [], bounds: big), "read 0.36 M of 2.36 M texels: emptied")
            XCTAssertEqual(atlas.pageCount, 1, "its target kept")
        }
    }

    private func regions() throws {
        let atlas = KeptDrawAtlas()
        atlas.beginFrame()
        func identity(_ k: Int) -> DrawIdentity {
            DrawIdentity(op: DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: 1, height: 1)), paint: .solid(TestGraphs.red),
                                    transform: .translation(Double(k), 0), bounds: TestGraphs.full(1000, 1000)),
                         border: nil, image: nil)
        }
        let bounds = PixelRect(x0: 3, y0: 5, x1: 1003, y1: 1005)
        let perPage = 4, total = perPage * KeptDrawAtlas.maximumPages
        var slots: [KeptDrawAtlas.Slot] = []
        for k in 0..<total {
            guard let s = atlas.allocate(identity(k), bitmaps: [], bounds: bounds) else { return XCTFail("draw \(k)") }
            slots.append(s)
        }
        XCTAssertNil(atlas.allocate(identity(total), bitmaps: [], bounds: bounds), "every page read this frame")
        for (i, a) in slots.enumerated() {
            XCTAssertLessThanOrEqual(a.x + 1000, KeptDrawAtlas.pageSize)
            XCTAssertLessThanOrEqual(a.y + 1000, KeptDrawAtlas.pageSize)
            for b in slots[(i + 1)...] where a.page == b.page {
                XCTAssertTrue(a.x + 1000 <= b.x || b.x + 1000 <= a.x || a.y + 1000 <= b.y || b.y + 1000 <= a.y,
                              "\(a) and \(b) overlap")
            }
        }
        atlas.beginFrame()
        for k in perPage..<total { XCTAssertNotNil(atlas.slot(for: identity(k), bitmaps: [], bounds: bounds)) }
        let fresh = atlas.allocate(identity(total), bitmaps: [], bounds: bounds)
        XCTAssertEqual(fresh?.page, slots[0].page, "the page no draw of this frame read")
        XCTAssertNil(atlas.slot(for: identity(1), bitmaps: [], bounds: bounds), "its draws are forgotten")
        XCTAssertNotNil(atlas.slot(for: identity(perPage), bitmaps: [], bounds: bounds))
        XCTAssertNil(atlas.slot(for: identity(perPage), bitmaps: [], bounds: PixelRect(x0: 4, y0: 5, x1: 1004, y1: 1005)),
                     "other bounds are another draw")
        // Pages read in this frame or the one before stay; the others are released at the frame's end.
        XCTAssertEqual(atlas.pageCount, KeptDrawAtlas.maximumPages)
        atlas.endFrame()
        atlas.beginFrame()
        XCTAssertNotNil(atlas.slot(for: identity(total), bitmaps: [], bounds: bounds))
        atlas.endFrame()
        XCTAssertEqual(atlas.pageCount, KeptDrawAtlas.maximumPages, "read in the frame before")
        atlas.beginFrame()
        atlas.endFrame()
        XCTAssertEqual(atlas.pageCount, 1, "only the page read a frame ago is held")
        XCTAssertNil(atlas.slot(for: identity(perPage + 1), bitmaps: [], bounds: bounds), "a released page's draws are gone")
        atlas.beginFrame()
        XCTAssertNotNil(atlas.allocate(identity(0), bitmaps: [], bounds: bounds))
        XCTAssertEqual(atlas.pageCount, 1, "placed in the held page's room, no page made")
    }
}
