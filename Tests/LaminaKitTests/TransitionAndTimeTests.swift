import LaminaKit
import XCTest

/// CATransition added in Swift, `presentation(at:)` and `convertTime`, with exact expectations.
final class TransitionAndTimeTests: XCTestCase {
    func testAFadeAddedBeforeTheChangeShowsTheOldColourGivingWay() throws {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.backgroundColor = UIColor.red.cgColor
        let fade = CATransition()
        fade.type = .fade
        fade.duration = 1
        layer.add(fade, forKey: nil)
        layer.backgroundColor = UIColor.blue.cgColor
        XCTAssertEqual(layer.animationKeys(), [kCATransition])
        let p = try Lamina.render(layer, at: 0.25).pixel(x: 5, y: 5)
        XCTAssertEqual([p.r, p.g, p.b, p.a], [191, 0, 64, 255])
        let after = try Lamina.render(layer, at: 1.5).pixel(x: 5, y: 5)
        XCTAssertEqual([after.r, after.g, after.b], [0, 0, 255])
    }

    func testAPushFromTheLeftSlidesTheOldContentsOut() throws {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        layer.backgroundColor = UIColor.red.cgColor
        let push = CATransition()
        push.type = .push
        push.subtype = .fromLeft
        push.duration = 1
        layer.add(push, forKey: "slide")
        layer.backgroundColor = UIColor.blue.cgColor
        let image = try Lamina.render(layer, at: 0.5)
        // Half-way: the new (blue) half on the left, the old (red) half on the right.
        XCTAssertEqual(image.pixel(x: 4, y: 5).b, 255)
        XCTAssertEqual(image.pixel(x: 15, y: 5).r, 255)
    }

    func testTheOldAppearanceIsAnExactCopyOfEveryLayerType() {
        let shape = CAShapeLayer()
        shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        shape.strokeColor = UIColor.green.cgColor
        shape.lineDashPattern = [2, 3]
        shape.strokeEnd = 0.4
        let copy = shape.appearanceCopy() as? ShapeLayer
        XCTAssertEqual(copy?.pathValue, shape.pathValue)
        XCTAssertEqual(copy?.strokeColor, shape.strokeColor)
        XCTAssertEqual(copy?.lineDashPatternValue, [2, 3])
        XCTAssertEqual(copy?.strokeEnd, 0.4)
        let text = CATextLayer()
        text.string = "Hi"
        text.fontSize = 13
        let textCopy = text.appearanceCopy() as? TextLayer
        XCTAssertEqual(textCopy?.stringValue, "Hi")
        XCTAssertEqual(textCopy?.fontSize, 13)
        let replicator = CAReplicatorLayer()
        replicator.instanceCount = 4
        replicator.instanceDelay = 0.1
        let replicatorCopy = replicator.appearanceCopy() as? ReplicatorLayer
        XCTAssertEqual(replicatorCopy?.instanceCount, 4)
        XCTAssertEqual(replicatorCopy?.instanceDelay, 0.1)
    }

    func testPresentationAtATimeCopiesThePresentedValues() {
        let parent = CALayer()
        parent.speed = 2
        let layer = CALayer()
        layer.position = CGPoint(x: 0, y: 7)
        let dot = CALayer()
        layer.addSublayer(dot)
        parent.addSublayer(layer)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 100
        move.duration = 1
        layer.add(move, forKey: "move")
        let presented = layer.presentation(at: 0.25)
        XCTAssertEqual(presented.position, CGPoint(x: 50, y: 7))
        XCTAssertEqual(presented.sublayersValue.count, 1)
        XCTAssertTrue(presented.animations.isEmpty)
        XCTAssertEqual(layer.position, CGPoint(x: 0, y: 7), "the model is left as it was")
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 0, y: 7))
        XCTAssertTrue(layer.model() === layer)
    }

    func testConvertTimeGoesThroughEachLayersTiming() {
        let parent = CALayer()
        parent.beginTime = 1
        parent.speed = 2
        parent.timeOffset = 0.5
        let child = CALayer()
        child.speed = 0.5
        parent.addSublayer(child)
        XCTAssertEqual(child.convertTime(3, from: nil), 2.25)
        XCTAssertEqual(child.convertTime(2.25, to: nil), 3)
        XCTAssertEqual(parent.convertTime(2.25, from: child), 4.5)
        XCTAssertEqual(child.convertTime(4.5, from: parent), 2.25)
        XCTAssertEqual(parent.convertTime(3, from: nil), 4.5)
    }
}
