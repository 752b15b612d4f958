import Foundation
import LaminaImage
import LaminaGraph
import LaminaGeometry

/// Plays a layer's `DrawingCommand`s back as what they paint, in the pixels of the layer's backing store: path
/// fills (a fill, or a stroke's outlines), images and clears, each with the clips that hold when it is made.
/// The planner turns these into draw operations of a pass the size of the store (`DrawingOps.swift`), which
/// both renderers then draw like any pass: the GPU computes the paths' coverage itself.
///
/// **Rules.** The current path is kept in device space (pixels of the store), each point going through the
/// CTM when it is added, as CoreGraphics does; a stroke is made in user space (the path mapped back through
/// the CTM's inverse, so line widths, dashes and caps follow a non-uniform CTM) and its outlines mapped
/// forward. Curves are flattened to 1/20 pixel of chord error. Colours take the global alpha. A clip is
/// kept as the state's `DrawingClipState`: a rect (`clipToRect`, or a path that is exactly an upright rect
/// or rounded rect) as an analytic `Clip`, any other path as a link in a chain of path clips.
///
/// **Bounds.** Every flattened segment is counted against `maxSegments`; crossing it stops playback with
/// `DrawingLimitError.segments`. The planner charges what the paints cover. Input sizes reach no
/// conversion unchecked.
struct DrawingPlayer {
    /// The graphics state `saveGState` pushes and `restoreGState` pops.
    struct State {
        var fill = Color.black
        var stroke = Color.black
        var lineWidth = 1.0
        var cap = ShapeLayer.LineCap.butt
        var join = ShapeLayer.LineJoin.miter
        var miterLimit = 10.0
        var dashPhase = 0.0
        var dashes: [Double] = []
        var alpha = 1.0
        var ctm = CGAffineTransform.identity
        var clip = DrawingClipState()
    }

    /// Chord error of flattened curves, in store pixels: the planner's (`PathAccuracy`).
    static let tolerance = PathAccuracy.pixels
    /// The deepest `saveGState` nesting kept; deeper saves are ignored (their restores then pop nothing).
    static let maxStateDepth = 1024
    /// Analytic (rect) clips kept on each paint; further rect clips become path clips.
    static let maxShapeClips = 8
    /// The deepest chain of nested path clips a drawing may make (each link is a pass per run of paints).
    static let maxPathClipDepth = 64

    let width: Int
    let height: Int
    let maxSegments: Int
    var state = State()
    var saved: [State] = []
    var path = Path()
    var segments = 0
    /// What the commands paint, in order.
    var events: [DrawingEvent] = []
    /// The path clips made so far; `DrawingClipState.path` and `DrawingClip.parent` index it.
    var clips: [DrawingClip] = []

    /// A player for a store of `width` x `height` pixels whose user space is `bounds` at `scale` pixels a point.
    init(width: Int, height: Int, bounds: CGRect, scale: Double, maxSegments: Int) {
        self.width = width
        self.height = height
        self.maxSegments = maxSegments
        state.ctm = CGAffineTransform(translationX: -bounds.minX, y: -bounds.minY)
            .concatenating(CGAffineTransform(scaleX: CGFloat(scale), y: CGFloat(scale)))
    }

    /// Plays `commands` in order; throws when the segment bound is crossed.
    mutating func play(_ commands: [DrawingCommand]) throws {
        for command in commands { try apply(command) }
    }

    private mutating func apply(_ command: DrawingCommand) throws {
        switch command {
        case .setFillColor(let c): state.fill = c
        case .setStrokeColor(let c): state.stroke = c
        case .setLineWidth(let w): state.lineWidth = w
        case .setLineCap(let c): state.cap = c
        case .setLineJoin(let j): state.join = j
        case .setMiterLimit(let m): state.miterLimit = m
        case .setLineDash(let phase, let lengths): state.dashPhase = phase; state.dashes = lengths
        case .setAlpha(let a): state.alpha = a.isFinite ? max(0, min(1, a)) : 1
        case .saveGState: if saved.count < Self.maxStateDepth { saved.append(state) }
        case .restoreGState: if let top = saved.popLast() { state = top }
        case .translate(let x, let y): concat(CGAffineTransform(translationX: CGFloat(x), y: CGFloat(y)))
        case .scale(let x, let y): concat(CGAffineTransform(scaleX: CGFloat(x), y: CGFloat(y)))
        case .rotate(let angle): concat(CGAffineTransform(rotationAngle: CGFloat(angle)))
        case .concatenate(let m): concat(m)
        default: try applyPathOrPaint(command)
        }
    }

    private mutating func concat(_ m: CGAffineTransform) { state.ctm = m.concatenating(state.ctm) }

    private mutating func applyPathOrPaint(_ command: DrawingCommand) throws {
        switch command {
        case .beginPath: path = Path()
        case .move(let p): path.move(to: p.applying(state.ctm))
        case .addLine(let p):
            if path.currentPoint == nil { path.move(to: p.applying(state.ctm)) } else { path.line(to: p.applying(state.ctm)) }
        case .addCurve(let end, let c1, let c2):
            startIfNeeded(at: c1)
            path.curve(to: end.applying(state.ctm), control1: c1.applying(state.ctm), control2: c2.applying(state.ctm))
        case .addQuadCurve(let end, let c):
            startIfNeeded(at: c)
            path.quadCurve(to: end.applying(state.ctm), control: c.applying(state.ctm))
        case .addArc(let center, let radius, let start, let end, let clockwise):
            var arc = Path()
            // `clockwise` is CoreGraphics' (y-up) sense: in this y-down space it sweeps with decreasing angle.
            arc.addArc(center: center, radius: radius, startAngle: start, endAngle: end, clockwise: !clockwise)
            arc = arc.transformed(by: state.ctm)
            if path.currentPoint != nil, path.elements.last != .close, case .move(let p)? = arc.elements.first {
                arc.elements[0] = .line(p)
            }
            path.append(arc)
        case .closePath: if !path.isEmpty { path.closeSubpath() }
        case .addRect(let r): path.append(Path(rect: r).transformed(by: state.ctm))
        case .addEllipse(let r): path.append(Path(ellipseIn: r).transformed(by: state.ctm))
        case .addRoundedRect(let r, let radius): path.append(Self.roundedRect(r, radius).transformed(by: state.ctm))
        case .addPath(let p): path.append(p.transformed(by: state.ctm))
        default: try paint(command)
        }
    }

    /// CoreGraphics starts a subpath at a curve's first control point when there is no current point.
    private mutating func startIfNeeded(at p: CGPoint) {
        if path.currentPoint == nil { path.move(to: p.applying(state.ctm)) }
    }

    static func roundedRect(_ r: CGRect, _ radius: Double) -> Path {
        Path(roundedRect: RoundedRect(rect: r.standardized, radius: radius, corners: .all, curve: .circular))
    }

    private mutating func paint(_ command: DrawingCommand) throws {
        switch command {
        case .fillPath(let rule): try fill(path, rule: rule); path = Path()
        case .strokePath: try stroke(path); path = Path()
        case .drawPath(let mode):
            switch mode {
            case .fill, .fillStroke: try fill(path, rule: .nonZero)
            case .eoFill, .eoFillStroke: try fill(path, rule: .evenOdd)
            case .stroke: break
            }
            if mode == .stroke || mode == .fillStroke || mode == .eoFillStroke { try stroke(path) }
            path = Path()
        case .clip(let rule): try clip(to: path, rule: rule); path = Path()
        case .fillRect(let r): try fill(Path(rect: r).transformed(by: state.ctm), rule: .nonZero)
        case .strokeRect(let r): try stroke(Path(rect: r).transformed(by: state.ctm))
        case .fillEllipse(let r): try fill(Path(ellipseIn: r).transformed(by: state.ctm), rule: .nonZero)
        case .strokeEllipse(let r): try stroke(Path(ellipseIn: r).transformed(by: state.ctm))
        case .clearRect(let r): try clear(Path(rect: r).transformed(by: state.ctm))
        case .clipToRect(let r): try clip(toRect: r)
        case .drawImage(let image, let r): try draw(image.bitmap, in: r)
        case .drawGradient(let gradient): try draw(gradient)
        default: break
        }
    }
}

/// A drawing that crossed a bound on playback: the segment limit, or `DrawingPlayer.maxPathClipDepth`.
enum DrawingLimitError: Error {
    case segments
    case clipDepth
}
