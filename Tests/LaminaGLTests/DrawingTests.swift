import Foundation
import LaminaCore
import LaminaGL
import LaminaImage
import LaminaRaster
import LaminaTestSupport
import XCTest
import LaminaGraph
import LaminaGeometry

/// Custom drawing: the backing store a layer's drawing fills, planned as a pass of path fills, textures and
/// clip passes that both renderers draw (the GPU computes the paths' coverage itself); the three ways to give
/// a drawing, CoreGraphics' clips and clears, and the bounds on it.
final class DrawingTests: XCTestCase {
    /// The drawn store of `layer`, planned alone in a scene and rendered up to its store pass on the CPU; the
    /// GPU's render of the same passes must agree within one step.
    func store(_ layer: Layer, limits: ResourceLimits = .default, file: StaticString = #filePath,
               line: UInt = #line) throws -> Image {
        var graph = try storeGraph(layer, limits: limits)
        graph.clearColor = PremultipliedColor(r: 0, g: 0, b: 0, a: 0)
        let cpu = try CPURenderer().render(graph)
        let gpu = try GLTestSupport.renderer(file: file, line: line).render(graph)
        XCTAssertLessThanOrEqual(GLTestSupport.compare(gpu, cpu, maxDiff: 1, name: "drawn store", file: file, line: line),
                                 1, "GPU against CPU", file: file, line: line)
        return cpu
    }

    /// The plan of `layer` alone in a scene, cut after its store pass (the last pass drawn for the drawing).
    func storeGraph(_ layer: Layer, limits: ResourceLimits = .default) throws -> RenderGraph {
        let scene = Scene(width: 400, height: 400)
        scene.root.addSublayer(layer)
        var graph = try Planner(limits: limits).plan(scene)
        let last = try XCTUnwrap(graph.passes.lastIndex { $0.reason == .drawing }, "no drawing pass")
        graph.passes = Array(graph.passes[...last])
        return graph
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
        let document = """
            {"format": "lamina-scene/1", "canvas": {"width": 200, "height": 200}, "layers": [
             {"frame": [0, 0, 200, 200], "drawing": [{"op": "setLineWidth", "width": 10},
              {"op": "setStrokeColor", "color": "red"}, {"op": "strokeEllipse", "rect": [0, 0, 200, 200]}]}]}
            """
        let decodedLayer = try XCTUnwrap(try SceneDecoder().decode(Data(document.utf8)).root.sublayersValue.first)
        decodedLayer.removeFromSuperlayer()
        let decoded = try store(decodedLayer)
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

    func testStore_isAPassOfPathFills_nothingRasterizedWhilePlanning() throws {
        let graph = try storeGraph(drawn { ctx in
            ctx.setStrokeColor(.red)
            ctx.setLineWidth(4)
            ctx.strokeEllipse(in: CGRect(x: 10, y: 10, width: 80, height: 80))
            ctx.fill(CGRect(x: 40, y: 40, width: 20, height: 20))
        })
        XCTAssertTrue(graph.images.isEmpty, "no image: the store is not rasterized by the planner")
        let pass = try XCTUnwrap(graph.passes.last)
        XCTAssertEqual(pass.reason, .drawing)
        XCTAssertEqual([pass.width, pass.height], [100, 100])
        guard case .draw(let ops) = pass.content else { return XCTFail("a draw pass") }
        XCTAssertEqual(ops.count, 2)
        for op in ops { guard case .path = op.shape else { return XCTFail("a path fill: \(op.shape)") } }
    }

    func testPathClip_ellipse_limitsTheFill() throws {
        let image = try store(drawn { ctx in
            ctx.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
            ctx.clip()
            ctx.setFillColor(.blue)
            ctx.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        })
        XCTAssertTrue(image.pixel(x: 50, y: 50) == (0, 0, 255, 255), "\(image.pixel(x: 50, y: 50))")
        XCTAssertEqual(image.pixel(x: 3, y: 3).a, 0, "outside the ellipse")
        XCTAssertEqual(image.pixel(x: 96, y: 96).a, 0, "outside the ellipse")
    }

    func testNestedPathClips_intersect() throws {
        let image = try store(drawn { ctx in
            ctx.addEllipse(in: CGRect(x: 0, y: 0, width: 60, height: 100))
            ctx.clip()
            ctx.addEllipse(in: CGRect(x: 40, y: 0, width: 60, height: 100))
            ctx.clip()
            ctx.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        })
        XCTAssertEqual(image.pixel(x: 50, y: 50).a, 255, "in both")
        XCTAssertEqual(image.pixel(x: 20, y: 50).a, 0, "in the first only")
        XCTAssertEqual(image.pixel(x: 80, y: 50).a, 0, "in the second only")
    }

    func testRestoreGState_dropsThePathClip() throws {
        let image = try store(drawn { ctx in
            ctx.saveGState()
            ctx.addEllipse(in: CGRect(x: 0, y: 0, width: 50, height: 50))
            ctx.clip()
            ctx.restoreGState()
            ctx.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        })
        XCTAssertEqual(image.pixel(x: 90, y: 90).a, 255)
        XCTAssertEqual(image.pixel(x: 1, y: 1).a, 255)
    }

    /// Two opaque paints under one path clip: at a pixel the clip covers by k, each paint goes through the clip
    /// (CoreGraphics' per-paint mask), so the lower one shows by k (1 - k), not hidden as a group would be.
    func testOverlappingPaintsUnderAPathClip_eachTakeTheClip() throws {
        func draw(_ paints: Bool) throws -> Image {
            try store(drawn { ctx in
                ctx.addEllipse(in: CGRect(x: 0.3, y: 0.3, width: 99.4, height: 99.4))
                ctx.clip()
                ctx.setFillColor(paints ? .red : .white)
                ctx.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
                if paints {
                    ctx.setFillColor(.blue)
                    ctx.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
                }
            })
        }
        let coverage = try draw(false), painted = try draw(true)
        var checked = 0
        for x in 0..<50 {
            let k = Double(coverage.pixel(x: x, y: 50).a) / 255
            guard k > 0.2, k < 0.8 else { continue }
            let p = painted.pixel(x: x, y: 50)
            XCTAssertEqual(Double(p.b), 255 * k, accuracy: 1.5, "blue through the clip at x \(x)")
            XCTAssertEqual(Double(p.r), 255 * k * (1 - k), accuracy: 1.5, "red under it, also through the clip")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 0, "an edge pixel of partial coverage")
    }

    func testClearRect_makesThePixelsTransparent_withAnAntialiasedEdge() throws {
        let image = try store(drawn { ctx in
            ctx.setFillColor(.green)
            ctx.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
            ctx.clear(CGRect(x: 10, y: 10, width: 30.5, height: 30))
        })
        XCTAssertEqual(image.pixel(x: 20, y: 20).a, 0)
        XCTAssertTrue(image.pixel(x: 60, y: 60) == (0, 255, 0, 255))
        // Half the pixel is cleared: 255 x (1 - 128/255), the cleared coverage held in an 8-bit pass.
        XCTAssertEqual(Int(image.pixel(x: 40, y: 20).a), 127)
    }

    func testClearUnderAPathClip_clearsOnlyInsideTheClip() throws {
        let image = try store(drawn { ctx in
            ctx.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
            ctx.addEllipse(in: CGRect(x: 25, y: 25, width: 50, height: 50))
            ctx.clip()
            ctx.clear(CGRect(x: 0, y: 0, width: 100, height: 100))
        })
        XCTAssertEqual(image.pixel(x: 50, y: 50).a, 0, "cleared inside the clip")
        XCTAssertEqual(image.pixel(x: 5, y: 5).a, 255, "kept outside it")
    }

    func testDrawImage_underAPathClip() throws {
        var pixels = Image(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { pixels.setPixel(x: x, y: y, (255, 0, 0, 255)) } }
        let bitmap = Bitmap(image: pixels, origin: "red")
        let image = try store(drawn { ctx in
            ctx.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
            ctx.clip()
            ctx.draw(bitmap, in: CGRect(x: 0, y: 0, width: 100, height: 100))
        })
        XCTAssertTrue(image.pixel(x: 50, y: 50) == (255, 0, 0, 255), "\(image.pixel(x: 50, y: 50))")
        XCTAssertEqual(image.pixel(x: 2, y: 2).a, 0)
    }
}

extension DrawingTests {
    /// Thousands of overlapping paints under one path clip: drawn (runs merge once half the pass budget is
    /// spent), not refused, and within the budget of passes.
    func testManyOverlappingPaintsUnderAPathClip_areDrawnWithinThePassBound() throws {
        let graph = try storeGraph(drawn { ctx in
            ctx.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
            ctx.clip()
            for k in 0..<5000 {
                ctx.setFillColor(k % 2 == 0 ? .red : .blue)
                ctx.fill(CGRect(x: Double(k % 50), y: 10, width: 40, height: 80))
            }
        })
        XCTAssertLessThanOrEqual(graph.passes.count, 16_384 + 2)
        XCTAssertGreaterThan(graph.passes.count, 1000, "runs split while the budget lasts")
    }

    func testAClearOnAnEmptyStore_drawsNothing_andRefusesNothing() throws {
        let scene = Scene(width: 100, height: 100)
        scene.root.addSublayer(drawn { ctx in ctx.clear(CGRect(x: 0, y: 0, width: 100, height: 100)) })
        let graph = try Planner().plan(scene)
        XCTAssertFalse(graph.passes.contains { $0.reason == .drawing }, "an empty store is no pass")
    }

    func testPathClipsNestedPastTheLimit_areRefusedNamingIt() throws {
        let scene = Scene(width: 100, height: 100)
        scene.root.addSublayer(drawn { ctx in
            for k in 0..<70 {
                ctx.addEllipse(in: CGRect(x: Double(k) * 0.1, y: 0, width: 90, height: 90))
                ctx.clip()
            }
            ctx.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        })
        XCTAssertThrowsError(try Planner().plan(scene)) { error in
            XCTAssertTrue("\(error)".contains("nests over 64 path clips"), "\(error)")
        }
    }

    /// Rect clips under one CTM intersect into one; past eight on a paint they become path clips, so a
    /// drawing of thousands of clipToRects plans in bounded time with bounded clips per operation.
    func testThousandsOfRectClips_stayBoundedPerOperation() throws {
        let graph = try storeGraph(drawn { ctx in
            for k in 0..<20_000 {
                ctx.clip(to: CGRect(x: 0, y: 0, width: 100 - Double(k) * 0.001, height: 100))
                ctx.fill(CGRect(x: 10, y: 10, width: 20, height: 20))
            }
        })
        guard case .draw(let ops) = try XCTUnwrap(graph.passes.last).content else { return XCTFail("a draw pass") }
        XCTAssertEqual(ops.count, 20_000)
        XCTAssertTrue(ops.allSatisfy { $0.clips.count == 1 }, "nested rects under one CTM are one clip")
    }
}

/// Drawn stores are kept between frames (`Pass.retainKey`): a scene drawn again skips its store's passes and
/// gives the same bytes, and a changed drawing is drawn anew.
final class RetainedDrawingTests: XCTestCase {
    private func scene(_ color: Color) -> Scene {
        let scene = Scene(width: 120, height: 120)
        let layer = Layer()
        layer.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
        layer.draw = { ctx in
            ctx.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
            ctx.clip()
            ctx.setFillColor(color)
            ctx.fill(CGRect(x: 0, y: 0, width: 100, height: 60))
            ctx.clear(CGRect(x: 40, y: 40, width: 20, height: 20))
        }
        scene.root.addSublayer(layer)
        return scene
    }

    func testAStoreDrawnAgain_isKept_andAChangedOneIsRedrawn() throws {
        let red = try Planner().plan(scene(.red)), blue = try Planner().plan(scene(.blue))
        XCTAssertNotNil(red.passes.first { $0.reason == .drawing && $0.retainKey != nil }, "the store is retained")
        let cpu = CPURenderer()
        let gpu = try GLTestSupport.renderer()
        for renderer in [cpu as Renderer, gpu as Renderer] {
            let first = try renderer.render(red)
            let again = try renderer.render(try Planner().plan(scene(.red)))
            XCTAssertEqual(first, again, "the kept store gives the same bytes")
            let changed = try renderer.render(blue)
            XCTAssertEqual(changed.pixel(x: 60, y: 20).b, 255, "a changed drawing is drawn anew")
            XCTAssertEqual(changed.pixel(x: 60, y: 20).r, 0)
        }
        // On the GPU, the second frame drew nothing but the canvas.
        _ = try gpu.render(red)
        let stats = try XCTUnwrap(gpu.lastFrameStats)
        XCTAssertEqual(stats.passes.dropLast().reduce(0) { $0 + $1.drawCalls }, 0, "\(stats.passes.map(\.drawCalls))")
        XCTAssertGreaterThan(stats.passes.last?.drawCalls ?? 0, 0)
    }
}
