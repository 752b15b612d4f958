import Foundation
import LaminaGeometry

/// The layer -> superlayer matrices of ca-semantics.md §1, in CATransform3D's row-vector convention.
enum LayerGeometry {
    /// The anchor point in the layer's own bounds space: bounds.origin + anchorPoint * size, anchorPointZ.
    static func anchor(of l: Layer) -> (x: Double, y: Double, z: Double) {
        (Double(l.bounds.minX) + Double(l.anchorPoint.x) * Double(l.bounds.width),
         Double(l.bounds.minY) + Double(l.anchorPoint.y) * Double(l.bounds.height),
         l.anchorPointZ)
    }

    /// Local(L) = T(-A) * transform * T(position, zPosition): layer space -> superlayer space.
    static func local(_ l: Layer) -> Transform3D {
        let a = anchor(of: l)
        return Transform3D.translation(-a.x, -a.y, -a.z)
            .concatenating(l.transform)
            .concatenating(.translation(Double(l.position.x), Double(l.position.y), l.zPosition))
    }

    /// What a sublayer's space goes through inside its parent P before P's own Local: geometryFlipped (a
    /// mirror about bounds.midY), sublayerTransform about P's anchor point, and flattening onto P's z = 0
    /// plane unless P is a CATransformLayer (or a replicator preserving depth).
    static func sublayerSpace(of p: Layer, flattening: Bool = true) -> Transform3D {
        var t = Transform3D.identity
        if p.isGeometryFlipped {
            let y0 = Double(p.bounds.minY), h = Double(p.bounds.height)
            t = Transform3D.scale(1, -1, 1).concatenating(.translation(0, 2 * y0 + h, 0))
        }
        if !p.sublayerTransform.isIdentity {
            let a = anchor(of: p)
            t = t.concatenating(.translation(-a.x, -a.y, -a.z))
                .concatenating(p.sublayerTransform)
                .concatenating(.translation(a.x, a.y, a.z))
        }
        if flattening, !preservesDepth(p) { t = t.concatenating(flatten) }
        return t
    }

    static func preservesDepth(_ p: Layer) -> Bool { LayerEmitters.of(p).preservesDepth }

    /// diag(1, 1, 0, 1): projects onto the z = 0 plane, keeping w.
    static let flatten = Transform3D.scale(1, 1, 0)

    /// True when the map is 2D affine with only translation and scale (no rotation, skew or perspective):
    /// edges stay axis-aligned, so Core Animation antialiases them.
    static func isAxisAligned(_ m: Transform3D) -> Bool {
        let kind = m.planeKind
        return kind.isScaleTranslation || (kind == .constantW && m.m12 == 0 && m.m21 == 0 && m.m44 != 0)
    }

    /// The uniform scale of a similarity map (rotation, uniform scale, translation), or nil when the map
    /// has perspective, skew or a non-uniform scale.
    static func similarityScale(_ m: Transform3D) -> Double? {
        guard m.planeKind <= .affine else { return nil }
        let a = m.m11, b = m.m12, c = m.m21, d = m.m22
        let sx = (a * a + b * b).squareRoot(), sy = (c * c + d * d).squareRoot()
        guard sx > 0, abs(sx - sy) <= 1e-9 * max(sx, sy), abs(a * c + b * d) <= 1e-9 * sx * sy else { return nil }
        return sx
    }

    /// Projects a local point through `m` to pixels; nil when it falls behind the eye.
    static func project(_ x: Double, _ y: Double, _ m: Transform3D) -> CGPoint? {
        let p = m.apply(x: x, y: y)
        guard p.w > 1e-9 else { return nil }
        return CGPoint(x: p.x / p.w, y: p.y / p.w)
    }

    /// The pixels a local rect may touch through `m`, grown by `margin` pixels for antialiasing and
    /// limited to `interest`. A rect that crosses behind the eye gets the whole interest rect.
    static func pixelBounds(of r: CGRect, through m: Transform3D, margin: Double = 1, in interest: PixelRect) -> PixelRect {
        guard r.width > 0 || r.height > 0 else { return .empty }
        let xs = [Double(r.minX), Double(r.maxX)], ys = [Double(r.minY), Double(r.maxY)]
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for x in xs { for y in ys {
            guard let p = project(x, y, m) else { return interest }
            minX = min(minX, Double(p.x)); maxX = max(maxX, Double(p.x))
            minY = min(minY, Double(p.y)); maxY = max(maxY, Double(p.y))
        } }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return interest }
        let b = PixelRect(x0: Int(pixels: minX - margin, .down), y0: Int(pixels: minY - margin, .down),
                          x1: Int(pixels: maxX + margin, .up), y1: Int(pixels: maxY + margin, .up))
        return b.intersection(interest)
    }
}
