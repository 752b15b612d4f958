import Foundation

/// How finely curves are flattened for drawing, and what that costs in coverage.
///
/// A curve flattened to chords of sag `t` moves its outline by at most `t` px, and a stroke's two sides
/// move with it; a pixel an outline crosses changes its coverage by at most the outline's length in it
/// times that distance, so by about `t` where the outline runs along a row or column. Measured against the
/// same curves flattened a hundred times more finely (StrokeAccuracyTests), fills and one-point strokes
/// of circles, ellipses, quadratic and cubic curves stay within `t` of the exact coverage at every pixel.
/// `pixels` is 1/512 px, so a pixel's coverage is within half an 8-bit step (1/510) of the exact coverage
/// of the curves where the outline runs along a row or a column, the case the bound above describes. Where
/// a long chord (a large radius) crosses a pixel diagonally, up to sqrt 2 times the chord's length lies in
/// it, so the bound there is about 0.7 of a step; the tests (circles of radius 3 to 800, an ellipse, a
/// quadratic, a cubic; fills and one-point strokes, whose two sides err in opposite directions) measure
/// every pixel within half a step. A stroke's sides are offsets of its flattened centre line: on a turn of
/// radius R the outer side's chords sag by up to `t` (R + w/2) / R, so a stroke of width w is within that
/// bound where it turns on radii far above w (every one-point stroke short of a cusp) and within
/// (1 + w / 2R) times it elsewhere. A curve needing more than 4 096 steps (`Path.maxSegmentsPerCurve`, one
/// spanning thousands of pixels) is flattened to fewer, and more coarsely.
///
/// **Tight turns of wide strokes.** Where a stroked curve turns on a radius under a quarter of its
/// stroke's width (half the half-width), the stroke's inner side goes through the centre line at every
/// vertex (Stroker's pivot: its offset segments are too short to meet), so its cost grows with the square
/// of the vertices there. Those stretches of a stroke's curves are flattened to `tightTurnPixels` instead
/// (`TightTurns`): within 0.1 px, as every curve was before the finer bound. A stretch is one of the
/// parameter steps the coarser tolerance needs for the whole curve, so on a short curve it can be most of
/// it. A one-point stroke has no such stretch short of a cusp (a radius under a quarter pixel).
public enum PathAccuracy {
    /// The flattening tolerance in pixels: coverage within half an 8-bit step of the exact curves.
    public static let pixels = 1.0 / 512

    /// The flattening tolerance in pixels of a stroke's curves where they turn on a radius under a quarter
    /// of the stroke's width.
    public static let tightTurnPixels = 0.1

    /// The flattening tolerance in a layer's units when one unit spans at most `scale` pixels in any
    /// direction.
    public static func tolerance(scale: Double) -> Double { pixels / max(1e-6, scale) }

    /// Where a stroke of `width` flattened to `tolerance` (local units, from `tolerance(scale:)`) may
    /// flatten its curves more coarsely.
    public static func tightTurns(strokeWidth width: Double, tolerance: Double) -> TightTurns {
        TightTurns(radius: width / 4, tolerance: tolerance * (tightTurnPixels / pixels))
    }
}

/// The stretches of curves that turn on a radius of curvature under `radius` (local units), to be
/// flattened to `tolerance` rather than the finer tolerance elsewhere.
public struct TightTurns: Sendable, Hashable {
    public var radius: Double
    public var tolerance: Double

    public init(radius: Double, tolerance: Double) {
        self.radius = radius; self.tolerance = tolerance
    }
}
