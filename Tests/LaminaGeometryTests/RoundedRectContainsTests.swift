import Foundation
import LaminaGeometry
import XCTest

/// `RoundedRect.contains(_:)`, the planner's test of whether a fill covers a mask's shape wholly: never true
/// for a shape with a point outside, true for shapes well inside.
final class RoundedRectContainsTests: XCTestCase {
    /// Points of `r`'s outline, its corner arcs sampled finely.
    private func outline(_ r: RoundedRect) -> [(Double, Double)] {
        let limit = min(Double(r.rect.width), Double(r.rect.height)) / 2
        let x0 = Double(r.rect.minX), x1 = Double(r.rect.maxX), y0 = Double(r.rect.minY), y1 = Double(r.rect.maxY)
        let corners: [(Double, Double, Double, Double)] = [
            (x0 + min(r.minXMinY, limit), y0 + min(r.minXMinY, limit), min(r.minXMinY, limit), Double.pi),
            (x1 - min(r.maxXMinY, limit), y0 + min(r.maxXMinY, limit), min(r.maxXMinY, limit), 1.5 * Double.pi),
            (x1 - min(r.maxXMaxY, limit), y1 - min(r.maxXMaxY, limit), min(r.maxXMaxY, limit), 0),
            (x0 + min(r.minXMaxY, limit), y1 - min(r.minXMaxY, limit), min(r.minXMaxY, limit), Double.pi / 2)]
        return corners.flatMap { cx, cy, radius, start in
            (0...256).map { k in
                let t = start + Double.pi / 2 * Double(k) / 256
                return (cx + radius * cos(t), cy + radius * sin(t))
            }
        }
    }

    func testNeverContainsAShapeWithAPointOutside() {
        var rng = SplitMix64(seed: 11)
        var contained = 0
        for _ in 0..<3000 {
            let outer = RoundedRect(rect: CGRect(x: rng.uniform(0, 20), y: rng.uniform(0, 20), width: rng.uniform(20, 80),
                                                 height: rng.uniform(20, 80)),
                                    minXMinY: rng.uniform(0, 30), maxXMinY: rng.uniform(0, 30), minXMaxY: rng.uniform(0, 30),
                                    maxXMaxY: rng.uniform(0, 30))
            let inset = rng.uniform(-2, 12)
            let inner = RoundedRect(rect: outer.rect.insetBy(dx: inset + rng.uniform(-2, 2), dy: inset + rng.uniform(-2, 2)),
                                    minXMinY: rng.uniform(0, 30), maxXMinY: rng.uniform(0, 30), minXMaxY: rng.uniform(0, 30),
                                    maxXMaxY: rng.uniform(0, 30))
            guard outer.contains(inner) else { continue }
            contained += 1
            for (x, y) in outline(inner) where !outer.contains(x: x, y: y) {
                XCTFail("\(outer) holds \(inner) but not its point (\(x), \(y))")
                return
            }
        }
        XCTAssertGreaterThan(contained, 300, "the random shapes exercise the true answer too")
    }

    func testHoldsItsOwnShapeShrunkAndNotGrown() {
        let shape = RoundedRect(rect: CGRect(x: 10, y: 20, width: 100, height: 60), minXMinY: 12, maxXMinY: 30,
                                minXMaxY: 0, maxXMaxY: 8)
        XCTAssertTrue(shape.contains(shape.inset(by: 1)))
        XCTAssertFalse(shape.contains(shape.inset(by: -1)))
        XCTAssertFalse(shape.contains(RoundedRect(rect: CGRect(x: 11, y: 21, width: 20, height: 20))),
                       "a square corner in the rounded corner's cut")
        XCTAssertTrue(shape.contains(RoundedRect(rect: CGRect(x: 11, y: 21, width: 20, height: 20), minXMinY: 11)))
    }
}
