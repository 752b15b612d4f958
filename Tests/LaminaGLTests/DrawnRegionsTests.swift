import Foundation
import LaminaCore
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaGL
@testable import LaminaFixtures
import LaminaGraph
import LaminaGeometry

/// A canvas cleared and read back only where its draws lie (`DrawnRegions`, `RenderOptions.readsDrawnRegions`):
/// the regions hold every op's bounds, and the image has the bytes of a whole clear and read-back.
final class DrawnRegionsTests: XCTestCase {
    private static func op(_ r: PixelRect) -> DrawOp {
        DrawOp(shape: .rect(CGRect(x: r.x0, y: r.y0, width: r.width, height: r.height)), paint: .solid(TestGraphs.red),
               transform: .identity, bounds: r)
    }

    private static func covered(_ regions: DrawnRegions, _ x: Int, _ y: Int) -> Bool {
        regions.rects.contains { $0.x0 <= x && x < $0.x1 && $0.y0 <= y && y < $0.y1 }
    }

    func testRegions_holdEveryOpsBounds_disjoint_andFewerThanTheCanvas() throws {
        var state: UInt64 = 7
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        for count in [1, 3, 10, 40, 100] {
            var rects: [PixelRect] = []
            for _ in 0..<count {
                let x = next(1900) - 10, y = next(1070) - 5
                rects.append(PixelRect(x0: x, y0: y, x1: x + 1 + next(60), y1: y + 1 + next(40)))
            }
            guard let regions = DrawnRegions(ops: rects.map(Self.op), width: 1920, height: 1080) else {
                XCTAssertGreaterThanOrEqual(count, 40, "\(count) small rects leave most of the canvas")
                continue
            }
            for r in rects {
                let inside = r.intersection(PixelRect(x0: 0, y0: 0, x1: 1920, y1: 1080))
                // Every row's ends and middle (an op crosses up to three bands).
                for y in inside.y0..<inside.y1 {
                    for x in [inside.x0, (inside.x0 + inside.x1) / 2, inside.x1 - 1] where !inside.isEmpty {
                        XCTAssertTrue(Self.covered(regions, x, y), "\(count): \(r) at (\(x), \(y))")
                    }
                }
            }
            for (i, a) in regions.rects.enumerated() {
                for b in regions.rects[(i + 1)...] { XCTAssertTrue(a.intersection(b).isEmpty, "\(a) and \(b) overlap") }
            }
            XCTAssertEqual(regions.area, regions.rects.reduce(0) { $0 + $1.area })
            XCTAssertLessThanOrEqual(regions.area, 1920 * 1080 / 2)
        }
    }

    func testChoice_softwareRasterizersOnly() {
        XCTAssertTrue(RasterTuning.choose(renderer: "llvmpipe (LLVM 15.0.6, 256 bits)", extensions: []).drawsRegions)
        XCTAssertFalse(RasterTuning.choose(renderer: "NVIDIA H200/PCIe/SSE2", extensions: []).drawsRegions)
    }

    func testBands_joinNearIntervals_keepFour_andStackIntoRectangles() {
        var list: [ClosedRange<Int>] = []
        for span in [0...9, 500...509, 1000...1009, 1500...1509, 1800...1809] { DrawnRegions.insert(span, into: &list) }
        XCTAssertEqual(list, [0...9, 500...509, 1000...1009, 1500...1809], "the two closest joined")
        DrawnRegions.insert(20...480, into: &list)
        XCTAssertEqual(list, [0...509, 1000...1009, 1500...1809], "within 64 columns of both: one interval")
        let tall = PixelRect(x0: 100, y0: 10, x1: 200, y1: 200)
        let regions = DrawnRegions(ops: [Self.op(tall)], width: 1000, height: 1000)
        XCTAssertEqual(regions?.rects, [PixelRect(x0: 100, y0: 0, x1: 200, y1: 224)], "bands of 32 rows stacked")
        XCTAssertNil(DrawnRegions(ops: [Self.op(PixelRect(x0: 0, y0: 0, x1: 1000, y1: 600))], width: 1000, height: 1000),
                     "an op over half the canvas: cleared and read whole")
        XCTAssertEqual(DrawnRegions(ops: [], width: 10, height: 10)?.rects, [], "nothing drawn: nothing read")
        let thin = (0..<600).map { Self.op(PixelRect(x0: $0 % 2, y0: 0, x1: $0 % 2 + 1, y1: 60_000)) }
        XCTAssertNotNil(DrawnRegions(ops: Array(thin.prefix(500)), width: 12_000, height: 60_000))
        XCTAssertNil(DrawnRegions(ops: thin, width: 12_000, height: 60_000),
                     "600 ops crossing 1 875 bands each: over the walk's bound, read whole")
    }

    /// Sparse scenes (the bench's 10 and 100 cards, labels on a canvas, a transparent canvas, a colour with
    /// four equal bytes, nothing drawn) and dense ones, cold and warm: the bytes with the regions and without.
    func testImages_haveTheBytesOfAWholeReadback() throws {
        var graphs: [(String, RenderGraph)] = []
        for name in ["layers-10", "layers-100", "text-labels-40", "masks-100", "shadow-radius-8"] {
            let scene = try XCTUnwrap(BenchScenes.scene(named: name)).makeScene()
            graphs.append((name, try Planner().plan(scene)))
        }
        let cards = [PixelRect(x0: -5, y0: 3, x1: 40, y1: 30), PixelRect(x0: 200, y0: 150, x1: 263, y1: 203),
                     PixelRect(x0: 100, y0: 60, x1: 101, y1: 61)].map(Self.op)
        for clear in [PremultipliedColor.transparent, TestGraphs.white, PremultipliedColor(r: 0.2, g: 0.3, b: 0.4, a: 1),
                      PremultipliedColor(r: 0.1, g: 0.1, b: 0.1, a: 0.5)] {
            graphs.append(("cards on \(clear)", TestGraphs.canvas(cards, width: 263, height: 203, clear: clear)))
            graphs.append(("nothing on \(clear)", TestGraphs.canvas([], width: 70, height: 50, clear: clear)))
        }
        graphs.append(("a heap of cards in a corner", Self.heap()))
        var regionsUsed = 0
        for (_, graph) in graphs {
            if let canvas = graph.passes.last, case .draw(let ops) = canvas.content,
               DrawnRegions(ops: ops, width: canvas.width, height: canvas.height) != nil {
                regionsUsed += 1
            }
        }
        XCTAssertGreaterThanOrEqual(regionsUsed, 10, "the sparse scenes are read by regions")
        // Both tunings; cut exactly, depth tested (no culling), and in op order (no occlusion).
        var general = RasterTuning.general
        general.drawsRegions = true
        for r in [try GLTestSupport.renderer(), try GPURenderer(platform: nil, tuning: general)] {
            XCTAssertTrue(r.drawsRegions, "llvmpipe reads a sparse canvas by regions")
            let saved = r.options
            defer { r.options = saved }
            for variant in ["default", "no culling", "no occlusion"] {
                var options = saved
                if variant == "no culling" { options.culls = false }
                if variant == "no occlusion" { options.occludes = false }
                for (name, graph) in graphs {
                    options.readsDrawnRegions = true
                    r.options = options
                    // Each frame in a target the frame before filled with another colour: a pixel the clear
                    // pieces miss shows it.
                    let whole = PixelRect(x0: 0, y0: 0, x1: graph.width, y1: graph.height)
                    let fill = DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: whole.width, height: whole.height)),
                                      paint: .solid(PremultipliedColor(r: 0, g: 1, b: 0.5, a: 1)),
                                      transform: .identity, bounds: whole)
                    let dirty = TestGraphs.canvas([fill], width: graph.width, height: graph.height)
                    let drawn = try (0..<2).map { _ in _ = try r.render(dirty); return try r.render(graph) }
                    options.readsDrawnRegions = false
                    r.options = options
                    let reference = try r.render(graph)
                    for (frame, image) in drawn.enumerated() {
                        let cmp = try ImageComparison(image, reference)
                        XCTAssertEqual(cmp.maxDifference, 0,
                                       "\(name), \(variant), frame \(frame): \(cmp.differingPixels) pixels differ")
                    }
                }
            }
        }
    }

    /// 1 500 overlapping cards, opaque and translucent, in a corner of a 600 x 600 canvas.
    private static func heap() -> RenderGraph {
        var ops: [DrawOp] = []
        for i in 0..<1500 {
            let x = (i * 37) % 260, y = (i * 53) % 250
            let shape = RoundedRect(rect: CGRect(x: x, y: y, width: 24, height: 18), radius: 4, corners: .all,
                                    curve: .circular)
            let color = i % 3 == 0 ? PremultipliedColor(r: 0.3, g: 0.1, b: 0.2, a: 0.5)
                : PremultipliedColor(r: Double(i % 7) / 7, g: 0.5, b: 0.25, a: 1)
            ops.append(DrawOp(shape: .roundedRect(shape), paint: .solid(color), transform: .identity,
                              bounds: PixelRect(x0: x, y0: y, x1: x + 24, y1: y + 18)))
        }
        return TestGraphs.canvas(ops, width: 600, height: 600, clear: PremultipliedColor(r: 0.9, g: 0.9, b: 0.95, a: 1))
    }
}
