import Foundation
import LaminaGeometry

/// CoreGraphics' immutable path, as `CAShapeLayer.path` and `CALayer.shadowPath` take it: a reference to a
/// Lamina `Path` (the value the renderers read).
///
/// Rules, as in CoreGraphics: a `CGPath` is not changed after it is made (a `CGMutablePath` is); layers keep
/// the path's value when it is assigned, so changing a mutable path later does not change a layer that was
/// given it. Coordinates are the layer's (points, y down). Equal paths compare equal (`==`), as CFEqual does.
public class CGPath: Hashable, CustomStringConvertible {
    /// The path's elements, as Lamina's renderers read them.
    public internal(set) var path: Path

    /// A path holding `path`'s elements: the way Lamina code hands a `Path` to a CGPath property.
    public init(_ path: Path = Path()) { self.path = path }

    /// A closed rectangle, clockwise on screen from the rect's origin, as CGPathCreateWithRect makes it.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        self.init(Path(rect: rect).transformed(by: transform?.pointee ?? .identity))
    }

    /// An ellipse inscribed in `rect`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        self.init(Path(ellipseIn: rect).transformed(by: transform?.pointee ?? .identity))
    }

    /// A rectangle with circular corners; each radius is clamped to half the rect's side, as CoreGraphics
    /// clamps it (CoreGraphics refuses larger radii; Lamina draws the largest that fits).
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>? = nil) {
        var p = Path()
        p.appendRoundedRect(rect, cornerWidth: Double(cornerWidth), cornerHeight: Double(cornerHeight))
        self.init(p.transformed(by: transform?.pointee ?? .identity))
    }

    public static func == (a: CGPath, b: CGPath) -> Bool { a.path == b.path }
    public func hash(into h: inout Hasher) { h.combine(path) }
    public var description: String { "CGPath(\(path.elements.count) elements)" }

    /// True when the path has no elements.
    public var isEmpty: Bool { path.isEmpty }

    /// The last point added (the subpath's start after a close); `.zero` for an empty path, as in CoreGraphics.
    public var currentPoint: CGPoint { path.currentPoint ?? .zero }

    /// The smallest rect holding every point of the path, control points included; `CGRect.null` when empty.
    public var boundingBox: CGRect { path.isEmpty ? .null : path.controlPointBounds }

    /// The smallest rect holding the path's outline (curves' extremes, not their control points).
    public var boundingBoxOfPath: CGRect {
        path.isEmpty ? .null : Polyline.bounds(of: path.flattened(tolerance: 0.001))
    }

    /// Whether `point` lies inside the path filled under `rule` (after `transform`); open subpaths count as
    /// closed, as for a fill.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        let polylines = path.transformed(by: transform).flattened(tolerance: 0.01)
        var winding = 0
        let px = Double(point.x), py = Double(point.y)
        for poly in polylines where poly.points.count > 1 {
            let pts = poly.points
            for i in pts.indices {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                let ay = Double(a.y), by = Double(b.y)
                guard (ay <= py) != (by <= py) else { continue }
                let x = Double(a.x) + (py - ay) / (by - ay) * (Double(b.x) - Double(a.x))
                if x > px { winding += by > ay ? 1 : -1 }
            }
        }
        return rule == .evenOdd ? winding % 2 != 0 : winding != 0
    }

    /// An immutable copy (CoreGraphics returns an optional).
    public func copy() -> CGPath? { CGPath(path) }

    /// A copy with `transform` applied to every point.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(path.transformed(by: transform?.pointee ?? .identity))
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(path) }

    /// A mutable copy with `transform` applied to every point.
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        CGMutablePath(path.transformed(by: transform?.pointee ?? .identity))
    }

    /// Whether the path is exactly one rectangle; its rect goes to `rect` when it is.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        guard let shape = path.roundedRectShape, shape.isRect, path.elements.count <= 6 else { return false }
        rect?.pointee = shape.rect
        return true
    }
}

extension Path {
    /// Appends a rounded rect with elliptical corners of `cornerWidth` x `cornerHeight` (each clamped to
    /// half the rect's side), as `CGPath(roundedRect:cornerWidth:cornerHeight:)` draws it.
    mutating func appendRoundedRect(_ rect: CGRect, cornerWidth: Double, cornerHeight: Double) {
        let r = rect.standardized
        let rx = max(0, min(cornerWidth, Double(r.width) / 2)), ry = max(0, min(cornerHeight, Double(r.height) / 2))
        guard rx > 0, ry > 0 else { addRect(r); return }
        let k = Path.kappa
        let x0 = Double(r.minX), y0 = Double(r.minY), x1 = Double(r.maxX), y1 = Double(r.maxY)
        func pt(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }
        move(to: pt(x0 + rx, y0))
        line(to: pt(x1 - rx, y0))
        curve(to: pt(x1, y0 + ry), control1: pt(x1 - rx + k * rx, y0), control2: pt(x1, y0 + ry - k * ry))
        line(to: pt(x1, y1 - ry))
        curve(to: pt(x1 - rx, y1), control1: pt(x1, y1 - ry + k * ry), control2: pt(x1 - rx + k * rx, y1))
        line(to: pt(x0 + rx, y1))
        curve(to: pt(x0, y1 - ry), control1: pt(x0 + rx - k * rx, y1), control2: pt(x0, y1 - ry + k * ry))
        line(to: pt(x0, y0 + ry))
        curve(to: pt(x0 + rx, y0), control1: pt(x0, y0 + ry - k * ry), control2: pt(x0 + rx - k * rx, y0))
        closeSubpath()
    }
}
