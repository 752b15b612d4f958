import LaminaKit
import LaminaSnapshotTesting
import SnapshotTesting
import XCTest

/// LaminaSnapshotTesting under XCTest: a card matches its reference PNG (recorded beside this file in
/// __Snapshots__), and a changed card fails, saying how much, where and how many pixels.
final class SnapshotXCTests: XCTestCase {
    static func card(_ accent: Color = .systemBlue) -> Layer {
        let card = CALayer()
        card.frame = CGRect(x: 40, y: 30, width: 160, height: 100)   // position is ignored: renderInContext
        card.backgroundColor = UIColor.white.cgColor
        card.cornerRadius = 14
        card.borderWidth = 1
        card.borderColor = Color.systemGray4
        let badge = CALayer()
        badge.frame = CGRect(x: 12, y: 12, width: 40, height: 40)
        badge.cornerRadius = 20
        badge.backgroundColor = accent.cgColor
        card.addSublayer(badge)
        let title = CATextLayer()
        title.frame = CGRect(x: 62, y: 20, width: 90, height: 24)
        title.string = "Lamina"
        title.font = "DejaVu Sans-Bold"
        title.fontSize = 17
        title.foregroundColor = .black
        title.contentsScale = 2
        card.addSublayer(title)
        return card
    }

    func testCard_matchesItsReference() {
        assertSnapshot(of: Self.card(), as: .lamina(scale: 2))
    }

    func testChangedCard_failsSayingWhereAndHowMuch() throws {
        let message = try XCTUnwrap(verifySnapshot(of: Self.card(.systemRed), as: .lamina(scale: 2),
                                                    record: .never, testName: "testCard_matchesItsReference"))
        XCTAssertTrue(message.contains("Lamina snapshot differs: largest channel difference 255/255 at pixel ("), message)
        XCTAssertTrue(message.contains("point ("), message)
        XCTAssertTrue(message.contains("by more than 2 (tolerance: fuzzy(0, 0))"), message)
        XCTAssertTrue(message.contains("heat map: "), message)
    }

    func testGPU_matchesTheCPUReferenceWithinTheParityContract() {
        assertSnapshot(of: Self.card(), as: .lamina(scale: 2, backend: .gpu, maxDifference: 2),
                       testName: "testCard_matchesItsReference")
    }

    func testRenderLayer_drawsItInItsOwnSpace_andLeavesItInItsTree() throws {
        let parent = CALayer()
        let other = CALayer()
        let card = Self.card()
        card.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        parent.addSublayer(card)
        parent.addSublayer(other)
        let image = try Lamina.render(card, scale: 1)
        XCTAssertEqual([image.width, image.height], [160, 100])
        XCTAssertEqual(image.pixel(x: 80, y: 90).a, 255, "the card fills its bounds, unrotated")
        XCTAssertTrue(parent.sublayersValue[0] === card && parent.sublayersValue[1] === other && card.superlayer === parent)
        XCTAssertEqual(card.frame.origin.x, CATransform3DIsIdentity(card.transform) ? 40 : card.frame.origin.x)
        XCTAssertEqual(card.transform, CATransform3DMakeRotation(0.3, 0, 0, 1))
    }

    /// `.lamina(at:)` draws the layer's animations at that moment: a badge sliding from x 0 to 100 over 1 s is at
    /// x 50 at 0.5 s.
    func testStrategy_atATime_drawsThePresentation() {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 120, height: 20)
        let badge = CALayer()
        badge.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        badge.backgroundColor = UIColor.red.cgColor
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 10
        slide.toValue = 110
        slide.duration = 1
        badge.add(slide, forKey: "slide")
        layer.addSublayer(badge)
        var image: LaminaImage.Image?
        Snapshotting<Layer, LaminaImage.Image>.lamina(scale: 1, at: 0.5).snapshot(layer).run { image = $0 }
        guard let image else { return XCTFail("no image") }
        XCTAssertEqual(image.pixel(x: 55, y: 10).r, 255, "the badge spans 50...70 at 0.5 s")
        XCTAssertEqual(image.pixel(x: 15, y: 10).a, 0, "and no longer covers its model place")
    }
}
