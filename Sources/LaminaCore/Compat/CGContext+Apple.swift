import Foundation
import LaminaImage
import LaminaGraph
import LaminaGeometry

// CGContext's remaining Swift names on Lamina's recording context, and UIKit's current-context stack.

extension DrawingContext {
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setFillColor(Color(red: red, green: green, blue: blue, alpha: alpha))
    }
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setStrokeColor(Color(red: red, green: green, blue: blue, alpha: alpha))
    }
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { setFillColor(Color(gray: gray, alpha: alpha)) }
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { setStrokeColor(Color(gray: gray, alpha: alpha)) }

    /// Adds `path` (a CGPath or CGMutablePath) to the current path, through the CTM.
    public func addPath(_ path: CGPath) { addPath(path.path) }
    public func addRects(_ rects: [CGRect]) { for r in rects { addRect(r) } }
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }
    /// The arc tangent to the lines current point - `tangent1End` - `tangent2End` (CGContextAddArcToPoint).
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        let tracker = currentUserPoint ?? tangent1End
        guard let arc = CGMutablePath.tangentArc(tracker, tangent1End, tangent2End, Double(radius)) else {
            addLine(to: tangent1End)
            return
        }
        addPath(arc)
    }

    public func fill(_ rects: [CGRect]) { for r in rects { fill(r) } }
    /// Strokes `rect` with `width` (the line width is set for this stroke only).
    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState()
        setLineWidth(width)
        stroke(rect)
        restoreGState()
    }
    /// Strokes each pair of points as a separate line.
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var i = 0
        while i + 1 < points.count {
            move(to: points[i])
            addLine(to: points[i + 1])
            i += 2
        }
        strokePath()
    }
    /// Intersects the clip with the union of `rects`.
    public func clip(to rects: [CGRect]) {
        beginPath()
        addRects(rects)
        clip()
    }

    /// Draws `image` (a CGImage) stretched over `rect`.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool) { draw(image, in: rect) }

    /// Shadows under later paints. Lamina's drawing does not draw shadows yet: accepted and not drawn.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {}
    public func setShadow(offset: CGSize, blur: CGFloat) {}

    /// Accepted and not changed: Lamina always antialiases drawing and blends it source-over.
    public func setShouldAntialias(_ flag: Bool) {}
    public func setAllowsAntialiasing(_ flag: Bool) {}
    public func setBlendMode(_ mode: CGBlendMode) {}
    public func flush() {}

    /// The last point given to `move(to:)`, `addLine(to:)` or a curve since the path began, in user space;
    /// nil when the path is empty (only points given in the current CTM are tracked exactly).
    var currentUserPoint: CGPoint? {
        for command in commands.reversed() {
            switch command {
            case .move(let p), .addLine(let p), .addCurve(let p, _, _), .addQuadCurve(let p, _): return p
            case .beginPath, .fillPath, .strokePath, .drawPath, .clip: return nil
            default: continue
            }
        }
        return nil
    }
}

/// CoreGraphics' blend modes; Lamina's drawing blends source-over (`.normal`) whatever is set.
public enum CGBlendMode: Int32, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity, clear, copy, sourceIn, sourceOut
    case sourceAtop, destinationOver, destinationIn, destinationOut, destinationAtop, xor
    case plusDarker, plusLighter
}

nonisolated(unsafe) private var contextStack: [DrawingContext] = []
private let contextLock = NSLock()

/// UIKit's current context: the innermost one pushed by `UIGraphicsPushContext`, else nil. (A layer's
/// `draw(in:)` does not push its context, as on iOS; push it to use `UIBezierPath.fill()` and `UIColor.setFill()`.)
public func UIGraphicsGetCurrentContext() -> CGContext? {
    contextLock.lock()
    defer { contextLock.unlock() }
    return contextStack.last
}

public func UIGraphicsPushContext(_ ctx: CGContext) {
    contextLock.lock()
    defer { contextLock.unlock() }
    contextStack.append(ctx)
}

public func UIGraphicsPopContext() {
    contextLock.lock()
    defer { contextLock.unlock() }
    _ = contextStack.popLast()
}
