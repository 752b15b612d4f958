import Foundation
import LaminaGeometry

/// UIKit's corner set for `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` (top = minimum y on
/// the y-down screen).
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1)
    public static let topRight = UIRectCorner(rawValue: 2)
    public static let bottomLeft = UIRectCorner(rawValue: 4)
    public static let bottomRight = UIRectCorner(rawValue: 8)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// UIKit's path object, as layer code builds `shadowPath` and shape paths with it (`.cgPath`).
///
/// Arc direction is UIKit's: `clockwise: true` is clockwise on the y-down screen (increasing angle), the
/// opposite sense of CoreGraphics' `addArc(...clockwise:)`. Rounded rects have circular corners (UIKit draws
/// slightly continuous ones). `fill()` and `stroke()` paint into the current UIKit context
/// (`UIGraphicsPushContext`), as on iOS, with its colours and this path's line settings.
public final class UIBezierPath {
    var path: Path

    public var lineWidth: CGFloat = 1
    public var lineCapStyle: CGLineCap = .butt
    public var lineJoinStyle: CGLineJoin = .miter
    public var miterLimit: CGFloat = 10
    public var usesEvenOddFillRule = false

    public init() { path = Path() }
    public init(cgPath: CGPath) { path = cgPath.path }
    public init(rect: CGRect) { path = Path(rect: rect) }
    public init(ovalIn rect: CGRect) { path = Path(ellipseIn: rect) }

    /// A rounded rect with circular corners of `cornerRadius` (clamped to half the shorter side).
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        path = Path()
        let r = min(Double(cornerRadius), Double(min(abs(rect.width), abs(rect.height))) / 2)
        path.appendRoundedRect(rect, cornerWidth: r, cornerHeight: r)
    }

    /// A rect whose `corners` are rounded with `cornerRadii`' width (UIKit uses the width for both axes).
    public init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        let r = min(Double(cornerRadii.width), Double(min(abs(rect.width), abs(rect.height))) / 2)
        var mask: CornerMask = []
        if corners.contains(.topLeft) { mask.insert(.minXMinY) }
        if corners.contains(.topRight) { mask.insert(.maxXMinY) }
        if corners.contains(.bottomLeft) { mask.insert(.minXMaxY) }
        if corners.contains(.bottomRight) { mask.insert(.maxXMaxY) }
        path = Path(roundedRect: RoundedRect(rect: rect.standardized, radius: max(0, r), corners: mask, curve: .circular))
    }

    /// An arc; `clockwise` on screen (see the type's notes).
    public init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path = Path()
        path.addArc(center: center, radius: Double(radius), startAngle: Double(startAngle),
                    endAngle: Double(endAngle), clockwise: clockwise)
    }

    /// The path as a CGPath, for `CAShapeLayer.path` and `CALayer.shadowPath`.
    public var cgPath: CGPath {
        get { CGPath(path) }
        set { path = newValue.path }
    }

    public var isEmpty: Bool { path.isEmpty }
    /// The control points' bounding box, as UIKit's `bounds` is.
    public var bounds: CGRect { path.isEmpty ? .null : path.controlPointBounds }
    public var currentPoint: CGPoint { path.currentPoint ?? .zero }

    public func move(to point: CGPoint) { path.move(to: point) }
    public func addLine(to point: CGPoint) {
        if path.currentPoint == nil { path.move(to: point) } else { path.line(to: point) }
    }
    public func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        if path.currentPoint == nil { path.move(to: controlPoint1) }
        path.curve(to: end, control1: controlPoint1, control2: controlPoint2)
    }
    public func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) {
        if path.currentPoint == nil { path.move(to: controlPoint) }
        path.quadCurve(to: end, control: controlPoint)
    }
    /// An arc joined to the current point by a line; `clockwise` on screen.
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool) {
        path.addArc(center: center, radius: Double(radius), startAngle: Double(startAngle),
                    endAngle: Double(endAngle), clockwise: clockwise)
    }
    public func close() { if !path.isEmpty { path.closeSubpath() } }
    public func removeAllPoints() { path = Path() }
    public func append(_ other: UIBezierPath) { path.append(other.path) }
    public func apply(_ transform: CGAffineTransform) { path = path.transformed(by: transform) }
    public func copy() -> UIBezierPath {
        let p = UIBezierPath(cgPath: cgPath)
        p.lineWidth = lineWidth; p.lineCapStyle = lineCapStyle; p.lineJoinStyle = lineJoinStyle
        p.miterLimit = miterLimit; p.usesEvenOddFillRule = usesEvenOddFillRule
        return p
    }

    /// Whether `point` is inside the path under its fill rule.
    public func contains(_ point: CGPoint) -> Bool {
        CGPath(path).contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Fills the path in the current UIKit context with its fill colour (nothing without a context).
    public func fill() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.beginPath()
        ctx.addPath(path)
        ctx.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        ctx.restoreGState()
    }

    /// Strokes the path in the current UIKit context with its stroke colour and this path's line settings.
    public func stroke() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.setLineWidth(lineWidth)
        ctx.setLineCap(lineCapStyle)
        ctx.setLineJoin(lineJoinStyle)
        ctx.setMiterLimit(miterLimit)
        ctx.beginPath()
        ctx.addPath(path)
        ctx.strokePath()
        ctx.restoreGState()
    }
}
