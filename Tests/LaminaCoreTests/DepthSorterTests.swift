import Foundation
import LaminaTestSupport
import XCTest
@testable import LaminaCore
@testable import LaminaGeometry

/// The BSP's geometry: splitting a polygon marks the new edge, pieces keep the area, and the order is back to
/// front for a viewer on +z.
final class DepthSorterTests: XCTestCase {
    func square(z: Double, size: Double = 2) -> Polygon3D {
        Polygon3D(points: [SIMD3(-1, -1, z), SIMD3(1, -1, z), SIMD3(1, 1, z), SIMD3(-1, 1, z)].map { $0 * SIMD3(size / 2, size / 2, 1) })
    }

    func area(_ p: Polygon3D) -> Double {
        var a = SIMD3<Double>(0, 0, 0)
        for i in p.points.indices {
            let u = p.points[i], v = p.points[(i + 1) % p.points.count]
            a += SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
        }
        return (a * a).sum().squareRoot() / 2
    }

    func testSplit_marksOnlyTheNewEdge_andKeepsTheArea() throws {
        let plane = Plane3D(normal: SIMD3(1, 0, 0), d: -0.5)  // x = 0.5
        let (front, back) = square(z: 0).split(by: plane, epsilon: 1e-9)
        let f = try XCTUnwrap(front), b = try XCTUnwrap(back)
        XCTAssertEqual(area(f) + area(b), 4, accuracy: 1e-12)
        XCTAssertEqual(area(f), 1, accuracy: 1e-12)
        XCTAssertEqual(f.splitEdges.filter { $0 }.count, 1)
        XCTAssertEqual(b.splitEdges.filter { $0 }.count, 1)
        for piece in [f, b] {
            let i = try XCTUnwrap(piece.splitEdges.firstIndex(of: true))
            let p = piece.points[i], q = piece.points[(i + 1) % piece.points.count]
            XCTAssertEqual(p.x, 0.5, accuracy: 1e-12); XCTAssertEqual(q.x, 0.5, accuracy: 1e-12)
        }
    }

    func testParallelPlanes_drawFarthestFirst_andCoplanarInTreeOrder() {
        var sorter = DepthSorter(epsilon: 1e-3)
        sorter.insert(square(z: 5), id: 0)
        sorter.insert(square(z: -3), id: 1)
        sorter.insert(square(z: 5.0001), id: 2)
        sorter.insert(square(z: 0), id: 3)
        XCTAssertEqual(sorter.backToFront().map(\.id), [1, 3, 0, 2])
    }

    func testCrossingPlanes_areSplitAndInterleaved() {
        // Two planes through the origin, tilted opposite ways about y: each is nearer on one side of x = 0.
        let a = Polygon3D(points: [SIMD3(-1, -1, -0.5), SIMD3(1, -1, 0.5), SIMD3(1, 1, 0.5), SIMD3(-1, 1, -0.5)])
        let b = Polygon3D(points: [SIMD3(-1, -1, 0.5), SIMD3(1, -1, -0.5), SIMD3(1, 1, -0.5), SIMD3(-1, 1, 0.5)])
        var sorter = DepthSorter(epsilon: 1e-6)
        sorter.insert(a, id: 0)
        sorter.insert(b, id: 1)
        let order = sorter.backToFront()
        XCTAssertEqual(order.count, 3, "b is cut in two by a")
        XCTAssertEqual(order.map(\.id), [1, 0, 1])
        XCTAssertLessThan(order[0].polygon.centroid.z, 0, "b's far half first")
        XCTAssertGreaterThan(order[2].polygon.centroid.z, 0, "b's near half last")
    }

    func testFragmentBound_stopsSplittingButKeepsEveryPolygon() {
        var sorter = DepthSorter(epsilon: 1e-6, maxFragments: 4)
        for i in 0..<20 {
            let t = Double(i) * 0.3
            sorter.insert(Polygon3D(points: [SIMD3(-1, -1, -sin(t)), SIMD3(1, -1, sin(t)), SIMD3(1, 1, sin(t)),
                                             SIMD3(-1, 1, -sin(t))]), id: i)
        }
        XCTAssertTrue(sorter.truncated)
        XCTAssertEqual(Set(sorter.backToFront().map(\.id)), Set(0..<20))
    }
}
