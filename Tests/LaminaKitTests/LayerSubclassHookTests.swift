import LaminaKit
import XCTest

/// CALayer subclasses override `layoutSublayers()`, `display()`, `action(forKey:)` and
/// `needsDisplay(forKey:)` as on iOS, and `Lamina.render` lays the tree out and displays what needs it first.
final class LayerSubclassHookTests: XCTestCase {
    /// A badge pinned to its card's top-right corner by layout, and a fill set in `display()`.
    final class CardLayer: CALayer {
        let badge = CALayer()
        override init() {
            super.init()
            badge.backgroundColor = UIColor.red.cgColor
            addSublayer(badge)
        }
        override func layoutSublayers() {
            super.layoutSublayers()
            badge.frame = CGRect(x: bounds.width - 10, y: 0, width: 10, height: 10)
        }
        override func display() {
            super.display()
            backgroundColor = UIColor.blue.cgColor
        }
        override func action(forKey event: String) -> CAAction? { NSNull() }
        override class func needsDisplay(forKey key: String) -> Bool {
            key == "progress" ? true : super.needsDisplay(forKey: key)
        }
    }

    func testRender_laysOutAndDisplaysFirst() throws {
        let card = CardLayer()
        card.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        card.setNeedsDisplay()
        let image = try Lamina.render(card)
        let badge = image.pixel(x: 35, y: 5), body = image.pixel(x: 5, y: 15)
        XCTAssertEqual([badge.r, badge.b], [255, 0], "the badge was laid out at the right edge")
        XCTAssertEqual([body.r, body.b], [0, 255], "display() set the background")
        XCTAssertTrue(card.action(forKey: "position") is NSNull)
        XCTAssertTrue(CardLayer.needsDisplay(forKey: "progress"))
        XCTAssertFalse(card.needsDisplay())
    }
}
