import Foundation

/// A 4x4 homogeneous transform with CATransform3D's layout and row-vector convention.
///
/// A point is a row vector multiplied on the left, `p' = p * M`; translation lives in `m41, m42, m43`
/// and `m34 = -1/d` gives perspective with eye distance `d`. `concat(a, b)` is `a * b`: it applies `a`
/// first, exactly as `CATransform3DConcat` does, so the book's listings port line by line.
public struct Transform3D: Sendable, Equatable, Hashable {
    public var m11: Double, m12: Double, m13: Double, m14: Double
    public var m21: Double, m22: Double, m23: Double, m24: Double
    public var m31: Double, m32: Double, m33: Double, m34: Double
    public var m41: Double, m42: Double, m43: Double, m44: Double

    public init(m11: Double, m12: Double, m13: Double, m14: Double,
                m21: Double, m22: Double, m23: Double, m24: Double,
                m31: Double, m32: Double, m33: Double, m34: Double,
                m41: Double, m42: Double, m43: Double, m44: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// Builds a transform from 16 numbers in row-major order `[m11, m12, m13, m14, m21, ...]`.
    public init?(elements e: [Double]) {
        guard e.count == 16 else { return nil }
        self.init(m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
                  m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }

    /// The 16 elements in row-major order.
    public var elements: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    public static let identity = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                             m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    // MARK: - The CATransform3D function family

    /// `CATransform3DMakeTranslation`.
    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
        var t = Transform3D.identity
        t.m41 = tx; t.m42 = ty; t.m43 = tz
        return t
    }

    /// `CATransform3DMakeScale`.
    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
        var t = Transform3D.identity
        t.m11 = sx; t.m22 = sy; t.m33 = sz
        return t
    }

    /// `CATransform3DMakeRotation`: a rotation of `angle` radians about the axis (x, y, z).
    ///
    /// With row vectors, a rotation about z by `a` takes (1, 0) to (cos a, sin a): clockwise on iOS's
    /// y-down screen. A zero-length axis gives the identity, as Core Animation does.
    public static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { return .identity }
        let (ux, uy, uz) = (x / length, y / length, z / length)
        let c = cos(angle), s = sin(angle), t = 1 - c
        return Transform3D(
            m11: t * ux * ux + c, m12: t * ux * uy + s * uz, m13: t * ux * uz - s * uy, m14: 0,
            m21: t * ux * uy - s * uz, m22: t * uy * uy + c, m23: t * uy * uz + s * ux, m24: 0,
            m31: t * ux * uz + s * uy, m32: t * uy * uz - s * ux, m33: t * uz * uz + c, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// `CATransform3DTranslate(t, tx, ty, tz)`: translate first, then `self`.
    public func translated(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
        Transform3D.translation(tx, ty, tz).concatenating(self)
    }

    /// `CATransform3DScale(t, sx, sy, sz)`: scale first, then `self`.
    public func scaled(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
        Transform3D.scale(sx, sy, sz).concatenating(self)
    }

    /// `CATransform3DRotate(t, angle, x, y, z)`: rotate first, then `self`.
    public func rotated(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        Transform3D.rotation(angle, x, y, z).concatenating(self)
    }

    /// `CATransform3DConcat(self, other)` = `self * other`: applies `self` first, then `other`.
    public func concatenating(_ o: Transform3D) -> Transform3D {
        let a = self
        return Transform3D(
            m11: a.m11 * o.m11 + a.m12 * o.m21 + a.m13 * o.m31 + a.m14 * o.m41,
            m12: a.m11 * o.m12 + a.m12 * o.m22 + a.m13 * o.m32 + a.m14 * o.m42,
            m13: a.m11 * o.m13 + a.m12 * o.m23 + a.m13 * o.m33 + a.m14 * o.m43,
            m14: a.m11 * o.m14 + a.m12 * o.m24 + a.m13 * o.m34 + a.m14 * o.m44,
            m21: a.m21 * o.m11 + a.m22 * o.m21 + a.m23 * o.m31 + a.m24 * o.m41,
            m22: a.m21 * o.m12 + a.m22 * o.m22 + a.m23 * o.m32 + a.m24 * o.m42,
            m23: a.m21 * o.m13 + a.m22 * o.m23 + a.m23 * o.m33 + a.m24 * o.m43,
            m24: a.m21 * o.m14 + a.m22 * o.m24 + a.m23 * o.m34 + a.m24 * o.m44,
            m31: a.m31 * o.m11 + a.m32 * o.m21 + a.m33 * o.m31 + a.m34 * o.m41,
            m32: a.m31 * o.m12 + a.m32 * o.m22 + a.m33 * o.m32 + a.m34 * o.m42,
            m33: a.m31 * o.m13 + a.m32 * o.m23 + a.m33 * o.m33 + a.m34 * o.m43,
            m34: a.m31 * o.m14 + a.m32 * o.m24 + a.m33 * o.m34 + a.m34 * o.m44,
            m41: a.m41 * o.m11 + a.m42 * o.m21 + a.m43 * o.m31 + a.m44 * o.m41,
            m42: a.m41 * o.m12 + a.m42 * o.m22 + a.m43 * o.m32 + a.m44 * o.m42,
            m43: a.m41 * o.m13 + a.m42 * o.m23 + a.m43 * o.m33 + a.m44 * o.m43,
            m44: a.m41 * o.m14 + a.m42 * o.m24 + a.m43 * o.m34 + a.m44 * o.m44)
    }

    /// `CATransform3DIsIdentity`.
    public var isIdentity: Bool { self == .identity }

    /// `CATransform3DIsAffine`: true when the transform has no z or perspective terms.
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1
            && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// `CATransform3DMakeAffineTransform`.
    public init(affine t: CGAffineTransform) {
        self = .identity
        m11 = Double(t.a); m12 = Double(t.b); m21 = Double(t.c); m22 = Double(t.d)
        m41 = Double(t.tx); m42 = Double(t.ty)
    }

    /// `CATransform3DGetAffineTransform`: the 2D part (meaningful when `isAffine`).
    public var affineTransform: CGAffineTransform {
        CGAffineTransform(a: CGFloat(m11), b: CGFloat(m12), c: CGFloat(m21), d: CGFloat(m22),
                          tx: CGFloat(m41), ty: CGFloat(m42))
    }

    /// `CATransform3DInvert`: the inverse, or nil when the matrix is singular (CA returns the input then).
    public var inverted: Transform3D? {
        let m = elements
        var inv = [Double](repeating: 0, count: 16)
        inv[0] = m[5]*m[10]*m[15] - m[5]*m[11]*m[14] - m[9]*m[6]*m[15] + m[9]*m[7]*m[14] + m[13]*m[6]*m[11] - m[13]*m[7]*m[10]
        inv[4] = -m[4]*m[10]*m[15] + m[4]*m[11]*m[14] + m[8]*m[6]*m[15] - m[8]*m[7]*m[14] - m[12]*m[6]*m[11] + m[12]*m[7]*m[10]
        inv[8] = m[4]*m[9]*m[15] - m[4]*m[11]*m[13] - m[8]*m[5]*m[15] + m[8]*m[7]*m[13] + m[12]*m[5]*m[11] - m[12]*m[7]*m[9]
        inv[12] = -m[4]*m[9]*m[14] + m[4]*m[10]*m[13] + m[8]*m[5]*m[14] - m[8]*m[6]*m[13] - m[12]*m[5]*m[10] + m[12]*m[6]*m[9]
        inv[1] = -m[1]*m[10]*m[15] + m[1]*m[11]*m[14] + m[9]*m[2]*m[15] - m[9]*m[3]*m[14] - m[13]*m[2]*m[11] + m[13]*m[3]*m[10]
        inv[5] = m[0]*m[10]*m[15] - m[0]*m[11]*m[14] - m[8]*m[2]*m[15] + m[8]*m[3]*m[14] + m[12]*m[2]*m[11] - m[12]*m[3]*m[10]
        inv[9] = -m[0]*m[9]*m[15] + m[0]*m[11]*m[13] + m[8]*m[1]*m[15] - m[8]*m[3]*m[13] - m[12]*m[1]*m[11] + m[12]*m[3]*m[9]
        inv[13] = m[0]*m[9]*m[14] - m[0]*m[10]*m[13] - m[8]*m[1]*m[14] + m[8]*m[2]*m[13] + m[12]*m[1]*m[10] - m[12]*m[2]*m[9]
        inv[2] = m[1]*m[6]*m[15] - m[1]*m[7]*m[14] - m[5]*m[2]*m[15] + m[5]*m[3]*m[14] + m[13]*m[2]*m[7] - m[13]*m[3]*m[6]
        inv[6] = -m[0]*m[6]*m[15] + m[0]*m[7]*m[14] + m[4]*m[2]*m[15] - m[4]*m[3]*m[14] - m[12]*m[2]*m[7] + m[12]*m[3]*m[6]
        inv[10] = m[0]*m[5]*m[15] - m[0]*m[7]*m[13] - m[4]*m[1]*m[15] + m[4]*m[3]*m[13] + m[12]*m[1]*m[7] - m[12]*m[3]*m[5]
        inv[14] = -m[0]*m[5]*m[14] + m[0]*m[6]*m[13] + m[4]*m[1]*m[14] - m[4]*m[2]*m[13] - m[12]*m[1]*m[6] + m[12]*m[2]*m[5]
        inv[3] = -m[1]*m[6]*m[11] + m[1]*m[7]*m[10] + m[5]*m[2]*m[11] - m[5]*m[3]*m[10] - m[9]*m[2]*m[7] + m[9]*m[3]*m[6]
        inv[7] = m[0]*m[6]*m[11] - m[0]*m[7]*m[10] - m[4]*m[2]*m[11] + m[4]*m[3]*m[10] + m[8]*m[2]*m[7] - m[8]*m[3]*m[6]
        inv[11] = -m[0]*m[5]*m[11] + m[0]*m[7]*m[9] + m[4]*m[1]*m[11] - m[4]*m[3]*m[9] - m[8]*m[1]*m[7] + m[8]*m[3]*m[5]
        inv[15] = m[0]*m[5]*m[10] - m[0]*m[6]*m[9] - m[4]*m[1]*m[10] + m[4]*m[2]*m[9] + m[8]*m[1]*m[6] - m[8]*m[2]*m[5]
        let det = m[0] * inv[0] + m[1] * inv[4] + m[2] * inv[8] + m[3] * inv[12]
        guard det != 0, det.isFinite else { return nil }
        return Transform3D(elements: inv.map { $0 / det })
    }

    /// Transforms the point (x, y, z, 1) and returns the homogeneous result (x', y', z', w').
    public func apply(x: Double, y: Double, z: Double = 0) -> (x: Double, y: Double, z: Double, w: Double) {
        (x * m11 + y * m21 + z * m31 + m41,
         x * m12 + y * m22 + z * m32 + m42,
         x * m13 + y * m23 + z * m33 + m43,
         x * m14 + y * m24 + z * m34 + m44)
    }
}

extension Transform3D: Codable {
    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        let e = try c.decode([Double].self)
        guard let t = Transform3D(elements: e) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "expected 16 numbers")
        }
        self = t
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(elements)
    }
}

extension Transform3D {
    /// Whether the two maps hold the same bits: a map holding a NaN equals itself, as a key that holds a map
    /// must (`==` compares values, and NaN equals nothing).
    @inlinable
    public func hasSameBits(as other: Transform3D) -> Bool {
        withUnsafeBytes(of: self) { x in
            withUnsafeBytes(of: other) { y in
                guard let p = x.baseAddress, let q = y.baseAddress else { return x.count == y.count }
                return x.count == y.count && memcmp(p, q, x.count) == 0
            }
        }
    }
}
