import LaminaKit
import XCTest

/// Renders chapter 6's listings and the app and animation code of PortedIOSCode2Layers/App/Animations.swift
/// (written as for iOS) on the CPU and checks the pixels that prove what drew.
final class PortedIOSCode2AppTests: XCTestCase {
    // MARK: Chapter 6

    func testStickFigure() throws {
        let image = try render(ch6StickFigure())
        assertColor(image, 150, 75, (255, 0, 0), "the head's top")
        assertColor(image, 150, 150, (255, 0, 0), "the arms cross the body")
        assertColor(image, 150, 100, (255, 255, 255), "the head is not filled")
    }

    func testRoundedCornersByRoundingCorners() throws {
        let image = try render(ch6SomeRoundedCorners())
        assertColor(image, 1, 1, (0, 0, 255), "the top-left corner is square")
        assertClear(image, 98, 1)
        assertClear(image, 98, 98)
        assertClear(image, 1, 98)
    }

    func testTextLayersDrawText() throws {
        let plain = try render(ch6TextLayer())
        XCTAssertGreaterThan(count(plain) { $0.r < 100 }, 100, "black text on white")
        let rich = try render(ch6RichText())
        XCTAssertGreaterThan(count(rich) { $0.a > 200 && $0.r > 200 && $0.g < 80 }, 20, "the red range")
        XCTAssertGreaterThan(count(rich) { $0.a > 200 && $0.r < 60 && $0.g < 60 }, 20, "the black rest")
    }

    func testGradients() throws {
        let image = try render(ch6Gradients())
        let start: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = image.pixel(x: 2, y: 2)
        let end: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = image.pixel(x: 97, y: 97)
        XCTAssertTrue(start.r > 240 && start.b < 15, "red at the start: \(start)")
        XCTAssertTrue(end.r < 15 && end.b > 240, "blue at the end: \(end)")
        assertColor(image, 190, 50, (0, 255, 0), "past the last location")
        assertColor(image, 124, 50, (255, 255, 0), tolerance: 8, "the middle stop")
    }

    func testReplicatorTintsEachInstance() throws {
        let image = try render(ch6Replicator())
        assertColor(image, 150, 150, (255, 255, 255), "the first instance is untinted")
        assertColor(image, 267, 188, (255, 230, 230), tolerance: 2, "the second, turned 36 degrees about (150, 350)")
        assertColor(image, 32, 188, (255, 25, 25), tolerance: 2, "the tenth, 90 % less blue and green")
        XCTAssertGreaterThan(count(image) { $0.r > 250 && (220...235).contains($0.b) }, 100,
                             "the second instance is 10 % less blue")
    }

    func testReflection() throws {
        let image = try render(ch6Reflection())
        assertColor(image, 50, 10, (255, 0, 0))
        assertColor(image, 50, 50, (0, 0, 255))
        // Each of the instance's layers is drawn at 40 % (the instance is not a group): red over faded blue.
        assertColor(image, 50, 190, (194, 92, 153), tolerance: 3, "the stripe flipped to the bottom, at 40 %")
        assertColor(image, 50, 140, (153, 153, 255), tolerance: 3)
    }

    func testScrollLayer() throws {
        assertColor(try render(ch6ScrollLayer(offset: .zero)), 50, 50, (0, 255, 0))
        assertColor(try render(ch6ScrollLayer(offset: CGPoint(x: 100, y: 100))), 50, 50, (255, 0, 0))
        let visible = try render(ch6ScrollRectToVisible())
        assertColor(visible, 90, 90, (255, 0, 0), "scrolled to show the rect")
    }

    // MARK: App code

    func testCard() throws {
        let image = try render(appCard())
        assertColor(image, 120, 110, (255, 255, 255))
        XCTAssertLessThan(image.pixel(x: 120, y: 145).r, 240, "the shadow under the card")
        XCTAssertGreaterThan(count(image) { $0.r < 80 }, 30, "the title")
    }

    func testBadgeAndPill() throws {
        let badge = try render(appBadge(count: 7))
        assertColor(badge, 12, 2, (255, 59, 48), tolerance: 4)
        assertClear(badge, 1, 1)
        XCTAssertGreaterThan(count(badge) { $0.r > 230 && $0.g > 230 }, 5, "the white count")
        let pill = try render(appPillAndTab())
        assertClear(pill, 11, 11)
        assertClear(pill, 11, 61)
        assertColor(pill, 11, 99, (0, 122, 255), "only the tab's top corners are rounded")
        assertColor(pill, 188, 99, (0, 122, 255))
    }

    func testCharts() throws {
        let bars = try render(appBarChart(values: [1, 2, 3, 4]))
        assertColor(bars, 25, 70, (255, 255, 255))
        assertColor(bars, 25, 80, (0, 122, 255))
        assertColor(bars, 175, 5, (0, 122, 255))
        let pie = try render(appPieChart(shares: [1, 1], colors: [.red, .blue]))
        assertColor(pie, 75, 50, (255, 0, 0), "the first half turns clockwise from 12 o'clock")
        assertColor(pie, 25, 50, (0, 0, 255))
    }

    func testAvatarIsCircular() throws {
        let image = try render(appAvatar())
        assertClear(image, 2, 2)
        assertColor(image, 16, 16, (255, 0, 0))
        assertColor(image, 48, 48, (255, 255, 255))
    }

    func testProgressRing() throws {
        let quarter = try render(appProgressRing(progress: 0.25).ring)
        assertColor(quarter, 78, 22, (52, 199, 89), tolerance: 4, "the arc turns clockwise from 12")
        assertColor(quarter, 10, 50, (170, 170, 170), tolerance: 2, "the track")
        let (ring, progress) = appProgressRing(progress: 1)
        animateProgress(progress, duration: 1)
        let half = try render(ring, at: 0.5)
        assertColor(half, 89, 50, (52, 199, 89), tolerance: 4)
        assertColor(half, 10, 50, (170, 170, 170), tolerance: 2, "not there yet")
        assertColor(try render(ring, at: 2), 10, 50, (52, 199, 89), tolerance: 4, "held at the end")
    }

    func testGradientHeaderRoundsOnlyTheBottom() throws {
        let image = try render(appGradientHeader())
        XCTAssertEqual(image.pixel(x: 1, y: 1).a, 255)
        assertClear(image, 1, 78)
        assertClear(image, 198, 78)
    }

    func testSpinnerAndSpin() throws {
        let spinner = try render(appSpinner())
        XCTAssertGreaterThan(spinner.pixel(x: 30, y: 6).a, 200, "the first dot starts opaque")
        XCTAssertLessThan(spinner.pixel(x: 30, y: 54).a, 60, "the opposite dot has not started")
        let square = appSpinningSquare()
        assertColor(try render(square), 50, 20, (255, 0, 0))
        let turned = try render(square, at: 1)
        assertColor(turned, 80, 50, (255, 0, 0), "a quarter turn clockwise after a second")
        assertClear(turned, 50, 20)
    }

    func testTruncatingLabelDrawsInsideItsWidth() throws {
        let image = try render(appTruncatingLabel(), size: CGSize(width: 200, height: 24))
        XCTAssertGreaterThan(count(image) { $0.a > 128 }, 50)
        let beyond = (121..<200).reduce(0) { n, x in n + (0..<24).filter { image.pixel(x: x, y: $0).a > 0 }.count }
        XCTAssertEqual(beyond, 0, "nothing past the label's width")
    }

    // MARK: Animations

    func testKeyframeAlongAPath() throws {
        let (root, _) = animKeyframePath()
        assertColor(try render(root, at: 2), 100, 50, (255, 0, 0), "half way along the path at half time")
    }

    func testKeyframeNSValues() throws {
        let root = animKeyframeValues()
        assertColor(try render(root, at: 0.5), 100, 50, (0, 0, 255))
        assertColor(try render(root, at: 1.5), 180, 70, (0, 0, 255))
    }

    func testDiscreteColorsGroupAndSpring() throws {
        assertColor(try render(animKeyframeColors(), at: 0.7), 25, 25, (255, 0, 0))
        let group = animGroup()
        let mid = try render(group, at: 0.5).pixel(x: 100, y: 50)
        XCTAssertTrue(mid.r > 50 && mid.b > 50 && mid.a == 255, "moving and turning blue: \(mid)")
        assertColor(try render(group, at: 2), 190, 50, (0, 0, 255), "held at the end")
        let (root, spring) = animSpring()
        XCTAssertGreaterThan(spring.settlingDuration, 0.5)
        assertColor(try render(root, at: 0), 50, 30, (88, 86, 214))
        assertClear(try render(root, at: 0), 50, 150)
        assertColor(try render(root, at: 10), 50, 150, (88, 86, 214))
    }

    func testPulseWaitsForItsBeginTime() throws {
        let pulse = animPulse()
        assertClear(try render(pulse, at: 0), 10, 50)
        assertColor(try render(pulse, at: 1.5), 10, 50, (48, 176, 199), tolerance: 4, "twice the size")
    }

    func testTransactionsAndAnimationKeys() {
        let observer = AnimationObserver()
        let (layer, keys) = animTransactionAndKeys(observer: observer)
        XCTAssertEqual(keys, ["fade", "turn"])
        XCTAssertEqual(layer.animationKeys(), ["fade"])
        XCTAssertTrue(layer.animation(forKey: "fade")?.delegate === observer)
        XCTAssertNil(layer.animation(forKey: "turn"))
        XCTAssertEqual(layer.backgroundColor, UIColor.green.cgColor, "the completion block ran at commit")
        XCTAssertEqual(NSValue(caTransform3D: CATransform3DMakeScale(2, 3, 1)).caTransform3DValue.m22, 3)
        XCTAssertEqual(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue, CGPoint(x: 1, y: 2))
    }

    func testSubclassesAndInitLayer() {
        let source = CALayer()
        source.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        source.cornerRadius = 5
        let copy = CALayer(layer: source)
        XCTAssertEqual(copy.frame, source.frame)
        XCTAssertEqual(copy.cornerRadius, 5)
        XCTAssertNil(copy.sublayers)
        let reflection = ReflectionLayer(layer: source)
        XCTAssertEqual(reflection.bounds.size, CGSize(width: 3, height: 4))
    }
}
