import LaminaFixtures
import LaminaKit
import XCTest

/// A tree built in Swift, written as a scene document and decoded, renders the same bytes on the CPU as the
/// tree itself: the ported iOS code, the gallery's figures, and animated trees at moments of their timelines.
final class SceneEncoderRoundTripTests: XCTestCase {
    private func assertRoundTrip(_ layer: CALayer, at times: [Double] = [0], _ label: String,
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        guard layer.bounds.width * layer.bounds.height >= 1 else { return }
        let text = try Lamina.scene(from: layer, scale: 2)
        let decoded = try SceneDecoder().decode(Data(text.utf8))
        for t in times {
            let direct = try Lamina.render(layer, scale: 2, at: t)
            let read = try Lamina.render(decoded, at: t)
            XCTAssertTrue(direct == read, "\(label) at t = \(t): the exported scene renders differently", file: file, line: line)
        }
    }

    func testPortedIOSTreesRoundTrip() throws {
        let circle = CircleDrawingDelegate(), stack = StackLayoutDelegate()
        let trees: [(String, CALayer)] = [
            ("card", makeCard(width: 160, height: 100)), ("badge", makeBadge(count: 3)),
            ("attributed", makeAttributedLabel()), ("shapes", makeShapes()), ("gradient", makeGradientAndReplicator()),
            ("appCard", appCard()), ("appBadge", appBadge(count: 12)), ("pill", appPillAndTab()),
            ("bars", appBarChart(values: [0.2, 0.7, 0.45])),
            ("pie", appPieChart(shares: [0.5, 0.3, 0.2], colors: [.red, .green, .blue])), ("avatar", appAvatar()),
            ("ring", appProgressRing(progress: 0.6).ring), ("header", appGradientHeader()), ("spinner", appSpinner()),
            ("truncating", appTruncatingLabel()), ("ch1", ch1BlueLayer()), ("sprites", ch2Sprites()),
            ("stretch", ch2Stretchable()), ("delegate", ch2CustomDrawing(delegate: circle)),
            ("subclass", ch2SubclassDrawing()), ("zPosition", ch3ZPosition()), ("flipped", ch3GeometryFlipped()),
            ("layout", ch3Layout(delegate: stack)), ("corners", ch4CornersAndBorder(masksToBounds: true)),
            ("shadows", ch4Shadows()), ("mask", ch4ImageMask()), ("nearest", ch4NearestFilter()),
            ("groupOpacity", ch4GroupOpacity()), ("affine", ch5AffineTransforms()),
            ("perspective", ch5Perspective(shared: true)), ("backFace", ch5BackFace(doubleSided: false)),
            ("stick", ch6StickFigure()), ("someCorners", ch6SomeRoundedCorners()), ("text", ch6TextLayer()),
            ("rich", ch6RichText()), ("gradients", ch6Gradients()), ("replicator", ch6Replicator()),
            ("reflection", ch6Reflection()), ("scroll", ch6ScrollLayer(offset: CGPoint(x: 30, y: 20))),
        ]
        for (label, tree) in trees { try assertRoundTrip(tree, label) }
    }

    func testAnimatedTreesRoundTripAtSeveralMoments() throws {
        let times = [0, 0.1, 0.37, 0.5, 1.25, 3]
        let trees: [(String, CALayer)] = [
            ("keyframePath", animKeyframePath().root), ("keyframeValues", animKeyframeValues()),
            ("keyframeColors", animKeyframeColors()), ("group", animGroup()), ("spring", animSpring().root),
            ("pulse", animPulse()), ("spinningSquare", appSpinningSquare()),
        ]
        for (label, tree) in trees { try assertRoundTrip(tree, at: times, label) }
        let (ring, progress) = appProgressRing(progress: 0.8)
        animateProgress(progress, duration: 1)
        try assertRoundTrip(ring, at: times, "animated ring")
    }

    func testGalleryFiguresRoundTrip() throws {
        for figure in Gallery.figures {
            let scene = figure.makeScene()
            let text = try SceneEncoder.document(for: scene)
            let decoded = try SceneDecoder().decode(Data(text.utf8))
            XCTAssertTrue(try Lamina.render(scene, at: 0) == Lamina.render(decoded, at: 0), figure.label)
        }
    }

    func testATransitionAddedInSwiftRoundTripsWithItsOldAppearance() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
        let card = CALayer()
        card.frame = CGRect(x: 5, y: 5, width: 30, height: 20)
        card.backgroundColor = UIColor.red.cgColor
        card.cornerRadius = 4
        root.addSublayer(card)
        for type in [CATransitionType.fade, .push, .moveIn, .reveal] {
            let t = CATransition()
            t.type = type
            t.subtype = .fromTop
            t.duration = 1
            card.add(t, forKey: nil)
            card.backgroundColor = UIColor.blue.cgColor
            card.cornerRadius = 9
            try assertRoundTrip(root, at: [0, 0.25, 0.5, 2], "transition \(type.rawValue)")
            card.backgroundColor = UIColor.red.cgColor
            card.cornerRadius = 4
        }
    }

    func testImagesAreWrittenBesideTheDocumentWhenADirectoryIsGiven() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("encoder-images-\(getpid())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let tree = ch2Sprites()
        let text = try Lamina.scene(from: tree, imagesDirectory: dir, imagePrefix: "sprite")
        XCTAssertFalse(text.contains("data:image"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("sprite-0.png").path))
        let decoded = try SceneDecoder(baseURL: dir).decode(Data(text.utf8))
        XCTAssertTrue(try Lamina.render(tree) == Lamina.render(decoded))
    }

    func testNumbersDecodeToTheSameDoubles() throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0.1, y: -0.0, width: 1.0 / 3, height: 2e-7)
        layer.position = CGPoint(x: 0.30000000000000004, y: 1234567.891)
        layer.opacityValue = 0.7
        layer.transform = .rotation(0.123456789, 0, 0, 1)
        let scene = Scene(width: 10, height: 10)
        scene.root.addSublayer(layer)
        let decoded = try SceneDecoder().decode(SceneEncoder().encode(scene).json)
        let back = try XCTUnwrap(decoded.root.sublayersValue.first)
        XCTAssertEqual(back.bounds, layer.bounds)
        XCTAssertEqual(back.bounds.origin.y.sign, .minus)
        XCTAssertEqual(back.position, layer.position)
        XCTAssertEqual(back.opacityValue, layer.opacityValue)
        XCTAssertEqual(back.transform, layer.transform)
    }

    func testAValueTheFormatRefusesIsAnErrorNamingTheLayerAndProperty() {
        let scene = Scene(width: 10, height: 10)
        let parent = Layer(), child = Layer()
        child.name = "dot"
        child.opacityValue = 2
        parent.addSublayer(child)
        scene.root.addSublayer(parent)
        XCTAssertThrowsError(try SceneEncoder().encode(scene)) { error in
            guard case let SceneEncoder.EncodeError.unsupported(layer, property, _)? = error as? SceneEncoder.EncodeError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(layer, "/layers/0/sublayers/0")
            XCTAssertEqual(property, "opacity")
        }
    }
}
