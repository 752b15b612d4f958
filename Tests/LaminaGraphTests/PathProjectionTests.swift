import Foundation
import LaminaGeometry
import XCTest
@testable import LaminaGraph

/// `PathShape.projected(through:)`: under a map whose w is 1 the points are the general projection's
/// (divided by w, the z term added) to the bit, up to the sign of a zero, and points with a coordinate that
/// is not finite are dropped as there; a perspective map keeps the general path.
final class PathProjectionTests: XCTestCase {
    /// The general projection, as both renderers computed it before the shortcut.
    private func general(_ shape: PathShape, _ m: Transform3D) -> [[CGPoint]] {
        shape.polylines.map { line in
            line.points.compactMap { p -> CGPoint? in
                let q = m.apply(x: Double(p.x), y: Double(p.y))
                guard q.w > 1e-9 else { return nil }
                return CGPoint(x: q.x / q.w, y: q.y / q.w)
            }
        }
    }

    private func same(_ a: [[CGPoint]], _ b: [[CGPoint]], _ message: String) {
        XCTAssertEqual(a.count, b.count, message)
        for (la, lb) in zip(a, b) {
            XCTAssertEqual(la.count, lb.count, message)
            for (p, q) in zip(la, lb) {
                // == treats -0 and +0 alike, and every other value bit for bit.
                XCTAssertTrue(Double(p.x) == Double(q.x) && Double(p.y) == Double(q.y), "\(message): \(p) vs \(q)")
            }
        }
    }

    func testAffineMapsGiveTheGeneralPoints_andDropNonFiniteOnes() {
        // A fixed sequence (a linear congruential generator), so a failure replays.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53) * 600 - 300
        }
        let points = (0..<200).map { _ in CGPoint(x: next(), y: next()) } + [CGPoint(x: 0, y: 0), CGPoint(x: -0.0, y: 5), CGPoint(x: Double.infinity, y: 1), CGPoint(x: 2, y: Double.nan),
             CGPoint(x: 1e300, y: 1e300)]
        let shape = PathShape(polylines: [Polyline(points: points, closed: true)], rule: .nonZero)
        var rotated = Transform3D.identity
        rotated.m11 = 0.8; rotated.m12 = 0.6; rotated.m21 = -0.6; rotated.m22 = 0.8; rotated.m41 = 10.25; rotated.m42 = -3.5
        var tilted = rotated
        tilted.m31 = 0.3; tilted.m32 = -0.2; tilted.m33 = 0.9; tilted.m43 = 4
        let maps: [(String, Transform3D)] = [("identity", .identity), ("translation", .translation(0.37, -12.5)),
                                             ("scale", Transform3D(affine: CGAffineTransform(scaleX: 2.5, y: -1.25))),
                                             ("rotation", rotated), ("z terms", tilted)]
        for (name, m) in maps {
            let projected = shape.projected(through: m).map(\.points)
            same(projected, general(shape, m), name)
            XCTAssertEqual(projected[0].count, points.count - 2, "\(name): the infinite and NaN points dropped")
        }
    }

    func testPerspectiveMapsTakeTheGeneralPath() {
        var m = Transform3D.identity
        m.m14 = 0.002; m.m24 = -0.001
        let line = Polyline(points: [CGPoint(x: 10, y: 10), CGPoint(x: 900, y: 40), CGPoint(x: 50, y: 2000),
                                     CGPoint(x: -700, y: 30)], closed: true)
        let shape = PathShape(polylines: [line], rule: .evenOdd)
        same(shape.projected(through: m).map(\.points), general(shape, m), "perspective")
        XCTAssertLessThan(shape.projected(through: m)[0].points.count, 4, "a point behind the eye is dropped")
    }
}
