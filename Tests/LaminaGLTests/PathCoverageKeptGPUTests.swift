import Foundation
import LaminaCore
@testable import LaminaGL
import LaminaImage
import LaminaTestSupport
import XCTest
import LaminaGraph
import LaminaGeometry

/// Path coverage work kept between frames (`RenderOptions.keepsPathCoverage`): a fill drawn again unchanged
/// takes its first frame's rows or records, and the bytes are the same; with the option off nothing is kept.
final class PathCoverageKeptGPUTests: XCTestCase {
    private let black = PremultipliedColor(r: 0, g: 0, b: 0, a: 1)

    private func star(at x: Double, _ y: Double) -> Polyline {
        let points = (0..<10).map { k -> CGPoint in
            let r = k % 2 == 0 ? 18.0 : 7.0, t = Double(k) * .pi / 5
            return CGPoint(x: x + r * sin(t), y: y - r * cos(t))
        }
        return Polyline(points: points, closed: true)
    }

    /// Two stars, one non-zero and one even-odd.
    private func ops() -> [DrawOp] {
        [(30.0, FillRule.nonZero), (80.0, FillRule.evenOdd)].map { x, rule in
            DrawOp(shape: .path(PathShape(polylines: [star(at: x, 30)], rule: rule)), paint: .solid(black),
                   transform: .identity, bounds: PixelRect(x0: Int(x) - 20, y0: 10, x1: Int(x) + 20, y1: 50))
        }
    }

    /// Kept draws off: over the canvas a fill drawn again is copied from its kept region (`KeptCompositesGPUTests`),
    /// and these tests are about the coverage kept for fills that are drawn.
    private func renderer(_ method: PathCoverageMethod, keeps: Bool) throws -> GPURenderer {
        var options = RenderOptions()
        options.pathCoverage = method
        options.keepsPathCoverage = keeps
        options.keepsDraws = false
        return try GPURenderer(options: options)
    }

    /// Each method: the second frame's bytes are the first's and a renderer's that keeps nothing, and the
    /// first frame kept both fills; a renderer given "covers nothing" for the first star before its first
    /// frame draws from it: that star is gone, the other drawn.
    func testSecondFrame_drawsFromKeptWork_withTheSameBytes() throws {
        let ops = ops()
        let graph = TestGraphs.canvas(ops, width: 110, height: 60, clear: TestGraphs.white)
        let items = PathCoverage.items(ops, passBounds: PixelRect(x0: 0, y0: 0, x1: 110, y1: 60))
        XCTAssertEqual(items.count, 2)
        for method in [PathCoverageMethod.upload, .trapezoids, .stencil] {
            let keeping = try renderer(method, keeps: true)
            let first = try keeping.render(graph)
            let second = try keeping.render(graph)
            let plain = try renderer(method, keeps: false).render(graph)
            XCTAssertEqual(first.pixels, second.pixels, "\(method)")
            XCTAssertEqual(first.pixels, plain.pixels, "\(method)")
            GLTestSupport.assertPixel(first, 30, 30, [0, 0, 0, 255], "\(method): the star is drawn")
            guard let kept = keeping.keptPathCoverage else { return XCTFail("\(method): nothing kept") }
            XCTAssertEqual(items.map { kept.contains(PathCoverage.KeptKey($0)) }, [true, true], "\(method)")

            let seeded = try renderer(method, keeps: true)
            seeded.keptPathCoverage?.keep(PathCoverage.Kept(floats: [], keyBytes: 0), for: PathCoverage.KeptKey(items[0]))
            let drawn = try seeded.render(graph)
            GLTestSupport.assertPixel(drawn, 30, 30, [255, 255, 255, 255], "\(method): drawn from what was kept")
            GLTestSupport.assertPixel(drawn, 80, 30, GLTestSupport.rgba(first, 80, 30), "\(method): the other star")
        }
    }

    func testNothingIsKept_whenTheOptionIsOff() throws {
        XCTAssertNil(try renderer(.trapezoids, keeps: false).keptPathCoverage)
    }

    /// The key hashes a fill's counts and end points only; equality still compares every point, so a fill
    /// differing inside (or by its map) is another key and its coverage is not taken from the first.
    func testKeysDifferingInsideAreDifferentKeys() {
        let op = ops()[0]
        var moved = star(at: 30, 30)
        moved.points[4].x += 0.25
        let inside = DrawOp(shape: .path(PathShape(polylines: [moved], rule: .nonZero)), paint: op.paint,
                            transform: op.transform, bounds: op.bounds)
        let shifted = DrawOp(shape: op.shape, paint: op.paint, transform: .translation(0.5, 0),
                             bounds: op.bounds)
        let pass = PixelRect(x0: 0, y0: 0, x1: 120, y1: 60)
        let keys = [op, inside, shifted].map { PathCoverage.KeptKey(PathCoverage.items([$0], passBounds: pass)[0]) }
        XCTAssertEqual(keys[0].hashValue, keys[1].hashValue, "the hash does not read the moved point")
        XCTAssertNotEqual(keys[0], keys[1])
        XCTAssertNotEqual(keys[0], keys[2])
        let kept = PathCoverage.makeKeptCache()
        kept.keep(PathCoverage.Kept(floats: [1, 2, 3], keyBytes: 0), for: keys[0])
        XCTAssertNil(kept.value(for: keys[1]))
        XCTAssertNil(kept.value(for: keys[2]))
        XCTAssertEqual(kept.value(for: keys[0])?.floats, [1, 2, 3])
    }

    /// A pass drawn again with the same fills reads its kept atlas; a pass whose fills changed (one star
    /// moved) draws a new one and has a fresh renderer's bytes; an atlas no pass read in a frame goes back.
    func testKeptAtlas_isReadOnlyByTheSameFills() throws {
        let ops = ops()
        var moved = ops
        moved[1] = DrawOp(shape: .path(PathShape(polylines: [star(at: 78.5, 31.25)], rule: .evenOdd)), paint: ops[1].paint,
                          transform: .identity, bounds: ops[1].bounds)
        let a = TestGraphs.canvas(ops, width: 110, height: 60, clear: TestGraphs.white)
        let b = TestGraphs.canvas(moved, width: 110, height: 60, clear: TestGraphs.white)
        for method in [PathCoverageMethod.upload, .trapezoids] {
            let keeping = try renderer(method, keeps: true)
            let firstA = try keeping.render(a)
            XCTAssertEqual(keeping.keptCoverageAtlases, 1, "\(method): the atlas is kept")
            let secondA = try keeping.render(a)
            XCTAssertEqual(firstA.pixels, secondA.pixels, "\(method)")
            XCTAssertEqual(keeping.keptCoverageAtlases, 1, "\(method): read, not kept again")
            let thenB = try keeping.render(b)
            XCTAssertEqual(thenB.pixels, try renderer(method, keeps: false).render(b).pixels, "\(method): B drawn anew")
            XCTAssertNotEqual(thenB.pixels, firstA.pixels, "\(method)")
            XCTAssertEqual(keeping.keptCoverageAtlases, 1, "\(method): A's atlas went back, B's is kept")
        }
    }
}
