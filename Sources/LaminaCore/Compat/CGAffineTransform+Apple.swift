import Foundation
import LaminaGeometry

// CoreGraphics' affine transform functions with their Swift names, and CoreAnimation's conversions between
// 2D and 3D transforms. Each "-ed" method applies its operation before the receiver (user space first), as
// CGAffineTransformScale and its siblings do.

extension CGAffineTransform {
    /// A transform scaled by (sx, sy) before `self`.
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// A transform translated by (tx, ty) before `self`.
    public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: tx, y: ty).concatenating(self)
    }

    /// A transform rotated by `angle` radians (from +x toward +y: clockwise on a y-down screen) before `self`.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The inverse; `self` unchanged when the matrix is singular, as CGAffineTransformInvert returns it.
    public func inverted() -> CGAffineTransform {
        let det = a * d - b * c
        guard det != 0, Double(det).isFinite else { return self }
        return CGAffineTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                                 tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// The affine part of a 3D transform (CATransform3DGetAffineTransform).
    public init(_ t: CATransform3D) {
        self.init(a: CGFloat(t.m11), b: CGFloat(t.m12), c: CGFloat(t.m21), d: CGFloat(t.m22),
                  tx: CGFloat(t.m41), ty: CGFloat(t.m42))
    }
}

extension CGSize {
    /// The size with `t`'s linear part applied (no translation), as CGSizeApplyAffineTransform.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The bounding box of the rect's four corners under `t` (CGRectApplyAffineTransform).
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        let r = standardized
        let corners = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                       CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)].map { $0.applying(t) }
        return CGRect.boundingBox(of: corners)
    }

    /// The smallest rect holding `points`; `.null` for none.
    static func boundingBox(of points: [CGPoint]) -> CGRect {
        guard let first = points.first else { return .null }
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for p in points.dropFirst() {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// The affine part of `t`: its x and y rows and translation (CATransform3DGetAffineTransform).
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform { CGAffineTransform(t) }

/// The inverse of `t`, or `t` itself when it is singular, as Core Animation returns it.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D { t.inverted ?? t }

/// Seconds, as Core Foundation's time intervals are.
public typealias CFTimeInterval = Double

/// Core Animation's clock: seconds since an arbitrary moment (the system's uptime). Lamina's animations
/// run on scene time, not this clock; it exists so code that stamps `beginTime` compiles.
public func CACurrentMediaTime() -> CFTimeInterval { ProcessInfo.processInfo.systemUptime }
