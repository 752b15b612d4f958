import Foundation
import LaminaGeometry
import LaminaGraph
import LaminaTestSupport
import XCTest
@testable import LaminaCore

/// Shape layers' strokes are made ahead on every core (`prefetchStrokes`): the outlines are the stroker's
/// own at the tolerance the walk asks for, the walk takes them, subtrees drawn through other maps are left to
/// the walk, and the path segment limit bounds what is made ahead.
final class StrokePrefetchTests: XCTestCase {
    /// A random curve: no other test strokes these (the stroke cache is the process's, and what it already
    /// holds is not made ahead).
    private func curve(_ rng: inout SplitMix64) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: rng.uniform(0, 20), y: rng.uniform(20, 40)))
        path.curve(to: CGPoint(x: rng.uniform(60, 90), y: rng.uniform(20, 40)),
                   control1: CGPoint(x: rng.uniform(20, 40), y: rng.uniform(-20, 0)),
                   control2: CGPoint(x: rng.uniform(40, 60), y: rng.uniform(60, 80)))
        return path
    }

    private func shape(_ path: Path, width: Double) -> ShapeLayer {
        let layer = ShapeLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        layer.pathValue = path
        layer.fillColor = nil
        layer.strokeColor = Color(red: 0.2, green: 0.3, blue: 0.9)
        layer.lineWidth = width
        return layer
    }

    /// A tree of stroked shapes under a scaled, rotated and translated group, at scale 2.
    private func scene(seed: UInt64) -> (Scene, [ShapeLayer]) {
        var rng = SplitMix64(seed: seed)
        var shapes: [ShapeLayer] = []
        let scene = makeScene(width: 300, height: 200, scale: 2, background: .white) { root in
            let group = Layer()
            group.frame = CGRect(x: 20, y: 10, width: 260, height: 180)
            group.transform = Transform3D.rotation(0.3, 0, 0, 1).concatenating(.scale(1.5, 0.75, 1))
            root.addSublayer(group)
            for k in 0..<10 {
                let layer = shape(curve(&rng), width: rng.uniform(0.5, 6))
                layer.position = CGPoint(x: rng.uniform(40, 220), y: rng.uniform(30, 150))
                shapes.append(layer)
                (k % 2 == 0 ? root : group).addSublayer(layer)
            }
        }
        return (scene, shapes)
    }

    private func pathOps(_ graph: RenderGraph) -> [DrawOp] {
        graph.passes.flatMap { pass -> [DrawOp] in
            guard case .draw(let ops) = pass.content else { return [] }
            return ops.filter { if case .path = $0.shape { return true } else { return false } }
        }
    }

    func testStrokesMadeAheadAreTheStrokersOwnAndTheWalkTakesThem() throws {
        let (scene, shapes) = scene(seed: 0x5555)
        let builder = GraphBuilder()
        builder.prefetchStrokes(scene.root, layerToTarget: .scale(scene.scale, scene.scale, 1))
        XCTAssertEqual(builder.prefetchedStrokes.count, shapes.count, "every stroked layer has its outlines ahead")
        let ops = pathOps(try Planner().plan(scene))
        XCTAssertEqual(ops.count, shapes.count)
        for (op, layer) in zip(ops, [1, 3, 5, 7, 9, 0, 2, 4, 6, 8].map { shapes[$0] }) {  // the group comes first
            guard case .path(let drawn) = op.shape, let path = layer.pathValue,
                  let ahead = builder.prefetchedStrokes[ObjectIdentifier(layer)] else {
                return XCTFail("no outlines for a shape")
            }
            let tolerance = PathAccuracy.tolerance(scale: LayerGeometry.largestScale(op.transform))
            XCTAssertEqual(ahead.key.tolerance, tolerance, "made at the walk's tolerance")
            let own = Stroker.stroke(path, StrokeStyle(width: layer.lineWidth), tolerance: tolerance)
            XCTAssertTrue(ahead.outlines.polylines.map(\.points) == own.map(\.points), "not the stroker's own outlines")
            XCTAssertTrue(drawn.polylines.map(\.points) == own.map(\.points), "the plan draws other outlines")
        }
    }

    func testReplicatedAndRasterizedShapesAreLeftToTheWalk() throws {
        var rng = SplitMix64(seed: 0x5151)
        let replicator = ReplicatorLayer()
        replicator.instanceCount = 3
        replicator.instanceTransform = .translation(10, 0, 0)
        replicator.addSublayer(shape(curve(&rng), width: 2))
        let rasterized = shape(curve(&rng), width: 3)
        rasterized.shouldRasterize = true
        let root = Layer()
        root.addSublayer(replicator)
        root.addSublayer(rasterized)
        root.addSublayer(shape(curve(&rng), width: 4))
        let builder = GraphBuilder()
        let (jobs, _) = builder.strokesToMake(under: root, layerToTarget: .identity)
        XCTAssertEqual(jobs.map(\.key.style.width), [4], "only the plain shape is stroked ahead")
    }

    func testWhatIsMadeAheadStaysWithinTheSegmentLimit() throws {
        var rng = SplitMix64(seed: 0x7777)
        let root = Layer()
        let shapes = (0..<6).map { _ in shape(curve(&rng), width: 2) }
        shapes.forEach(root.addSublayer)
        let perShape = shapes.map { layer -> Int in
            guard let key = GraphBuilder.strokeKey(layer, layerToTarget: .identity) else { return 0 }
            return key.segmentCount
        }
        var limits = ResourceLimits.default
        limits.maxPathSegments = perShape[0] + perShape[1] + perShape[2] / 2
        let builder = GraphBuilder(limits: limits)
        let (jobs, _) = builder.strokesToMake(under: root, layerToTarget: .identity)
        XCTAssertEqual(jobs.map(\.segments), Array(perShape.prefix(2)), "the third would pass the limit: none after it")
    }

    /// The walk draws the outlines waiting under the layer, not a lookup of its own: a sentinel put there is
    /// what it draws.
    func testTheWalkDrawsTheOutlinesWaitingUnderTheLayer() {
        var rng = SplitMix64(seed: 0x3131)
        let root = Layer()
        let shapes = (0..<3).map { _ in shape(curve(&rng), width: 2) }
        shapes.forEach(root.addSublayer)
        let builder = GraphBuilder()
        builder.prefetchStrokes(root, layerToTarget: .identity)
        guard let ahead = builder.prefetchedStrokes[ObjectIdentifier(shapes[1])] else { return XCTFail("not made ahead") }
        let sentinel = Polyline(points: [CGPoint(x: 1, y: 1), CGPoint(x: 9, y: 1), CGPoint(x: 5, y: 7)], closed: true)
        builder.prefetchedStrokes[ObjectIdentifier(shapes[1])] = (ahead.key, StrokeOutlines([sentinel], segments: 3))
        let canvas = PixelRect(x0: 0, y0: 0, x1: 200, y1: 200)
        let ops = builder.emitSublayers(of: root, layerToTarget: .identity,
                                        context: .init(interest: canvas, flipped: false, label: "", pointer: ""))
        let drawn = ops.compactMap { op -> [Polyline]? in
            if case .path(let p) = op.shape { return p.polylines } else { return nil }
        }
        XCTAssertEqual(drawn.count, 3)
        XCTAssertTrue(drawn[1].map(\.points) == [sentinel.points], "the walk looked the stroke up itself")
    }

    /// Strokes whose outlines are far larger than their paths (dashes with round caps: one segment, thousands
    /// of points) stop being made ahead once what was made passes the segment limit, as the walk stops: at
    /// most the stroke each worker had begun.
    func testOutlinesPastTheLimitStopTheWorkers() {
        let root = Layer()
        for k in 0..<40 {
            var path = Path()
            path.move(to: CGPoint(x: 0, y: Double(k)))
            path.line(to: CGPoint(x: 400, y: Double(k) + 0.5))
            let layer = shape(path, width: 3)
            layer.lineCap = .round
            layer.lineDashPattern = [1, 2]
            layer.lineDashPhase = Double(k) / 40  // 40 distinct strokes
            root.addSublayer(layer)
        }
        var limits = ResourceLimits.default
        limits.maxPathSegments = 2_000
        let builder = GraphBuilder(limits: limits)
        builder.prefetchStrokes(root, layerToTarget: .identity)
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        XCTAssertGreaterThan(builder.prefetchedStrokes.count, 0)
        XCTAssertLessThanOrEqual(builder.prefetchedStrokes.count, workers, "a stroke was begun past the limit")
    }
}
