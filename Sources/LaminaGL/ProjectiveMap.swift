import LaminaCore

/// An op's transform reduced to what a z = 0 plane needs: the 3x3 matrix H and its inverse G.
///
/// With row vectors, a local point (x, y, 0, 1) maps to [X Y W] = [x y 1] * H where
/// H = [[m11 m12 m14], [m21 m22 m24], [m41 m42 m44]], and the pixel is (X/W, Y/W). Shaders go the other way,
/// pixel to local, through G = inverse(H), computed here in double precision and handed over as floats.
struct ProjectiveMap {
    /// G row-major: g[0..2] is row 0.
    let g: [Float]
    /// (m14, m24, m44): W at a local point is q.x*m14 + q.y*m24 + m44; the pixel is covered only when
    /// W > 0 (in front of the eye).
    let wTest: (Float, Float, Float)
    let h: [Double]

    /// nil when H is singular (the plane is seen edge-on and covers no pixel).
    init?(_ t: Transform3D) {
        let h = [t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44]
        let c00 = h[4] * h[8] - h[5] * h[7], c01 = h[5] * h[6] - h[3] * h[8], c02 = h[3] * h[7] - h[4] * h[6]
        let det = h[0] * c00 + h[1] * c01 + h[2] * c02
        guard det != 0, det.isFinite else { return nil }
        let inv = [c00, h[2] * h[7] - h[1] * h[8], h[1] * h[5] - h[2] * h[4],
                   c01, h[0] * h[8] - h[2] * h[6], h[2] * h[3] - h[0] * h[5],
                   c02, h[1] * h[6] - h[0] * h[7], h[0] * h[4] - h[1] * h[3]].map { $0 / det }
        guard inv.allSatisfy({ $0.isFinite }) else { return nil }
        self.h = h
        g = inv.map { Float($0) }
        wTest = (Float(t.m14), Float(t.m24), Float(t.m44))
    }

    /// The pixel a local point maps to, nil when it lies behind the eye (W <= 0).
    func pixel(x: Double, y: Double) -> (x: Double, y: Double)? {
        let X = x * h[0] + y * h[3] + h[6], Y = x * h[1] + y * h[4] + h[7], W = x * h[2] + y * h[5] + h[8]
        guard W > 0 else { return nil }
        return (X / W, Y / W)
    }
}
