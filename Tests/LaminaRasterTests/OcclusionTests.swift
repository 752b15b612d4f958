import Foundation
import LaminaCore
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaRaster
import LaminaGraph
import LaminaGeometry

/// Grid draws leave out the pixels a later opaque fill overwrites (`Occlusion`); the bytes must be those
/// of the general path, which draws every pixel.
final class OcclusionTests: XCTestCase {
    /// Overlapping shadowed cards: opaque and translucent, with borders, clipped ones, group opacity below
    /// 1 (a modulated fill that must not hide anything), whole and fractional frames, at scales 1 and 2.
    func testShadowsUnderOpaqueCardsGiveTheGeneralPathsBytes() throws {
        for scale in [1.0, 2.0] {
            let scene = makeScene(width: 360, height: 260, scale: scale, background: Color(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)) { root in
                for i in 0..<18 {
                    let frame = CGRect(x: Double((i * 53) % 280) + (i % 4 == 3 ? 0.5 : 0), y: Double((i * 37) % 190),
                                       width: Double(50 + (i * 29) % 70), height: Double(40 + (i * 17) % 50))
                    let card = layer(frame, Color(red: 0.3 + 0.03 * Double(i), green: 0.4, blue: 0.8, alpha: i % 5 == 2 ? 0.8 : 1))
                    card.cornerRadius = Double([0, 4, 9, 15][i % 4])
                    card.borderWidth = Double(i % 3)
                    card.borderColor = Color(red: 0.1, green: 0.1, blue: 0.3, alpha: 1)
                    card.shadowOpacity = i % 2 == 0 ? 0.5 : 0.9
                    card.shadowRadius = Double([2, 5, 8][i % 3])
                    card.shadowOffset = CGSize(width: Double(i % 3) - 1, height: 3)
                    if i % 7 == 4 { card.opacity = 0.6 }
                    if i % 6 == 1 { card.masksToBounds = true; card.addSublayer(layer(CGRect(x: -4, y: -4, width: 30, height: 20), .red)) }
                    root.addSublayer(card)
                }
            }
            try assertFastPathsChangeNothing(scene, "scale \(scale): ")
        }
    }

    /// Fills, borders, fills with their borders and gradients walked over spans, under later opaque cards:
    /// translucent and opaque, with and without borders, rotated ones (which hide nothing), clipped children,
    /// fractional frames, scales 1 and 2. Occlusion on must give the bytes of occlusion off and of the general
    /// path, and must find hidden pixels for span draws (else this tests nothing).
    func testSpanDrawsUnderOpaqueCardsGiveTheGeneralPathsBytes() throws {
        for scale in [1.0, 2.0] {
            let scene = makeScene(width: 320, height: 240, scale: scale, background: Color(red: 0.9, green: 0.92, blue: 0.95, alpha: 1)) { root in
                for i in 0..<24 {
                    let frame = CGRect(x: Double((i * 47) % 250) + (i % 3 == 1 ? 0.25 : 0), y: Double((i * 31) % 180) + (i % 5 == 2 ? 0.5 : 0),
                                       width: Double(40 + (i * 23) % 60), height: Double(30 + (i * 13) % 45))
                    let card: Layer
                    if i % 6 == 5 {
                        let gradient = GradientLayer()
                        gradient.frame = frame
                        gradient.colorsValue = [Color(red: 1, green: 0.5, blue: 0, alpha: 1), Color(red: 0, green: 0.3, blue: 0.9, alpha: 1)]
                        card = gradient
                    } else {
                        card = layer(frame, Color(red: 0.2 + 0.03 * Double(i), green: 0.5, blue: 0.7, alpha: i % 4 == 3 ? 0.7 : 1))
                    }
                    card.cornerRadius = Double([0, 3, 8, 14][i % 4])
                    card.borderWidth = Double([0, 1, 2.5][i % 3])
                    card.borderColor = Color(red: 0.1, green: 0.1, blue: 0.2, alpha: i % 7 == 3 ? 0.5 : 1)
                    if i % 8 == 6 { card.transform = .rotation(0.3, 0, 0, 1) }
                    if i % 5 == 1 {
                        card.masksToBounds = true
                        card.addSublayer(layer(CGRect(x: -5, y: 6, width: 40, height: 18), Color(red: 0.9, green: 0.2, blue: 0.2, alpha: 1)))
                    }
                    root.addSublayer(card)
                }
            }
            try assertFastPathsChangeNothing(scene, "scale \(scale): ")
            let graph = try Planner().plan(scene)
            let without = try CPURenderer(paths: CPUFastPaths.all.subtracting(.occlusion)).render(graph)
            for threads in [1, 3] {
                let cmp = try ImageComparison(try CPURenderer(threads: threads, paths: .all).render(graph), without)
                XCTAssertEqual(cmp.maxDifference, 0, "scale \(scale), \(threads) threads: \(cmp.differingPixels) pixels differ")
            }
            var samplers: [ImageID: TextureSampler] = [:]
            guard case .draw(let drawn) = graph.passes[graph.passes.count - 1].content else {
                return XCTFail("the canvas pass draws")
            }
            // Passes the canvas reads (the clipped cards') are not needed to prepare the span draws.
            let ops = try drawn.filter { if case .texture = $0.paint { return false } else { return true } }.map {
                try PreparedOp($0, graph: graph, passes: [:], samplers: &samplers)
            }
            let hidden = Occlusion.hidden(ops.map(PassDraw.op))
            XCTAssertEqual(hidden.count, ops.count, "scale \(scale): span draws skip hidden pixels")
            guard hidden.count == ops.count else { continue }
            let skipping = ops.indices.filter { ops[$0].spans != nil && !ops[$0].drawsByGrid && !hidden[$0].isEmpty }
            XCTAssertGreaterThan(skipping.count, 3, "scale \(scale): span draws with hidden pixels")
        }
    }

    /// A row's visible runs are the columns outside every rectangle on that row, left to right, whatever
    /// the rectangles' overlaps.
    func testHiddenRunsAreTheColumnsOutsideTheRectangles() {
        var rng = SystemRandomNumberGenerator()
        for trial in 0..<200 {
            let rects = (0..<Int.random(in: 1...16, using: &rng)).map { _ -> PixelRect in
                let x = Int.random(in: 0..<60, using: &rng), y = Int.random(in: 0..<60, using: &rng)
                return PixelRect(x0: x, y0: y, x1: x + Int.random(in: 0...20, using: &rng), y1: y + Int.random(in: 0...20, using: &rng))
            }
            let hidden = Hidden(rects)
            for y in -2..<84 {
                let lo = Int.random(in: -4..<70, using: &rng), xs = lo..<lo + Int.random(in: 0..<30, using: &rng)
                var seen: [Int] = []
                hidden.forEachVisible(xs, runs: hidden.runs(y: y)) { run in
                    XCTAssertFalse(run.isEmpty)
                    if let last = seen.last { XCTAssertGreaterThan(run.lowerBound, last) }
                    seen += Array(run)
                }
                let expected = xs.filter { x in !rects.contains { $0.y0 <= y && y < $0.y1 && $0.x0 <= x && x < $0.x1 } }
                XCTAssertEqual(seen, expected, "trial \(trial), row \(y), columns \(xs)")
                if seen != expected { return }
            }
        }
        XCTAssertTrue(Hidden().isEmpty)
        XCTAssertTrue(Hidden([PixelRect(x0: 4, y0: 4, x1: 4, y1: 9)]).isEmpty)
    }

    /// A renderer's later frames take the buffers of its earlier ones (`BufferPool`), holding another
    /// scene's bytes: the bytes must not change.
    func testPooledBuffersFromAnotherSceneDoNotChangeTheBytes() throws {
        func scene(_ n: Int, shift: Double) -> Scene {
            makeScene(width: 300, height: 200, background: .white) { root in
                for i in 0..<n {
                    let card = layer(CGRect(x: shift + Double((i * 41) % 230), y: Double((i * 29) % 140), width: 60, height: 44),
                                     Color(red: 0.2, green: 0.3 + 0.04 * Double(i), blue: 0.7, alpha: 1))
                    card.cornerRadius = 8
                    card.shadowOpacity = 0.6
                    card.shadowRadius = 6
                    root.addSublayer(card)
                }
            }
        }
        let a = try Planner().plan(scene(9, shift: 0)), b = try Planner().plan(scene(14, shift: 7))
        let reference = try CPURenderer().render(a)
        let renderer = CPURenderer()
        _ = try renderer.render(b)
        XCTAssertEqual(try renderer.render(a).pixels, reference.pixels, "after another scene")
        XCTAssertEqual(try renderer.render(a).pixels, reference.pixels, "again")
    }

    /// An opaque rounded-rect fill's rectangle is its plain rows' solid span; a translucent fill has none.
    func testOpaqueRectIsThePlainRowsSolidSpan() throws {
        let shape = RoundedRect(rect: CGRect(x: 10, y: 20, width: 100, height: 60),
                                minXMinY: 12, maxXMinY: 12, minXMaxY: 12, maxXMaxY: 12)
        let bounds = PixelRect(x0: 9, y0: 19, x1: 111, y1: 81)
        func prepared(alpha: Double) throws -> PreparedOp {
            let op = DrawOp(shape: .roundedRect(shape), paint: .solid(PremultipliedColor(r: alpha, g: 0, b: 0, a: alpha)),
                            transform: .identity, bounds: bounds, edgeAA: .all)
            var samplers: [ImageID: TextureSampler] = [:]
            let graph = RenderGraph(width: 120, height: 100, scale: 1, clearColor: .transparent, passes: [], images: [])
            return try PreparedOp(op, graph: graph, passes: [:], samplers: &samplers)
        }
        let opaque = try prepared(alpha: 1)
        XCTAssertTrue(opaque.occludes)
        let plan = try XCTUnwrap(opaque.spans)
        let rect = try XCTUnwrap(Occlusion.opaqueRect(plan: plan, bounds: bounds))
        // Rows whose centres clear the corners (y 32...68), columns whose centres lie half a pixel inside.
        XCTAssertEqual(rect, PixelRect(x0: 10, y0: 32, x1: 110, y1: 68))
        for y in rect.y0..<rect.y1 {
            XCTAssertTrue(plan.isPlain(row: y), "row \(y)")
            XCTAssertEqual(plan.row(y, bounds: bounds).solid, rect.x0..<rect.x1, "row \(y)")
        }
        XCTAssertFalse(try prepared(alpha: 0.5).occludes)
    }
}
