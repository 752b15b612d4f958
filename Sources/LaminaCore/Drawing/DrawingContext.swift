import Foundation
import LaminaImage
import LaminaGraph
import LaminaGeometry

/// The context a layer's `draw` closure or delegate draws into: CGContext's Swift spelling, recording each
/// call as a `DrawingCommand`, so the book's `drawLayer:inContext:` listings port line by line.
///
/// User space is what CALayer hands to `drawLayer:inContext:` on iOS: the layer's bounds in points, origin at
/// the bounds' top-left, y down; the device CTM (scale by contentsScale) is already applied and is not a
/// command. Nothing is drawn here: the planner plays the list back into the layer's backing store
/// (`DrawingPlayer`, then a pass of draw operations). The initial state is CoreGraphics': black fill and stroke, line width 1, butt caps,
/// miter joins with limit 10, no dash, alpha 1, no clip. `CGContext` is a name for this type.
public final class DrawingContext {
    /// The calls made so far, in order.
    public private(set) var commands: [DrawingCommand] = []

    /// Set by `Layer.draw(in:)`'s own implementation: false after the call means a subclass overrides it.
    var reachedDefaultDraw = false
    /// True for the context that asks whether a layer overrides `draw(in:)`; the delegate is not asked then.
    var isProbe = false
    /// A bitmap context's size in pixels (`CGContext(data:width:height:...)`); 0 for a layer's context.
    public internal(set) var width = 0
    public internal(set) var height = 0
    /// The bounds of the layer being drawn (set before its drawing is recorded); nil for other contexts.
    var layerBounds: CGRect?

    public init() {}

    /// Appends `command` as it is; the named methods below are the usual way in.
    public func record(_ command: DrawingCommand) { commands.append(command) }

    // MARK: Graphics state

    public func setFillColor(_ color: Color) { record(.setFillColor(color)) }
    public func setStrokeColor(_ color: Color) { record(.setStrokeColor(color)) }
    public func setLineWidth(_ width: CGFloat) { record(.setLineWidth(Double(width))) }
    public func setLineCap(_ cap: ShapeLayer.LineCap) { record(.setLineCap(cap)) }
    public func setLineJoin(_ join: ShapeLayer.LineJoin) { record(.setLineJoin(join)) }
    public func setMiterLimit(_ limit: CGFloat) { record(.setMiterLimit(Double(limit))) }
    /// Dashes strokes with `lengths` (on, off, ...) starting `phase` into the pattern; empty turns dashing off.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        record(.setLineDash(phase: Double(phase), lengths: lengths.map { Double($0) }))
    }
    /// The global alpha every later paint is multiplied by.
    public func setAlpha(_ alpha: CGFloat) { record(.setAlpha(Double(alpha))) }
    public func saveGState() { record(.saveGState) }
    public func restoreGState() { record(.restoreGState) }

    // MARK: The CTM

    public func translateBy(x: CGFloat, y: CGFloat) { record(.translate(x: Double(x), y: Double(y))) }
    public func scaleBy(x: CGFloat, y: CGFloat) { record(.scale(x: Double(x), y: Double(y))) }
    /// Rotates user space by `angle` radians (from +x toward +y: clockwise on the y-down screen).
    public func rotate(by angle: CGFloat) { record(.rotate(angle: Double(angle))) }
    public func concatenate(_ transform: CGAffineTransform) { record(.concatenate(transform)) }

    // MARK: The current path

    public func beginPath() { record(.beginPath) }
    public func move(to point: CGPoint) { record(.move(to: point)) }
    public func addLine(to point: CGPoint) { record(.addLine(to: point)) }
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        record(.addCurve(to: end, control1: control1, control2: control2))
    }
    public func addQuadCurve(to end: CGPoint, control: CGPoint) { record(.addQuadCurve(to: end, control: control)) }
    /// A circular arc, `clockwise` in CoreGraphics' sense: meant in CoreGraphics' y-up space, so in this
    /// y-down space `clockwise: true` sweeps with decreasing angle and shows counterclockwise on screen, as it
    /// does in a layer's `draw(in:)` on iOS (`UIBezierPath`'s `clockwise` is the opposite, meant on screen).
    /// A line joins the current point to the arc's start.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        record(.addArc(center: center, radius: Double(radius), startAngle: Double(startAngle),
                       endAngle: Double(endAngle), clockwise: clockwise))
    }
    public func closePath() { record(.closePath) }
    public func addRect(_ rect: CGRect) { record(.addRect(rect)) }
    public func addEllipse(in rect: CGRect) { record(.addEllipse(rect)) }
    /// A rounded rect with circular corners of `cornerRadius` (clamped to half the shorter side), as
    /// `CGPath(roundedRect:cornerWidth:cornerHeight:)` with equal radii and `UIBezierPath(roundedRect:)` draw it.
    public func addRoundedRect(_ rect: CGRect, cornerRadius: CGFloat) {
        record(.addRoundedRect(rect, radius: Double(cornerRadius)))
    }
    public func addPath(_ path: Path) { record(.addPath(path)) }

    // MARK: Painting

    public func fillPath(using rule: FillRule = .winding) { record(.fillPath(rule)) }
    public func strokePath() { record(.strokePath) }
    public func drawPath(using mode: PathDrawingMode) { record(.drawPath(mode)) }
    public func fill(_ rect: CGRect) { record(.fillRect(rect)) }
    public func stroke(_ rect: CGRect) { record(.strokeRect(rect)) }
    public func fillEllipse(in rect: CGRect) { record(.fillEllipse(rect)) }
    public func strokeEllipse(in rect: CGRect) { record(.strokeEllipse(rect)) }
    /// Sets the pixels under `rect` (through the CTM and the clip) to transparent.
    public func clear(_ rect: CGRect) { record(.clearRect(rect)) }
    /// Intersects the clip with the current path under `rule`, and empties the path.
    public func clip(using rule: FillRule = .winding) { record(.clip(rule)) }
    public func clip(to rect: CGRect) { record(.clipToRect(rect)) }
    /// Draws `image` stretched over `rect` through the CTM, upright (its first row at the rect's minimum y),
    /// as `UIImage.draw(in:)` draws it on iOS; sampled bilinearly.
    public func draw(_ image: Bitmap, in rect: CGRect) { record(.drawImage(DrawnImage(image), in: rect)) }
}
