import Foundation
import LaminaGeometry

/// Hit testing and coordinate conversion, as CALayer offers them (`hitTest:`, `containsPoint:`,
/// `convertPoint:fromLayer:`, `convertPoint:toLayer:`), with the geometry the planner draws with
/// (`LayerGeometry`): a point crosses each layer's transform, its superlayer's sublayerTransform and
/// geometryFlipped, and any 3D projection, exactly (the plane-to-plane map is inverted as a homography).
///
/// Rules (ca-semantics.md): hidden layers and their subtrees are skipped; sublayers are tried front to
/// back (higher zPosition first, then the later sibling), and are found outside their parent's bounds
/// unless it masks to bounds; a CATransformLayer passes hits through to its sublayers; the mask is not hit.
/// In a 3D rendering context (a transform layer under a flattening superlayer) the hit is the one on the plane
/// nearest the eye at the point, as the depth sort draws it (`Layer+HitTest3D.swift`).
extension Layer {
    /// The farthest descendant of this layer (itself included) containing `point`, given in the
    /// superlayer's coordinates (for the scene's root, canvas points); nil when none does.
    public func hitTest(_ point: CGPoint) -> Layer? {
        guard !isHidden else { return nil }
        if self is TransformLayer, let parent = superlayer, !LayerGeometry.preservesDepth(parent) {
            return hitTestDepthContext(point, parent: parent)
        }
        guard let p = fromSuperlayer(point) else { return nil }
        return hitTest(local: p)
    }

    /// The hit for `p` in this layer's own coordinates.
    func hitTest(local p: CGPoint) -> Layer? {
        if masksToBounds, !contains(p) { return nil }
        for (_, child) in sublayersInDrawingOrder.reversed() {
            if let hit = child.hitTest(p) { return hit }
        }
        if self is TransformLayer { return nil }
        return contains(p) ? self : nil
    }

    /// Whether `point`, in this layer's own coordinates, lies inside its bounds (CALayer's rule: the
    /// bounds rect, whatever the corner radius).
    public func contains(_ point: CGPoint) -> Bool {
        let b = bounds
        return point.x >= b.minX && point.x < b.maxX && point.y >= b.minY && point.y < b.maxY
    }

    /// `point` in `layer`'s coordinates converted to this layer's (nil `layer`: the root's, canvas points);
    /// nil when no point of this layer's plane shows there (seen edge-on, or behind the eye).
    public func projectedPoint(_ point: CGPoint, from layer: Layer?) -> CGPoint? {
        let source = layer?.toRoot ?? .identity
        guard let root = Layer.project(point, source) else { return nil }
        return Layer.unproject(root, toRoot)
    }

    /// `point` in this layer's coordinates converted to `layer`'s (nil: the root's, canvas points); nil when
    /// the point does not show there.
    public func projectedPoint(_ point: CGPoint, to layer: Layer?) -> CGPoint? {
        guard let root = Layer.project(point, toRoot) else { return nil }
        return Layer.unproject(root, layer?.toRoot ?? .identity)
    }

    /// CALayer's `convert(_:from:)`: `projectedPoint(_:from:)`, with NaN coordinates where no point shows.
    public func convert(_ point: CGPoint, from layer: Layer?) -> CGPoint {
        projectedPoint(point, from: layer) ?? CGPoint(x: Double.nan, y: Double.nan)
    }

    /// CALayer's `convert(_:to:)`: `projectedPoint(_:to:)`, with NaN coordinates where no point shows.
    public func convert(_ point: CGPoint, to layer: Layer?) -> CGPoint {
        projectedPoint(point, to: layer) ?? CGPoint(x: Double.nan, y: Double.nan)
    }

    /// The map from this layer's coordinates to its superlayer's (`LayerGeometry.local` and the
    /// superlayer's sublayer space).
    var toSuperlayer: Transform3D {
        let local = LayerGeometry.local(self)
        guard let parent = superlayer, parent.mask !== self else { return local }
        return local.concatenating(LayerGeometry.sublayerSpace(of: parent))
    }

    /// The map from this layer's coordinates to the root's.
    var toRoot: Transform3D {
        var m = Transform3D.identity
        var layer: Layer? = self
        var depth = 0
        while let l = layer, l.superlayer != nil, depth < 1024 {
            m = m.concatenating(l.toSuperlayer)
            layer = l.superlayer
            depth += 1
        }
        return m
    }

    /// `point` in the superlayer's coordinates, in this layer's.
    func fromSuperlayer(_ point: CGPoint) -> CGPoint? {
        superlayer == nil ? point : Layer.unproject(point, toSuperlayer)
    }

    /// A point of a layer's plane through `m`, divided by w; nil behind the eye.
    static func project(_ p: CGPoint, _ m: Transform3D) -> CGPoint? { LayerGeometry.project(Double(p.x), Double(p.y), m) }

    /// The point of a layer's plane (z = 0) that `m` maps onto `p`: the 2D homography of `m` restricted to
    /// the plane, inverted; nil when the plane is seen edge-on or the point lies behind the eye.
    static func unproject(_ p: CGPoint, _ m: Transform3D) -> CGPoint? {
        // (x, y, 1) -> (X, Y, W) = (x, y, 1) * H, H's rows (m11 m12 m14), (m21 m22 m24), (m41 m42 m44).
        let a = m.m11, b = m.m12, c = m.m14, d = m.m21, e = m.m22, f = m.m24, g = m.m41, h = m.m42, i = m.m44
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        guard det != 0, det.isFinite else { return nil }
        let X = Double(p.x), Y = Double(p.y)
        // (x, y, w) = (X, Y, 1) * H^-1, with H^-1 = adj(H) / det.
        let x = (X * (e * i - f * h) - Y * (d * i - f * g) + (d * h - e * g)) / det
        let y = (-X * (b * i - c * h) + Y * (a * i - c * g) - (a * h - b * g)) / det
        let w = (X * (b * f - c * e) - Y * (a * f - c * d) + (a * e - b * d)) / det
        guard w != 0, (x / w).isFinite, (y / w).isFinite else { return nil }
        let q = CGPoint(x: x / w, y: y / w)
        // The preimage must itself be in front of the eye.
        guard let back = project(q, m), abs(Double(back.x) - X) <= 1e-6 * max(1, abs(X)),
              abs(Double(back.y) - Y) <= 1e-6 * max(1, abs(Y)) else { return nil }
        return q
    }
}
