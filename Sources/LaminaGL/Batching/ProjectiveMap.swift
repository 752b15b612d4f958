import LaminaGeometry

/// An op's transform reduced to what a z = 0 plane needs: the 3x3 matrix H and its inverse G.
///
/// With row vectors, a local point (x, y, 0, 1) maps to [X Y W] = [x y 1] * H where
/// H = [[m11 m12 m14], [m21 m22 m24], [m41 m42 m44]], and the pixel is (X/W, Y/W). Shaders go the other way,
/// pixel to local, through G = inverse(H) (`PlaneInverse`, double precision) handed over as floats.
struct ProjectiveMap {
    /// G row-major: lanes 0...2 are row 0; lanes 9...15 are zero. Fixed-size lanes, not arrays: the batcher
    /// builds one map per op, thousands a frame, and none of them allocates.
    let g: SIMD16<Float>
    /// (m14, m24, m44): W at a local point is q.x*m14 + q.y*m24 + m44; the pixel is covered only when
    /// W > 0 (in front of the eye).
    let wTest: (Float, Float, Float)
    /// H row-major, lanes 0...8.
    let h: SIMD16<Double>

    /// nil when H is singular (the plane is seen edge-on and covers no pixel). G is `PlaneInverse`'s, the
    /// doubles the CPU's `Projection` and `ExactEdges` use, rounded to float.
    init?(_ t: Transform3D) {
        guard let inverse = PlaneInverse(t) else { return nil }
        var inv = SIMD16<Double>()
        (inv[0], inv[1], inv[2], inv[3], inv[4], inv[5], inv[6], inv[7], inv[8]) =
            (inverse.g00, inverse.g01, inverse.g02, inverse.g10, inverse.g11, inverse.g12, inverse.g20, inverse.g21,
             inverse.g22)
        var g = SIMD16<Float>()
        for i in 0..<9 {
            guard inv[i].isFinite else { return nil }
            g[i] = Float(inv[i])
        }
        var h = SIMD16<Double>()
        (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8]) =
            (t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44)
        self.h = h
        self.g = g
        wTest = (Float(t.m14), Float(t.m24), Float(t.m44))
    }

    /// The pixel a local point maps to, nil when it lies behind the eye (W <= 0).
    func pixel(x: Double, y: Double) -> (x: Double, y: Double)? {
        let X = x * h[0] + y * h[3] + h[6], Y = x * h[1] + y * h[4] + h[7], W = x * h[2] + y * h[5] + h[8]
        guard W > 0 else { return nil }
        return (X / W, Y / W)
    }
}
