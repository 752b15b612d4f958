import Foundation
import LaminaGeometry

// UIKit's and QuartzCore's NSValue boxes (`NSValue(cgPoint:)`, `NSValue(caTransform3D:)`), which iOS code
// puts in `CAKeyframeAnimation.values` and `CABasicAnimation.toValue`. Points, sizes and rects use
// Foundation's own boxes; transforms are boxed as C arrays of doubles ("[16d]", "[6d]"), the only compound
// encoding swift-corelibs-foundation's NSValue takes.

extension NSValue {
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

    /// A CATransform3D boxed as its sixteen entries, row by row.
    public convenience init(caTransform3D t: CATransform3D) {
        var m: [Double] = t.elements
        self.init(bytes: &m, objCType: "[16d]")
    }

    /// A CGAffineTransform boxed as a, b, c, d, tx, ty.
    public convenience init(cgAffineTransform t: CGAffineTransform) {
        var m: [Double] = [t.a, t.b, t.c, t.d, t.tx, t.ty].map { Double($0) }
        self.init(bytes: &m, objCType: "[6d]")
    }

    public var cgPointValue: CGPoint { objCTypeName.hasPrefix("{CGPoint") ? pointValue : .zero }
    public var cgSizeValue: CGSize { objCTypeName.hasPrefix("{CGSize") ? sizeValue : .zero }
    public var cgRectValue: CGRect { objCTypeName.hasPrefix("{CGRect") ? rectValue : .zero }

    /// The boxed transform; the identity when the box holds something else.
    public var caTransform3DValue: CATransform3D {
        doubles(16).flatMap { Transform3D(elements: $0) } ?? .identity
    }

    /// The boxed affine transform; the identity when the box holds something else.
    public var cgAffineTransformValue: CGAffineTransform {
        guard let m = doubles(6) else { return .identity }
        return CGAffineTransform(a: CGFloat(m[0]), b: CGFloat(m[1]), c: CGFloat(m[2]), d: CGFloat(m[3]),
                                 tx: CGFloat(m[4]), ty: CGFloat(m[5]))
    }

    var objCTypeName: String { String(cString: objCType) }

    private func doubles(_ count: Int) -> [Double]? {
        guard !(self is NSNumber), objCTypeName == "[\(count)d]" else { return nil }
        var m = [Double](repeating: 0, count: count)
        m.withUnsafeMutableBytes { raw in
            if let base = raw.baseAddress { getValue(base) }
        }
        return m
    }

    /// The Swift value an animation reads from the box (CGPoint, CGSize, CGRect, CATransform3D,
    /// CGAffineTransform); nil for a number or another encoding.
    var unboxedGeometry: Any? {
        if self is NSNumber { return nil }
        let type = objCTypeName
        if type.hasPrefix("{CGPoint") { return pointValue }
        if type.hasPrefix("{CGSize") { return sizeValue }
        if type.hasPrefix("{CGRect") { return rectValue }
        if type == "[16d]" { return caTransform3DValue }
        if type == "[6d]" { return cgAffineTransformValue }
        return nil
    }
}
