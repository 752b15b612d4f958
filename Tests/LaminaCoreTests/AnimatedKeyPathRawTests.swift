import Foundation
import XCTest
@testable import LaminaCore
import LaminaGeometry
import LaminaGraph

/// A plan leaves the model exactly as it found it: `Presentation.restore` writes each animated property's
/// stored value back as it was, not through the animated setters' clamps and recompositions.
final class AnimatedKeyPathRawTests: XCTestCase {
    private func layer(for type: String?) -> Layer {
        switch type {
        case "shape": return ShapeLayer()
        case "gradient": return GradientLayer()
        case "replicator": return ReplicatorLayer()
        case "text": return TextLayer()
        default: return Layer()
        }
    }

    func testEveryKeyPathHasItsStoredProperty() {
        for name in AnimatedKeyPath.allNames {
            guard let path = AnimatedKeyPath.named(name) else { return XCTFail(name) }
            XCTAssertNotNil(path.root(layer(for: path.layerType)), name)
        }
    }

    /// Values the animated setters would change on their way back: an opacity over 1, a negative radius, a
    /// sheared transform that its rotation's decomposition rebuilds, bounds of negative width, a stroke end
    /// past 1. Each animated and presented, then restored: the stored values are the model's, bit for bit.
    func testRestore_putsTheStoredValuesBackBitForBit() throws {
        let scene = Scene(width: 100, height: 100)
        let l = ShapeLayer()
        l.bounds = CGRect(x: 0, y: 0, width: -20, height: 10)
        l.position = CGPoint(x: 30, y: 30)
        l.opacityValue = 1.5
        l.cornerRadius = -3
        var sheared = Transform3D.identity
        sheared.m21 = 0.35
        l.transform = sheared.concatenating(.rotation(0.3, 0, 0, 1))
        l.strokeEnd = 1.25
        scene.root.addSublayer(l)
        for (key, to) in [("opacity", 0.5), ("cornerRadius", 8), ("transform.rotation.z", 1.0),
                          ("bounds.size.width", 40), ("strokeEnd", 0.5)] {
            let a = CABasicAnimation(keyPath: key)
            a.toValue = to
            a.duration = 1
            l.add(a, forKey: key)
        }
        let before = (l.bounds, l.opacityValue, l.cornerRadius, l.transform, l.strokeEnd)
        let presentation = Presentation.apply(to: scene, at: 0.5)
        XCTAssertNotEqual(l.opacityValue, before.1, "presented")
        presentation.restore()
        XCTAssertEqual(l.bounds, before.0)
        XCTAssertEqual(l.opacityValue, before.1)
        XCTAssertEqual(l.cornerRadius, before.2)
        XCTAssertTrue(l.transform.hasSameBits(as: before.3), "the transform as it was, not recomposed")
        XCTAssertEqual(l.strokeEnd, before.4)
    }
}
