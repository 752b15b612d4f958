import LaminaKit
import XCTest

/// Renders the book's listings in PortedIOSCode2Book/Effects/Layers.swift (written as for iOS) on the CPU and
/// checks pixels that prove the right thing drew.
final class PortedIOSCode2Tests: XCTestCase {
    // MARK: Chapters 1-3

    func testBlueSublayer() throws {
        let image = try render(ch1BlueLayer())
        assertColor(image, 100, 100, (0, 0, 255))
        assertColor(image, 10, 10, (255, 255, 255))
    }

    func testBitmapContextImageAsContentsKeepsItsOrientation() throws {
        let image = try render(ch2Contents(gravity: .resizeAspect))
        assertColor(image, 10, 10, (255, 0, 0), "red is the bitmap's top-left")
        assertColor(image, 100, 10, (0, 255, 0))
        assertColor(image, 10, 100, (0, 0, 255))
        assertColor(image, 100, 100, (255, 255, 255))
        let centered = try render(ch2Contents(gravity: .center))
        assertColor(centered, 40, 40, (255, 0, 0), "the 64-pixel image sits in the middle")
        assertColor(centered, 10, 10, (128, 128, 128), tolerance: 2)
    }

    func testSpritesFromContentsRect() throws {
        let image = try render(ch2Sprites())
        assertColor(image, 32, 32, (255, 255, 255), "the atlas's bottom-right sprite first")
        assertColor(image, 96, 32, (0, 0, 255))
        assertColor(image, 32, 96, (0, 255, 0))
        assertColor(image, 96, 96, (255, 0, 0))
    }

    func testContentsCenterStretchesOnlyTheMiddle() throws {
        let image = try render(ch2Stretchable())
        assertColor(image, 100, 30, (255, 255, 0), "the centre stretches")
        assertColor(image, 5, 5, (0, 0, 0))
        assertColor(image, 100, 4, (0, 0, 0), "the top edge keeps its 10 pixels")
        assertColor(image, 4, 30, (0, 0, 0))
    }

    func testDelegateDrawsACircleOverTheBackground() throws {
        let delegate = CircleDrawingDelegate()
        let image = try render(ch2CustomDrawing(delegate: delegate))
        assertColor(image, 100, 55, (255, 0, 0), "the ring's top")
        assertColor(image, 100, 100, (0, 0, 255), "the background colour inside the ring")
        assertColor(image, 10, 10, (255, 255, 255))
    }

    func testSubclassDrawInContext() throws {
        let image = try render(ch2SubclassDrawing())
        assertColor(image, 50, 50, (0, 255, 0))
        assertColor(image, 50, 10, (0, 0, 0))
    }

    func testClockHandsTurnAboutTheirAnchorPoint() throws {
        let clock = Clock()
        clock.setTime(hours: 3, minutes: 0, seconds: 0)
        let image = try render(clock.face)
        assertColor(image, 140, 100, (0, 0, 0), "the hour hand points at 3")
        assertColor(image, 60, 100, (255, 255, 255))
        assertColor(image, 97, 40, (85, 85, 85), "the minute hand points at 12")
        assertColor(image, 100, 40, (255, 0, 0), "the second hand over it")
        assertColor(image, 100, 160, (255, 255, 255), "nothing below the centre beyond the hands' tails")
    }

    func testZPositionAndGeometryFlipped() throws {
        let image = try render(ch3ZPosition())
        assertColor(image, 50, 50, (0, 255, 0), "zPosition 1 brings the first layer in front")
        assertColor(image, 80, 80, (255, 0, 0))
        let flipped = try render(ch3GeometryFlipped())
        assertColor(flipped, 50, 90, (255, 128, 0), tolerance: 2, "y = 0 is at the bottom")
        assertClear(flipped, 50, 10)
    }

    func testHitTestingAndConversion() {
        let demo = HitTestDemo()
        XCTAssertEqual(demo.describeTouch(at: CGPoint(x: 100, y: 100)), "Inside Blue Layer")
        XCTAssertEqual(demo.describeTouch(at: CGPoint(x: 10, y: 10)), "Inside White Layer")
        XCTAssertEqual(demo.describeTouch(at: CGPoint(x: 300, y: 300)), "Outside")
        XCTAssertTrue(demo.hitLayer(at: CGPoint(x: 100, y: 100)) === demo.blueLayer)
        XCTAssertTrue(demo.hitLayer(at: CGPoint(x: 10, y: 10)) === demo.layerView)
    }

    func testDelegateLaysOutSublayers() throws {
        let delegate = StackLayoutDelegate()
        let stack = ch3Layout(delegate: delegate)
        XCTAssertEqual(stack.sublayers?[1].frame, CGRect(x: 0, y: 30, width: 40, height: 30))
        let image = try render(stack)
        assertColor(image, 20, 45, (0, 255, 0))
        assertColor(image, 20, 80, (0, 0, 255))
    }

    // MARK: Chapter 4

    func testMasksToBoundsClipsToTheRoundedCorner() throws {
        let size = CGSize(width: 160, height: 160)
        let open = try render(ch4CornersAndBorder(masksToBounds: false), size: size)
        assertColor(open, 140, 140, (255, 0, 0), "the sublayer spills out")
        assertColor(open, 2, 50, (0, 0, 0), "the border")
        let clipped = try render(ch4CornersAndBorder(masksToBounds: true), size: size)
        assertClear(clipped, 140, 140)
        assertClear(clipped, 98, 98)
        assertColor(clipped, 75, 75, (255, 0, 0))
    }

    func testShadowPaths() throws {
        let image = try render(ch4Shadows())
        XCTAssertLessThan(image.pixel(x: 60, y: 103).r, 250, "the square's shadow below it")
        assertColor(image, 60, 60, (170, 170, 170), tolerance: 2)
        assertColor(image, 180, 60, (0, 0, 255), "a circular shadow of a layer with no contents")
        assertColor(image, 142, 22, (255, 255, 255), "outside the circle")
    }

    func testImageMask() throws {
        let image = try render(ch4ImageMask())
        assertColor(image, 25, 50, (128, 0, 128), tolerance: 2)
        assertClear(image, 75, 50)
    }

    func testNearestMagnification() throws {
        let image = try render(ch4NearestFilter())
        assertColor(image, 20, 20, (255, 255, 255))
        assertColor(image, 39, 20, (255, 255, 255), "no blending at the edge")
        assertColor(image, 41, 20, (0, 0, 0))
        assertColor(image, 20, 60, (0, 0, 0))
    }

    func testGroupOpacity() throws {
        let image = try render(ch4GroupOpacity())
        assertColor(image, 20, 20, (128, 128, 128), tolerance: 2, "half-transparent black button")
        assertColor(image, 50, 40, (64, 64, 64), tolerance: 2, "its label shows through without a group")
        assertColor(image, 150, 40, (128, 128, 128), tolerance: 2, "but not through a rasterized group")
    }

    // MARK: Chapter 5

    func testAffineTransforms() throws {
        let image = try render(ch5AffineTransforms())
        assertColor(image, 50, 50, (255, 0, 0))
        XCTAssertEqual(image.pixel(x: 27, y: 27).a, 0, "the rotated square's corner is cut")
        assertColor(image, 158, 55, (0, 255, 0), "scaled, rotated, then moved along its turned x axis")
        assertClear(image, 105, 5)
        assertColor(image, 290, 30, (0, 0, 255), "the sheared top row moved right")
        assertClear(image, 230, 30)
    }

    func testPerspective() throws {
        for shared in [false, true] {
            let image = try render(ch5Perspective(shared: shared))
            assertColor(image, 50, 50, (0, 0, 255))
            assertColor(image, 150, 50, (0, 0, 255))
            assertColor(image, 22, 50, (255, 255, 255), "turned away: narrower")
        }
        XCTAssertNotEqual(try render(ch5Perspective(shared: false)), try render(ch5Perspective(shared: true)),
                          "a shared vanishing point changes the picture")
    }

    func testDoubleSided() throws {
        assertClear(try render(ch5BackFace(doubleSided: false)), 50, 50)
        assertColor(try render(ch5BackFace(doubleSided: true)), 50, 50, (255, 0, 0))
    }

    func testCubeShowsThreeFaces() throws {
        let image = try render(Cube.scene())
        let counts = Cube.faceColors.map { color in
            count(image) { p in
                abs(Int(p.r) - Int(color.red * 255)) < 2 && abs(Int(p.g) - Int(color.green * 255)) < 2
                    && abs(Int(p.b) - Int(color.blue * 255)) < 2
            }
        }
        XCTAssertEqual(counts.filter { $0 > 500 }.count, 3, "three faces in view: \(counts)")
        XCTAssertGreaterThan(counts[0], 500, "the front face is one of them")
        XCTAssertNotEqual(image.pixel(x: 100, y: 100).r == 0 && image.pixel(x: 100, y: 100).g == 0
                          && image.pixel(x: 100, y: 100).b == 0, true, "the cube covers the centre")
    }

    func testTransformFunctions() {
        XCTAssertEqual(ch5TransformMaths(), Array(repeating: true, count: 7))
    }
}

/// Pixel checks shared by the ported-code tests.
extension XCTestCase {
    func render(_ layer: CALayer, size: CGSize? = nil, at time: Double = 0) throws -> Image {
        try Lamina.render(layer, size: size, scale: 1, at: time)
    }

    func assertColor(_ image: Image, _ x: Int, _ y: Int, _ rgb: (Int, Int, Int), tolerance: Int = 3,
                     _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        let p = image.pixel(x: x, y: y)
        let ok = abs(Int(p.r) - rgb.0) <= tolerance && abs(Int(p.g) - rgb.1) <= tolerance
            && abs(Int(p.b) - rgb.2) <= tolerance && p.a == 255
        XCTAssertTrue(ok, "(\(x), \(y)) is \(p), expected \(rgb) \(message)", file: file, line: line)
    }

    func assertClear(_ image: Image, _ x: Int, _ y: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(image.pixel(x: x, y: y).a, 0, "(\(x), \(y)) should be transparent", file: file, line: line)
    }

    func count(_ image: Image, where match: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> Int {
        var n = 0
        for y in 0..<image.height { for x in 0..<image.width where match(image.pixel(x: x, y: y)) { n += 1 } }
        return n
    }
}
