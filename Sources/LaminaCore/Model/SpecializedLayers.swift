import Foundation
import LaminaGraph
import LaminaGeometry

/// CAShapeLayer: a path filled and stroked between the contents and the first sublayer.
open class ShapeLayer: Layer {
    /// The shape as a Lamina `Path`; `path` is CAShapeLayer's `CGPath` spelling of the same value.
    public var pathValue: Path? { didSet { changed() } }
    public var fillColor: Color? = .black { didSet { changed() } }
    public var fillRule: FillRule = .nonZero { didSet { changed() } }
    public var strokeColor: Color? { didSet { changed() } }
    public var lineWidth: Double = 1 { didSet { changed() } }
    public var lineCap: LineCap = .butt { didSet { changed() } }
    public var lineJoin: LineJoin = .miter { didSet { changed() } }
    public var miterLimit: Double = 10 { didSet { changed() } }
    /// The dash lengths as Lamina holds them; `lineDashPattern` is CAShapeLayer's `[NSNumber]` spelling.
    public var lineDashPatternValue: [Double]? { didSet { changed() } }
    public var lineDashPhase: Double = 0 { didSet { changed() } }
    public var strokeStart: Double = 0 { didSet { changed() } }
    public var strokeEnd: Double = 1 { didSet { changed() } }
    override public var typeName: String { "shape" }

    public enum LineCap: String, Sendable, Hashable, Codable, CaseIterable { case butt, round, square }
    public enum LineJoin: String, Sendable, Hashable, Codable, CaseIterable { case miter, round, bevel }
}

/// CAGradientLayer: a gradient drawn over the background colour, inside the layer's shape.
open class GradientLayer: Layer {
    /// The gradient's colours as Lamina holds them; `colors` is CAGradientLayer's `[Any]` (of CGColor) spelling.
    public var colorsValue: [Color]? { didSet { changed() } }
    /// The stops' locations as Lamina holds them; `locations` is CAGradientLayer's `[NSNumber]` spelling.
    public var locationsValue: [Double]? { didSet { changed() } }
    public var startPoint = CGPoint(x: 0.5, y: 0) { didSet { changed() } }
    public var endPoint = CGPoint(x: 0.5, y: 1) { didSet { changed() } }
    public var gradientType: GradientType = .axial { didSet { changed() } }
    override public var typeName: String { "gradient" }

    public enum GradientType: String, Sendable, Hashable, Codable, CaseIterable { case axial, radial, conic }
}

/// CAReplicatorLayer: draws its sublayers `instanceCount` times, each instance transformed and tinted.
open class ReplicatorLayer: Layer {
    public var instanceCount: Int = 1 { didSet { changed() } }
    public var instanceTransform: Transform3D = .identity { didSet { changed() } }
    public var instanceColor: Color? = .white { didSet { changed() } }
    // The per-instance colour offsets as Lamina holds them (Double); `instanceRedOffset` and its siblings
    // are CAReplicatorLayer's Float spellings of the same values.
    public var instanceRedOffsetValue: Double = 0 { didSet { changed() } }
    public var instanceGreenOffsetValue: Double = 0 { didSet { changed() } }
    public var instanceBlueOffsetValue: Double = 0 { didSet { changed() } }
    public var instanceAlphaOffsetValue: Double = 0 { didSet { changed() } }
    public var preservesDepth = false { didSet { changed() } }
    /// Seconds instance k's time lags the replicator's: k x `instanceDelay` (`Presentation`).
    public var instanceDelay: Double = 0 { didSet { changed() } }
    override public var typeName: String { "replicator" }
}

/// CATransformLayer: its sublayers share one 3D space; it draws nothing of its own.
open class TransformLayer: Layer {
    override public var typeName: String { "transform" }
}

/// CATextLayer: a string laid out in the layer's bounds, drawn into its backing store at contentsScale.
open class TextLayer: Layer {
    /// A plain string, drawn with `font`, `fontSize` and `foregroundColor`; `string` is CATextLayer's `Any?`
    /// spelling (a String or an NSAttributedString).
    public var stringValue: String? { didSet { changed() } }
    /// An attributed string: runs with their own attributes. When set it is drawn instead of `string`, and, as
    /// with an NSAttributedString, `font`, `fontSize` and `foregroundColor` do not apply to it.
    public var attributedString: [AttributedRun]? { didSet { changed() } }
    /// A family (`"Helvetica"`, `"Helvetica-Bold"`, resolved through Fontconfig) or a font file path;
    /// `font` is CATextLayer's spelling, taking a `UIFont` or a name.
    public var fontValue: String = "Helvetica" { didSet { changed() } }
    public var fontSize: Double = 36 { didSet { changed() } }
    public var foregroundColor: Color? = .white { didSet { changed() } }
    public var alignmentMode: AlignmentMode = .natural { didSet { changed() } }
    public var isWrapped = false { didSet { changed() } }
    public var truncationMode: TruncationMode = .none { didSet { changed() } }
    override public var typeName: String { "text" }
    /// The backing store last drawn for the layer and what it drew (`GraphBuilder.textBackingStore`): held
    /// by the layer, as Core Animation's layer holds its store until its text changes.
    var drawnStore: DrawnTextStore?

    public enum AlignmentMode: String, Sendable, Hashable, Codable, CaseIterable {
        case natural, left, right, center, justified
    }
    public enum TruncationMode: String, Sendable, Hashable, Codable, CaseIterable { case none, start, middle, end }

    /// One run of an attributed string. Missing attributes take Core Text's defaults for an attributed string
    /// (Helvetica 12, black), not the layer's.
    public struct AttributedRun: Equatable, Hashable, Sendable {
        public var text: String
        public var font: String
        public var fontSize: Double
        public var foregroundColor: Color?
        public var underline: Bool

        public init(_ text: String, font: String = "Helvetica", fontSize: Double = 12,
                    foregroundColor: Color? = .black, underline: Bool = false) {
            self.text = text; self.font = font; self.fontSize = fontSize
            self.foregroundColor = foregroundColor; self.underline = underline
        }
    }

    /// True when the layer has text to draw.
    public var hasText: Bool {
        if let runs = attributedString { return runs.contains { !$0.text.isEmpty } }
        return !(stringValue ?? "").isEmpty
    }
}

/// CAScrollLayer: scrolling is setting `bounds.origin`, as `scrollToPoint:` does.
open class ScrollLayer: Layer {
    override public var typeName: String { "scroll" }

    /// The directions `scroll(to:)` moves the bounds in.
    public var scrollMode: CAScrollLayerScrollMode = .both { didSet { changed() } }

    /// `scrollToPoint:`: makes `p` the origin of the layer's bounds, in the directions `scrollMode` allows.
    public func scroll(to p: CGPoint) {
        if scrollMode == .both || scrollMode == .horizontally { bounds.origin.x = p.x }
        if scrollMode == .both || scrollMode == .vertically { bounds.origin.y = p.y }
    }
}
