import XCTest
@testable import LaminaGeometry

/// `OccluderGrid` cuts a rectangle into disjoint pieces covering exactly its pixels outside the opaque
/// rectangles added before the query.
final class OccluderGridTests: XCTestCase {
    func testHiddenRect_leavesNothing() {
        var grid = OccluderGrid(bounds: PixelRect(x0: 0, y0: 0, x1: 400, y1: 300))
        grid.add(PixelRect(x0: 100, y0: 100, x1: 300, y1: 200))
        XCTAssertEqual(grid.visible(PixelRect(x0: 120, y0: 110, x1: 280, y1: 190)), [])
        XCTAssertEqual(grid.visible(PixelRect(x0: 0, y0: 0, x1: 50, y1: 50)), [PixelRect(x0: 0, y0: 0, x1: 50, y1: 50)],
                       "a rect nothing touches comes back whole")
    }

    func testHole_leavesFourBands() {
        var grid = OccluderGrid(bounds: PixelRect(x0: 0, y0: 0, x1: 400, y1: 300))
        grid.add(PixelRect(x0: 140, y0: 130, x1: 160, y1: 170))   // spans two buckets in x
        let pieces = grid.visible(PixelRect(x0: 100, y0: 100, x1: 200, y1: 200))
        XCTAssertEqual(pieces, [PixelRect(x0: 100, y0: 100, x1: 200, y1: 130), PixelRect(x0: 100, y0: 130, x1: 140, y1: 170),
                                PixelRect(x0: 160, y0: 130, x1: 200, y1: 170), PixelRect(x0: 100, y0: 170, x1: 200, y1: 200)])
    }

    /// Random occluders and queries, focused or not, checked pixel by pixel against a coverage map.
    func testRandomRects_matchPixelCoverage() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        func random() -> PixelRect {
            let x = next(300) - 20, y = next(200) - 20
            return PixelRect(x0: x, y0: y, x1: x + 1 + next(120), y1: y + 1 + next(90))
        }
        let (w, h) = (320, 240)
        for _ in 0..<20 {
            var grid = OccluderGrid(bounds: PixelRect(x0: 0, y0: 0, x1: w, y1: h))
            var covered = [Bool](repeating: false, count: w * h)
            for _ in 0..<(1 + next(12)) {
                let r = random()
                grid.add(r)
                let c = r.intersection(PixelRect(x0: 0, y0: 0, x1: w, y1: h))
                for y in c.y0..<max(c.y0, c.y1) { for x in c.x0..<max(c.x0, c.x1) { covered[y * w + x] = true } }
            }
            for _ in 0..<10 {
                let q = random().intersection(PixelRect(x0: 0, y0: 0, x1: w, y1: h))
                guard !q.isEmpty else { continue }
                // Focused on bounds around the query (the batcher's use), on unrelated bounds (the query
                // must then search the buckets), or not at all: the same pixels either way.
                switch next(3) {
                case 0: grid.focus(on: PixelRect(x0: q.x0 - next(30), y0: q.y0 - next(30), x1: q.x1 + next(30),
                                                 y1: q.y1 + next(30)))
                case 1: grid.focus(on: random())
                default: break
                }
                let before = grid.truncated
                let pieces = grid.visible(q)
                var hits = [Int](repeating: 0, count: w * h)
                for p in pieces {
                    XCTAssertEqual(p.intersection(q), p, "pieces stay inside the query")
                    for y in p.y0..<p.y1 { for x in p.x0..<p.x1 { hits[y * w + x] += 1 } }
                }
                let exact = grid.truncated == before
                for y in q.y0..<q.y1 {
                    for x in q.x0..<q.x1 {
                        let i = y * w + x
                        XCTAssertLessThanOrEqual(hits[i], 1, "pieces are disjoint")
                        if !covered[i] { XCTAssertEqual(hits[i], 1, "a visible pixel at (\(x), \(y)) was dropped") }
                        if covered[i] && exact { XCTAssertEqual(hits[i], 0, "a hidden pixel at (\(x), \(y)) is drawn") }
                    }
                }
                XCTAssertLessThanOrEqual(pieces.count, OccluderGrid.maxPieces)
            }
        }
    }

    /// A bucket keeps at most `perBucket` rectangles; one left out counts as a truncation, so the GPU keeps
    /// the depth test (its opaque-first order is exact only when culling was complete).
    func testFullBucket_countsAsTruncation() {
        var grid = OccluderGrid(bounds: PixelRect(x0: 0, y0: 0, x1: 100, y1: 100))
        for i in 0..<OccluderGrid.perBucket { grid.add(PixelRect(x0: i % 50, y0: 0, x1: i % 50 + 10, y1: 10)) }
        XCTAssertEqual(grid.truncated, 0)
        grid.add(PixelRect(x0: 20, y0: 20, x1: 90, y1: 90))
        XCTAssertEqual(grid.truncated, 1)
        XCTAssertEqual(grid.visible(PixelRect(x0: 30, y0: 30, x1: 40, y1: 40)), [PixelRect(x0: 30, y0: 30, x1: 40, y1: 40)],
                       "the rectangle left out culls nothing")
    }
}
