import Foundation
import LaminaCore

/// Path coverage for a path draw: polylines projected to pixels, then rasterized analytically.
///
/// Under a projective map straight segments stay straight while w > 0, so projecting the flattened
/// vertices is exact; points behind the eye are dropped (the planner keeps such paths rare: shadowPath
/// and masks under perspective).
enum PathCoverage {
    /// Coverage per pixel of `bounds` (row-major) for `fill` drawn through `transform`.
    static func rasterize(_ fill: PathFill, transform m: Transform3D, bounds: PixelRect) -> [Float] {
        guard !bounds.isEmpty else { return [] }
        let projected = fill.projected(through: m)
        var rasterizer = PathRasterizer()
        let coverage = rasterizer.coverage(of: projected, rule: fill.rule, clip: bounds)
        return fill.antialiased ? coverage : coverage.map(fill.drawn)
    }
}

extension PathFill {
    /// The polylines projected to pixels through `m`, every one closed; vertices behind the eye
    /// (w <= 1e-9) are dropped. Both renderers rasterize exactly these polylines.
    public func projected(through m: Transform3D) -> [Polyline] {
        polylines.map { line in
            Polyline(points: line.points.compactMap { p -> CGPoint? in
                let q = m.apply(x: Double(p.x), y: Double(p.y))
                guard q.w > 1e-9 else { return nil }
                return CGPoint(x: q.x / q.w, y: q.y / q.w)
            }, closed: true)
        }
    }
}
