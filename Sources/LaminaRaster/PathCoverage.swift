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
