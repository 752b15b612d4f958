import Foundation

/// How finely curves are flattened for drawing, and what that costs in coverage.
///
/// A curve flattened to chords of sag `t` moves its outline by at most `t` px, and a stroke's two sides
/// move with it; a pixel an outline crosses changes its coverage by at most the outline's length in it
/// times that distance, so by about `t` where the outline runs along a row or column. Measured against the
/// same curves flattened a hundred times more finely (StrokeAccuracyTests), fills and one-point strokes
/// of circles, ellipses, quadratic and cubic curves stay within `t` of the exact coverage at every pixel:
/// 0.0995 at the tolerance below, 25 of 255 steps, where an outline runs along a row.
///
/// Rejected for now: half an 8-bit step needs t = 1/600 px, about 7.7 times the segments. Measured on the
/// 500-curve stroke bench, that made frames 5.5 times slower (planning 4 times, and wide strokes around
/// tight turns add a pivot to the centre at nearly every vertex of the inner side, whose crossings the
/// rasterizer splits bands at). Curves drawn as curves (coverage of the quadratic pieces themselves) are
/// the way to exactness without that cost.
public enum PathAccuracy {
    /// The flattening tolerance in pixels.
    public static let pixels = 0.1

    /// The flattening tolerance in a layer's units when one unit spans at most `scale` pixels in any
    /// direction.
    public static func tolerance(scale: Double) -> Double { pixels / max(1e-6, scale) }
}
