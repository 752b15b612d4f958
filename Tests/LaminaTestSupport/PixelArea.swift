import Foundation

/// Exact areas of polygons inside one pixel, for tests that hold coverage to the truth: Sutherland-Hodgman
/// clipping to the pixel's square in Double (which keeps every inside point's winding), then the shoelace
/// formula.
public enum PixelArea {
    /// The area of the simple polygon `polygon` inside the unit pixel at (`px`, `py`).
    public static func of(_ polygon: [CGPoint], px: Int, py: Int) -> Double {
        var poly = polygon.map { (Double($0.x), Double($0.y)) }
        let x0 = Double(px), y0 = Double(py)
        let planes: [((Double, Double)) -> Double] = [{ $0.0 - x0 }, { x0 + 1 - $0.0 }, { $0.1 - y0 }, { y0 + 1 - $0.1 }]
        for inside in planes {
            var out: [(Double, Double)] = []
            for i in poly.indices {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                let da = inside(a), db = inside(b)
                if da >= 0 { out.append(a) }
                if (da >= 0) != (db >= 0) {
                    let t = da / (da - db)
                    out.append((a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1)))
                }
            }
            poly = out
            if poly.isEmpty { return 0 }
        }
        var sum = 0.0
        for i in poly.indices {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            sum += a.0 * b.1 - b.0 * a.1
        }
        return abs(sum) / 2
    }
}
