import Foundation
import LaminaCore
import LaminaImage
import LaminaRaster
import LaminaTestSupport
import XCTest
import LaminaGraph
import LaminaGeometry

/// A layer's background and border, planned as two operations with nothing between them, drawn by the
/// renderers as one (`BorderedFill`): when they fuse, and what the CPU reference draws for it.
final class BorderedFillTests: XCTestCase {
    private func canvasOps(_ g: RenderGraph) -> [DrawOp] {
        guard case .draw(let ops)? = g.output?.content else { return [] }
        return ops
    }

    private func fused(_ ops: [DrawOp]) -> [BorderedFill] {
        ops.drawItems(fusingBorders: true).compactMap(\.border)
    }

    /// A 40 x 30 card at (10, 10), radius 8, border 3: fill and border as given.
    private func card(fill: Color, border: Color, radius: Double = 8, width: Double = 3) -> Layer {
        let l = layer(CGRect(x: 10, y: 10, width: 40, height: 30), fill)
        l.cornerRadius = radius
        l.borderWidth = width
        l.borderColor = border
        return l
    }

    func testBackgroundAndBorder_withNothingBetween_areDrawnAsOne() throws {
        let scene = makeScene(width: 60, height: 50) { $0.addSublayer(card(fill: .red, border: .blue)) }
        let ops = canvasOps(try Planner().plan(scene))
        XCTAssertEqual(ops.count, 2)
        let pairs = fused(ops)
        XCTAssertEqual(pairs.count, 1)
        XCTAssertEqual(pairs.first?.shape.minXMinY, 8)
        XCTAssertEqual(pairs.first?.width, 3)
        XCTAssertEqual(pairs.first?.fill, Color.red.premultiplied)
        XCTAssertEqual(pairs.first?.border, Color.blue.premultiplied)
        XCTAssertEqual(ops.drawItems(fusingBorders: false).count, 2)
    }

    func testSublayerBetween_keepsThreeOperations() throws {
        let withChild = makeScene(width: 60, height: 50) { root in
            let c = card(fill: .red, border: .blue)
            c.addSublayer(layer(CGRect(x: 5, y: 5, width: 10, height: 10), .green))
            root.addSublayer(c)
        }
        let ops = canvasOps(try Planner().plan(withChild))
        XCTAssertEqual(ops.count, 3, "\(ops.map(\.shape))")
        if case .roundedRect? = ops.first?.shape {} else { XCTFail("the background first: \(ops.map(\.shape))") }
        if case .ring(_, 3)? = ops.last?.shape {} else { XCTFail("the border last: \(ops.map(\.shape))") }
        XCTAssertTrue(fused(ops).isEmpty)
    }

    func testHardEdgedFill_isNotFused() throws {
        // A rotated rect keeps hard edges (allowsEdgeAntialiasing is off); its border is antialiased.
        let scene = makeScene(width: 80, height: 80) { root in
            let c = card(fill: .red, border: .blue, radius: 0)
            c.transform = Transform3D.rotation(0.3, 0, 0, 1)
            root.addSublayer(c)
        }
        let ops = canvasOps(try Planner().plan(scene))
        XCTAssertEqual(ops.count, 2)
        XCTAssertTrue(fused(ops).isEmpty)
    }

    /// Joined cards under every path the CPU draws them by (memo and runs, sampled rotations, clips over
    /// the hole, no hole, modulated by group opacity, shadows skipping their opaque holes): fast paths
    /// change no byte.
    func testJoinedCards_giveTheSameBytesWithoutFastPaths() throws {
        for scale in [1.0, 2.0] {
            let scene = makeScene(width: 300 / scale, height: 200 / scale, scale: scale, background: .white) { root in
                let clip = layer(CGRect(x: 150 / scale, y: 0, width: 150 / scale, height: 200 / scale), nil)
                clip.cornerRadius = 30 / scale
                clip.masksToBounds = true
                root.addSublayer(clip)
                for i in 0..<16 {
                    let fill = Color(red: 0.1 * Double(i % 9), green: 0.6, blue: 0.3, alpha: i % 3 == 0 ? 0.7 : 1)
                    let border = Color(red: 0.2, green: 0.1, blue: 0.4, alpha: i % 4 == 0 ? 0.5 : 1)
                    let c = card(fill: fill, border: border, radius: Double([0, 3, 8, 14][i % 4]) / scale,
                                 width: Double([1, 2.5, 4, 30][i % 4]) / scale)
                    c.frame = CGRect(x: (Double((i % 4) * 70) + 3.25) / scale,
                                     y: (Double((i / 4) * 48) + 2.5) / scale,
                                     width: Double(40 + (i * 13) % 30) / scale,
                                     height: Double(30 + (i * 7) % 14) / scale)
                    if i % 5 == 1 { c.transform = Transform3D.rotation(0.2, 0, 0, 1) }
                    if i % 6 == 2 { c.opacity = 0.5 }
                    if i % 3 == 1 { c.shadowOpacity = 0.6; c.shadowRadius = 4 }
                    (i % 2 == 0 ? root : clip).addSublayer(c)
                }
            }
            let ops = canvasOps(try Planner().plan(scene))
            XCTAssertFalse(fused(ops).isEmpty)
            try assertFastPathsChangeNothing(scene, "scale \(scale): ")
        }
    }
}
