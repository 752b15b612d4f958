import Foundation
import LaminaGeometry

extension Layer {
    /// A still copy of the layer's own appearance: a layer of the same type (`typeName`'s class) with every
    /// property the renderers read, CALayer's and its type's, and its timing keys, but no sublayers, mask,
    /// superlayer or animations. A custom drawing (a `draw` closure, a delegate or a `draw(in:)` override) is
    /// recorded now and kept as the copy's `drawing` commands, so the copy draws what the layer draws at this
    /// moment. This is the old appearance `CATransition` keeps when added to a layer.
    public func appearanceCopy() -> Layer {
        let copy = (LayerKind(rawValue: typeName) ?? .layer).makeLayer()
        copy.copyCALayerProperties(from: self)
        copy.draw = nil
        copy.delegate = nil
        copy.drawing = recordedDrawing()
        copy.animations = []
        copy.addedAnimations = [:]
        copy.copySpecializedProperties(from: self)
        return copy
    }

    /// A copy of the layer and its subtree (mask and sublayers), each made by `appearanceCopy()`.
    public func treeCopy() -> Layer {
        let copy = appearanceCopy()
        if let m = mask { copy.mask = m.treeCopy() }
        for s in sublayersValue { copy.addSublayer(s.treeCopy()) }
        return copy
    }

    /// The specialised type's own properties from `other`, when both are of that type.
    func copySpecializedProperties(from other: Layer) {
        switch (self, other) {
        case let (s as ShapeLayer, o as ShapeLayer):
            s.pathValue = o.pathValue; s.fillColor = o.fillColor; s.fillRule = o.fillRule; s.strokeColor = o.strokeColor
            s.lineWidth = o.lineWidth; s.lineCap = o.lineCap; s.lineJoin = o.lineJoin; s.miterLimit = o.miterLimit
            s.lineDashPatternValue = o.lineDashPatternValue; s.lineDashPhase = o.lineDashPhase
            s.strokeStart = o.strokeStart; s.strokeEnd = o.strokeEnd
        case let (g as GradientLayer, o as GradientLayer):
            g.colorsValue = o.colorsValue; g.locationsValue = o.locationsValue
            g.startPoint = o.startPoint; g.endPoint = o.endPoint; g.gradientType = o.gradientType
        case let (r as ReplicatorLayer, o as ReplicatorLayer):
            r.instanceCount = o.instanceCount; r.instanceTransform = o.instanceTransform; r.instanceColor = o.instanceColor
            r.instanceRedOffsetValue = o.instanceRedOffsetValue; r.instanceGreenOffsetValue = o.instanceGreenOffsetValue
            r.instanceBlueOffsetValue = o.instanceBlueOffsetValue; r.instanceAlphaOffsetValue = o.instanceAlphaOffsetValue
            r.preservesDepth = o.preservesDepth; r.instanceDelay = o.instanceDelay
        case let (t as TextLayer, o as TextLayer):
            t.stringValue = o.stringValue; t.attributedString = o.attributedString; t.fontValue = o.fontValue
            t.fontSize = o.fontSize; t.foregroundColor = o.foregroundColor; t.alignmentMode = o.alignmentMode
            t.isWrapped = o.isWrapped; t.truncationMode = o.truncationMode
        case let (s as ScrollLayer, o as ScrollLayer):
            s.scrollMode = o.scrollMode
        default: break
        }
    }
}
