import Foundation
import LaminaCore
import LaminaImage
import LaminaTestSupport
import XCTest
import LaminaGraph
import LaminaGeometry

/// CATransformLayer's depth sorting: planes drawn back to front whatever their order in the tree, split where
/// they cross, with no seam where the pieces meet.
final class DepthSortTests: XCTestCase {
    /// Six opaque faces of a 100-point cube in a transform layer, in `order`, turned by `angles` (x, then y).
    func cube(order: [Int], angles: (Double, Double)) -> Scene {
        let colors: [Color] = [.red, .green, .blue, .yellow, .magenta, .cyan]
        let placements: [Transform3D] = [
            .translation(0, 0, 50),
            Transform3D.rotation(.pi / 2, 0, 1, 0).concatenating(.translation(50, 0, 0)),
            Transform3D.rotation(.pi / 2, 1, 0, 0).concatenating(.translation(0, -50, 0)),
            Transform3D.rotation(-.pi / 2, 1, 0, 0).concatenating(.translation(0, 50, 0)),
            Transform3D.rotation(-.pi / 2, 0, 1, 0).concatenating(.translation(-50, 0, 0)),
            Transform3D.rotation(.pi, 0, 1, 0).concatenating(.translation(0, 0, -50)),
        ]
        return makeScene(width: 200, height: 200, background: .white) { root in
            var perspective = Transform3D.identity
            perspective.m34 = -1.0 / 500
            root.sublayerTransform = perspective
            let t = TransformLayer()
            t.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            t.transform = Transform3D.rotation(angles.0, 1, 0, 0).concatenating(.rotation(angles.1, 0, 1, 0))
            for i in order {
                let face = layer(CGRect(x: 0, y: 0, width: 100, height: 100), colors[i])
                face.transform = placements[i]
                t.addSublayer(face)
            }
            root.addSublayer(t)
        }
    }

    func testCube_drawsTheNearFaceWhateverTheTreeOrder() throws {
        let forward = try renderCPU(cube(order: [0, 1, 2, 3, 4, 5], angles: (0.2, 0.3)))
        let backward = try renderCPU(cube(order: [5, 4, 3, 2, 1, 0], angles: (0.2, 0.3)))
        XCTAssertEqual(forward.rgba(100, 100), [255, 0, 0, 255], "the +z face is nearest at the centre")
        XCTAssertEqual(try ImageComparison(forward, backward).maxDifference, 0, "the tree order does not matter")
        let turned = try renderCPU(cube(order: [0, 1, 2, 3, 4, 5], angles: (0.2, .pi + 0.3)))
        XCTAssertEqual(turned.rgba(100, 100), [0, 255, 255, 255], "turned half round, the -z face is nearest")
    }

    /// Two opaque planes crossing along their vertical middle line: each is in front on one side, and pixels
    /// along the crossing, drawn from two pieces of one split plane, are fully covered.
    func crossing(redFirst: Bool) -> Scene {
        makeScene(width: 300, height: 200, background: .clear) { root in
            var perspective = Transform3D.identity
            perspective.m34 = -1.0 / 600
            root.sublayerTransform = perspective
            let t = TransformLayer()
            t.frame = CGRect(x: 50, y: 25, width: 200, height: 150)
            let red = layer(CGRect(x: 0, y: 0, width: 200, height: 150), .red)
            red.transform = .rotation(0.6, 0, 1, 0)
            let blue = layer(CGRect(x: 0, y: 0, width: 200, height: 150), .blue)
            blue.transform = .rotation(-0.6, 0, 1, 0)
            for l in redFirst ? [red, blue] : [blue, red] { t.addSublayer(l) }
            root.addSublayer(t)
        }
    }

    func testCrossingPlanes_splitWithoutSeamAndOrderFree() throws {
        let a = try renderCPU(crossing(redFirst: true)), b = try renderCPU(crossing(redFirst: false))
        XCTAssertEqual(try ImageComparison(a, b).maxDifference, 0, "the tree order does not matter")
        let left = a.rgba(110, 100), right = a.rgba(190, 100)
        XCTAssertNotEqual(left, right, "a different plane is in front on each side")
        XCTAssertTrue([left, right].allSatisfy { $0 == [255, 0, 0, 255] || $0 == [0, 0, 255, 255] }, "\(left) \(right)")
        // Along the crossing (x = 150) both planes are opaque: no pixel lets the clear background through.
        for y in 60...140 { XCTAssertEqual(a.rgba(150, y)[3], 255, "seam at y \(y)") }
        for y in 60...140 { for x in 140...160 { XCTAssertEqual(a.rgba(x, y)[3], 255, "seam at \(x), \(y)") } }
    }

    /// In a 3D context the hit layer is the one drawn at the pixel: the plane nearest the eye there.
    func testHitTest_findsThePlaneDrawnInFront() throws {
        for scene in [cube(order: [5, 4, 3, 2, 1, 0], angles: (0.5, 0.7)), crossing(redFirst: true)] {
            let image = try renderCPU(scene)
            var faces: [Layer] = []
            func collect(_ l: Layer) { if l.backgroundColor != nil { faces.append(l) }; l.sublayersValue.forEach(collect) }
            collect(scene.root)
            var checked = 0
            for y in stride(from: 2, to: Int(scene.height), by: 4) {
                for x in stride(from: 2, to: Int(scene.width), by: 4) {
                    let p = image.pixel(x: x, y: y)
                    guard let drawn = faces.first(where: { l in
                        guard let c = l.backgroundColor else { return false }
                        return p.a == 255 && Int(p.r) == Int(c.red * 255) && Int(p.g) == Int(c.green * 255)
                            && Int(p.b) == Int(c.blue * 255)
                    }) else { continue }
                    let hit = scene.root.hitTest(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
                    XCTAssertTrue(hit === drawn, "(\(x), \(y))")
                    checked += 1
                }
            }
            XCTAssertGreaterThan(checked, 300)
        }
    }

    /// A replicator with preservesDepth whose instances go away from the eye: depth sorting draws the first
    /// (nearest) instance on top, where instance order would draw it first, under the others.
    func testReplicatorPreservingDepth_drawsNearInstancesOverFarOnes() throws {
        func scene(preservesDepth: Bool) -> Scene {
            makeScene(width: 200, height: 100, background: .white) { root in
                var perspective = Transform3D.identity
                perspective.m34 = -1.0 / 500
                root.sublayerTransform = perspective
                let r = ReplicatorLayer()
                r.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
                r.preservesDepth = preservesDepth
                r.instanceCount = 3
                r.instanceTransform = .translation(30, 0, -60)
                r.instanceRedOffset = -0.4
                r.instanceBlueOffset = 0
                r.addSublayer(layer(CGRect(x: 40, y: 20, width: 60, height: 60), .red))
                root.addSublayer(r)
            }
        }
        let sorted = try renderCPU(scene(preservesDepth: true))
        let ordered = try renderCPU(scene(preservesDepth: false))
        XCTAssertEqual(sorted.rgba(90, 50), [255, 0, 0, 255], "instance 0, nearest, on top")
        XCTAssertNotEqual(ordered.rgba(90, 50), [255, 0, 0, 255], "flattened in instance order, a later one covers it")
    }

    /// Chapter 5's cube: six faces as plain sublayers of a container whose sublayerTransform turns them; the
    /// siblings share the container's 3D space and are depth-sorted there, whatever their order.
    func testSiblingsTiltedOutOfTheirParentsPlane_areDepthSorted() throws {
        func scene(order: [Int]) -> Scene {
            let cubeScene = cube(order: order, angles: (0.2, 0.3))
            // Move the faces out of the transform layer into a plain container carrying the same transform.
            let t = cubeScene.root.sublayersValue[0]
            let container = Layer()
            container.frame = t.frame
            container.sublayerTransform = t.transform
            for face in t.sublayersValue {
                face.removeFromSuperlayer()
                face.position = CGPoint(x: 50, y: 50)
                container.addSublayer(face)
            }
            t.removeFromSuperlayer()
            cubeScene.root.addSublayer(container)
            return cubeScene
        }
        let forward = try renderCPU(scene(order: [0, 1, 2, 3, 4, 5]))
        let backward = try renderCPU(scene(order: [5, 4, 3, 2, 1, 0]))
        XCTAssertEqual(forward.rgba(100, 100), [255, 0, 0, 255], "the +z face is nearest at the centre")
        XCTAssertEqual(try ImageComparison(forward, backward).maxDifference, 0, "the tree order does not matter")
    }

    /// Bounds: past 1024 planes a context is drawn in tree order, uncut, in bounded work; planes wholly behind
    /// the eye draw nothing and put no stray geometry anywhere.
    func testManyPlanes_andPlanesBehindTheEye_stayBounded() throws {
        let many = makeScene(width: 100, height: 100, background: .clear) { root in
            var perspective = Transform3D.identity
            perspective.m34 = -1.0 / 400
            root.sublayerTransform = perspective
            let t = TransformLayer()
            t.frame = CGRect(x: 25, y: 25, width: 50, height: 50)
            for i in 0..<2000 {
                let plane = layer(CGRect(x: 0, y: 0, width: 50, height: 50), Color(white: Double(i % 7) / 7))
                plane.transform = .rotation(Double(i) * 0.0031, 0, 1, 0)
                t.addSublayer(plane)
            }
            root.addSublayer(t)
        }
        let graph = try Planner().plan(many)
        XCTAssertEqual(graph.passes.count, 1, "2000 planes: over the bound, drawn in tree order with no cut")
        let behind = makeScene(width: 100, height: 100, background: .clear) { root in
            var perspective = Transform3D.identity
            perspective.m34 = -1.0 / 10
            root.sublayerTransform = perspective
            for i in 0..<3 {
                let plane = layer(CGRect(x: 10, y: 10, width: 80, height: 80), .red)
                plane.zPosition = 100 + Double(i)
                plane.transform = .rotation(0.3 * Double(i + 1), 1, 0, 0)
                root.addSublayer(plane)
            }
        }
        let image = try renderCPU(behind)
        XCTAssertTrue(image.pixels.allSatisfy { $0 == 0 }, "everything is behind the eye: nothing drawn")
    }
}
