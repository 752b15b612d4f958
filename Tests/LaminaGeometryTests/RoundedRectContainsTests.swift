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

    /// The test as it was first written, trigonometry per call: the tables must decide every case alike.
    private func referenceContains(_ outer: RoundedRect, _ other: RoundedRect) -> Bool {
        func corners(_ r: RoundedRect) -> [(Double, Double, Double, Double)] {
            let limit = max(0, min(Double(r.rect.width), Double(r.rect.height)) / 2)
            let x0 = Double(r.rect.minX), x1 = Double(r.rect.maxX), y0 = Double(r.rect.minY), y1 = Double(r.rect.maxY)
            let a = min(r.minXMinY, limit), b = min(r.maxXMinY, limit), c = min(r.maxXMaxY, limit), d = min(r.minXMaxY, limit)
            return [(x0 + a, y0 + a, a, Double.pi), (x1 - b, y0 + b, b, 1.5 * Double.pi), (x1 - c, y1 - c, c, 0),
                    (x0 + d, y1 - d, d, Double.pi / 2)]
        }
        func holds(_ r: RoundedRect, _ x: Double, _ y: Double) -> Bool {
            guard r.rect.width > 0, r.rect.height > 0, x >= Double(r.rect.minX), x <= Double(r.rect.maxX),
                  y >= Double(r.rect.minY), y <= Double(r.rect.maxY) else { return false }
            for (cx, cy, radius, start) in corners(r) where radius > 0 {
                let dx = x - cx, dy = y - cy
                let ux = cos(start + Double.pi / 4), uy = sin(start + Double.pi / 4)
                if dx * ux > 0, dy * uy > 0, dx * dx + dy * dy > radius * radius { return false }
            }
            return true
        }
        guard other.rect.width >= 0, other.rect.height >= 0, outer.rect.width > 0, outer.rect.height > 0 else { return false }
        let steps = 8
        let sag = other.maxRadius * (1 - cos(Double.pi / 4 / Double(steps)))
        let shrunk = outer.inset(by: sag)
        for (cx, cy, radius, start) in corners(other) {
            for k in 0...steps {
                let t = start + Double.pi / 2 * Double(k) / Double(steps)
                guard holds(shrunk, cx + radius * cos(t), cy + radius * sin(t)) else { return false }
            }
        }
        return true
    }

    func testDecidesAsTheTrigonometryPerCall() {
        var rng = SplitMix64(seed: 12)
        var held = 0
        for _ in 0..<4000 {
            func shape(inset: Double) -> RoundedRect {
                RoundedRect(rect: CGRect(x: 10 + inset + rng.uniform(-1, 1), y: 10 + inset + rng.uniform(-1, 1),
                                         width: 60 - 2 * inset + rng.uniform(-1, 1), height: 40 - 2 * inset + rng.uniform(-1, 1)),
                            minXMinY: rng.uniform(0, 20), maxXMinY: rng.uniform(0, 20), minXMaxY: rng.uniform(0, 20),
                            maxXMaxY: rng.uniform(0, 20))
            }
            let outer = shape(inset: 0), inner = shape(inset: rng.uniform(-1, 6))
            let decided = outer.contains(inner)
            XCTAssertEqual(decided, referenceContains(outer, inner), "\(outer) holding \(inner)")
            if decided { held += 1 }
            let x = rng.uniform(5, 75), y = rng.uniform(5, 55)
            XCTAssertEqual(outer.contains(x: x, y: y), {
                // The point test of the reference, alone.
                referenceContains(outer, RoundedRect(rect: CGRect(x: x, y: y, width: 0, height: 0)))
            }(), "point (\(x), \(y)) in \(outer)")
        }
        XCTAssertGreaterThan(held, 400)
        XCTAssertLessThan(held, 3600)
    }
}
