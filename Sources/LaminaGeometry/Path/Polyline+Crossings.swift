import Foundation

extension Polyline {
    /// The most edges of `polylines` (each closed) that touch any one row or column of pixels: a fill of
    /// them, antialiased by area or not, has along any row or column a total variation of at most that
    /// many times its alpha, since each edge touching a row adds at most 1 to the variation of the row's
    /// coverage (the area of an edge's crossing, box-filtered, varies by at most the row's height). Nil
    /// past `limit` edges or where a point is not finite. The planner bounds a path shadow's blur with it
    /// (`BlurContent`): a shape whose rows and columns rise by less is blurred more cheaply.
    public static func mostEdgesPerLine(_ polylines: [Polyline], limit: Int = 1 << 16) -> Int? {
        var rows: [(Int, Int)] = [], columns: [(Int, Int)] = []
        for line in polylines where line.points.count > 1 {
            for (i, a) in line.points.enumerated() {
                let b = line.points[(i + 1) % line.points.count]
                guard [a.x, a.y, b.x, b.y].allSatisfy({ Double($0).isFinite && abs(Double($0)) < 1e9 }),
                      rows.count < limit else { return nil }
                rows.append(span(Double(a.y), Double(b.y)))
                columns.append(span(Double(a.x), Double(b.x)))
            }
        }
        return max(mostOverlapping(rows), mostOverlapping(columns))
    }

    /// The whole pixel lines lo ..< hi an edge from a to b touches (at least one).
    private static func span(_ a: Double, _ b: Double) -> (Int, Int) {
        let lo = Int(min(a, b).rounded(.down)), hi = Int(max(a, b).rounded(.up))
        return (lo, max(hi, lo + 1))
    }

    /// The most of the half-open spans covering any one whole line.
    private static func mostOverlapping(_ spans: [(Int, Int)]) -> Int {
        var events: [(at: Int, step: Int)] = []
        events.reserveCapacity(2 * spans.count)
        for (lo, hi) in spans {
            events.append((lo, 1))
            events.append((hi, -1))
        }
        // Ends before starts at one line: the spans are half-open.
        events.sort { a, b in a.at != b.at ? a.at < b.at : a.step < b.step }
        var open = 0, most = 0
        for event in events {
            open += event.step
            most = max(most, open)
        }
        return most
    }
}
