import Foundation
import LaminaGeometry
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaRaster

/// Rotated, sheared and flipped rounded rects take solid and hole spans (`AffineSpans`) where their coverage
/// is exactly 1: the bytes equal the general path's, and the spans are really taken.
final class AffineSpansTests: XCTestCase {
    private func ops(seed: UInt64) -> [DrawOp] {
        var rng = SplitMix64(seed: seed)
        func unit() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        var out: [DrawOp] = []
        for i in 0..<24 {
            let w = 20 + unit() * 90, h = 16 + unit() * 70
            let shape = RoundedRect(rect: CGRect(x: -w / 2, y: -h / 2, width: w, height: h),
                                    radius: unit() < 0.2 ? 0 : unit() * min(w, h) * 0.6, corners: .all, curve: .circular)
            var m = Transform3D.rotation(unit() * 2 * Double.pi, 0, 0, 1)
            if i % 3 == 1 {
                let shear = Transform3D(m11: 1, m12: 0.3 * (unit() - 0.5), m13: 0, m14: 0, m21: 0.5 * (unit() - 0.5), m22: 1,
                                        m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
                m = shear.concatenating(m)
            }
            if i % 4 == 2 { m = Transform3D.scale(-1.3, 0.8, 1).concatenating(m) }
            m = m.concatenating(.translation(20 + unit() * 200, 20 + unit() * 140, 0))
            let color = Color(red: unit(), green: unit(), blue: unit(), alpha: i % 5 == 0 ? 0.6 : 1).premultiplied
            let bounds = PixelRect(x0: 0, y0: 0, x1: 240, y1: 180)
            let edgeAA: EdgeMask = i % 2 == 0 ? .all : []
            switch i % 3 {
            case 0:
                out.append(DrawOp(shape: .roundedRect(shape), paint: .solid(color), transform: m, bounds: bounds, edgeAA: edgeAA))
            case 1:
                out.append(DrawOp(shape: .ring(shape, width: 1 + unit() * 6), paint: .solid(color), transform: m, bounds: bounds))
            default:
                // A fill with its border right after it: drawn as one (`BorderedFill`).
                out.append(DrawOp(shape: .roundedRect(shape), paint: .solid(color), transform: m, bounds: bounds, edgeAA: edgeAA))
                out.append(DrawOp(shape: .ring(shape, width: 2 + unit() * 4), paint: .solid(Color.black.premultiplied),
                                  transform: m, bounds: bounds))
            }
        }
        return out
    }

    func testSpansDrawTheGeneralPathsBytes() throws {
        for seed in [3, 17, 99] as [UInt64] {
            let pass = Pass(id: PassID(0), reason: .canvas, label: "canvas", width: 240, height: 180, content: .draw(ops(seed: seed)))
            let graph = RenderGraph(width: 240, height: 180, scale: 1, clearColor: Color.white.premultiplied, passes: [pass], images: [])
            let general = try CPURenderer(paths: []).render(graph)
            for paths in [CPUFastPaths.spans, .all] {
                let image = try CPURenderer(paths: paths).render(graph)
                let cmp = try ImageComparison(image, general)
                XCTAssertEqual(cmp.maxDifference, 0, "seed \(seed): \(cmp.differingPixels) pixels differ")
            }
        }
    }

    func testARotatedCardsInteriorIsASpan() throws {
        let shape = RoundedRect(rect: CGRect(x: 0, y: 0, width: 100, height: 60), radius: 10, corners: .all, curve: .circular)
        let m = Transform3D.rotation(0.4, 0, 0, 1).concatenating(.translation(60, 20, 0))
        let op = DrawOp(shape: .roundedRect(shape), paint: .solid(Color.black.premultiplied), transform: m,
                        bounds: PixelRect(x0: 0, y0: 0, x1: 200, y1: 150))
        let projection = try XCTUnwrap(Projection(m))
        let spans = try XCTUnwrap(AffineSpans(op: op, borderWidth: nil, projection: projection))
        let solid = (0..<150).reduce(0) { $0 + spans.row($1, bounds: op.bounds).solid.count }
        XCTAssertGreaterThan(solid, 3500, "most of the 6000-pixel card")
        XCTAssertLessThan(solid, 6000)
        XCTAssertNil(AffineSpans(op: DrawOp(shape: .roundedRect(shape), paint: .solid(Color.black.premultiplied),
                                            transform: .translation(3, 4, 0), bounds: op.bounds),
                                 borderWidth: nil, projection: try XCTUnwrap(Projection(.translation(3, 4, 0)))),
                     "a translation is SpanPlan's")
    }
}
