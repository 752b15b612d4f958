import Foundation
import LaminaCore
import LaminaGeometry
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaRaster

/// Path coverage kept between frames (`CPUFastPaths.keptPaths`): a later frame takes the rows its first
/// frame rasterized for an unchanged fill, draws the bytes of a renderer that keeps nothing, and a fill that
/// moved, changed its rule or its outline is rasterized again.
final class KeptPathRowsTests: XCTestCase {
    /// Filled stars (one even-odd), a dashed round-capped stroke and a curve, at `shift` px to the right.
    private func scene(shift: Double, evenOdd: Bool = true, tip: Double = 10) -> Scene {
        makeScene(width: 220, height: 160, background: Color(red: 0.94, green: 0.95, blue: 0.97, alpha: 1)) { root in
            let star = ShapeLayer()
            star.frame = CGRect(x: 12 + shift, y: 14, width: 90, height: 90)
            var path = Path()
            path.move(to: CGPoint(x: 45, y: tip))
            for k in 1..<5 {
                let angle = Double(k) * 4 * Double.pi / 5 - Double.pi / 2
                path.line(to: CGPoint(x: 45 + 38 * cos(angle), y: 48 + 38 * sin(angle)))
            }
            path.closeSubpath()
            star.pathValue = path
            star.fillRule = evenOdd ? .evenOdd : .nonZero
            star.fillColor = Color(red: 0.9, green: 0.4, blue: 0.1, alpha: 0.8)
            root.addSublayer(star)

            let stroke = ShapeLayer()
            stroke.frame = CGRect(x: 100.5 + shift, y: 30.25, width: 100, height: 110)
            var curve = Path()
            curve.move(to: CGPoint(x: 5, y: 100))
            curve.curve(to: CGPoint(x: 95, y: 10), control1: CGPoint(x: 10, y: -20), control2: CGPoint(x: 120, y: 140))
            stroke.pathValue = curve
            stroke.fillColor = Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
            stroke.strokeColor = Color(red: 0.1, green: 0.1, blue: 0.3, alpha: 1)
            stroke.lineWidth = 6
            stroke.lineCap = .round
            stroke.lineDashPatternValue = [14, 7]
            root.addSublayer(stroke)
        }
    }

    /// The fills of a planned scene: each path op's shape, map and bounds.
    private func pathOps(_ graph: RenderGraph) -> [(PathShape, Transform3D, PixelRect)] {
        graph.passes.flatMap { pass -> [(PathShape, Transform3D, PixelRect)] in
            guard case .draw(let ops) = pass.content else { return [] }
            return ops.compactMap { op in
                guard case .path(let shape) = op.shape else { return nil }
                return (shape, op.transform, op.bounds)
            }
        }
    }

    func testASecondFrameTakesTheKeptRowsAndDrawsTheSameBytes() throws {
        let graph = try Planner().plan(scene(shift: 0))
        let ops = pathOps(graph)
        XCTAssertGreaterThanOrEqual(ops.count, 3, "star fill, curve fill, stroke")
        let reference = try CPURenderer(paths: CPUFastPaths.all.subtracting(.keptPaths)).render(graph)
        let renderer = CPURenderer()
        XCTAssertFalse(ops.contains { renderer.keptPaths.contains($0.0, transform: $0.1, bounds: $0.2) }, "nothing kept yet")
        let first = try renderer.render(graph)
        XCTAssertTrue(ops.allSatisfy { renderer.keptPaths.contains($0.0, transform: $0.1, bounds: $0.2) }, "every fill kept")
        // Planned again: new ops, equal keys.
        let second = try renderer.render(try Planner().plan(scene(shift: 0)))
        XCTAssertEqual(first.pixels, reference.pixels)
        XCTAssertEqual(second.pixels, reference.pixels)
    }

    func testAMovedOrChangedFillIsRasterizedAgain() throws {
        let renderer = CPURenderer()
        _ = try renderer.render(try Planner().plan(scene(shift: 0)))
        for (name, changed) in [("moved by a quarter pixel", scene(shift: 0.25)), ("moved by 3 px", scene(shift: 3)),
                                ("non-zero rule", scene(shift: 0, evenOdd: false)), ("one vertex moved", scene(shift: 0, tip: 11))] {
            let graph = try Planner().plan(changed)
            let fresh = try CPURenderer(paths: CPUFastPaths.all.subtracting(.keptPaths)).render(graph)
            let image = try renderer.render(graph)
            let cmp = try ImageComparison(image, fresh)
            XCTAssertEqual(cmp.maxDifference, 0, "\(name): \(cmp.differingPixels) pixels differ")
            // Back to the first scene: its rows are still kept and still right.
            let back = try Planner().plan(scene(shift: 0))
            XCTAssertEqual(try renderer.render(back).pixels,
                           try CPURenderer(paths: CPUFastPaths.all.subtracting(.keptPaths)).render(back).pixels, "\(name), back")
        }
    }

    func testTheKeyTellsRulesBoundsAndHardEdgesApart() {
        let square = Polyline(points: [CGPoint(x: 1, y: 1), CGPoint(x: 9, y: 1), CGPoint(x: 9, y: 9), CGPoint(x: 1, y: 9)],
                              closed: true)
        let bounds = PixelRect(x0: 0, y0: 0, x1: 10, y1: 10)
        let kept = KeptPathRows()
        let fill = PathShape(polylines: [square], rule: .nonZero)
        _ = kept.rows(fill, transform: .identity, bounds: bounds)
        XCTAssertTrue(kept.contains(fill, transform: .identity, bounds: bounds))
        XCTAssertTrue(kept.contains(PathShape(polylines: [square], rule: .nonZero), transform: .identity, bounds: bounds),
                      "an equal fill made apart")
        XCTAssertFalse(kept.contains(PathShape(polylines: [square], rule: .evenOdd), transform: .identity, bounds: bounds))
        XCTAssertFalse(kept.contains(PathShape(polylines: [square], rule: .nonZero, antialiased: false), transform: .identity,
                                     bounds: bounds))
        XCTAssertFalse(kept.contains(fill, transform: .identity, bounds: PixelRect(x0: 0, y0: 0, x1: 10, y1: 9)))
        XCTAssertFalse(kept.contains(fill, transform: .translation(0.5, 0), bounds: bounds))
        var moved = square
        moved.points[2] = CGPoint(x: 9, y: 9.5)
        XCTAssertFalse(kept.contains(PathShape(polylines: [moved], rule: .nonZero), transform: .identity, bounds: bounds))
        // An equal fill made apart is served the kept rows themselves (their storage), not rasterized again.
        let again = kept.rows(PathShape(polylines: [square], rule: .nonZero), transform: .identity, bounds: bounds)
        let first = kept.rows(fill, transform: .identity, bounds: bounds)
        let shared = first.values.withUnsafeBufferPointer { a in again.values.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
        XCTAssertTrue(shared && !first.values.isEmpty, "rasterized again")
    }

    /// A map holding a NaN equals itself bit for bit, so its rows are found again instead of piling up.
    func testAKeyWithANaNMapIsFoundAgain() {
        let square = Polyline(points: [CGPoint(x: 1, y: 1), CGPoint(x: 9, y: 1), CGPoint(x: 9, y: 9)], closed: true)
        var odd = Transform3D.identity
        odd.m13 = .nan
        let key = PathCoverageKey(lines: [square], transform: odd, rule: .nonZero, bounds: PixelRect(x0: 0, y0: 0, x1: 10, y1: 10))
        XCTAssertEqual(key, PathCoverageKey(lines: [square], transform: odd, rule: .nonZero, bounds: key.bounds))
        let kept = KeptPathRows()
        let fill = PathShape(polylines: [square], rule: .nonZero)
        _ = kept.rows(fill, transform: odd, bounds: key.bounds)
        XCTAssertTrue(kept.contains(fill, transform: odd, bounds: key.bounds))
    }
}
