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
    /// G row-major in doubles (`PlaneInverse`), lanes 0...8: what `g` rounds.
    let exact: SIMD16<Double>

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
        exact = inv
        wTest = (Float(t.m14), Float(t.m24), Float(t.m44))
    }

    /// Row 2 of G for pixels counted from `origin` (`MapOrigin`): with p = origin + r, [p 1] G = [r 1] G' where G'
    /// has G's rows 0 and 1 and this row, origin.x G0 + origin.y G1 + G2, summed in double and rounded once.
    /// The shader's products and sums then stay near the op's own size, not the canvas position's, so its
    /// float local point is as close to the CPU's doubles as an op at the canvas origin would be.
    func row2(from origin: MapOrigin) -> SIMD3<Float> {
        let x = Double(origin.x), y = Double(origin.y)
        return SIMD3(Float(x * exact[0] + y * exact[3] + exact[6]), Float(x * exact[1] + y * exact[4] + exact[7]),
                     Float(x * exact[2] + y * exact[5] + exact[8]))
    }

    /// The pixel a local point maps to, nil when it lies behind the eye (W <= 0).
    func pixel(x: Double, y: Double) -> (x: Double, y: Double)? {
        let X = x * h[0] + y * h[3] + h[6], Y = x * h[1] + y * h[4] + h[7], W = x * h[2] + y * h[5] + h[8]
        guard W > 0 else { return nil }
        return (X / W, Y / W)
    }
}

/// The whole pixel a shader counts an op's or a clip's pixels from (`ProjectiveMap.row2(from:)`): near the
/// pixels it covers, so a float local point keeps the precision of small numbers wherever the op lies.
///
/// An op's origin travels packed in one float of its record (`packed`): multiples of `step` up to
/// `limit`, (y / step) x 4096 + x / step, an integer below 2^24 and so exact in a float (`primitive.frag`'s
/// `opOrigin`). A clip's record has room for both coordinates (`ClipTable`).
struct MapOrigin: Equatable {
    let x: Int
    let y: Int

    static let zero = MapOrigin(x: 0, y: 0)
    /// An op's origin is a multiple of this.
    static let step = 16
    /// Every coordinate of an origin is below this (4096 steps).
    static let limit = 4096 * step

    private init(x: Int, y: Int) { self.x = x; self.y = y }

    /// The multiple of `step` nearest `pixel`, clamped to [0, limit) (zero when there is none), for an op:
    /// the pixel its local rect's centre maps to, the same whatever part of the op is drawn.
    init(steppedNear pixel: (x: Double, y: Double)?) {
        guard let p = pixel, p.x.isFinite, p.y.isFinite else {
            self = .zero
            return
        }
        func near(_ v: Double) -> Int {
            let steps = (min(max(v, 0), Double(MapOrigin.limit - MapOrigin.step)) / Double(MapOrigin.step)).rounded()
            return Int(steps) * MapOrigin.step
        }
        self.init(x: near(p.x), y: near(p.y))
    }

    /// The whole pixel nearest `pixel` (zero when there is none, or it lies past 2^20), for a clip.
    init(nearest pixel: (x: Double, y: Double)?) {
        guard let p = pixel, p.x.isFinite, p.y.isFinite, abs(p.x) < 0x1p20, abs(p.y) < 0x1p20 else {
            self = .zero
            return
        }
        self.init(x: Int(p.x.rounded()), y: Int(p.y.rounded()))
    }

    /// An op's origin as its record carries it.
    var packed: Float { Float((y / MapOrigin.step) * 4096 + x / MapOrigin.step) }
}
