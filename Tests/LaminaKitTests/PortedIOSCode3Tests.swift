import LaminaKit
import XCTest

/// Renders the layer and app code of PortedIOSCode3Layers/App.swift (written as for iOS) and checks the pixels
/// that prove what drew.
final class PortedIOSCode3Tests: XCTestCase {
    func testTileRowLaysOutItsTiles() throws {
        let layout = TileRowLayout()
        let row = makeTileRow(layout: layout)
        XCTAssertEqual(row.sublayers?.count, 4)
        XCTAssertFalse(CALayer.needsDisplay(forKey: "position"))
        XCTAssertTrue(row.action(forKey: "bounds") is NSNull)
        let image = try render(row)
        assertColor(image, 5, 40, (242, 242, 247), "the grouped background in the gap")
        assertColor(image, 20, 40, (0, 122, 255), "the first tile is system blue")
        assertColor(image, 110, 40, (255, 149, 0), "the second is system orange")
    }

    func testProgressRingStrokesItsShare() throws {
        let ring = ProgressRing(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        ring.setProgress(0.25, animated: false)
        XCTAssertEqual(ring.progressLayer.strokeEnd, 0.25)
        let image = try render(ring.layer)
        let link = (0, 122, 255)
        assertColor(image, 94, 50, link, tolerance: 6, "a quarter turn clockwise from 12 o'clock reaches 3 o'clock")
        let left = image.pixel(x: 6, y: 50)
        XCTAssertTrue(left.b < 200 || left.a < 200, "9 o'clock is only the track: \(left)")
        ring.setProgress(1, animated: true)
        XCTAssertNotNil(ring.progressLayer.animation(forKey: "progress"))
    }

    func testGradientMaskedTitle() throws {
        let image = try render(makeGradientTitle())
        XCTAssertGreaterThan(count(image) { $0.a > 200 && $0.r > 200 && $0.b < 120 }, 50, "red glyphs on the left")
        XCTAssertGreaterThan(count(image) { $0.a > 200 && $0.b > 200 && $0.r < 120 }, 50, "blue glyphs on the right")
        assertClear(image, 2, 2)
    }

    func testSkewedCardAndPerspective() throws {
        XCTAssertEqual(CATransform3DMakePerspective(500).m34, -1.0 / 500)
        let image = try render(makeSkewedCard())
        // The shear about the card's centre (100, 60): its top edge moves left by 15, its bottom right by 15.
        assertColor(image, 40, 35, (175, 82, 222), "the top-left shifted left")
        assertColor(image, 155, 85, (175, 82, 222), "the bottom-right shifted right")
        assertColor(image, 155, 35, (255, 255, 255), "the top-right corner cut off")
    }

    func testFrozenBarShowsHalfWay() throws {
        let image = try render(makeFrozenBar())
        assertColor(image, 140, 20, (52, 199, 89), "150 wide at half the animation")
        assertClear(image, 160, 20)
    }

    func testSpriteRunnerSteps() throws {
        guard let sheet = makeTestImage(width: 4, height: 1, draw: { ctx in
            let colors: [UIColor] = [.red, .green, .blue, .white]
            for (i, color) in colors.enumerated() {
                ctx.setFillColor(color.cgColor)
                ctx.fill(CGRect(x: i, y: 0, width: 1, height: 1))
            }
        }) else { return XCTFail("no sprite sheet") }
        let sprite = makeSpriteRunner(sheet: sheet)
        assertColor(try render(sprite, at: 0.1), 25, 25, (255, 0, 0), "frame 0")
        assertColor(try render(sprite, at: 0.6), 25, 25, (0, 0, 255), "frame 2: discrete, no blend")
    }

    func testAttributedPriceLabel() throws {
        let label = makePriceLabel(price: "$12.50", caption: "per month")
        let image = try render(label)
        // Right aligned: ink near the right edge, none at the far left.
        XCTAssertGreaterThan(count(image) { $0.a > 200 && $0.r < 80 && $0.g < 80 }, 40, "black price digits")
        let leftInk = (0..<20).flatMap { x in (0..<60).map { image.pixel(x: x, y: $0) } }.filter { $0.r < 80 && $0.a > 200 }
        XCTAssertTrue(leftInk.isEmpty, "right-aligned text leaves the left edge empty")
    }

    func testCenteredCaption() throws {
        let image = try render(makeCenteredCaption())
        let ink = (0..<200).filter { x in (0..<30).contains { image.pixel(x: x, y: $0).r < 100 } }
        guard let first = ink.first, let last = ink.last else { return XCTFail("no text") }
        XCTAssertLessThan(abs((first + last) / 2 - 100), 4, "centred: ink spans \(first)...\(last)")
    }

    func testSemanticAndDynamicColors() throws {
        let image = try render(makeSemanticSwatches())
        assertColor(image, 30, 10, (242, 242, 247), "systemGroupedBackground")
        assertColor(image, 30, 70, (0, 122, 255), "link")
        assertColor(image, 30, 90, (204, 51, 0), "the light brand accent")
        assertColor(image, 30, 110, (255, 255, 255), "cardBackground in light mode")
        // Dynamic colours resolve to light mode when made (Lamina renders light).
        let resolved = UIColor.brandAccent.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark))
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        XCTAssertTrue(resolved.getRed(&r, green: &g, blue: &b, alpha: &a))
        XCTAssertEqual(r, 0.8, accuracy: 0.001)
    }

    func testGeometryHelpers() {
        let rect = CGRect(x: 0.4, y: 0.6, width: 10.2, height: 5.1)
        XCTAssertEqual(rect.integral, CGRect(x: 0, y: 0, width: 11, height: 6))
        let (slice, rest) = CGRect(x: 0, y: 0, width: 100, height: 50).divided(atDistance: 30, from: .maxXEdge)
        XCTAssertEqual(slice, CGRect(x: 70, y: 0, width: 30, height: 50))
        XCTAssertEqual(rest, CGRect(x: 0, y: 0, width: 70, height: 50))
        let shear = CGAffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0)
        XCTAssertEqual(CGPoint(x: 0, y: 10).applying(shear), CGPoint(x: 5, y: 10))
    }
}

/// Chapter 6's tiled and emitter layers and CoreGraphics gradients in `draw(in:)`, written as for iOS.
final class PortedIOSCode3DrawingTests: XCTestCase {
    func testLinearGradientInDrawIn() throws {
        let layer = GradientBackgroundLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        for backend in [Lamina.Backend.cpu, .gpu] {
            let image = try Lamina.render(layer, size: nil, scale: 1, backend: backend, at: 0)
            assertColor(image, 0, 20, (255, 0, 0), "the left column is red (\(backend))")
            assertColor(image, 99, 20, (0, 0, 255), "the right column is blue (\(backend))")
            assertColor(image, 50, 20, (126, 0, 129), tolerance: 4, "the middle is half way (\(backend))")
        }
    }

    func testRadialGradientClippedToACircle() throws {
        let delegate = SpotlightDelegate()
        let image = try render(makeSpotlight(delegate: delegate))
        assertColor(image, 60, 60, (255, 255, 255), tolerance: 6, "white at the centre")
        assertColor(image, 60, 85, (128, 128, 128), tolerance: 8, "half way out")
        assertClear(image, 3, 3)
        assertClear(image, 60, 5)
    }

    func testTiledLayerDrawsEveryTile() throws {
        XCTAssertEqual(CheckerTiledLayer.fadeDuration(), 0)
        XCTAssertEqual(CATiledLayer.fadeDuration(), 0.25)
        let tiled = makeCheckerTiles()
        XCTAssertEqual(tiled.tileSize, CGSize(width: 50, height: 50))
        let image = try render(tiled)
        assertColor(image, 25, 25, (0, 0, 0), "tile (0, 0) is black")
        assertColor(image, 75, 25, (255, 255, 255), "tile (1, 0) is white")
        assertColor(image, 175, 75, (0, 0, 0), "tile (3, 1), the last, is black")
    }

    func testEmitterDrawsItsLayerAndWarns() throws {
        let emitter = makeFireEmitter(spark: nil)
        XCTAssertEqual(emitter.emitterCells?.first?.name, "spark")
        XCTAssertEqual(emitter.emitterShape, .circle)
        var warnings: [SceneWarning] = []
        let image = try Lamina.render(emitter, framing: .bounds, scale: 1, warnings: { warnings.append($0) })
        assertColor(image, 100, 100, (85, 85, 85), "the background, no particles")
        XCTAssertTrue(warnings.contains { $0.what.contains("particles are not drawn") }, "\(warnings)")
    }
}
