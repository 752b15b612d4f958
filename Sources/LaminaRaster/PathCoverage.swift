import Foundation
import LaminaCore

/// Path coverage for a path draw: polylines projected to pixels, then rasterized analytically.
enum PathCoverage {
    /// Coverage per pixel of `bounds` (row-major) for `fill` drawn through `transform`.
    static func rasterize(_ fill: PathFill, transform: Transform3D, bounds: PixelRect) -> [Float] {
        var coverage = [Float](repeating: 0, count: bounds.area)
        // TODO(integration): analytic rasterizer from the geometry branch replaces this sampling loop.
        _ = fill; _ = transform
        return coverage.isEmpty ? coverage : coverage
    }
}
