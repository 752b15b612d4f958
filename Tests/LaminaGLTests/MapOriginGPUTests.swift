import Foundation
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaGL
import LaminaGraph
import LaminaGeometry

/// Ops and clips count their pixels from an origin near them (`MapOrigin`, `ProjectiveMap.row2(from:)`): the
/// GPU's float local point then has the precision of an op at the canvas's corner wherever it lies, so the
/// edges it decides within float error of a rounding step are decided alike wherever it is drawn.
final class MapOriginGPUTests: XCTestCase {
    func testRow2_isRowTwoOfTheMapForPixelsCountedFromTheOrigin() throws {
        let t = Transform3D.rotation(0.4, 0, 0, 1).concatenating(.scale(2, 2)).concatenating(.translation(1234.5, 77.25))
        let map = try XCTUnwrap(ProjectiveMap(t))
        XCTAssertEqual(map.row2(from: .zero), SIMD3(map.g[6], map.g[7], map.g[8]))
        let origin = MapOrigin(steppedNear: map.pixel(x: 10, y: 5))
        XCTAssertEqual(origin.x % MapOrigin.step, 0)
        XCTAssertEqual(origin.y % MapOrigin.step, 0)
        // The local point of the origin itself, in double: what row 2 holds.
        let inverse = try XCTUnwrap(PlaneInverse(t))
        let x = Double(origin.x), y = Double(origin.y)
        let u = x * inverse.g00 + y * inverse.g10 + inverse.g20, w = x * inverse.g02 + y * inverse.g12 + inverse.g22
        XCTAssertEqual(Double(map.row2(from: origin).x), u, accuracy: 1e-4)
        XCTAssertEqual(Double(map.row2(from: origin).z), w, accuracy: 1e-6)
    }

    func testOrigins_packIntoOneExactFloat_andStayInRange() {
        let far = MapOrigin(steppedNear: (x: 1e9, y: -40))
        XCTAssertEqual(far.x, MapOrigin.limit - MapOrigin.step)
        XCTAssertEqual(far.y, 0)
        XCTAssertEqual(MapOrigin(steppedNear: (x: .nan, y: 3)), .zero)
        XCTAssertEqual(MapOrigin(steppedNear: nil), .zero)
        let o = MapOrigin(steppedNear: (x: 1607.9, y: 470))
        XCTAssertEqual(o.x, 1600)
        XCTAssertEqual(o.y, 464)
        XCTAssertEqual(o.packed, Float(29 * 4096 + 100))
        XCTAssertLessThan(Double(MapOrigin(steppedNear: (x: 1e9, y: 1e9)).packed), 0x1p24)
        let clip = MapOrigin(nearest: (x: 12.6, y: -3.4))
        XCTAssertEqual([clip.x, clip.y], [13, -3])
        XCTAssertEqual(MapOrigin(nearest: (x: 2e20, y: 0)), .zero)
    }

    /// Rotated, scaled rounded cards with borders, each under a rotated rounded clip, drawn near the canvas's
    /// corner and again 1 600 x 480 pixels (whole steps of 16) away: the same bytes. Counted from the
    /// canvas's corner, the far copy's local points carry about 30 times the float error, and a few edge
    /// pixels within it of a rounding step land the other way.
    func testShapesAndClips_drawTheSameBytesFarFromTheCanvasCorner() throws {
        let (dx, dy) = (1600.0, 480.0)
        var ops: [DrawOp] = []
        var state: UInt64 = 7
        func unit() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let canvas = PixelRect(x0: 0, y0: 0, x1: 1900, y1: 760)
        for _ in 0..<60 {
            let shape = RoundedRect(rect: CGRect(x: 0, y: 0, width: 30 + unit() * 40, height: 20 + unit() * 30),
                                    radius: 2 + unit() * 8, corners: .all, curve: .circular)
            let place = Transform3D.rotation(unit() * 6.3, 0, 0, 1).concatenating(.scale(1 + unit(), 1 + unit()))
            let (x, y) = (30 + unit() * 200 + 0.37, 30 + unit() * 200 + 0.61)
            let clipShape = RoundedRect(rect: CGRect(x: 5, y: 3, width: 40, height: 30), radius: 6, corners: .all,
                                        curve: .circular)
            let clipPlace = Transform3D.rotation(unit(), 0, 0, 1)
            let color = PremultipliedColor(r: 0.3 * unit(), g: 0.4, b: 0.5 * unit(), a: 0.5 + unit() * 0.5)
            for (ox, oy) in [(0.0, 0.0), (dx, dy)] {
                let t = place.concatenating(.translation(x + ox, y + oy))
                let clip = Clip(shape: clipShape, transform: clipPlace.concatenating(t))
                ops.append(DrawOp(shape: .roundedRect(shape), paint: .solid(color), transform: t, clips: [clip],
                                  bounds: canvas))
                ops.append(DrawOp(shape: .ring(shape, width: 1.5), paint: .solid(TestGraphs.blue), transform: t,
                                  bounds: canvas))
            }
        }
        let graph = TestGraphs.canvas(ops, width: canvas.width, height: canvas.height, clear: TestGraphs.white)
        for renderer in [try GLTestSupport.renderer(), try GPURenderer(platform: nil, tuning: .general)] {
            let image = try renderer.render(graph)
            var differing = 0
            for y in 0..<280 {
                for x in 0..<300 {
                    let near = image.pixel(x: x, y: y), far = image.pixel(x: x + Int(dx), y: y + Int(dy))
                    if near != far { differing += 1 }
                }
            }
            XCTAssertEqual(differing, 0, "pixels drawn differently 1 600 x 480 pixels away")
        }
    }
}
