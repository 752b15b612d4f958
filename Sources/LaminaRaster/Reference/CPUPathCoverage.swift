import Foundation
import LaminaGraph
import LaminaGeometry

/// Path coverage for a path draw on the CPU: polylines projected to pixels, then rasterized analytically
/// (the GPU computes the same coverage itself: `PathCoverage` in LaminaGL).
///
/// Under a projective map straight segments stay straight while w > 0, so projecting the flattened
/// vertices is exact; points behind the eye are dropped (the planner keeps such paths rare: shadowPath
/// and masks under perspective).
enum CPUPathCoverage {
    /// Coverage per pixel of `bounds` (row-major) for `fill` drawn through `transform`.
    static func rasterize(_ fill: PathShape, transform m: Transform3D, bounds: PixelRect) -> [Float] {
        guard !bounds.isEmpty else { return [] }
        let projected = fill.projected(through: m)
        var rasterizer = PathRasterizer()
        let coverage = rasterizer.coverage(of: projected, rule: fill.rule, clip: bounds)
        return fill.antialiased ? coverage : coverage.map(fill.drawn)
    }
}
