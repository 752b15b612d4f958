import Foundation
import LaminaCore

/// Coverage of a path fill over a pixel rect, computed on the CPU (Skia's software path renderer idea):
/// the polylines are mapped to pixels through the op's transform, rasterized here, and drawn as an R8
/// texture on a pixel-aligned quad.
///
/// TODO: use LaminaRaster's PathRasterizer (analytic area coverage) once it lands on main, so both
/// renderers share one path filler. Until then: 16 sub-scanlines per pixel row, each with exact horizontal
/// span coverage, which stays within a few 1/255 of analytic area coverage.
enum PathCoverage {
    static let subScanlines = 16

    /// Coverage in 0...255, row-major over `bounds`, row 0 at `bounds.y0`.
    static func rasterize(_ path: PathFill, map: ProjectiveMap, bounds: PixelRect) -> [UInt8] {
        let w = bounds.width, h = bounds.height
        guard w > 0, h > 0 else { return [] }
        // Edges in bounds-relative pixel space.
        var edges: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []
        for line in path.polylines {
            let pts = line.points.compactMap { map.pixel(x: Double($0.x), y: Double($0.y)) }
                .map { (x: $0.x - Double(bounds.x0), y: $0.y - Double(bounds.y0)) }
            guard pts.count >= 2 else { continue }
            // Fills close every subpath (CAShapeLayer fills open paths as if closed).
            for i in 0..<pts.count {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                if a.y != b.y { edges.append((a.x, a.y, b.x, b.y)) }
            }
        }
        var coverage = [Float](repeating: 0, count: w * h)
        let step = 1.0 / Double(subScanlines)
        var crossings: [(x: Double, winding: Int)] = []
        for row in 0..<h {
            for s in 0..<subScanlines {
                let y = Double(row) + (Double(s) + 0.5) * step
                crossings.removeAll(keepingCapacity: true)
                for e in edges {
                    let (ya, yb) = e.y0 < e.y1 ? (e.y0, e.y1) : (e.y1, e.y0)
                    guard y >= ya, y < yb else { continue }
                    let x = e.x0 + (y - e.y0) / (e.y1 - e.y0) * (e.x1 - e.x0)
                    crossings.append((x, e.y1 > e.y0 ? 1 : -1))
                }
                crossings.sort { $0.x < $1.x }
                var winding = 0
                for i in 0..<crossings.count {
                    winding += crossings[i].winding
                    let inside = path.rule == .evenOdd ? (winding % 2 != 0) : (winding != 0)
                    guard inside, i + 1 < crossings.count else { continue }
                    addSpan(from: crossings[i].x, to: crossings[i + 1].x, weight: Float(step),
                            row: &coverage, offset: row * w, width: w)
                }
            }
        }
        return coverage.map { UInt8(max(0, min(255, ($0 * 255).rounded()))) }
    }

    /// Adds `weight` times the horizontal overlap of [a, b) with each pixel of one row.
    private static func addSpan(from a: Double, to b: Double, weight: Float, row: inout [Float], offset: Int,
                                width: Int) {
        let a = max(0, a), b = min(Double(width), b)
        guard b > a else { return }
        let first = Int(a.rounded(.down)), last = min(width - 1, Int(b.rounded(.up)) - 1)
        guard first <= last else { return }
        for x in first...last {
            let overlap = min(b, Double(x + 1)) - max(a, Double(x))
            if overlap > 0 { row[offset + x] += weight * Float(overlap) }
        }
    }
}
