import Foundation
import LaminaCore
@testable import LaminaGL
import LaminaTestSupport
import XCTest
import LaminaGraph
import LaminaGeometry

/// The target pool: targets reused across frames of a steady scene, and free targets bounded when pass
/// sizes change from frame to frame (an animation), by age and by bytes.
final class TargetPoolTests: XCTestCase {
    /// A GL context current on this thread, for targets made outside a renderer.
    private func makeContextCurrent() throws {
        _ = try GLTestSupport.renderer().render(TestGraphs.shapes())
    }

    func testSteadyFrames_reuseEveryTarget() throws {
        try makeContextCurrent()
        let pool = TargetPool()
        let sizes = [(40, 30), (40, 30), (64, 64)]
        for _ in 0..<5 {
            let targets = try sizes.map { try pool.acquire(width: $0.0, height: $0.1) }
            targets.forEach(pool.release)
            pool.endFrame()
        }
        XCTAssertEqual(pool.created, 3, "the first frame's targets serve every later frame")
        XCTAssertEqual(pool.freeCount, 3)
    }

    func testChangingSizes_keepOnlyTheLastTwoFramesTargets() throws {
        try makeContextCurrent()
        let pool = TargetPool()
        for frame in 0..<20 {
            let t = try pool.acquire(width: 10 + frame, height: 10)
            pool.release(t)
            pool.endFrame()
            XCTAssertLessThanOrEqual(pool.freeCount, 2, "frame \(frame)")
        }
        XCTAssertEqual(pool.created, 20)
        // The target of the frame before is still there: a size that comes back a frame later is reused.
        _ = try pool.acquire(width: 10 + 19, height: 10)
        XCTAssertEqual(pool.created, 20)
    }

    func testFreeBytesOverCapacity_dropTheOldestFirst() throws {
        try makeContextCurrent()
        // Room for two free 100x100 RGBA8 targets (40 000 bytes each).
        let pool = TargetPool(freeCapacityBytes: 100_000)
        var released: [RenderTarget] = []
        for _ in 0..<10 { released.append(try pool.acquire(width: 100, height: 100)) }
        released.forEach(pool.release)
        XCTAssertEqual(pool.freeCount, 2)
        XCTAssertEqual(pool.freeBytes, 80_000)
        let a = try pool.acquire(width: 100, height: 100), b = try pool.acquire(width: 100, height: 100)
        XCTAssertTrue(a === released[9] && b === released[8], "the two released last are the ones kept")
        XCTAssertEqual(pool.created, 10)
    }

    /// A shadowed layer turning frame by frame: its shadow pass changes size every frame. The renderer's
    /// free targets stay those of about two frames, where they used to grow with every size drawn.
    func testTurningShadowedLayer_freeTargetsStayBounded() throws {
        let renderer = try GPURenderer()
        var most = 0
        for frame in 0..<24 {
            let scene = Scene(width: 200, height: 160, scale: 1, background: .white)
            let card = Layer()
            card.frame = CGRect(x: 50, y: 40, width: 90 + Double(frame), height: 60)
            card.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.8)
            card.cornerRadius = 8
            card.shadowOpacity = 0.5
            card.shadowRadius = 4
            card.transform = Transform3D.rotation(0.05 * Double(frame + 1), 0, 0, 1)
            scene.root.addSublayer(card)
            let graph = try Planner().plan(scene)
            XCTAssertGreaterThan(graph.passes.count, 1, "the shadow takes a pass of its own")
            _ = try renderer.render(graph)
            most = max(most, renderer.freeTargets.count)
        }
        XCTAssertLessThanOrEqual(most, 12, "free targets of at most two frames' passes")
        XCTAssertLessThanOrEqual(renderer.freeTargets.bytes, 256 << 20)
    }
}
