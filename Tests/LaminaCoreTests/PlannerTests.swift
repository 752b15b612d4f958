import Foundation
import LaminaTestSupport
import XCTest
@testable import LaminaCore
@testable import LaminaGeometry
import LaminaGraph
import LaminaImage

/// The planner's decisions: which passes exist and why, draw order, and layer geometry.
final class PlannerTests: XCTestCase {
    private func scene(_ w: Double = 200, _ h: Double = 200, scale: Double = 1, _ build: (Layer) -> Void) -> Scene {
        let s = Scene(width: w, height: h, scale: scale)
        build(s.root)
        return s
    }

    private func box(_ frame: CGRect, _ color: Color? = .red) -> Layer {
        let l = Layer()
        l.frame = frame
        l.backgroundColor = color
        return l
    }

    private func reasons(_ g: RenderGraph) -> [PassReason] { g.passes.map(\.reason) }

    private func canvasOps(_ g: RenderGraph) -> [DrawOp] {
        guard case .draw(let ops)? = g.output?.content else { return [] }
        return ops
    }

    private func project(_ op: DrawOp, _ x: Double, _ y: Double) -> (Double, Double) {
        let p = op.transform.apply(x: x, y: y)
        return (p.x / p.w, p.y / p.w)
    }

    func testPlainLayerNeedsOnlyTheCanvasPass() throws {
        let g = try Planner().plan(scene { $0.addSublayer(box(CGRect(x: 10, y: 10, width: 50, height: 50))) })
        XCTAssertEqual(reasons(g), [.canvas])
        XCTAssertEqual(canvasOps(g).count, 1)
        XCTAssertEqual(canvasOps(g).first?.bounds, PixelRect(x0: 9, y0: 9, x1: 61, y1: 61))
    }

    func testSingleDrawWithOpacityFoldsAlphaInsteadOfAGroupPass() throws {
        let g = try Planner().plan(scene { root in
            let l = box(CGRect(x: 0, y: 0, width: 50, height: 50), .black)
            l.opacity = 0.5
            root.addSublayer(l)
        })
        XCTAssertEqual(reasons(g), [.canvas])
        guard case .solid(let c)? = canvasOps(g).first?.paint else { return XCTFail("expected a fill") }
        XCTAssertEqual(c.a, 0.5, accuracy: 1e-12)
    }

    func testOverlappingSublayersWithOpacityMakeOneGroupPass() throws {
        let g = try Planner().plan(scene { root in
            let parent = box(CGRect(x: 0, y: 0, width: 100, height: 100), nil)
            parent.opacity = 0.5
            parent.addSublayer(box(CGRect(x: 0, y: 0, width: 60, height: 60)))
            parent.addSublayer(box(CGRect(x: 40, y: 40, width: 60, height: 60)))
            root.addSublayer(parent)
        })
        XCTAssertEqual(reasons(g), [.groupOpacity, .canvas])
        XCTAssertEqual(canvasOps(g).count, 1)
    }

    func testAllowsGroupOpacityFalseMultipliesOpacityPerElement() throws {
        let g = try Planner().plan(scene { root in
            let parent = box(CGRect(x: 0, y: 0, width: 100, height: 100), nil)
            parent.opacity = 0.5
            parent.allowsGroupOpacity = false
            parent.addSublayer(box(CGRect(x: 0, y: 0, width: 60, height: 60)))
            parent.addSublayer(box(CGRect(x: 40, y: 40, width: 60, height: 60)))
            root.addSublayer(parent)
        })
        XCTAssertEqual(reasons(g), [.canvas])
        XCTAssertEqual(canvasOps(g).count, 2)
    }

    /// A shadow's passes are drawn white of the shape's alpha (`DrawOp.grayOfAlpha`), so renderers may
    /// store and blur them one value a pixel; the colours become their alphas and nothing else changes.
    func testShadowPasses_areGray_andDrawWhiteOfAlpha() throws {
        let g = try Planner(usesShadowAtlas: false).plan(scene { root in
            let l = box(CGRect(x: 50, y: 50, width: 100, height: 100), Color(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.8))
            l.shadowOpacity = 1
            l.shadowRadius = 5
            l.transform = .rotation(0.3, 0, 0, 1)
            root.addSublayer(l)
        })
        XCTAssertEqual(g.passes.filter(\.isGray).map(\.reason), [.shadowShape, .shadowBlur])
        guard case .draw(let ops) = g.passes[0].content, case .solid(let c)? = ops.first?.paint else {
            return XCTFail("the shadow's shape is a fill")
        }
        XCTAssertEqual(c, PremultipliedColor(r: 0.8, g: 0.8, b: 0.8, a: 0.8))
        let stops = [GradientPaint.Stop(location: 0, color: Color(red: 1, green: 0, blue: 0, alpha: 0.5)),
                     GradientPaint.Stop(location: 1, color: .blue)]
        let paint = GradientPaint(kind: .axial, start: .zero, end: CGPoint(x: 10, y: 0), stops: stops)
        let gradient = DrawOp(shape: .roundedRect(RoundedRect(rect: CGRect(x: 0, y: 0, width: 10, height: 10))), paint: .gradient(paint),
                              transform: .identity, bounds: PixelRect(x0: 0, y0: 0, x1: 10, y1: 10)).grayOfAlpha
        guard case .gradient(let grayPaint) = gradient.paint else { return XCTFail("still a gradient") }
        XCTAssertEqual(grayPaint.color(at: 0.5), SIMD4(repeating: 0.75))
    }

    func testShadowMakesShapeAndBlurPassesAndDrawsUnderTheLayer() throws {
        let g = try Planner(usesShadowAtlas: false).plan(scene(scale: 2) { root in
            let l = box(CGRect(x: 50, y: 50, width: 100, height: 100))
            l.shadowOpacity = 1
            l.shadowRadius = 5
            root.addSublayer(l)
        })
        XCTAssertEqual(reasons(g), [.shadowShape, .shadowBlur, .canvas])
        guard case .blur(_, let sigma, let method) = g.passes[1].content else { return XCTFail("expected a blur") }
        XCTAssertEqual(sigma, 10, accuracy: 1e-12, "sigma = shadowRadius x canvas.scale")
        // A square's alpha rises once per row and column: the GPU may blur it through a pyramid whose
        // bound keeps it within BlurPyramid.target of the exact blur.
        XCTAssertGreaterThan(method.levels, 0)
        XCTAssertLessThanOrEqual(method.bound, BlurPyramid.target)
        guard case .texture(let t)? = canvasOps(g).first?.paint else { return XCTFail("shadow first") }
        XCTAssertNotNil(t.tint)
        // The default shadowOffset (0, -3) casts the shadow 3 points (6 pixels) up: the blurred shape's
        // pixel (0, 0) lands 6 pixels above where it was cut out.
        let cut = canvasOps(g).first.map { project($0, 0, 0) }
        let shapeOrigin = canvasOps(g)[1].bounds.y0 - (Int((3 * 10.0).rounded(.up)) + 1)
        XCTAssertEqual(cut?.1 ?? 0, Double(shapeOrigin) - 6, accuracy: 1e-9)
    }

    func testShadowPathReplacesTheContentPassWithAPathFill() throws {
        let g = try Planner().plan(scene { root in
            let l = box(CGRect(x: 50, y: 50, width: 100, height: 100))
            l.shadowOpacity = 1
            l.shadowPathValue = Path(ellipseIn: l.bounds)
            l.addSublayer(box(CGRect(x: 0, y: 0, width: 10, height: 10)))
            root.addSublayer(l)
        })
        guard case .draw(let shapeOps) = g.passes[0].content else { return XCTFail("expected draws") }
        XCTAssertEqual(shapeOps.count, 1)
        guard case .path = shapeOps[0].shape else { return XCTFail("expected a path fill") }
    }

    func testMaskLayerMakesContentAndAlphaPasses() throws {
        let g = try Planner().plan(scene { root in
            let l = box(CGRect(x: 0, y: 0, width: 100, height: 100))
            // Translucent: not a clip (`MaskClipTests` covers the opaque rounded rect).
            l.mask = box(CGRect(x: 25, y: 25, width: 50, height: 50), Color(red: 1, green: 1, blue: 1, alpha: 0.5))
            root.addSublayer(l)
        })
        XCTAssertEqual(reasons(g), [.maskedContent, .maskAlpha, .canvas])
        XCTAssertEqual(g.passes[0].width, 52, "cut at the intersection of content and mask bounds")
    }

    func testShouldRasterizeRendersAtRasterizationScale() throws {
        let g = try Planner().plan(scene(scale: 2) { root in
            let l = box(CGRect(x: 10, y: 10, width: 40, height: 30))
            l.shouldRasterize = true
            l.rasterizationScale = 1
            root.addSublayer(l)
        })
        XCTAssertEqual(reasons(g), [.rasterization, .canvas])
        XCTAssertEqual(g.passes[0].width, 40)
        XCTAssertEqual(g.passes[0].height, 30)
    }

    func testContinuousCornersWithMasksToBoundsClipThroughAShapePass() throws {
        let g = try Planner().plan(scene { root in
            let l = box(CGRect(x: 10, y: 10, width: 100, height: 100))
            l.cornerRadius = 20
            l.cornerCurve = .continuous
            l.masksToBounds = true
            l.addSublayer(box(CGRect(x: -5, y: -5, width: 30, height: 30), .blue))
            root.addSublayer(l)
        })
        XCTAssertEqual(reasons(g), [.maskedContent, .clipShape, .canvas])
        guard case .draw(let inner) = g.passes[0].content, case .path = inner.first?.shape else {
            return XCTFail("continuous background is a path fill")
        }
    }

    /// A continuous-corner layer that masks only its own background and contents: each is drawn with the
    /// corners' path as its shape (the contents stretched over the bounds as before), no mask pass.
    func testContinuousCornersAroundContentsAlone_drawThePathWithEachPaint() throws {
        var image = Image(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { image.setPixel(x: x, y: y, (UInt8(x * 60), UInt8(y * 60), 90, 255)) } }
        let g = try Planner().plan(scene { root in
            let l = box(CGRect(x: 10.5, y: 10, width: 100, height: 80))
            l.cornerRadius = 24
            l.cornerCurve = .continuous
            l.masksToBounds = true
            l.contentsValue = Bitmap(image: image)
            root.addSublayer(l)
        })
        XCTAssertEqual(reasons(g), [.canvas])
        let ops = canvasOps(g)
        XCTAssertEqual(ops.count, 2, "background and contents")
        guard ops.count == 2, case .path(let background) = ops[0].shape, case .solid = ops[0].paint,
              case .path(let contents) = ops[1].shape, case .texture = ops[1].paint else {
            return XCTFail("both ops are the corners' path: \(ops.map { "\($0.shape) x \($0.paint)" })")
        }
        XCTAssertEqual(contents.polylines, background.polylines)
        XCTAssertEqual(contents.frame, CGRect(x: 0, y: 0, width: 100, height: 80), "the texture spans the bounds")
    }

    func testHiddenLayersAndTheirSubtreesDrawNothing() throws {
        let g = try Planner().plan(scene { root in
            let l = box(CGRect(x: 0, y: 0, width: 50, height: 50))
            l.isHidden = true
            l.addSublayer(box(CGRect(x: 0, y: 0, width: 10, height: 10)))
            root.addSublayer(l)
        })
        XCTAssertTrue(canvasOps(g).isEmpty)
    }

    func testZPositionOrdersSiblingsStably() throws {
        let g = try Planner().plan(scene { root in
            let a = box(CGRect(x: 0, y: 0, width: 10, height: 10), .red); a.zPosition = 1
            let b = box(CGRect(x: 20, y: 0, width: 10, height: 10), .green)
            let c = box(CGRect(x: 40, y: 0, width: 10, height: 10), .blue)
            root.addSublayer(a); root.addSublayer(b); root.addSublayer(c)
        })
        let colors = canvasOps(g).compactMap { op -> Double? in
            if case .roundedRect = op.shape, case .solid(let c) = op.paint { return c.r * 4 + c.g * 2 + c.b } else { return nil }
        }
        XCTAssertEqual(colors, [2, 1, 4], "green, blue, then red on top")
    }

    func testAnchorPointPositionAndBoundsOriginPlaceLayers() throws {
        let g = try Planner().plan(scene { root in
            let parent = Layer()
            parent.bounds = CGRect(x: 10, y: 20, width: 100, height: 100)
            parent.anchorPoint = .zero
            parent.position = CGPoint(x: 50, y: 50)
            let child = box(CGRect(x: 10, y: 20, width: 10, height: 10))
            parent.addSublayer(child)
            root.addSublayer(parent)
        })
        guard let op = canvasOps(g).first else { return XCTFail("expected the child") }
        // bounds.origin (10, 20) shifts sublayers: the child at (10, 20) sits at the parent's top-left.
        let p = project(op, 0, 0)
        XCTAssertEqual(p.0, 50, accuracy: 1e-9)
        XCTAssertEqual(p.1, 50, accuracy: 1e-9)
    }

    func testSublayerTransformPivotsAboutTheParentsAnchorPoint() throws {
        let g = try Planner().plan(scene { root in
            let parent = Layer()
            parent.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            parent.sublayerTransform = .scale(2, 2, 1)
            parent.addSublayer(box(CGRect(x: 50, y: 50, width: 10, height: 10)))
            root.addSublayer(parent)
        })
        guard let op = canvasOps(g).first else { return XCTFail("expected the child") }
        // The child's origin (50, 50) is the parent's anchor (centre): a scale about it leaves it in place.
        let p = project(op, 0, 0), q = project(op, 10, 10)
        XCTAssertEqual(p.0, 50, accuracy: 1e-9)
        XCTAssertEqual(q.0, 70, accuracy: 1e-9)
    }

    func testPerspectiveInSublayerTransformMagnifiesNearerChildren() throws {
        let g = try Planner().plan(scene { root in
            let parent = Layer()
            parent.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            var p = Transform3D.identity
            p.m34 = -1.0 / 500
            parent.sublayerTransform = p
            let near = box(CGRect(x: 90, y: 90, width: 20, height: 20)); near.zPosition = 100
            parent.addSublayer(near)
            root.addSublayer(parent)
        })
        guard let op = canvasOps(g).first else { return XCTFail("expected the child") }
        let a = project(op, 0, 0), b = project(op, 20, 20)
        // w = 1 - 100/500 = 0.8 about the parent's centre (100, 100): 20 points become 25 pixels.
        XCTAssertEqual(b.0 - a.0, 25, accuracy: 1e-9)
        XCTAssertEqual(a.0, 100 - 10 / 0.8, accuracy: 1e-9)
    }

    func testDoubleSidedFalseHidesALayerTurnedAway() throws {
        let g = try Planner().plan(scene { root in
            let l = box(CGRect(x: 50, y: 50, width: 100, height: 100))
            l.isDoubleSided = false
            l.transform = Transform3D.rotation(.pi, 0, 1, 0)
            root.addSublayer(l)
        })
        XCTAssertTrue(canvasOps(g).isEmpty)
    }

    func testGravityTopMeansMaximumY() {
        let builder = GraphBuilder()
        let l = Layer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        l.contents = Bitmap(image: LaminaImage.Image(width: 20, height: 10))
        l.contentsGravity = .top
        XCTAssertEqual(builder.contentsFrame(l), CGRect(x: 40, y: 90, width: 20, height: 10))
        l.contentsGravity = .bottomLeft
        XCTAssertEqual(builder.contentsFrame(l), CGRect(x: 0, y: 0, width: 20, height: 10))
        l.contentsGravity = .resizeAspect
        XCTAssertEqual(builder.contentsFrame(l), CGRect(x: 0, y: 25, width: 100, height: 50))
        l.contentsScale = 2
        l.contentsGravity = .center
        XCTAssertEqual(builder.contentsFrame(l), CGRect(x: 45, y: 47.5, width: 10, height: 5))
    }
}
