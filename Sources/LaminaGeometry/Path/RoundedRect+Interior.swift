import Foundation

/// Containment tests of rounded rects with circular corners, for fast paths that must know where a shape's
/// coverage is exactly 1 (the planner's mask clips, the GPU's op splitter, the CPU's affine spans).
extension RoundedRect {
    /// The rect whose points all lie at least `margin` inside the outline: a corner of radius r keeps the
    /// rect inset by r (1 - 1/sqrt 2) inside its arc (the inset corner lies on the arc), and `margin` more.
    /// Nil when nothing is left or a bound is not finite.
    public func innerRect(margin: Double) -> CGRect? {
        let inset = (1 - 0.5.squareRoot()) * maxRadius + margin
        let r = rect.insetBy(dx: inset, dy: inset)
        guard !r.isNull, r.width > 0, r.height > 0, Double(r.minX).isFinite, Double(r.maxX).isFinite,
              Double(r.minY).isFinite, Double(r.maxY).isFinite else { return nil }
        return r
    }

    /// Whether `other` lies inside this shape (circular corners, radii clamped to half the shorter side).
    /// This shape is convex, so `other` is inside when its outline is: its straight edges when their ends
    /// are, its corner arcs when points a 32nd of a turn apart are, this shape shrunk by the chords' sag.
    public func contains(_ other: RoundedRect) -> Bool {
        guard other.rect.width >= 0, other.rect.height >= 0, rect.width > 0, rect.height > 0 else { return false }
        let sag = other.maxRadius * RoundedRect.arcSag
        let shrunk = inset(by: sag)
        let inner = shrunk.corners
        let outer = other.corners
        for c in 0..<4 {
            let (center, radius, _) = outer[c]
            for k in 0...RoundedRect.arcSteps {
                let (cos, sin) = RoundedRect.arcDirections[c][k]
                guard shrunk.contains(x: center.x + radius * cos, y: center.y + radius * sin, corners: inner)
                else { return false }
            }
        }
        return true
    }

    /// Whether the point lies inside the shape.
    public func contains(x: Double, y: Double) -> Bool { contains(x: x, y: y, corners: corners) }

    /// `contains(x:y:)` with the shape's `corners` computed once by the caller.
    private func contains(x: Double, y: Double, corners: [Corner]) -> Bool {
        guard rect.width > 0, rect.height > 0, x >= Double(rect.minX), x <= Double(rect.maxX),
              y >= Double(rect.minY), y <= Double(rect.maxY) else { return false }
        for c in 0..<4 {
            let (center, radius, _) = corners[c]
            guard radius > 0 else { continue }
            // The corner's square: beyond its centre on both axes, toward the corner.
            let dx = x - center.x, dy = y - center.y
            let (ux, uy) = RoundedRect.diagonals[c]
            if dx * ux > 0, dy * uy > 0, dx * dx + dy * dy > radius * radius { return false }
        }
        return true
    }

    private typealias Corner = (center: (x: Double, y: Double), radius: Double, start: Double)

    /// Chords per corner arc in `contains(_:)`.
    private static let arcSteps = 8

    /// How far a chord of a 32nd of a turn lies inside its arc, per unit radius.
    private static let arcSag = 1 - cos(Double.pi / 4 / Double(arcSteps))

    /// The angle each corner's quarter arc starts at, in `corners`' order (y grows downwards).
    private static let starts = [Double.pi, 1.5 * Double.pi, 0, Double.pi / 2]

    /// Per corner, the cosine and sine of the directions `contains(_:)` samples its arc at: computed once,
    /// with the expressions a per-call evaluation would use, so every test decides as before.
    private static let arcDirections: [[(Double, Double)]] = starts.map { start in
        (0...arcSteps).map { k in
            let t = start + Double.pi / 2 * Double(k) / Double(arcSteps)
            return (cos(t), sin(t))
        }
    }

    /// Per corner, the unit vector from its centre toward the rect's corner, (cos, sin) of the arc's middle.
    private static let diagonals: [(Double, Double)] = starts.map { (cos($0 + Double.pi / 4), sin($0 + Double.pi / 4)) }

    /// Each corner's centre, radius (clamped to half the shorter side) and the angle its quarter arc starts at
    /// (y grows downwards).
    private var corners: [Corner] {
        let limit = max(0, min(Double(rect.width), Double(rect.height)) / 2)
        let x0 = Double(rect.minX), x1 = Double(rect.maxX), y0 = Double(rect.minY), y1 = Double(rect.maxY)
        let a = min(minXMinY, limit), b = min(maxXMinY, limit), c = min(maxXMaxY, limit), d = min(minXMaxY, limit)
        let s = RoundedRect.starts
        return [((x0 + a, y0 + a), a, s[0]), ((x1 - b, y0 + b), b, s[1]), ((x1 - c, y1 - c), c, s[2]),
                ((x0 + d, y1 - d), d, s[3])]
    }
}

extension Transform3D {
    /// The image of `r` under this map's plane scale and translation (m11, m22, m41, m42), as a rect: what
    /// a map of `planeKind.isScaleTranslation` does to a rect.
    public func scaleTranslating(_ r: CGRect) -> CGRect {
        let xa = Double(r.minX) * m11 + m41, xb = Double(r.maxX) * m11 + m41
        let ya = Double(r.minY) * m22 + m42, yb = Double(r.maxY) * m22 + m42
        return CGRect(x: min(xa, xb), y: min(ya, yb), width: abs(xb - xa), height: abs(yb - ya))
    }
}
