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
