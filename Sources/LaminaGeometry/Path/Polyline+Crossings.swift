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

extension Polyline {
    /// Whether this closed polyline bounds a convex region: every turn between consecutive edges (zero
    /// length ones skipped) has one sign and the turns add up to one full turn, so a star polygon, whose
    /// turns have one sign too, is not. A fill of such a region, antialiased by area or not, is unimodal
    /// along any row or column of pixels (the window sum of a concave section length), so it rises once,
    /// by at most its alpha.
    public var isConvex: Bool {
        var edges: [(Double, Double)] = []
        for (i, a) in points.enumerated() {
            let b = points[(i + 1) % points.count]
            let d = (Double(b.x - a.x), Double(b.y - a.y))
            guard d.0.isFinite, d.1.isFinite else { return false }
            if d.0 != 0 || d.1 != 0 { edges.append(d) }
        }
        guard edges.count >= 3 else { return false }
        var sign = 0.0, turning = 0.0
        for (i, e) in edges.enumerated() {
            let f = edges[(i + 1) % edges.count]
            let cross = e.0 * f.1 - e.1 * f.0, dot = e.0 * f.0 + e.1 * f.1
            if cross != 0 {
                if sign == 0 { sign = cross > 0 ? 1 : -1 } else if (cross > 0 ? 1 : -1) != sign { return false }
            } else if dot < 0 {
                return false   // a spike back along itself
            }
            turning += atan2(cross, dot)
        }
        return abs(abs(turning) - 2 * Double.pi) < 1e-6
    }
}
