import Foundation
import XCTest
@testable import LaminaGeometry

/// The stroker's outlines, checked by their areas (non-zero fill of the outlines, which for these shapes is
/// the sum of the loops' signed areas), and the dasher's pieces by count and length.
final class StrokerTests: XCTestCase {
    private func area(_ polys: [Polyline]) -> Double {
        abs(polys.reduce(0.0) { $0 + signedArea($1) })
    }

    /// The shoelace area of one loop, positive or negative by its direction.
    private func signedArea(_ p: Polyline) -> Double {
        let q = p.points
        var a = 0.0
        for i in q.indices {
            let u = q[i], v = q[(i + 1) % q.count]
            a += Double(u.x) * Double(v.y) - Double(v.x) * Double(u.y)
        }
        return a / 2
    }

    /// The area the non-zero fill of `polys` covers, counted on a grid of `step` over `box`.
    private func nonZeroArea(_ polys: [Polyline], box: (Double, Double, Double, Double), step: Double = 0.25) -> Double {
        var count = 0
        var y = box.1 + step / 2
        while y < box.3 {
            var x = box.0 + step / 2
            while x < box.2 {
                var winding = 0
                for p in polys {
                    let q = p.points
                    for i in q.indices {
                        let a = q[i], b = q[(i + 1) % q.count]
                        let ay = Double(a.y), by = Double(b.y)
                        guard (ay <= y) != (by <= y) else { continue }
                        let t = (y - ay) / (by - ay)
                        if Double(a.x) + t * (Double(b.x) - Double(a.x)) > x { winding += by > ay ? 1 : -1 }
                    }
                }
                if winding != 0 { count += 1 }
                x += step
            }
            y += step
        }
        return Double(count) * step * step
    }

    private let line = [Polyline(points: [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0)], closed: false)]

    func testCaps_addWhatTheyShould() {
        XCTAssertEqual(area(Stroker.stroke(line, StrokeStyle(width: 10, cap: .butt), tolerance: 0.01)), 1000, accuracy: 1e-9)
        XCTAssertEqual(area(Stroker.stroke(line, StrokeStyle(width: 10, cap: .square), tolerance: 0.01)), 1100, accuracy: 1e-9)
        XCTAssertEqual(area(Stroker.stroke(line, StrokeStyle(width: 10, cap: .round), tolerance: 0.001)), 1000 + .pi * 25, accuracy: 0.1)
    }

    func testClosedSquare_isTheBandBetweenItsOffsets() {
        let square = [Polyline(points: [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100)], closed: true)]
        let outlines = Stroker.stroke(square, StrokeStyle(width: 10, join: .miter), tolerance: 0.01)
        XCTAssertEqual(outlines.count, 2)
        // Counted by non-zero winding, which is what the fill covers whatever the loops' points (the inner
        // side takes its offsets' crossing at each corner, the outer side the miter's tip).
        let box = (-10.0, -10.0, 110.0, 110.0)
        let band: Double = 110 * 110 - 90 * 90
        XCTAssertEqual(nonZeroArea(outlines, box: box), band, accuracy: 20)
        // Bevel: each outer corner loses a right triangle of legs 5.
        let bevel = Stroker.stroke(square, StrokeStyle(width: 10, join: .bevel), tolerance: 0.01)
        let bevelled: Double = band - 4 * 12.5
        XCTAssertEqual(nonZeroArea(bevel, box: box), bevelled, accuracy: 20)
    }

    func testMiterLimit_bevelsSharpCorners() {
        let sharp = [Polyline(points: [CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 5), CGPoint(x: 0, y: 10)], closed: false)]
        let mitred = Stroker.stroke(sharp, StrokeStyle(width: 4, join: .miter, miterLimit: 100), tolerance: 0.01)
        let limited = Stroker.stroke(sharp, StrokeStyle(width: 4, join: .miter, miterLimit: 2), tolerance: 0.01)
        let maxX = { (p: [Polyline]) in p.flatMap(\.points).map { Double($0.x) }.max() ?? 0 }
        XCTAssertGreaterThan(maxX(mitred), 60, "a long miter tip")
        XCTAssertLessThan(maxX(limited), 52.1, "bevelled past the limit")
    }

    func testZeroLengthPieces_drawDotsWithRoundAndSquareCaps() {
        let point = [Polyline(points: [CGPoint(x: 5, y: 5), CGPoint(x: 5, y: 5)], closed: false)]
        XCTAssertEqual(area(Stroker.stroke(point, StrokeStyle(width: 6, cap: .square), tolerance: 0.01)), 36, accuracy: 1e-9)
        XCTAssertEqual(area(Stroker.stroke(point, StrokeStyle(width: 6, cap: .round), tolerance: 0.001)), .pi * 9, accuracy: 0.05)
        XCTAssertTrue(Stroker.stroke(point, StrokeStyle(width: 6, cap: .butt), tolerance: 0.01).isEmpty)
    }

    func testDashesAndTrimming_cutByArcLength() {
        let dashed = Dasher.pieces(line, StrokeStyle(width: 1, dashes: [10, 10]))
        XCTAssertEqual(dashed.count, 5)
        XCTAssertEqual(dashed.map(Dasher.length), [10, 10, 10, 10, 10])
        let phased = Dasher.pieces(line, StrokeStyle(width: 1, dashes: [10, 10], dashPhase: 5))
        XCTAssertEqual(phased.first.map(Dasher.length) ?? 0, 5, accuracy: 1e-12)
        // Trimming measures across subpaths: two 100-long lines, strokeStart 0.25 and strokeEnd 0.75.
        let two = line + [Polyline(points: [CGPoint(x: 0, y: 20), CGPoint(x: 100, y: 20)], closed: false)]
        let trimmed = Dasher.pieces(two, StrokeStyle(width: 1, start: 0.25, end: 0.75))
        XCTAssertEqual(trimmed.map(Dasher.length), [50, 50])
        XCTAssertEqual(Double(trimmed[0].points[0].x), 50, accuracy: 1e-12)
        XCTAssertTrue(Dasher.pieces(line, StrokeStyle(width: 1, start: 0.6, end: 0.4)).isEmpty)
    }
    /// A flattened arc's inner side takes the offset lines' crossing at each gentle turn instead of a spike
    /// to the vertex: the outline does not cross itself, and its non-zero fill is still the annulus sector.
    func testGentleTurns_leaveNoCrossingAndTheSameArea() throws {
        let points = (0...40).map { k -> CGPoint in
            let a = Double.pi * Double(k) / 40
            return CGPoint(x: 100 + 50 * cos(a), y: 100 + 50 * sin(a))
        }
        let outlines = Stroker.stroke([Polyline(points: points, closed: false)], StrokeStyle(width: 20), tolerance: 0.1)
        let outline = try XCTUnwrap(outlines.first?.points)
        XCTAssertEqual(outlines.count, 1)
        XCTAssertFalse(outline.contains { p in points.dropFirst().dropLast().contains(p) },
                       "no inner vertex goes through the centre line")
        var crossings = 0
        let n = outline.count
        for i in 0..<n {
            for j in stride(from: i + 2, to: n, by: 1) where !(i == 0 && j == n - 1) {
                if segmentsCross(outline[i], outline[(i + 1) % n], outline[j], outline[(j + 1) % n]) { crossings += 1 }
            }
        }
        XCTAssertEqual(crossings, 0)
        // The flattened arc's polygon band: the sector between radii 40 and 60, less the chords' sagitta.
        let sector = Double.pi / 2 * (60 * 60 - 40 * 40) * cos(Double.pi / 80)
        XCTAssertEqual(area(outlines), sector, accuracy: sector * 0.01)
        XCTAssertEqual(nonZeroArea(outlines, box: (30, 90, 170, 170)), area(outlines), accuracy: sector * 0.01)
    }

    /// A sharp turn still goes through the vertex (the inner offsets cross beyond the short segments).
    func testSharpTurn_keepsThePivot() {
        let v = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 3)]
        let outlines = Stroker.stroke([Polyline(points: v, closed: false)], StrokeStyle(width: 8), tolerance: 0.1)
        XCTAssertTrue(outlines.first?.points.contains(CGPoint(x: 10, y: 0)) ?? false)
    }

    private func segmentsCross(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint) -> Bool {
        func orient(_ p: CGPoint, _ q: CGPoint, _ r: CGPoint) -> Double {
            Double(q.x - p.x) * Double(r.y - p.y) - Double(q.y - p.y) * Double(r.x - p.x)
        }
        let d1 = orient(c, d, a), d2 = orient(c, d, b), d3 = orient(a, b, c), d4 = orient(a, b, d)
        return d1 * d2 < -1e-9 && d3 * d4 < -1e-9
    }

    /// Consecutive points are merged when `hypot` of their difference is at most 1e-12, a NaN difference
    /// included (`hypot` of a NaN and a finite number is NaN), and kept when a coordinate differs by more.
    func testDedupMergesAsHypotDecides() {
        let nan = CGPoint(x: Double.nan, y: 5)
        XCTAssertEqual(Stroker.dedup([CGPoint(x: 0, y: 0), nan], closed: false).count, 1)
        XCTAssertEqual(Stroker.dedup([CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 1e-13), CGPoint(x: 2e-12, y: 0)],
                                     closed: false).count, 2)
        XCTAssertEqual(Stroker.dedup([CGPoint(x: 0, y: 0), CGPoint(x: Double.infinity, y: 0)], closed: false).count, 2)
    }
    /// A mitred side is its tips alone (each joining the two offsets that run on to it), and covers, pixel
    /// by pixel, what the segments' bands and their miter wedges cover together: open and closed zigzags
    /// and a flattened arc, turning both ways, every turn within the miter limit; and a line with a vertex
    /// going straight on, a tip, then a spike past the limit (a bevel outside, the pivot inside).
    func testMitredSides_areTheirTips_andCoverTheBandsAndWedges() {
        let arc = (0...40).map { k -> CGPoint in
            let t = Double(k) / 40 * 2.5
            return CGPoint(x: 60 + 45 * cos(t), y: 60 + 45 * sin(t))
        }
        let zigzag = [CGPoint(x: 10, y: 20), CGPoint(x: 40, y: 50), CGPoint(x: 75, y: 25), CGPoint(x: 110, y: 60),
                      CGPoint(x: 80, y: 100), CGPoint(x: 30, y: 90)]
        let spike = [CGPoint(x: 10, y: 60), CGPoint(x: 40, y: 60), CGPoint(x: 70, y: 60), CGPoint(x: 110, y: 62),
                     CGPoint(x: 20, y: 63)]
        for (points, closed) in [(arc, false), (zigzag, false), (zigzag, true), (spike, false)] {
            let style = StrokeStyle(width: 7, join: .miter, miterLimit: 10)
            let stroke = Stroker.stroke([Polyline(points: points, closed: closed)], style, tolerance: 0.01)
            let n = points.count, segments = closed ? n : n - 1
            // Each side one point per vertex: an open side its start and end offsets, and at every other
            // vertex the miter's tip where it is outer and its offsets' crossing where it is inner.
            let count = stroke.reduce(0) { $0 + $1.points.count }
            // On the spiked line the vertex going straight on keeps q + a and q + b on both sides, and the
            // spike's bevel adds a point and its pivot two.
            XCTAssertEqual(count, points == spike ? 2 * n + 5 : 2 * n, "\(n) points, closed \(closed)")
            var pieces: [Polyline] = []
            let hw = style.width / 2
            for i in 0..<segments {
                let a = points[i], b = points[(i + 1) % n]
                let dx = Double(b.x - a.x), dy = Double(b.y - a.y), l = hypot(dx, dy)
                let nx = -dy / l * hw, ny = dx / l * hw
                pieces.append(Polyline(points: [CGPoint(x: Double(a.x) + nx, y: Double(a.y) + ny),
                                                CGPoint(x: Double(b.x) + nx, y: Double(b.y) + ny),
                                                CGPoint(x: Double(b.x) - nx, y: Double(b.y) - ny),
                                                CGPoint(x: Double(a.x) - nx, y: Double(a.y) - ny)], closed: true))
            }
            for v in (closed ? 0 : 1)..<(closed ? n : n - 1) {
                let q = points[v], p = points[(v + n - 1) % n], r = points[(v + 1) % n]
                let d0 = (Double(q.x - p.x), Double(q.y - p.y)), d1 = (Double(r.x - q.x), Double(r.y - q.y))
                let s: Double = d0.0 * d1.1 - d0.1 * d1.0 > 0 ? -1 : 1
                func offset(_ d: (Double, Double)) -> (Double, Double) {
                    let l = hypot(d.0, d.1)
                    return (-d.1 / l * hw * s, d.0 / l * hw * s)
                }
                let a = offset(d0), b = offset(d1)
                let qa = CGPoint(x: Double(q.x) + a.0, y: Double(q.y) + a.1), qb = CGPoint(x: Double(q.x) + b.0, y: Double(q.y) + b.1)
                if let (tip, cosHalf) = Stroker.crossing(q, a, b, hw: hw), 1 / cosHalf <= style.miterLimit {
                    pieces.append(Polyline(points: [q, qa, tip, qb], closed: true))
                } else {
                    pieces.append(Polyline(points: [q, qa, qb], closed: true))
                }
            }
            // All one way round, so that overlaps add up rather than cancel.
            let sign = signedArea(pieces[0]) < 0
            pieces = pieces.map { (signedArea($0) < 0) == sign ? $0 : Polyline(points: $0.points.reversed(), closed: true) }
            let clip = PixelRect(x0: -10, y0: -10, x1: 130, y1: 130)
            var r = PathRasterizer()
            let outline = r.coverage(of: stroke, rule: .nonZero, clip: clip)
            let union = r.coverage(of: pieces, rule: .nonZero, clip: clip)
            let worst = zip(outline, union).map { abs($0 - $1) }.max() ?? 1
            XCTAssertLessThan(worst, 1e-5, "\(n) points, closed \(closed)")
            XCTAssertGreaterThan(outline.reduce(0, +), 100)
        }
    }
}
