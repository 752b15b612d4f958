import XCTest
import Foundation
@testable import LaminaGeometry

/// SVG path-data parsing: every command, number syntax, arcs and error messages.
final class SVGPathTests: XCTestCase {
    private func p(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }

    private func parse(_ s: String, file: StaticString = #filePath, line: UInt = #line) -> [Path.Element] {
        do { return try Path(svgPathData: s).elements } catch {
            XCTFail("\(s): \(error)", file: file, line: line)
            return []
        }
    }

    private func assertError(_ s: String, offset: Int, contains text: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try Path(svgPathData: s), s, file: file, line: line) { error in
            guard let e = error as? PathParseError else { return XCTFail("not a PathParseError", file: file, line: line) }
            XCTAssertEqual(e.offset, offset, "\(s): \(e)", file: file, line: line)
            XCTAssertTrue(e.description.hasPrefix("at offset \(offset): expected"), e.description, file: file, line: line)
            XCTAssertTrue(e.description.contains(text), "\(e) lacks \(text)", file: file, line: line)
        }
    }

    func testMoveLineCloseAbsoluteAndRelative() {
        XCTAssertEqual(parse("M10 20 L30 40 Z"), [.move(p(10, 20)), .line(p(30, 40)), .close])
        XCTAssertEqual(parse("m10 20 l30 40 z"), [.move(p(10, 20)), .line(p(40, 60)), .close])
    }

    func testImplicitLinetoAfterMoveto() {
        XCTAssertEqual(parse("M1 2 3 4 5 6"), [.move(p(1, 2)), .line(p(3, 4)), .line(p(5, 6))])
        XCTAssertEqual(parse("m1 2 3 4 5 6"), [.move(p(1, 2)), .line(p(4, 6)), .line(p(9, 12))])
        XCTAssertEqual(parse("M1 1 L2 2 3 3"), [.move(p(1, 1)), .line(p(2, 2)), .line(p(3, 3))])
    }

    func testHorizontalAndVerticalLines() {
        XCTAssertEqual(parse("M10 10 H50 V30 H20"), [.move(p(10, 10)), .line(p(50, 10)), .line(p(50, 30)), .line(p(20, 30))])
        XCTAssertEqual(parse("M10 10 h5 v-3 h1 2"), [.move(p(10, 10)), .line(p(15, 10)), .line(p(15, 7)),
                                                      .line(p(16, 7)), .line(p(18, 7))])
    }

    func testCubicAndSmoothCubicReflection() {
        XCTAssertEqual(parse("M0 0 C1 2 3 4 5 6"), [.move(p(0, 0)), .cubic(p(1, 2), p(3, 4), p(5, 6))])
        XCTAssertEqual(parse("M1 1 c1 2 3 4 5 6"), [.move(p(1, 1)), .cubic(p(2, 3), p(4, 5), p(6, 7))])
        // S reflects the previous second control point (3,4) about the current point (5,6).
        XCTAssertEqual(parse("M0 0 C1 2 3 4 5 6 S9 10 11 12"),
                       [.move(p(0, 0)), .cubic(p(1, 2), p(3, 4), p(5, 6)), .cubic(p(7, 8), p(9, 10), p(11, 12))])
        XCTAssertEqual(parse("M0 0 C1 2 3 4 5 6 s4 4 6 6"),
                       [.move(p(0, 0)), .cubic(p(1, 2), p(3, 4), p(5, 6)), .cubic(p(7, 8), p(9, 10), p(11, 12))])
        // Without a previous cubic the first control point is the current point.
        XCTAssertEqual(parse("M5 5 L6 6 S8 8 9 9"), [.move(p(5, 5)), .line(p(6, 6)), .cubic(p(6, 6), p(8, 8), p(9, 9))])
        XCTAssertEqual(parse("M5 5 Q0 0 6 6 S8 8 9 9"),
                       [.move(p(5, 5)), .quad(p(0, 0), p(6, 6)), .cubic(p(6, 6), p(8, 8), p(9, 9))])
    }

    func testQuadAndSmoothQuadReflection() {
        XCTAssertEqual(parse("M0 0 Q1 2 3 4"), [.move(p(0, 0)), .quad(p(1, 2), p(3, 4))])
        XCTAssertEqual(parse("M1 1 q1 2 3 4"), [.move(p(1, 1)), .quad(p(2, 3), p(4, 5))])
        // T reflects (1,2) about (3,4) to (5,6); a second T reflects (5,6) about (7,0).
        XCTAssertEqual(parse("M0 0 Q1 2 3 4 T7 0 T9 9"),
                       [.move(p(0, 0)), .quad(p(1, 2), p(3, 4)), .quad(p(5, 6), p(7, 0)), .quad(p(9, -6), p(9, 9))])
        XCTAssertEqual(parse("M0 0 Q1 2 3 4 t4 -4"),
                       [.move(p(0, 0)), .quad(p(1, 2), p(3, 4)), .quad(p(5, 6), p(7, 0))])
        XCTAssertEqual(parse("M2 3 T4 5"), [.move(p(2, 3)), .quad(p(2, 3), p(4, 5))])
        XCTAssertEqual(parse("M0 0 C1 1 2 2 3 3 T4 5"),
                       [.move(p(0, 0)), .cubic(p(1, 1), p(2, 2), p(3, 3)), .quad(p(3, 3), p(4, 5))])
    }

    func testCloseReturnsToSubpathStartAndRelativeCommandsFollowIt() {
        // After z the current point is the subpath start (10,10), so l1 1 goes to (11,11) in a new subpath.
        XCTAssertEqual(parse("M10 10 l5 0 l0 5 z l1 1"),
                       [.move(p(10, 10)), .line(p(15, 10)), .line(p(15, 15)), .close, .move(p(10, 10)), .line(p(11, 11))])
        XCTAssertEqual(parse("M10 10 L20 10 Z m5 5 l1 0"),
                       [.move(p(10, 10)), .line(p(20, 10)), .close, .move(p(15, 15)), .line(p(16, 15))])
    }

    func testNumberSyntax() {
        XCTAssertEqual(parse("M.5.5L-1-2"), [.move(p(0.5, 0.5)), .line(p(-1, -2))])
        XCTAssertEqual(parse("M1e2,2E-1 L+3.,-.25e+1"), [.move(p(100, 0.2)), .line(p(3, -2.5))])
        XCTAssertEqual(parse("  M 1 , 2\tL\n3\r\n4  "), [.move(p(1, 2)), .line(p(3, 4))])
        XCTAssertEqual(parse("M1,2,3,4"), [.move(p(1, 2)), .line(p(3, 4))])
        XCTAssertEqual(parse("M0.6.5.4.3"), [.move(p(0.6, 0.5)), .line(p(0.4, 0.3))])
        XCTAssertEqual(parse("M-0-0-.1-.2"), [.move(p(0, 0)), .line(p(-0.1, -0.2))])
        XCTAssertEqual(parse(""), [])
        XCTAssertEqual(parse("   "), [])
    }

    func testArcFlagsWithoutSeparators() {
        let a = parse("M0 0 a1 1 0 00 1 1")
        let b = parse("M0 0 a1,1,0,0,0,1,1")
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.count, 2)
        XCTAssertEqual(parse("M0 0a5 5 0 1110 0").count, parse("M0 0 a5 5 0 1 1 10 0").count)
        XCTAssertEqual(parse("M0 0a5 5 0 1110 0"), parse("M0 0 a5 5 0 1 1 10 0"))
    }

    func testHalfCircleArcLiesOnTheCircle() throws {
        // From (0,0) to (20,0) with radius 10 the centre is (10,0); sweep 1 increases the angle from π to 2π,
        // passing through 3π/2, which is (10, -10).
        let path = try Path(svgPathData: "M0 0 A10 10 0 0 1 20 0")
        guard case .cubic(_, _, let end)? = path.elements.last else { return XCTFail("no cubic") }
        XCTAssertEqual(end, p(20, 0))
        let points = path.flattened(tolerance: 1e-7).flatMap(\.points)
        // Quarter-circle cubics are exact at their ends (the arc's end points and midpoint) and within
        // 0.027% of the radius between them.
        for q in points {
            XCTAssertEqual(hypot(Double(q.x) - 10, Double(q.y)), 10, accuracy: 10 * 2.8e-4)
            XCTAssertLessThanOrEqual(Double(q.y), 1e-9, "sweep=1 from (0,0) to (20,0) goes through y<0")
        }
        let last = try XCTUnwrap(points.last)
        XCTAssertEqual(Double(last.x), 20, accuracy: 1e-6)
        XCTAssertEqual(Double(last.y), 0, accuracy: 1e-6)
        let mid = try XCTUnwrap(points.min { abs(Double($0.x) - 10) < abs(Double($1.x) - 10) })
        XCTAssertEqual(Double(mid.x), 10, accuracy: 1e-6)
        XCTAssertEqual(Double(mid.y), -10, accuracy: 1e-6)
    }

    func testLargeArcAndSweepFlagsPickTheRightArc() throws {
        // Two points on circles of radius 10 whose centres are (10, 0±...): chord from (0,0) to (10,10).
        // The candidate centres are (10,0) and (0,10); each flag pair picks one arc of the four.
        func extremes(_ flags: String) throws -> (minX: Double, maxX: Double, minY: Double, maxY: Double, centre: (Double, Double)) {
            let path = try Path(svgPathData: "M0 0 A10 10 0 \(flags) 10 10")
            let pts = path.flattened(tolerance: 1e-5).flatMap(\.points).map { (Double($0.x), Double($0.y)) }
            let centre = [(10.0, 0.0), (0.0, 10.0)].first { c in pts.allSatisfy { abs(hypot($0.0 - c.0, $0.1 - c.1) - 10) < 10 * 2.8e-4 } }
            return (pts.map(\.0).min() ?? 0, pts.map(\.0).max() ?? 0, pts.map(\.1).min() ?? 0, pts.map(\.1).max() ?? 0,
                    centre ?? (.nan, .nan))
        }
        // Centre (0,10): the start is at angle -π/2 and the end at 0, so increasing angle (sweep 1) is the
        // short way and sweep 0 the long way. Centre (10,0): start at π, end at π/2, the other way round.
        let s1 = try extremes("0 1")
        XCTAssertEqual(s1.centre.0, 0); XCTAssertEqual(s1.centre.1, 10)
        XCTAssertLessThanOrEqual(s1.maxX, 10 + 1e-9); XCTAssertLessThanOrEqual(s1.maxY, 10 + 1e-9)
        XCTAssertGreaterThanOrEqual(s1.minY, -1e-9)
        let s0 = try extremes("0 0")
        XCTAssertEqual(s0.centre.0, 10); XCTAssertEqual(s0.centre.1, 0)
        XCTAssertLessThanOrEqual(s0.maxX, 10 + 1e-9); XCTAssertGreaterThanOrEqual(s0.minX, -1e-9)
        let l1 = try extremes("1 1")
        XCTAssertEqual(l1.centre.0, 10); XCTAssertEqual(l1.centre.1, 0)
        XCTAssertEqual(l1.maxX, 20, accuracy: 1e-6); XCTAssertEqual(l1.minY, -10, accuracy: 1e-6)
        let l0 = try extremes("1 0")
        XCTAssertEqual(l0.centre.0, 0); XCTAssertEqual(l0.centre.1, 10)
        XCTAssertEqual(l0.minX, -10, accuracy: 1e-6); XCTAssertEqual(l0.maxY, 20, accuracy: 1e-6)
    }

    func testArcRadiiTooSmallAreScaledUp() throws {
        // Radius 1 cannot span 20 units, so it is scaled to 10: a half circle through (10, ±10).
        let path = try Path(svgPathData: "M0 0 A1 1 0 0 0 20 0")
        let pts = path.flattened(tolerance: 1e-7).flatMap(\.points)
        for q in pts { XCTAssertEqual(hypot(Double(q.x) - 10, Double(q.y)), 10, accuracy: 10 * 2.8e-4) }
        XCTAssertEqual(Double(pts.map(\.y).max() ?? 0), 10, accuracy: 1e-6)
    }

    func testRotatedEllipticalArcEndsAtTheEndPoint() throws {
        let path = try Path(svgPathData: "M10 10 a30 10 30 1 0 40 20")
        guard case .cubic(_, _, let end)? = path.elements.last else { return XCTFail("no cubic") }
        XCTAssertEqual(end, p(50, 30))
        XCTAssertEqual(path.currentPoint, p(50, 30))
    }

    func testZeroRadiusArcIsALineAndSameEndPointIsOmitted() {
        XCTAssertEqual(parse("M0 0 A0 5 0 0 1 10 10"), [.move(p(0, 0)), .line(p(10, 10))])
        XCTAssertEqual(parse("M0 0 a5 5 0 0 1 0 0"), [.move(p(0, 0))])
    }

    func testMalformedInputsReportOffsetAndExpectation() {
        assertError("M10 20 Lx", offset: 8, contains: "a number after \"L\", found \"x\"")
        assertError("M 10 20 L x", offset: 10, contains: "a number after \"L\", found \"x\"")
        assertError("L10 10", offset: 0, contains: "a moveto command")
        assertError("M10", offset: 3, contains: "a number after \"M\", found end of data")
        assertError("M1 2 X3 4", offset: 5, contains: "a path command, found \"X\"")
        assertError("M1 2 A5 5 0 2 0 3 3", offset: 12, contains: "an arc flag (0 or 1) after \"A\", found \"2\"")
        assertError("M1 2 L3 4,", offset: 10, contains: "a number after \",\", found end of data")
        assertError("M1,,2", offset: 3, contains: "a number after \"M\", found \",\"")
        assertError("M1 2 Z 3", offset: 7, contains: "a path command, found \"3\"")
        assertError("M1 2 L3 4 C1 2 3", offset: 16, contains: "a number after \"C\"")
        assertError("M1e 2", offset: 2, contains: "a number after \"M\", found \"e\"")
        assertError("M1 2 L- 3", offset: 6, contains: "a number after \"L\", found \"-\"")
        assertError("é M1 2", offset: 0, contains: "found \"é\"")
        assertError("M1 2 Lé", offset: 6, contains: "found \"é\"")
    }
}
