import LaminaKit
import XCTest

/// Renders the code in PortedIOSCode.swift (written as for iOS) on the CPU and checks pixels that prove the
/// right thing drew: the shadow's side, the arcs' sides, the gradient's ends, the replicator's tints.
final class PortedIOSCodeTests: XCTestCase {
    private func render(_ layer: CALayer, background: UIColor = .clear) throws -> Image {
        try Lamina.render(layer, scale: 1, background: background)
    }

    private func container(_ size: CGSize, _ layers: CALayer...) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = UIColor.white.cgColor
        for l in layers { root.addSublayer(l) }
        return root
    }

    func testCardShadowFallsBelowTheCard() throws {
        let card = makeCard(width: 160, height: 100)
        XCTAssertEqual(card.shadowOpacity, 0.6)
        XCTAssertEqual(card.shadowPath?.boundingBox, CGRect(x: 0, y: 0, width: 160, height: 100))
        let image = try render(container(CGSize(width: 200, height: 160), card))
        XCTAssertLessThan(image.pixel(x: 100, y: 124).r, 200, "the shadow shows under the card (offset y +8)")
        XCTAssertGreaterThan(image.pixel(x: 100, y: 17).r, 240, "no shadow above it")
        XCTAssertEqual(image.pixel(x: 100, y: 90).r, 255, "the card's own background is white")
    }

    func testBadgeIsARedCircle() throws {
        let image = try render(makeBadge(count: 3))
        let top = image.pixel(x: 20, y: 5)
        XCTAssertGreaterThan(top.r, 200)
        XCTAssertLessThan(top.g, 100)
        XCTAssertEqual(image.pixel(x: 1, y: 1).a, 0, "outside the circle")
    }

    func testGaugeArcIsOverTheTopAsOnIOS() throws {
        let gauge = GaugeLayer()
        gauge.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        gauge.setNeedsDisplay()
        var image = try render(gauge)
        let top = image.pixel(x: 50, y: 8)
        XCTAssertGreaterThan(top.g, 150)
        XCTAssertLessThan(top.r, 120, "the value arc (green) covers the top")
        XCTAssertEqual(image.pixel(x: 50, y: 92).a, 0, "nothing under the centre")

        gauge.value = 0.5
        image = try render(gauge)
        XCTAssertLessThan(image.pixel(x: 20, y: 20).r, 120, "half a gauge: green from 9 to 12 o'clock")
        XCTAssertGreaterThan(image.pixel(x: 80, y: 20).r, 200, "the grey track from 12 to 3 o'clock")
    }

    func testDelegateDrawsTheBarChart() throws {
        let drawer = BarChartDrawer()
        let chart = CALayer()
        chart.frame = CGRect(x: 0, y: 0, width: 90, height: 60)
        chart.delegate = drawer
        chart.display()
        let image = try render(chart)
        XCTAssertGreaterThan(image.pixel(x: 75, y: 5).b, 200, "the tallest bar reaches the top")
        XCTAssertEqual(image.pixel(x: 15, y: 5).a, 0, "the shortest does not")
        XCTAssertGreaterThan(image.pixel(x: 15, y: 50).b, 200)
        withExtendedLifetime(drawer) {}
    }

    func testAvatarShowsThePNGClippedToACircle() throws {
        var pixels = Image(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 { pixels.setPixel(x: x, y: y, (0, 200, 0, 255)) } }
        let data = try PNG.encode(pixels)
        XCTAssertEqual(UIImage(data: data)?.size, CGSize(width: 8, height: 8))
        let image = try render(makeAvatar(pngData: data))
        XCTAssertEqual(image.pixel(x: 32, y: 32).g, 200)
        XCTAssertEqual(image.pixel(x: 2, y: 2).a, 0, "the corner is masked off")
    }

    func testAttributedLabelDrawsBothRuns() throws {
        let label = makeAttributedLabel()
        XCTAssertTrue(label.string is NSAttributedString)
        let image = try render(label)
        var blue = 0, red = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                if p.b > 150, p.r < 80 { blue += 1 }
                if p.r > 150, p.b < 80 { red += 1 }
            }
        }
        XCTAssertGreaterThan(blue, 20, "the bold blue run")
        XCTAssertGreaterThan(red, 20, "the red run")
    }

    func testArcDirectionsFollowCoreGraphicsAndUIKit() throws {
        let image = try render(makeShapes())
        XCTAssertGreaterThan(image.pixel(x: 50, y: 20).r, 200, "CGMutablePath clockwise: true goes over the top")
        XCTAssertEqual(image.pixel(x: 50, y: 80).a, 0)
        XCTAssertGreaterThan(image.pixel(x: 150, y: 80).b, 200, "UIBezierPath clockwise: true goes under")
        XCTAssertEqual(image.pixel(x: 150, y: 20).a, 0)
    }

    func testGradientAndReplicatorTints() throws {
        let image = try render(makeGradientAndReplicator())
        XCTAssertGreaterThan(image.pixel(x: 50, y: 1).r, 240)
        XCTAssertGreaterThan(image.pixel(x: 50, y: 98).b, 240)
        XCTAssertEqual(image.pixel(x: 110, y: 50).r, 255, "instance 0 is untinted")
        XCTAssertEqual(Int(image.pixel(x: 185, y: 50).r), 64, accuracy: 2, "instance 3: red 1 - 3 x 0.25")
        XCTAssertEqual(image.pixel(x: 185, y: 50).g, 255)
    }

    /// The gauge's CGContext calls and a scene's `drawing` commands with the same arc draw the same bytes.
    func testGaugeMatchesTheSceneDocument() throws {
        let gauge = GaugeLayer()
        gauge.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let json = """
        {"format": "lamina-scene/1", "canvas": {"width": 100, "height": 100}, "layers": [{"frame": [0, 0, 100, 100],
          "drawing": [{"op": "setLineWidth", "width": 10}, {"op": "setLineCap", "cap": "round"},
            {"op": "setStrokeColor", "color": "systemGray5"},
            {"op": "addArc", "center": [50, 50], "radius": 42, "startAngle": \(Double.pi), "endAngle": 0, "clockwise": false},
            {"op": "strokePath"}, {"op": "setStrokeColor", "color": "systemGreen"},
            {"op": "addArc", "center": [50, 50], "radius": 42, "startAngle": \(Double.pi), "endAngle": \(2 * Double.pi), "clockwise": false},
            {"op": "strokePath"}]}]}
        """
        let scene = try SceneDecoder().decode(Data(json.utf8))
        XCTAssertEqual(try Lamina.render(scene), try render(gauge))
    }

    func testLayerTreeAPIs() throws {
        let root = CALayer(), a = CALayer(), b = CALayer(), c = CALayer()
        XCTAssertNil(root.sublayers)
        root.sublayers = [a, b]
        XCTAssertTrue(a.superlayer === root)
        root.insertSublayer(c, above: a)
        XCTAssertEqual(root.sublayers?.map { ObjectIdentifier($0) }, [a, c, b].map { ObjectIdentifier($0) })
        root.insertSublayer(c, below: a)
        root.insertSublayer(c, at: 0)
        root.replaceSublayer(b, with: CALayer())
        XCTAssertNil(b.superlayer)
        root.sublayers?.forEach { $0.removeFromSuperlayer() }
        XCTAssertNil(root.sublayers)

        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        a.frame = CGRect(x: 10, y: 20, width: 50, height: 50)
        root.addSublayer(a)
        XCTAssertEqual(a.convert(CGPoint(x: 5, y: 5), to: root), CGPoint(x: 15, y: 25))
        XCTAssertEqual(root.convert(CGRect(x: 0, y: 0, width: 10, height: 10), from: a), CGRect(x: 10, y: 20, width: 10, height: 10))
        a.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))
        XCTAssertEqual(a.affineTransform(), CGAffineTransform(scaleX: 2, y: 2))
        XCTAssertTrue(CATransform3DIsAffine(a.transform))
        XCTAssertTrue(root.hitTest(CGPoint(x: 35, y: 45)) === a)

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        a.opacity = 0.5
        CATransaction.commit()
        XCTAssertEqual(a.opacityValue, 0.5)
    }

    func testPathAndTransformValues() {
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        p.addEllipse(in: CGRect(x: 20, y: 0, width: 10, height: 10), transform: CGAffineTransform(translationX: 5, y: 0))
        XCTAssertEqual(p.boundingBoxOfPath.maxX, 35, accuracy: 0.01)
        XCTAssertTrue(p.contains(CGPoint(x: 5, y: 5)))
        XCTAssertFalse(p.contains(CGPoint(x: 15, y: 5)))
        XCTAssertEqual(CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil).boundingBox,
                       CGRect(x: 1, y: 2, width: 3, height: 4))
        var t = CGAffineTransform(scaleX: 2, y: 2)
        XCTAssertEqual(CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: &t).boundingBox.width, 20, accuracy: 1e-9)
        let rounded = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 5, cornerHeight: 5, transform: nil)
        XCTAssertFalse(rounded.contains(CGPoint(x: 0.5, y: 0.5)))
        XCTAssertTrue(rounded.copy()?.contains(CGPoint(x: 20, y: 10)) ?? false)

        let m = CGAffineTransform.identity.translatedBy(x: 10, y: 0).scaledBy(x: 2, y: 2).rotated(by: 0)
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(m), CGPoint(x: 12, y: 2))
        XCTAssertEqual(CGPoint(x: 12, y: 2).applying(m.inverted()), CGPoint(x: 1, y: 1))
        XCTAssertEqual(CGSize(width: 1, height: 2).applying(m), CGSize(width: 2, height: 4))
        XCTAssertEqual(CGRect(x: 0, y: 0, width: 1, height: 1).applying(m), CGRect(x: 10, y: 0, width: 2, height: 2))
        XCTAssertEqual(CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(m)), m)

        XCTAssertEqual(UIColor(white: 0.5, alpha: 1), UIColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
        XCTAssertEqual(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1), .red)
        XCTAssertEqual(UIColor.red.withAlphaComponent(0.5).cgColor.alpha, 0.5)
        XCTAssertEqual(CGColor(gray: 1, alpha: 1), .white)
        XCTAssertEqual(UIFont.systemFont(ofSize: 12).pointSize, 12)
        XCTAssertGreaterThan(CACurrentMediaTime(), 0)
    }
}
