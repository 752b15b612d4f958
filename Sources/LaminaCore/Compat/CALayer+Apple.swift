import Foundation
import LaminaImage
import LaminaGraph
import LaminaGeometry

// CALayer's properties with Apple's types, over the Lamina-typed values the renderers read (`opacityValue`,
// `sublayersValue`, `contentsValue`, `shadowPathValue`): code written for iOS assigns them as written.

/// CALayer's names for Lamina's layer enums and option sets.
public typealias CALayerContentsGravity = ContentsGravity
public typealias CALayerContentsFilter = ContentsFilter
public typealias CACornerMask = CornerMask
public typealias CALayerCornerCurve = CornerCurve

extension CornerMask {
    /// The corner at minimum x and y: the top left on a y-down screen.
    public static let layerMinXMinYCorner = CornerMask.minXMinY
    public static let layerMaxXMinYCorner = CornerMask.maxXMinY
    public static let layerMinXMaxYCorner = CornerMask.minXMaxY
    public static let layerMaxXMaxYCorner = CornerMask.maxXMaxY
}

extension Layer {
    /// CALayer's `opacity` (Float); Lamina holds it as `opacityValue`.
    public var opacity: Float {
        get { Float(opacityValue) }
        set { opacityValue = Double(newValue) }
    }

    /// CALayer's `shadowOpacity` (Float); Lamina holds it as `shadowOpacityValue`.
    public var shadowOpacity: Float {
        get { Float(shadowOpacityValue) }
        set { shadowOpacityValue = Double(newValue) }
    }

    /// The sublayers, nil when there are none, as CALayer's. Setting replaces every sublayer: the old ones
    /// lose their superlayer, the new ones are removed from theirs and get this one.
    public var sublayers: [Layer]? {
        get { sublayersValue.isEmpty ? nil : sublayersValue }
        set {
            for child in sublayersValue { child.superlayer = nil }
            sublayersValue = []
            for child in newValue ?? [] { addSublayer(child) }
        }
    }

    /// CALayer's `contents`: a `CGImage` (Lamina's `Bitmap`). Anything else (a UIImage, as on iOS) draws no
    /// contents. Lamina holds the image as `contentsValue`.
    public var contents: Any? {
        get { contentsValue }
        set { contentsValue = newValue as? Bitmap }
    }

    /// CALayer's `shadowPath`; the layer keeps the path's value when it is set. Lamina holds it as
    /// `shadowPathValue`.
    public var shadowPath: CGPath? {
        get { shadowPathValue.map { CGPath($0) } }
        set { shadowPathValue = newValue?.path }
    }

    /// Inserts `layer` just above `sibling` among the sublayers (at the top when `sibling` is not one).
    public func insertSublayer(_ layer: Layer, above sibling: Layer?) {
        guard layer !== sibling else { return }
        layer.removeFromSuperlayer()
        let index = sublayersValue.firstIndex { $0 === sibling }.map { $0 + 1 } ?? sublayersValue.count
        insertSublayer(layer, at: index)
    }

    /// Inserts `layer` just below `sibling` among the sublayers (at the bottom when `sibling` is not one).
    public func insertSublayer(_ layer: Layer, below sibling: Layer?) {
        guard layer !== sibling else { return }
        layer.removeFromSuperlayer()
        let index = sublayersValue.firstIndex { $0 === sibling } ?? 0
        insertSublayer(layer, at: index)
    }

    /// Puts `newLayer` where `oldLayer` is among the sublayers; nothing when `oldLayer` is not one.
    public func replaceSublayer(_ oldLayer: Layer, with newLayer: Layer) {
        guard oldLayer !== newLayer, let index = sublayersValue.firstIndex(where: { $0 === oldLayer }) else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: index)
    }

    /// Sets `transform` to the 3D form of `m`.
    public func setAffineTransform(_ m: CGAffineTransform) { transform = Transform3D(affine: m) }

    /// The affine part of `transform`.
    public func affineTransform() -> CGAffineTransform { CGAffineTransform(transform) }

    /// `rect` in `layer`'s coordinates, in this layer's: the bounding box of its converted corners (nil
    /// `layer`: the root's space).
    public func convert(_ rect: CGRect, from layer: Layer?) -> CGRect {
        CGRect.boundingBox(of: Layer.corners(of: rect).map { convert($0, from: layer) })
    }

    /// `rect` in this layer's coordinates, in `layer`'s (nil: the root's space).
    public func convert(_ rect: CGRect, to layer: Layer?) -> CGRect {
        CGRect.boundingBox(of: Layer.corners(of: rect).map { convert($0, to: layer) })
    }

    static func corners(of rect: CGRect) -> [CGPoint] {
        let r = rect.standardized
        return [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)]
    }

    /// Marks the backing store for redrawing. Lamina draws backing stores (from `draw(in:)`, the delegate or
    /// a `draw` closure) each time the layer is rendered, so this only sets `needsDisplay()`.
    public func setNeedsDisplay() { needsDisplayFlag = true }
    public func setNeedsDisplay(_ rect: CGRect) { needsDisplayFlag = true }
    public func needsDisplay() -> Bool { needsDisplayFlag }
    public func displayIfNeeded() { if needsDisplayFlag { display() } }

    /// Layout hooks: `layoutIfNeeded()` runs `layoutSublayers()` once (`Lamina.render` lays out the whole
    /// tree before drawing, so `setNeedsLayout()` has nothing to mark).
    public func setNeedsLayout() {}
    public func layoutIfNeeded() { layoutSublayers() }

    /// What `Lamina.render` does before drawing a tree built in code, as iOS does before a frame: every layer,
    /// parents first, is laid out (`layoutSublayers()`), and those marked with `setNeedsDisplay()` display
    /// (`display()`). Bounded to 1 000 000 layers and the decoder's nesting depth.
    public func prepareTreeForDisplay() {
        var left = 1_000_000
        func visit(_ l: Layer, depth: Int) {
            left -= 1
            guard left >= 0, depth <= SceneDecoder.maxLayerDepth else { return }
            l.layoutSublayers()
            if l.needsDisplayFlag { l.display() }
            if let mask = l.mask { visit(mask, depth: depth + 1) }
            for child in l.sublayersValue { visit(child, depth: depth + 1) }
        }
        visit(self, depth: 0)
    }
    public func needsLayout() -> Bool { false }


    /// The part of the bounds that shows through the nearest enclosing scroll layer (the bounds when there
    /// is none).
    public var visibleRect: CGRect {
        var layer: Layer? = superlayer
        var depth = 0
        while let l = layer, depth < 1024 {
            if l is ScrollLayer { return bounds.intersection(l.convert(l.bounds, to: self)) }
            layer = l.superlayer
            depth += 1
        }
        return bounds
    }

    /// Scrolls the nearest enclosing scroll layer so that `point` (in this layer's coordinates) is its
    /// bounds' origin.
    public func scroll(_ point: CGPoint) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: scroller.convert(point, from: self))
    }

    /// Scrolls the nearest enclosing scroll layer so that `rect` (in this layer's coordinates) shows.
    public func scrollRectToVisible(_ rect: CGRect) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: scroller.convert(rect, from: self))
    }

    var enclosingScrollLayer: ScrollLayer? {
        var layer: Layer? = superlayer
        var depth = 0
        while let l = layer, depth < 1024 {
            if let s = l as? ScrollLayer { return s }
            layer = l.superlayer
            depth += 1
        }
        return nil
    }

}
