import Foundation

/// What a transform does to the z = 0 plane, the plane every layer draws in: decided once here, for the
/// planner and both renderers, instead of by each site's own test of the matrix's entries. The map of a
/// local point (x, y) is [X Y W] = [x y 1] [[m11 m12 m14], [m21 m22 m24], [m41 m42 m44]].
public enum PlaneMapKind: Int, Comparable, Sendable {
    /// x' = x + m41, y' = y + m42.
    case translation
    /// x' = m11 x + m41, y' = m22 y + m42 (either scale may be negative or zero).
    case scaleTranslation
    /// A 2D affine map with rotation or skew (m12 or m21 non-zero), w = 1.
    case affine
    /// No perspective, but w = m44 is a constant other than 1 (affine after the divide; nothing when 0).
    case constantW
    /// Perspective: w varies over the plane (m14 or m24 non-zero).
    case projective

    public static func < (a: PlaneMapKind, b: PlaneMapKind) -> Bool { a.rawValue < b.rawValue }

    /// w is constant over the plane: no perspective.
    public var isFlat: Bool { self != .projective }
    /// Axis-aligned with w = 1: x' depends on x alone and y' on y alone.
    public var isScaleTranslation: Bool { self <= .scaleTranslation }
}

extension Transform3D {
    /// The map's kind on the z = 0 plane (`PlaneMapKind`).
    public var planeKind: PlaneMapKind {
        guard m14 == 0, m24 == 0 else { return .projective }
        guard m44 == 1 else { return .constantW }
        guard m12 == 0, m21 == 0 else { return .affine }
        return m11 == 1 && m22 == 1 ? .translation : .scaleTranslation
    }
}
