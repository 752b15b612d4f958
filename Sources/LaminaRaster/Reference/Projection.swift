import Foundation
import LaminaGeometry

/// The inverse of an operation's projective map, evaluated at pixel centres.
///
/// A draw operation's local space has z = 0, so its 4x4 row-vector transform reduces to the 3x3
/// homography `H = [[m11 m12 m14], [m21 m22 m24], [m41 m42 m44]]`: `[X Y W] = [x y 1] * H`, pixel =
/// (X/W, Y/W). Rasterizing through `G = H^-1` gives perspective-correct local coordinates per pixel, and
/// the analytic Jacobian of that map converts local distances to pixel units. The GPU shaders evaluate
/// exactly the same expressions (`common.glsl`), which is what keeps edges in parity.
struct Projection {
    // G, row-vector convention: [u v w] = [px py 1] * G.
    let g00: Double, g01: Double, g02: Double
    let g10: Double, g11: Double, g12: Double
    let g20: Double, g21: Double, g22: Double
    // The W column of H, to reject points behind the eye (W <= 0).
    let h02: Double, h12: Double, h22: Double
    /// True when W is constant (an affine map): the Jacobian is then the same at every pixel.
    let isAffine: Bool

    init?(_ t: Transform3D) {
        guard let g = PlaneInverse(t) else { return nil }
        g00 = g.g00; g01 = g.g01; g02 = g.g02
        g10 = g.g10; g11 = g.g11; g12 = g.g12
        g20 = g.g20; g21 = g.g21; g22 = g.g22
        h02 = t.m14; h12 = t.m24; h22 = t.m44
        isAffine = t.planeKind.isFlat
    }

    /// Local coordinates and Jacobian at a pixel centre; nil when the point lies behind the eye.
    @inline(__always)
    func local(px: Double, py: Double) -> Sample? {
        let u = px * g00 + py * g10 + g20
        let v = px * g01 + py * g11 + g21
        let w = px * g02 + py * g12 + g22
        guard w != 0 else { return nil }
        let qx = u / w, qy = v / w
        guard qx * h02 + qy * h12 + h22 > 0 else { return nil }
        return Sample(qx: qx, qy: qy,
                      dxdpx: (g00 - qx * g02) / w, dxdpy: (g10 - qx * g12) / w,
                      dydpx: (g01 - qy * g02) / w, dydpy: (g11 - qy * g12) / w)
    }

    struct Sample {
        let qx: Double, qy: Double
        // Jacobian of local coordinates with respect to pixel coordinates.
        let dxdpx: Double, dxdpy: Double, dydpx: Double, dydpy: Double

        /// Converts a local signed distance with unit local gradient (nx, ny) to pixel units.
        @inline(__always)
        func pixels(_ d: Double, nx: Double, ny: Double) -> Double {
            let gx = nx * dxdpx + ny * dydpx
            let gy = nx * dxdpy + ny * dydpy
            let len = (gx * gx + gy * gy).squareRoot()
            return len > 0 ? d / len : (d > 0 ? .infinity : -.infinity)
        }
    }
}

/// `Projection.local` for the draw loops, with the common case computed without its divisions.
///
/// When the map is affine with `w` exactly 1 (`g02`, `g12` zero, `g22` one: every 2D transform whose
/// determinant's reciprocal is exact, such as scales by powers of two and all translations), `local`
/// divides by 1 and subtracts zero products, so its point is `(u, v)` and its Jacobian is `g00 ... g11`,
/// the same doubles (a zero entry may differ in sign, which nothing reads: the Jacobian only enters squared
/// lengths). The behind-the-eye test then fails exactly when u or v is not finite.
///
/// Any other affine map (`g02`, `g12` zero, `g22` not: rotations, most scales) has `w` exactly `g22` at every
/// pixel, its zero products adding signed zeros to it (`constantW`): `local`'s point is `(u / g22, v / g22)`,
/// two divisions, and its Jacobian is `g00 / g22 ... g11 / g22` at every pixel, computed once (`jacobian`;
/// again the same doubles but for a zero entry's sign), where `Projection.local` divides six times.
struct PixelSampler {
    let projection: Projection
    let unitW: Bool
    /// An affine map with `w` the constant `g22` (which `unitW` maps have too, with g22 one).
    let constantW: Bool
    /// The Jacobian at every pixel of a `constantW` map: dx/dpx, dx/dpy, dy/dpx, dy/dpy.
    let jacobian: (Double, Double, Double, Double)

    init(_ p: Projection, shortcut: Bool) {
        projection = p
        let affine = shortcut && p.g02 == 0 && p.g12 == 0 && p.h02 == 0 && p.h12 == 0 && p.h22 > 0
        unitW = affine && p.g22 == 1
        let j = (p.g00 / p.g22, p.g10 / p.g22, p.g01 / p.g22, p.g11 / p.g22)
        jacobian = j
        // A Jacobian entry that overflows (a tiny g22) is left to `Projection.local`, whose per-pixel
        // products with it are not the constant's.
        constantW = unitW || affine && p.g22 != 0 && p.g22.isFinite && j.0.isFinite && j.1.isFinite && j.2.isFinite
            && j.3.isFinite
    }

    @inline(__always)
    func local(px: Double, py: Double) -> Projection.Sample? {
        guard unitW else { return constantW ? divided(px: px, py: py) : projection.local(px: px, py: py) }
        let p = projection
        let row = rowTerms(py: py)
        let u = localX(px: px, row: row), v = localY(px: px, row: row)
        guard u.isFinite, v.isFinite else { return nil }
        return Projection.Sample(qx: u, qy: v, dxdpx: p.g00, dxdpy: p.g10, dydpx: p.g01, dydpy: p.g11)
    }

    /// `Projection.local` under `constantW`: the point divided by g22, the Jacobian `jacobian`. Nil where the
    /// point is not finite, as `local`'s behind-the-eye test (h22 plus zero products of the point) is then.
    @inline(__always)
    private func divided(px: Double, py: Double) -> Projection.Sample? {
        let p = projection
        let qx = (px * p.g00 + py * p.g10 + p.g20) / p.g22, qy = (px * p.g01 + py * p.g11 + p.g21) / p.g22
        guard qx.isFinite, qy.isFinite else { return nil }
        let j = jacobian
        return Projection.Sample(qx: qx, qy: qy, dxdpx: j.0, dxdpy: j.1, dydpx: j.2, dydpy: j.3)
    }

    /// A row's share of the local point under the `unitW` shortcut, (py g10, py g11): what `localX` and
    /// `localY` add to each pixel's, so a loop over a row computes it once and gets `local`'s doubles.
    @inline(__always)
    func rowTerms(py: Double) -> (x: Double, y: Double) { (py * projection.g10, py * projection.g11) }

    /// The local x of pixel centre `px` on the row of `row` (`rowTerms`), under the `unitW` shortcut.
    @inline(__always)
    func localX(px: Double, row: (x: Double, y: Double)) -> Double { px * projection.g00 + row.x + projection.g20 }

    /// The local y of pixel centre `px` on the row of `row` (`rowTerms`), under the `unitW` shortcut.
    @inline(__always)
    func localY(px: Double, row: (x: Double, y: Double)) -> Double { px * projection.g01 + row.y + projection.g21 }
}
