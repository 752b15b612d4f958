import Foundation
import LaminaImage
import XCTest
@testable import LaminaCore

/// Custom drawing: the backing store a layer's drawing fills (pixels of the store, as the planner hands it to
/// both renderers), the three ways to give a drawing, and the bounds on it.
final class DrawingTests: XCTestCase {
    /// The drawn store of `layer`, planned alone in a scene.
    func store(_ layer: Layer, limits: ResourceLimits = .default) throws -> Image {
        let scene = Scene(width: 400, height: 400)
        scene.root.addSublayer(layer)
        let graph = try Planner(limits: limits).plan(scene)
        return try XCTUnwrap(graph.images.first?.bitmap).image
    }

    func drawn(_ size: CGFloat = 100, scale: Double = 1, _ body: @escaping (DrawingContext) -> Void) -> Layer {
        let layer = Layer()
        layer.frame = CGRect(x: 0, y: 0, width: size, height: size)
        layer.contentsScale = scale
        layer.draw = body
        return layer
    }

    func testThickRedCircle_strokeCentreIsRed_insideAndOutsideTransparent() throws {
        let image = try store(drawn(200) { ctx in
            ctx.setLineWidth(10)
            ctx.setStrokeColor(UIColor.red.cgColor)
            ctx.strokeEllipse(in: CGRect(x: 10, y: 10, width: 180, height: 180))
        })
        XCTAssertEqual(image.width, 200)
        XCTAssertTrue(image.pixel(x: 100, y: 10) == (255, 0, 0, 255), "\(image.pixel(x: 100, y: 10))")
        XCTAssertTrue(image.pixel(x: 10, y: 100) == (255, 0, 0, 255), "\(image.pixel(x: 10, y: 100))")
        XCTAssertEqual(image.pixel(x: 100, y: 100).a, 0, "inside the circle")
        XCTAssertEqual(image.pixel(x: 2, y: 2).a, 0, "outside the circle")
    }

    func testSelfIntersectingStar_evenOddLeavesTheCentreEmpty_windingFillsIt() throws {
        func star(_ rule: FillRule) throws -> Image {
            try store(drawn { ctx in
                for k in 0..<5 {
                    let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
                    let p = CGPoint(x: 50 + 45 * cos(a), y: 50 + 45 * sin(a))
                    if k == 0 { ctx.move(to: p) } else { ctx.addLine(to: p) }
                }
                ctx.closePath()
                ctx.fillPath(using: rule)
            })
        }
        let winding = try star(.winding), evenOdd = try star(.evenOdd)
        XCTAssertEqual(winding.pixel(x: 50, y: 50).a, 255)
        XCTAssertEqual(evenOdd.pixel(x: 50, y: 50).a, 0)
        // The top arm is filled under both rules.
        XCTAssertEqual(winding.pixel(x: 50, y: 15).a, 255)
        XCTAssertEqual(evenOdd.pixel(x: 50, y: 15).a, 255)
    }

    func testSaveAndRestore_restoreTheFillColourAndTheCTM() throws {
        let image = try store(drawn { ctx in
            ctx.setFillColor(.red)
            ctx.saveGState()
            ctx.setFillColor(.blue)
            ctx.translateBy(x: 50, y: 0)
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            ctx.restoreGState()
            ctx.fill(CGRect(x: 0, y: 20, width: 10, height: 10))
        })
        XCTAssertTrue(image.pixel(x: 55, y: 5) == (0, 0, 255, 255))
        XCTAssertTrue(image.pixel(x: 5, y: 25) == (255, 0, 0, 255), "red again, and not translated")
        XCTAssertEqual(image.pixel(x: 55, y: 25).a, 0)
    }

    func testClip_limitsAFill_withAnAntialiasedEdge() throws {
        let image = try store(drawn { ctx in
            ctx.clip(to: CGRect(x: 0, y: 0, width: 50.5, height: 100))
            ctx.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        })
        XCTAssertEqual(image.pixel(x: 25, y: 50).a, 255)
        XCTAssertEqual(image.pixel(x: 75, y: 50).a, 0)
        XCTAssertEqual(Int(image.pixel(x: 50, y: 50).a), 128, "half the pixel is inside the clip")
    }

    func testContentsScale2_drawsAStoreOfTwiceThePixelsThroughTheCTM() throws {
        let image = try store(drawn(50, scale: 2) { ctx in ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10)) })
        XCTAssertEqual(image.width, 100)
        XCTAssertEqual(image.pixel(x: 19, y: 19).a, 255)
        XCTAssertEqual(image.pixel(x: 20, y: 20).a, 0)
    }

    /// Listing 2.2's delegate, in the book's spelling (README's listing).
    final class RedCircle: CALayerDelegate {
        func drawLayer(_ layer: CALayer, in ctx: CGContext) {
            ctx.setLineWidth(10)
            ctx.setStrokeColor(UIColor.red.cgColor)
            ctx.strokeEllipse(in: layer.bounds)
        }
    }

    func testClosureDelegateAndSceneKey_drawIdenticalBytes() throws {
        let closure = try store(drawn(200) { ctx in
            ctx.setLineWidth(10)
            ctx.setStrokeColor(UIColor.red.cgColor)
            ctx.strokeEllipse(in: CGRect(x: 0, y: 0, width: 200, height: 200))
        })
        let delegate = RedCircle()
        let layer = Layer()
        layer.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        layer.delegate = delegate
        let delegated = try store(layer)
        let decoded = try store(SceneFixture.layer("""
            {"frame": [0, 0, 200, 200], "drawing": [{"op": "setLineWidth", "width": 10},
             {"op": "setStrokeColor", "color": "red"}, {"op": "strokeEllipse", "rect": [0, 0, 200, 200]}]}
            """))
        XCTAssertEqual(closure, delegated)
        XCTAssertEqual(closure, decoded)
    }

    func testDrawing_replacesContents() throws {
        let layer = drawn { ctx in ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10)) }
        layer.contents = Bitmap(image: Image(width: 7, height: 7), origin: "unused")
        let image = try store(layer)
        XCTAssertEqual(image.width, 100, "the drawn store, not the 7x7 contents")
    }

    func testADrawingOverTheSegmentLimit_failsThePlanAtTheLayer() throws {
        let scene = Scene(width: 100, height: 100)
        scene.root.addSublayer(drawn { ctx in
            for _ in 0..<200 { ctx.addEllipse(in: CGRect(x: 0, y: 0, width: 90, height: 90)) }
            ctx.fillPath()
        })
        let limits = ResourceLimits(maxMemoryBytes: 1 << 30, maxPassSide: 4096, maxPathSegments: 1000)
        XCTAssertThrowsError(try Planner(limits: limits).plan(scene)) { error in
            let e = error as? PlanError
            XCTAssertEqual(e?.pointer, "/layers/0")
            XCTAssertTrue(e?.message.contains("over 1000 line segments") ?? false, "\(error)")
        }
    }

    func testAStoreOverThePassSideLimit_isRefused() throws {
        let scene = Scene(width: 100, height: 100)
        let layer = drawn { ctx in ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10)) }
        layer.bounds.size.width = 40_000
        scene.root.addSublayer(layer)
        XCTAssertThrowsError(try Planner().plan(scene)) { error in
            XCTAssertTrue("\(error)".contains("drawn layer's backing store is 40000x100 pixels"), "\(error)")
            XCTAssertTrue("\(error)".contains("over the 16384-pixel limit on a side"), "\(error)")
        }
    }
}
