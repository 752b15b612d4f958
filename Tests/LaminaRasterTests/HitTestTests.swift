import Foundation
import LaminaCore
import LaminaImage
import LaminaRaster
import LaminaTestSupport
import XCTest
import LaminaGraph
import LaminaGeometry

/// `Layer.hitTest` agrees with what is drawn: at every sampled pixel whose colour is exactly one layer's
/// opaque background, the hit layer is that layer, through rotations, perspective, zPosition, clipping
/// and hidden layers.
final class HitTestTests: XCTestCase {
    private func scene() -> (Scene, [Layer]) {
        let scene = Scene(width: 200, height: 150, scale: 1, background: .white)
        func card(_ frame: CGRect, _ color: Color, _ name: String) -> Layer {
            let l = Layer()
            l.frame = frame
            l.backgroundColor = color
            l.name = name
            return l
        }
        let a = card(CGRect(x: 10, y: 10, width: 80, height: 60), Color(red: 1, green: 0, blue: 0), "a")
        let b = card(CGRect(x: 50, y: 30, width: 80, height: 60), Color(red: 0, green: 1, blue: 0), "b")
        b.transform = Transform3D.identity.rotated(.pi / 7, 0, 0, 1)
        let c = card(CGRect(x: 40, y: 20, width: 40, height: 40), Color(red: 0, green: 0, blue: 1), "c")
        c.zPosition = 5   // drawn (and hit) above b although earlier
        let clip = card(CGRect(x: 120, y: 80, width: 60, height: 50), Color(red: 1, green: 1, blue: 0), "clip")
        clip.masksToBounds = true
        let inner = card(CGRect(x: 30, y: 20, width: 60, height: 60), Color(red: 1, green: 0, blue: 1), "inner")
        clip.addSublayer(inner)
        let tilted = card(CGRect(x: 130, y: 10, width: 60, height: 50), Color(red: 0, green: 1, blue: 1), "tilted")
        var t = Transform3D.identity
        t.m34 = -1.0 / 200
        tilted.transform = t.rotated(.pi / 4, 0, 1, 0)
        let hidden = card(CGRect(x: 0, y: 0, width: 200, height: 150), .black, "hidden")
        hidden.isHidden = true
        for l in [c, a, b, clip, tilted, hidden] { scene.root.addSublayer(l) }
        return (scene, [a, b, c, clip, inner, tilted])
    }

    func testHitLayer_isTheLayerDrawnAtThePixel() throws {
        let (scene, layers) = scene()
        let image = try CPURenderer().render(try Planner().plan(scene))
        var checked = 0
        for y in stride(from: 1, to: 150, by: 3) {
            for x in stride(from: 1, to: 200, by: 3) {
                let p = image.pixel(x: x, y: y)
                let drawn = layers.first { l in
                    guard let c = l.backgroundColor else { return false }
                    return Int(p.r) == Int(c.red * 255) && Int(p.g) == Int(c.green * 255) && Int(p.b) == Int(c.blue * 255)
                }
                guard let drawn else { continue }
                let hit = scene.root.hitTest(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
                XCTAssertTrue(hit === drawn, "(\(x), \(y)): drawn \(drawn.name ?? "?"), hit \(hit?.name ?? "nothing")")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 800)
    }

    func testConvert_roundTripsThroughTransforms() throws {
        let (scene, layers) = scene()
        _ = scene
        for layer in layers {
            let p = CGPoint(x: 7.25, y: 11.5)
            let inRoot = try XCTUnwrap(layer.convert(p, to: nil))
            let back = try XCTUnwrap(layer.convert(inRoot, from: nil))
            XCTAssertEqual(Double(back.x), 7.25, accuracy: 1e-9, layer.name ?? "")
            XCTAssertEqual(Double(back.y), 11.5, accuracy: 1e-9, layer.name ?? "")
        }
        // inner sits at (30, 20) in clip, which sits at (120, 80): its origin is (150, 100) on the canvas.
        let inner = layers[4]
        let origin = try XCTUnwrap(inner.convert(CGPoint(x: 0, y: 0), to: nil))
        XCTAssertEqual(Double(origin.x), 150, accuracy: 1e-9)
        XCTAssertEqual(Double(origin.y), 100, accuracy: 1e-9)
        XCTAssertEqual(layers[3].convert(CGPoint(x: 35, y: 25), from: inner), CGPoint(x: 65, y: 45))
        XCTAssertTrue(inner.contains(CGPoint(x: 0, y: 0)))
        XCTAssertFalse(inner.contains(CGPoint(x: 60, y: 10)), "bounds are half-open")
    }

    /// Outside a masksToBounds parent its sublayer is not hit; without the mask it would be.
    func testMasksToBounds_cutsHits() {
        let (scene, layers) = scene()
        let point = CGPoint(x: 185, y: 110)   // inner's area, right of clip's bounds
        XCTAssertTrue(scene.root.hitTest(point) === scene.root)
        layers[3].masksToBounds = false
        XCTAssertTrue(scene.root.hitTest(point) === layers[4])
    }
}
