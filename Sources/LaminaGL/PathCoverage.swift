import Foundation
import LaminaCore

/// Coverage of a path fill over its pixel bounds, computed on the CPU with the exact-area
/// `PathRasterizer` (Skia's software path renderer idea): the polylines are projected to pixels through
/// the op's transform, rasterized, and drawn by the GPU as an R8 texture on a pixel-aligned quad.
///
/// Sharing the CPU renderer's rasterizer and projection keeps path parity exact up to the R8 rounding of
/// the coverage (at most 0.5/255 of the colour). Rejected for now: stencil-then-cover on the GPU, whose
/// multisampled coverage would differ from the CPU's exact area by several 8-bit steps on llvmpipe.
struct PathCoverage {
    private var rasterizer = PathRasterizer()

    /// Coverage in 0...255, row-major over `bounds`, row 0 at `bounds.y0`.
    mutating func rasterize(_ path: PathFill, transform m: Transform3D, bounds: PixelRect) -> [UInt8] {
        guard !bounds.isEmpty else { return [] }
        let projected = path.projected(through: m)
        var out = [UInt8](repeating: 0, count: bounds.area)
        let stride = bounds.width
        rasterizer.rasterize(projected, rule: path.rule, clip: bounds) { y, x0, coverage in
            let base = (y - bounds.y0) * stride + (x0 - bounds.x0)
            for i in 0..<coverage.count {
                out[base + i] = UInt8(max(0, min(255, (path.drawn(coverage[i]) * 255).rounded())))
            }
        }
        return out
    }
}
