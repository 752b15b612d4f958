import Foundation
import LaminaGraph
import LaminaGeometry

/// A gradient a drawing paints (`CGContext.drawLinearGradient` / `drawRadialGradient`), in user space: it fills
/// the current clip, through the CTM, and leaves the current path alone, as CoreGraphics does.
///
/// **Rules.**
/// - Colours are straight RGBA, interpolated in straight form between stops (as `GradientPaint` does); a
///   parameter before the first stop takes its colour, after the last the last's.
/// - Linear: t is the projection on `start` -> `end`. Radial: t runs from the circle (`start`, `startRadius`)
///   to (`end`, `endRadius`); Lamina's gradients are concentric, so a radial gradient whose centres differ is
///   drawn about `end` (a scene warning says so).
/// - Without `drawsBeforeStart` nothing is painted where t < 0, without `drawsAfterEnd` nothing where t > 1
///   (CGGradientDrawingOptions); a degenerate gradient (equal linear ends, both radii 0) paints nothing.
public struct DrawnGradient: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable { case linear, radial }

    public var kind: Kind
    /// At least one, in non-decreasing location order (`init` sorts them).
    public var stops: [GradientPaint.Stop]
    public var start: CGPoint
    public var end: CGPoint
    /// A radial gradient's radii (0 for a linear one).
    public var startRadius: Double
    public var endRadius: Double
    public var drawsBeforeStart: Bool
    public var drawsAfterEnd: Bool

    public init(kind: Kind, stops: [GradientPaint.Stop], start: CGPoint, end: CGPoint, startRadius: Double = 0,
                endRadius: Double = 0, drawsBeforeStart: Bool = false, drawsAfterEnd: Bool = false) {
        self.kind = kind
        self.stops = stops.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
        self.start = start; self.end = end
        self.startRadius = startRadius; self.endRadius = endRadius
        self.drawsBeforeStart = drawsBeforeStart; self.drawsAfterEnd = drawsAfterEnd
    }

    /// Whether a radial gradient's centres differ (it is then drawn about `end`).
    public var hasDistinctCentres: Bool { kind == .radial && start != end }

    /// `colors` at `locations`, or evenly spaced from 0 to 1 when `locations` is nil or of another count
    /// (CGGradient's rule for a nil locations array).
    public static func stops(_ colors: [Color], _ locations: [Double]?) -> [GradientPaint.Stop] {
        let spaced = colors.indices.map { colors.count > 1 ? Double($0) / Double(colors.count - 1) : 0 }
        let at = locations.flatMap { $0.count == colors.count ? $0 : nil } ?? spaced
        return zip(colors, at).map { GradientPaint.Stop(location: $1, color: $0) }
    }
}
