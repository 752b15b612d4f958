import Foundation
import LaminaImage
import LaminaGraph
import LaminaGeometry

/// One recorded call on a `DrawingContext`: CGContext's operations as data, in the context's user space
/// (points of the layer's bounds, y down, before the CTM the commands themselves set up).
///
/// A layer's drawing is a list of these, made once when the layer is planned (by running its `draw` closure
/// or its delegate, or read from a scene's `drawing` key), so a drawn layer is data like every other layer:
/// equal lists draw equal bytes, and the list (with the store's size) is the key of the backing store cache.
public enum DrawingCommand: Sendable, Hashable {
    // Graphics state
    case setFillColor(Color)
    case setStrokeColor(Color)
    case setLineWidth(Double)
    case setLineCap(ShapeLayer.LineCap)
    case setLineJoin(ShapeLayer.LineJoin)
    case setMiterLimit(Double)
    /// An empty `lengths` turns dashing off, as `setLineDash(phase:lengths: [])` does in CoreGraphics.
    case setLineDash(phase: Double, lengths: [Double])
    case setAlpha(Double)
    case saveGState
    case restoreGState
    // The CTM: each is applied before the current one (user space first), as CGContextConcatCTM does.
    case translate(x: Double, y: Double)
    case scale(x: Double, y: Double)
    case rotate(angle: Double)
    case concatenate(CGAffineTransform)
    // The current path, kept in device space as CoreGraphics keeps it: points go through the CTM when added.
    case beginPath
    case move(to: CGPoint)
    case addLine(to: CGPoint)
    case addCurve(to: CGPoint, control1: CGPoint, control2: CGPoint)
    case addQuadCurve(to: CGPoint, control: CGPoint)
    case addArc(center: CGPoint, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool)
    case closePath
    case addRect(CGRect)
    case addEllipse(CGRect)
    case addRoundedRect(CGRect, radius: Double)
    case addPath(Path)
    // Painting; each consumes the current path.
    case fillPath(FillRule)
    case strokePath
    case drawPath(PathDrawingMode)
    case clip(FillRule)
    // Rect and ellipse conveniences, which leave the current path alone (as CoreGraphics' do).
    case fillRect(CGRect)
    case strokeRect(CGRect)
    case fillEllipse(CGRect)
    case strokeEllipse(CGRect)
    case clearRect(CGRect)
    case clipToRect(CGRect)
    case drawImage(DrawnImage, in: CGRect)
    /// A linear or radial gradient over the current clip; leaves the current path alone.
    case drawGradient(DrawnGradient)
}

/// How `drawPath(using:)` paints the current path (CGPathDrawingMode).
public enum PathDrawingMode: String, Sendable, Hashable, CaseIterable {
    case fill, eoFill, stroke, fillStroke, eoFillStroke
}

/// An image a drawing draws, compared by identity: the `Bitmap` is immutable, and holding it keeps its
/// identity from being reused while a cache key names it.
public struct DrawnImage: Sendable, Hashable {
    public let bitmap: Bitmap
    public init(_ bitmap: Bitmap) { self.bitmap = bitmap }
    public static func == (a: DrawnImage, b: DrawnImage) -> Bool { a.bitmap === b.bitmap }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(bitmap)) }
}

extension FillRule {
    /// CGPathFillRule's name for the non-zero rule, so `fillPath(using: .winding)` ports as written.
    public static var winding: FillRule { .nonZero }
}

/// What draws a layer's backing store, as CALayerDelegate does. Every method has a default: adopt the
/// protocol and implement `draw(_:in:)` (Apple's Swift name) or `drawLayer(_:in:)` (Lamina's older name).
public protocol LayerDelegate: AnyObject {
    /// Draws `layer`'s content into `ctx` (user space: the layer's bounds in points, y down). The default
    /// calls `drawLayer(_:in:)`.
    func draw(_ layer: Layer, in ctx: DrawingContext)
    /// Lamina's older name for `draw(_:in:)`; the default draws nothing.
    func drawLayer(_ layer: Layer, in ctx: DrawingContext)
    /// Called by the layer's `display()`; the default does nothing.
    func display(_ layer: Layer)
    /// Called by the layer's `layoutIfNeeded()`; the default does nothing.
    func layoutSublayers(of layer: Layer)
    /// The action for a layer's `event` (`CAAction`, `NSNull()` for none); the default is nil.
    func action(for layer: Layer, forKey event: String) -> CAAction?
}

extension LayerDelegate {
    public func draw(_ layer: Layer, in ctx: DrawingContext) { drawLayer(layer, in: ctx) }
    public func drawLayer(_ layer: Layer, in ctx: DrawingContext) {}
    public func display(_ layer: Layer) {}
    public func layoutSublayers(of layer: Layer) {}
}
