/// The inverse G of a z = 0 plane's homography H = [[m11 m12 m14], [m21 m22 m24], [m41 m42 m44]] (row
/// vectors: [X Y W] = [x y 1] H, the pixel (X/W, Y/W)), computed as adj(H) / det(H) in double precision:
/// [u v w] = [px py 1] G gives the local point (u/w, v/w), w > 0 in front of the eye. The CPU renderer's
/// `Projection` and `ExactEdges` share it, so both see the same doubles.
public struct PlaneInverse: Sendable {
    public let g00: Double, g01: Double, g02: Double
    public let g10: Double, g11: Double, g12: Double
    public let g20: Double, g21: Double, g22: Double

    /// Nil when H is singular, nearly so (|det| <= 1e-300) or not finite.
    public init?(_ t: Transform3D) {
        let a = t.m11, b = t.m12, c = t.m14
        let d = t.m21, e = t.m22, f = t.m24
        let g = t.m41, h = t.m42, i = t.m44
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det != 0, det.isFinite, abs(det) > 1e-300 else { return nil }
        let inv = 1 / det
        g00 = A * inv; g01 = -(b * i - c * h) * inv; g02 = (b * f - c * e) * inv
        g10 = B * inv; g11 = (a * i - c * g) * inv; g12 = -(a * f - c * d) * inv
        g20 = C * inv; g21 = -(a * h - b * g) * inv; g22 = (a * e - b * d) * inv
    }
}
