import Foundation
import LaminaCore
import LaminaGeometry
import LaminaGraph
import LaminaTestSupport
import XCTest
@testable import LaminaGL

/// A path fill's quad cut by its CPU coverage (`PathCoverage+Pieces.swift`): the pieces cover every pixel
/// with coverage, none overlaps another, and they leave out pixels of the bounds; drawn cut or whole, a
/// path's bytes are the same.
final class PathPiecesTests: XCTestCase {
    private func coverage(_ lines: [Polyline], _ rule: FillRule, _ bounds: PixelRect) -> [Float] {
        var r = PathRasterizer()
        return r.coverage(of: lines, rule: rule, clip: bounds)
    }

    func testPieces_coverEveryCoveredPixel_andNoMore() {
        let bounds = PixelRect(x0: 7, y0: 3, x1: 107, y1: 93)
        var ring = Path(ellipseIn: CGRect(x: 12.3, y: 6.6, width: 88, height: 80))
        ring.append(Path(ellipseIn: CGRect(x: 40.1, y: 30.4, width: 30, height: 28)))
        let star = Polyline(points: (0..<10).map { k -> CGPoint in
            let r = k % 2 == 0 ? 44.0 : 17.0, t = Double(k) * .pi / 5
            return CGPoint(x: 57 + r * sin(t), y: 48 - r * cos(t))
        }, closed: true)
        let cases: [([Polyline], FillRule)] = [(ring.flattened(tolerance: PathAccuracy.pixels), .evenOdd),
                                               ([star], .nonZero), ([star], .evenOdd)]
        for (n, (lines, rule)) in cases.enumerated() {
            let c = coverage(lines, rule, bounds)
            let pieces = PathCoverage.pieces(of: c, bounds: bounds)
            var owner = [Int](repeating: -1, count: bounds.area)
            for (k, piece) in pieces.enumerated() {
                XCTAssertEqual(piece.bounds.intersection(bounds), piece.bounds, "case \(n): inside the bounds")
                for y in piece.bounds.y0..<piece.bounds.y1 {
                    for x in piece.bounds.x0..<piece.bounds.x1 {
                        let i = (y - bounds.y0) * bounds.width + (x - bounds.x0)
                        XCTAssertEqual(owner[i], -1, "case \(n): pieces \(owner[i]) and \(k) overlap at \(x), \(y)")
                        owner[i] = k
                    }
                }
            }
            for i in c.indices where c[i] != 0 { XCTAssertNotEqual(owner[i], -1, "case \(n): pixel \(i) left out") }
            XCTAssertLessThan(pieces.reduce(0) { $0 + $1.bounds.area }, bounds.area, "case \(n): fewer pixels")
            // A band across the ring's hole or between the star's points holds two pieces.
            let bands = Set(pieces.map(\.bounds.y0))
            XCTAssertGreaterThan(pieces.count, bands.count, "case \(n): some band split at a gap")
            for band in bands {
                let spans = pieces.filter { $0.bounds.y0 == band }.sorted { $0.bounds.x0 < $1.bounds.x0 }
                for (a, b) in zip(spans, spans.dropFirst()) {
                    // Side by side: a span cut around its solid run; else two spans, split at a wide gap.
                    if b.bounds.x0 == a.bounds.x1 {
                        XCTAssertTrue(a.solid != b.solid, "case \(n): a span is cut only around a solid run")
                    } else {
                        XCTAssertGreaterThanOrEqual(b.bounds.x0 - a.bounds.x1, PathCoverage.gapPixels,
                                                    "case \(n): a narrow gap split")
                    }
                }
            }
            // Solid pieces: coverage exactly 1 at every pixel, at least `solidPixels` wide; the ring's body
            // has some, in tall bands (the star's thin points leave it under a quarter solid: short bands).
            let solid = pieces.filter(\.solid)
            if n == 0 { XCTAssertFalse(solid.isEmpty, "case \(n): a solid interior") }
            XCTAssertEqual(Set(pieces.map(\.bounds.height)).max(),
                           solid.isEmpty ? PathCoverage.pieceRows.thin : PathCoverage.pieceRows.solid, "case \(n)")
            for piece in solid {
                XCTAssertGreaterThanOrEqual(piece.bounds.width, PathCoverage.solidPixels, "case \(n)")
                for y in piece.bounds.y0..<piece.bounds.y1 {
                    for x in piece.bounds.x0..<piece.bounds.x1 {
                        XCTAssertEqual(c[(y - bounds.y0) * bounds.width + (x - bounds.x0)], 1, "case \(n): \(x), \(y)")
                    }
                }
            }
        }
    }

    /// A thin shape (a diagonal bar, as a stroke is) keeps short bands and no solid piece; a square body takes
    /// tall bands with one solid piece a band, over its full columns.
    func testSolidPieces_onlyWhereTheyAreMostOfTheFill() {
        let bounds = PixelRect(x0: 0, y0: 0, x1: 120, y1: 96)
        let bar = Polyline(points: [CGPoint(x: 2, y: 10), CGPoint(x: 14, y: 2), CGPoint(x: 118, y: 84),
                                    CGPoint(x: 106, y: 92)], closed: true)
        let thin = PathCoverage.pieces(of: coverage([bar], .nonZero, bounds), bounds: bounds)
        XCTAssertTrue(thin.allSatisfy { !$0.solid })
        XCTAssertTrue(thin.allSatisfy { $0.bounds.height <= PathCoverage.pieceRows.thin })
        let square = Polyline(points: [CGPoint(x: 10.5, y: 8.25), CGPoint(x: 110.5, y: 8.25), CGPoint(x: 110.5, y: 90.75),
                                       CGPoint(x: 10.5, y: 90.75)], closed: true)
        let body = PathCoverage.pieces(of: coverage([square], .nonZero, bounds), bounds: bounds)
        let solid = body.filter(\.solid)
        XCTAssertFalse(solid.isEmpty)
        XCTAssertTrue(solid.allSatisfy { $0.bounds.x0 == 11 && $0.bounds.x1 == 110 }, "the full columns, not the edges")
        XCTAssertEqual(Set(body.map(\.bounds.y0)).count, (bounds.height + 15) / 16, "bands of 16 rows")
    }

    /// A band splits at 16 empty columns and not at 15.
    func testPiecesSplitAtTheGapWidth() {
        let bounds = PixelRect(x0: 0, y0: 0, x1: 40, y1: 8)
        for (gap, expected) in [(PathCoverage.gapPixels, 2), (PathCoverage.gapPixels - 1, 1)] {
            var c = [Float](repeating: 0, count: bounds.area)
            c[3 * 40 + 2] = 0.5
            c[5 * 40 + 2 + gap + 1] = 1
            let pieces = PathCoverage.pieces(of: c, bounds: bounds)
            XCTAssertEqual(pieces.count, expected, "\(gap) empty columns")
            XCTAssertEqual(pieces.first?.bounds.x0, 2)
            XCTAssertEqual(pieces.last?.bounds.x1, 2 + gap + 2)
        }
    }

    func testPathsDrawnCutOrWhole_giveIdenticalBytes() throws {
        let r = try GLTestSupport.renderer()
        let saved = r.options
        defer { r.options = saved }
        var graphs: [RenderGraph] = []
        for name in ["key_shape_fill_stroke_dash", "key_stroke_curves_one_point", "fig6_01_shape_stick_figure",
                     "key_drawing_path_clips", "key_shadow_paths_pyramid"] {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Scenes/\(name).json")
            graphs.append(try Planner().plan(try SceneDecoder().decode(contentsOf: url)))
        }
        // Large fills, opaque and translucent, overlapping: solid pieces in the opaque batch (culling what
        // they cover) and in a blended one, next to the edge pieces' coverage reads.
        graphs.append(try Planner().plan(try SceneFixture.decode(#"""
            {"format": "lamina-scene/1", "canvas": {"width": 240, "height": 200, "background": "white"}, "layers": [
             {"type": "shape", "frame": [0, 0, 240, 200], "fillColor": [0.2, 0.4, 0.9, 1],
              "path": "M120 8 L146 78 L222 80 L162 126 L184 196 L120 154 L56 196 L78 126 L18 80 L94 78 Z"},
             {"type": "shape", "frame": [60, 40, 140, 120], "fillColor": [0.9, 0.3, 0.1, 0.7], "fillRule": "evenOdd",
              "path": "M70 0 C108 0 140 27 140 60 C140 93 108 120 70 120 C32 120 0 93 0 60 C0 27 32 0 70 0 Z M70 30 L100 90 L40 90 Z"},
             {"type": "shape", "frame": [10, 110, 120, 80], "fillColor": [0.1, 0.7, 0.3, 1],
              "path": "M0 0 L120 0 L120 80 L0 80 Z M30 20 L90 20 L90 60 L30 60 Z", "fillRule": "evenOdd"}]}
            """#)))
        for (i, graph) in graphs.enumerated() {
            r.options.gpuFastPaths = true
            let cut = try r.render(graph)
            r.options.gpuFastPaths = false
            let whole = try r.render(graph)
            XCTAssertEqual(GLTestSupport.compare(cut, whole, maxDiff: 0, name: "path pieces \(i)"), 0)
        }
    }
}
