import Foundation
@testable import LaminaGraph
@testable import LaminaGeometry
import XCTest

/// `ExactEdges`: the integer edge functions agree with the local-point test wherever the pixel centre is
/// not within rounding of the edge, and the GPU's evaluation by 32-bit halves gives the sign of the 64-bit
/// sum for every coefficient and pixel within the bounds.
final class ExactEdgesTests: XCTestCase {
    /// Rotations, a shear, a perspective: pixels whose centre is more than 1e-3 local units from an edge are
    /// decided as the double-precision local test decides them (minimum edges inclusive, maximum exclusive).
    func testInside_agreesWithTheLocalTest_awayFromTheEdge() throws {
        let rect = CGRect(x: 3, y: -2, width: 41.5, height: 27.25)
        var transforms: [Transform3D] = [0.3, 1.1, 2.5, -0.7].map {
            Transform3D.rotation($0, 0, 0, 1).concatenating(.translation(60, 50, 0))
        }
        var shear = Transform3D.translation(30, 40, 0)
        shear.m21 = 0.6
        transforms.append(shear)
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 300
        transforms.append(Transform3D.rotation(0.6, 0, 1, 0).concatenating(perspective)
                            .concatenating(.translation(70, 60, 0)))
        for t in transforms {
            let edges = try XCTUnwrap(ExactEdges(transform: t, rect: rect))
            let inverse = try XCTUnwrap(Self.inverse(t))
            var decided = 0
            for j in 0..<140 {
                for i in 0..<160 {
                    let (qx, qy) = inverse(Double(i) + 0.5, Double(j) + 0.5)
                    let sides = [(qx - Double(rect.minX), true), (qx - Double(rect.maxX), false),
                                 (qy - Double(rect.minY), true), (qy - Double(rect.maxY), false)]
                    for (k, (d, isMin)) in sides.enumerated() where abs(d) > 1e-3 {
                        XCTAssertEqual(edges.inside(k, i: i, j: j), isMin ? d >= 0 : d < 0, "edge \(k) at (\(i), \(j))")
                        decided += 1
                    }
                }
            }
            XCTAssertGreaterThan(decided, 4 * 160 * 140 * 9 / 10)
        }
    }

    /// The shader's sum by halves (`primitive.frag`'s `exactInside`), in Int32 arithmetic that traps on
    /// overflow, has the sign of the Int64 sum at the coefficients' limits and the largest pixel indices.
    func testSplitSum_matchesTheSixtyFourBitSum_withoutOverflow() {
        var rng = SplitMix64(seed: 142)
        let limit = ExactEdges.coefficientLimit, cLimit = ExactEdges.constantLimit
        var cases: [(Int64, Int64, Int64, Int, Int)] = [(limit, limit, cLimit, 32767, 32767),
                                                        (-limit, -limit, -cLimit, 32767, 32767),
                                                        (limit, -limit, 0, 32767, 0), (-1, -1, -1, 0, 0)]
        for _ in 0..<20000 {
            cases.append((Int64.random(in: -limit...limit, using: &rng), Int64.random(in: -limit...limit, using: &rng),
                          Int64.random(in: -cLimit...cLimit, using: &rng), Int.random(in: 0..<32768, using: &rng),
                          Int.random(in: 0..<32768, using: &rng)))
        }
        for (a, b, c, i, j) in cases {
            let wide = a * Int64(i) + b * Int64(j) + c
            let a32 = Int32(a), b32 = Int32(b), i32 = Int32(i), j32 = Int32(j)
            let cH = Int32(c >> 14), cL = Int32(c & 0x3FFF)
            var x = (a32 >> 14) * i32 + (b32 >> 14) * j32 + cH
            let y = (a32 & 0x3FFF) * i32 + (b32 & 0x3FFF) * j32 + cL
            x += y >> 14
            XCTAssertEqual(x >= 0, wide >= 0, "a \(a) b \(b) c \(c) at (\(i), \(j))")
        }
    }

    /// Two rects sharing an edge through the same map get the same integers for it, so each pixel is in
    /// exactly one of them; a scale with a translation needs none, and a hard edge is what asks for them.
    func testSharedEdges_areComplementary_andOnlyRotationsOrProjectionsApply() throws {
        let t = Transform3D.rotation(0.4, 0, 0, 1).concatenating(.translation(40, 10, 0))
        let left = try XCTUnwrap(ExactEdges(transform: t, rect: CGRect(x: 0, y: 0, width: 10, height: 30)))
        let right = try XCTUnwrap(ExactEdges(transform: t, rect: CGRect(x: 10, y: 0, width: 12, height: 30)))
        XCTAssertEqual(left.edges[1], right.edges[0])
        for j in 0..<60 { for i in 0..<60 { XCTAssertNotEqual(left.inside(1, i: i, j: j), right.inside(0, i: i, j: j)) } }
        XCTAssertFalse(ExactEdges.applies(to: .scale(2, 3, 1).concatenating(.translation(5.5, 1, 0)), edgeAA: []))
        XCTAssertFalse(ExactEdges.applies(to: t, edgeAA: .all))
        XCTAssertTrue(ExactEdges.applies(to: t, edgeAA: [.minX]))
        XCTAssertNil(ExactEdges(transform: .scale(0, 1, 1), rect: CGRect(x: 0, y: 0, width: 1, height: 1)))
    }

    /// A conic gradient's seam: the integer line puts pixels on the start ray's far side (in angle) of it
    /// exactly where the local angle says so away from the ray, and the evaluator then gives a pixel just
    /// after the ray t near 0 and one just before t near 1, whatever side rounding put its angle on.
    func testConicSeam_decidesTheSideAsTheAngle_andOverridesRoundingNearIt() throws {
        let stops = [GradientPaint.Stop(location: 0, color: .red), GradientPaint.Stop(location: 1, color: .blue)]
        let paint = GradientPaint(kind: .conic, start: CGPoint(x: 20, y: 15), end: CGPoint(x: 35, y: 22), stops: stops)
        let t = Transform3D.rotation(0.35, 0, 0, 1).concatenating(.translation(40, 30, 0))
        let seam = try XCTUnwrap(ExactEdges.conicSeam(transform: t, paint: paint))
        let inverse = try XCTUnwrap(Self.inverse(t))
        let angle = atan2(22.0 - 15, 35.0 - 20)
        for j in 0..<120 {
            for i in 0..<120 {
                let (qx, qy) = inverse(Double(i) + 0.5, Double(j) + 0.5)
                var turns = (atan2(qy - 15, qx - 20) - angle) / (2 * Double.pi)
                turns -= turns.rounded(.down)
                let r = hypot(qx - 20, qy - 15)
                // Away from the centre and from the ray's own line: the sign of sin(turns) is the side.
                guard r > 2, abs(sin(2 * Double.pi * turns)) * r > 1e-3 else { continue }
                XCTAssertEqual(seam.inside(0, i: i, j: j), sin(2 * Double.pi * turns) > 0, "(\(i), \(j))")
            }
        }
        let e = GradientPaint.Evaluator(paint)
        // On the ray (rounded to a tiny positive angle): told it lies before, the evaluator gives a full turn.
        XCTAssertEqual(e.parameter(x: 30, y: 19.6667, after: false), 1)
        XCTAssertEqual(e.parameter(x: 30, y: 19.6667, after: true) ?? -1, e.parameter(x: 30, y: 19.6667) ?? -2,
                       accuracy: 1e-12)
        // Far from the seam the side is not consulted.
        XCTAssertEqual(e.parameter(x: 20, y: 40, after: false), e.parameter(x: 20, y: 40))
    }

    /// The local point (x, y) of pixel point (px, py) through the inverse of `t`'s 2D homography.
    static func inverse(_ t: Transform3D) -> ((Double, Double) -> (Double, Double))? {
        let a = t.m11, b = t.m12, c = t.m14, d = t.m21, e = t.m22, f = t.m24, g = t.m41, h = t.m42, i = t.m44
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det != 0 else { return nil }
        let g00 = A / det, g01 = -(b * i - c * h) / det, g02 = (b * f - c * e) / det
        let g10 = B / det, g11 = (a * i - c * g) / det, g12 = -(a * f - c * d) / det
        let g20 = C / det, g21 = -(a * h - b * g) / det, g22 = (a * e - b * d) / det
        return { px, py in
            let u = px * g00 + py * g10 + g20, v = px * g01 + py * g11 + g21, w = px * g02 + py * g12 + g22
            return (u / w, v / w)
        }
    }
}
