import Foundation
import LaminaGeometry

/// CoreGraphics' mutable path, with the Swift overlay's method names: `let p = CGMutablePath();
/// p.addRect(r)`. Every method takes an optional `transform` applied to its points, as in CoreGraphics.
///
/// Arc direction follows CoreGraphics: `clockwise` is meant in CoreGraphics' y-up space, so in a layer's
/// y-down space `clockwise: true` sweeps with decreasing angle, which shows counterclockwise on screen.
/// (`UIBezierPath`'s `clockwise` is meant on screen and is the opposite.)
public final class CGMutablePath: CGPath {
    public override init(_ path: Path = Path()) { super.init(path) }

    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        path.move(to: point.applying(transform))
    }

    /// A line from the current point (a move when the path is empty, as CoreGraphics does with a warning).
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        let p = point.applying(transform)
        if path.currentPoint == nil { path.move(to: p) } else { path.line(to: p) }
    }

    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        path.move(to: first.applying(transform))
        for p in points.dropFirst() { path.line(to: p.applying(transform)) }
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                         transform: CGAffineTransform = .identity) {
        startIfEmpty(control1.applying(transform))
        path.curve(to: end.applying(transform), control1: control1.applying(transform),
                   control2: control2.applying(transform))
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        startIfEmpty(control.applying(transform))
        path.quadCurve(to: end.applying(transform), control: control.applying(transform))
    }

    public func closeSubpath() { if !path.isEmpty { path.closeSubpath() } }

    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        path.append(Path(rect: rect).transformed(by: transform))
    }

    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        path.append(Path(ellipseIn: rect).transformed(by: transform))
    }

    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        var p = Path()
        p.appendRoundedRect(rect, cornerWidth: Double(cornerWidth), cornerHeight: Double(cornerHeight))
        path.append(p.transformed(by: transform))
    }

    public func addPath(_ other: CGPath, transform: CGAffineTransform = .identity) {
        path.append(other.path.transformed(by: transform))
    }

    /// A circular arc; `clockwise` in CoreGraphics' sense (see the type's notes). A line joins the current
    /// point to the arc's start.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        var arc = Path()
        arc.addArc(center: center, radius: Double(radius), startAngle: Double(startAngle),
                   endAngle: Double(endAngle), clockwise: !clockwise)
        appendConnected(arc.transformed(by: transform))
    }

    /// An arc of `delta` radians from `startAngle` (positive: increasing angle, clockwise on a y-down screen).
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        var arc = Path()
        arc.addArc(center: center, radius: Double(radius), startAngle: Double(startAngle),
                   endAngle: Double(startAngle + delta), clockwise: delta >= 0)
        appendConnected(arc.transformed(by: transform))
    }

    /// The arc of `radius` tangent to the lines current point - `tangent1End` and `tangent1End` -
    /// `tangent2End`, joined to the current point by a line (`CGPathAddArcToPoint`); a line to
    /// `tangent1End` when the three points are in line or the radius is zero.
    public func addArc(tangent1End t1: CGPoint, tangent2End t2: CGPoint, radius: CGFloat,
                       transform: CGAffineTransform = .identity) {
        guard let p0 = path.currentPoint.map({ $0.applying(transform.invertedOrIdentity) }) else {
            move(to: t1, transform: transform)
            return
        }
        guard let arc = Self.tangentArc(p0, t1, t2, Double(radius)) else {
            addLine(to: t1, transform: transform)
            return
        }
        appendConnected(arc.transformed(by: transform))
    }

    static func tangentArc(_ p0: CGPoint, _ t1: CGPoint, _ t2: CGPoint, _ radius: Double) -> Path? {
        let ux = Double(p0.x - t1.x), uy = Double(p0.y - t1.y), vx = Double(t2.x - t1.x), vy = Double(t2.y - t1.y)
        let lu = (ux * ux + uy * uy).squareRoot(), lv = (vx * vx + vy * vy).squareRoot()
        guard radius > 0, lu > 0, lv > 0 else { return nil }
        let (u1, u2, v1, v2) = (ux / lu, uy / lu, vx / lv, vy / lv)
        let cross = u1 * v2 - u2 * v1
        let angle = acos(max(-1, min(1, u1 * v1 + u2 * v2)))
        guard abs(cross) > 1e-12, angle > 1e-9 else { return nil }
        let distance = radius / tan(angle / 2)
        let bx = u1 + v1, by = u2 + v2, lb = (bx * bx + by * by).squareRoot()
        let reach = radius / sin(angle / 2)
        let cx = Double(t1.x) + bx / lb * reach, cy = Double(t1.y) + by / lb * reach
        let sx = Double(t1.x) + u1 * distance, sy = Double(t1.y) + u2 * distance
        let ex = Double(t1.x) + v1 * distance, ey = Double(t1.y) + v2 * distance
        let a0 = atan2(sy - cy, sx - cx), a1 = atan2(ey - cy, ex - cx)
        var arc = Path()
        // The short way round: increasing angle when the corner turns from u toward v clockwise (y down).
        arc.addArc(center: CGPoint(x: cx, y: cy), radius: radius, startAngle: a0, endAngle: a1, clockwise: cross < 0)
        return arc
    }

    private func startIfEmpty(_ p: CGPoint) { if path.currentPoint == nil { path.move(to: p) } }

    /// Appends `piece` (which starts with a move), joining it to the current point with a line when the path
    /// has an open subpath, as CoreGraphics joins arcs.
    private func appendConnected(_ piece: Path) {
        var elements = piece.elements
        if path.currentPoint != nil, path.elements.last != .close, case .move(let p)? = elements.first {
            elements[0] = .line(p)
        }
        path.elements += elements
    }
}

extension CGAffineTransform {
    /// The inverse, or the identity when the matrix is singular.
    var invertedOrIdentity: CGAffineTransform {
        let det = Double(a * d - b * c)
        guard det != 0, det.isFinite else { return .identity }
        return inverted()
    }
}
