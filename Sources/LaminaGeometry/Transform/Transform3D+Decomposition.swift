import Foundation

/// A 3D transform taken apart into the pieces an animation interpolates, as Core Animation interpolates
/// whole matrices: perspective, translation, a rotation (a unit quaternion, interpolated along the sphere),
/// skews and scales. The algorithm is the classic "unmatrix" (Graphics Gems II), the one the CSS transforms
/// specification also uses; with Lamina's row vectors the translation sits in the fourth row.
public struct DecomposedTransform: Sendable, Equatable {
    public var perspective: SIMD4<Double>
    public var translation: SIMD3<Double>
    public var quaternion: SIMD4<Double>
    /// xy, xz and yz shears.
    public var skew: SIMD3<Double>
    public var scale: SIMD3<Double>

    /// The pieces of `m`, or nil for a matrix that cannot be taken apart (m44 = 0, or singular).
    public init?(_ m: Transform3D) {
        guard m.m44 != 0 else { return nil }
        var a = Self.rows(m).map { row in row.map { $0 / m.m44 } }
        var p = a
        for i in 0..<3 { p[i][3] = 0 }
        p[3][3] = 1
        guard let pm = Transform3D(elements: p.flatMap { $0 }), let inverse = pm.inverted else { return nil }
        if a[0][3] != 0 || a[1][3] != 0 || a[2][3] != 0 {
            // rhs x inverse-transposed, with rhs the fourth column.
            let rhs = SIMD4(a[0][3], a[1][3], a[2][3], a[3][3])
            let inv = Self.rows(inverse)
            var out = SIMD4<Double>()
            for j in 0..<4 { out[j] = rhs[0] * inv[j][0] + rhs[1] * inv[j][1] + rhs[2] * inv[j][2] + rhs[3] * inv[j][3] }
            perspective = out
            for i in 0..<3 { a[i][3] = 0 }
            a[3][3] = 1
        } else {
            perspective = SIMD4(0, 0, 0, 1)
        }
        translation = SIMD3(a[3][0], a[3][1], a[3][2])
        var r = (0..<3).map { SIMD3(a[$0][0], a[$0][1], a[$0][2]) }
        var scale = SIMD3<Double>(), skew = SIMD3<Double>()
        scale.x = Self.length(r[0]); r[0] = Self.normalized(r[0])
        skew.x = Self.dot(r[0], r[1]); r[1] -= skew.x * r[0]
        scale.y = Self.length(r[1]); r[1] = Self.normalized(r[1]); skew.x /= scale.y == 0 ? 1 : scale.y
        skew.y = Self.dot(r[0], r[2]); r[2] -= skew.y * r[0]
        skew.z = Self.dot(r[1], r[2]); r[2] -= skew.z * r[1]
        scale.z = Self.length(r[2]); r[2] = Self.normalized(r[2])
        if scale.z != 0 { skew.y /= scale.z; skew.z /= scale.z }
        if Self.dot(r[0], Self.cross(r[1], r[2])) < 0 {
            scale = -scale
            r = r.map { -$0 }
        }
        self.scale = scale
        self.skew = skew
        var q = SIMD4(0.5 * max(1 + r[0].x - r[1].y - r[2].z, 0).squareRoot(),
                      0.5 * max(1 - r[0].x + r[1].y - r[2].z, 0).squareRoot(),
                      0.5 * max(1 - r[0].x - r[1].y + r[2].z, 0).squareRoot(),
                      0.5 * max(1 + r[0].x + r[1].y + r[2].z, 0).squareRoot())
        // The signs `matrix` gives them back (w >= 0): R21 - R12 = 4xw, R02 - R20 = 4yw, R10 - R01 = 4zw.
        if r[2].y < r[1].z { q.x = -q.x }
        if r[0].z < r[2].x { q.y = -q.y }
        if r[1].x < r[0].y { q.z = -q.z }
        quaternion = q
    }

    /// The pieces between `a` (t = 0) and `b` (t = 1): linear but for the rotation, spherical.
    public static func interpolate(_ a: DecomposedTransform, _ b: DecomposedTransform, _ t: Double) -> DecomposedTransform {
        var out = a
        out.perspective = a.perspective + (b.perspective - a.perspective) * t
        out.translation = a.translation + (b.translation - a.translation) * t
        out.skew = a.skew + (b.skew - a.skew) * t
        out.scale = a.scale + (b.scale - a.scale) * t
        var product = (a.quaternion * b.quaternion).sum()
        product = min(1, max(-1, product))
        if abs(product) < 1 {
            let theta = acos(product)
            let w = sin(t * theta) / (1 - product * product).squareRoot()
            out.quaternion = a.quaternion * (cos(t * theta) - product * w) + b.quaternion * w
        }
        return out
    }

    /// The matrix these pieces make.
    public var matrix: Transform3D {
        var m = (0..<4).map { i in (0..<4).map { j in i == j ? 1.0 : 0.0 } }
        for i in 0..<4 { m[i][3] = perspective[i] }
        for i in 0..<3 { for j in 0..<4 { m[3][j] += translation[i] * m[i][j] } }
        let (x, y, z, w) = (quaternion.x, quaternion.y, quaternion.z, quaternion.w)
        var rotation = (0..<4).map { i in (0..<4).map { j in i == j ? 1.0 : 0.0 } }
        rotation[0][0] = 1 - 2 * (y * y + z * z); rotation[0][1] = 2 * (x * y - z * w); rotation[0][2] = 2 * (x * z + y * w)
        rotation[1][0] = 2 * (x * y + z * w); rotation[1][1] = 1 - 2 * (x * x + z * z); rotation[1][2] = 2 * (y * z - x * w)
        rotation[2][0] = 2 * (x * z - y * w); rotation[2][1] = 2 * (y * z + x * w); rotation[2][2] = 1 - 2 * (x * x + y * y)
        m = Self.multiply(rotation, m)
        var shear = (0..<4).map { i in (0..<4).map { j in i == j ? 1.0 : 0.0 } }
        if skew.z != 0 { shear[2][1] = skew.z; m = Self.multiply(shear, m); shear[2][1] = 0 }
        if skew.y != 0 { shear[2][0] = skew.y; m = Self.multiply(shear, m); shear[2][0] = 0 }
        if skew.x != 0 { shear[1][0] = skew.x; m = Self.multiply(shear, m) }
        for i in 0..<3 { for j in 0..<4 { m[i][j] *= scale[i] } }
        return Transform3D(elements: m.flatMap { $0 }) ?? .identity
    }

    private static func rows(_ m: Transform3D) -> [[Double]] {
        let e = m.elements
        return (0..<4).map { Array(e[($0 * 4)..<($0 * 4 + 4)]) }
    }

    /// a x b for row-vector matrices: a applied first.
    private static func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    private static func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
    private static func length(_ a: SIMD3<Double>) -> Double { dot(a, a).squareRoot() }
    private static func normalized(_ a: SIMD3<Double>) -> SIMD3<Double> { let l = length(a); return l == 0 ? a : a / l }
    private static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
}

extension Transform3D {
    /// The transform between `a` (t = 0) and `b` (t = 1), by decomposition (`DecomposedTransform`); when
    /// either cannot be taken apart, `a` until t reaches 1, then `b`.
    public static func interpolate(_ a: Transform3D, _ b: Transform3D, _ t: Double) -> Transform3D {
        guard let da = DecomposedTransform(a), let db = DecomposedTransform(b) else { return t < 1 ? a : b }
        return DecomposedTransform.interpolate(da, db, t).matrix
    }
}
