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
        let steps = 8
        let sag = other.maxRadius * (1 - cos(Double.pi / 4 / Double(steps)))
        let shrunk = inset(by: sag)
        for (center, radius, start) in other.corners {
            for k in 0...steps {
                let t = start + Double.pi / 2 * Double(k) / Double(steps)
                guard shrunk.contains(x: center.x + radius * cos(t), y: center.y + radius * sin(t)) else { return false }
            }
        }
        return true
    }

    /// Whether the point lies inside the shape.
    public func contains(x: Double, y: Double) -> Bool {
        guard rect.width > 0, rect.height > 0, x >= Double(rect.minX), x <= Double(rect.maxX),
              y >= Double(rect.minY), y <= Double(rect.maxY) else { return false }
        for (center, radius, start) in corners where radius > 0 {
            // The corner's square: beyond its centre on both axes, toward the corner.
            let dx = x - center.x, dy = y - center.y
            let ux = cos(start + Double.pi / 4), uy = sin(start + Double.pi / 4)
            if dx * ux > 0, dy * uy > 0, dx * dx + dy * dy > radius * radius { return false }
        }
        return true
    }

    /// Each corner's centre, radius (clamped to half the shorter side) and the angle its quarter arc starts at
    /// (y grows downwards).
    private var corners: [(center: (x: Double, y: Double), radius: Double, start: Double)] {
        let limit = max(0, min(Double(rect.width), Double(rect.height)) / 2)
        let x0 = Double(rect.minX), x1 = Double(rect.maxX), y0 = Double(rect.minY), y1 = Double(rect.maxY)
        let a = min(minXMinY, limit), b = min(maxXMinY, limit), c = min(maxXMaxY, limit), d = min(minXMaxY, limit)
        return [((x0 + a, y0 + a), a, Double.pi), ((x1 - b, y0 + b), b, 1.5 * Double.pi),
                ((x1 - c, y1 - c), c, 0), ((x0 + d, y1 - d), d, Double.pi / 2)]
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
