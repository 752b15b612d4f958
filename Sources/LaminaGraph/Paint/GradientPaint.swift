import Foundation

/// A gradient paint (CAGradientLayer's): colours at locations along an axis, a radius or an angle, in the
/// local space of the operation that carries it (`DrawOp.Paint.gradient`).
///
/// Both renderers evaluate it per pixel with the same arithmetic, `GradientPaint.color(at:)` on the CPU and
/// `gradientColor` in `primitive.frag` on the GPU (single precision there, so a byte may differ by one):
/// - the parameter t: axial, the projection of the point on start -> end; radial, the point's distance
///   from `start` in units of the ellipse's radii; conic, the angle about `start` from the start -> end
///   direction, turning from +x toward +y, over a full turn (near the start ray the side comes from an
///   integer line, `ExactEdges.conicSeam`, else a point within `seam` of a full turn counts as 0; the centre
///   itself, within `centreRadius`, is 0: so the two backends agree on both);
/// - t clamped to [0, 1] (the end colours extend flat), then the stop pair around it, and between them
///   c0 + (c1 - c0) * f, f = (t - l0) * (1 / (l1 - l0)) with the reciprocal computed once per paint, on
///   straight (non-premultiplied) colours, as Core Animation interpolates in output
///   space: clear to white passes through grey. The result is premultiplied and multiplied by `opacity`.
/// No dithering: a parity renderer must be deterministic, so Core Animation's dither is not reproduced.
public struct GradientPaint: Codable, Sendable, Hashable {
    public enum Kind: Int, Codable, Sendable, Hashable { case axial = 0, radial = 1, conic = 2 }

    public struct Stop: Codable, Sendable, Hashable {
        public var location: Double
        /// Straight (non-premultiplied) RGBA.
        public var color: Color
        public init(location: Double, color: Color) { self.location = location; self.color = color }
    }

    public var kind: Kind
    /// Points in the operation's local space: the axis's start and end, the ellipse's centre and a corner of
    /// its bounding box (radii |end - start| per axis), the cone's centre and the direction of angle 0.
    public var start: CGPoint
    public var end: CGPoint
    /// At least two, in increasing location order.
    public var stops: [Stop]
    /// Multiplies the premultiplied result (layer opacity folded into the draw); held at float precision.
    public var opacity: Double { didSet { opacity = opacity.heldAsFloat } }

    /// A conic parameter within this of 1 counts as 0 (see the type's comment).
    public static let seam = 1e-5
    /// How near (in turns) a conic gradient's seam a point has its side decided by the seam's integer line
    /// (`Evaluator.parameter(x:y:after:)`): far above either renderer's rounding of the angle.
    public static let seamZone = 1e-3
    /// A conic gradient's centre has no angle: a point within this distance of it (local units) takes t = 0
    /// on both renderers. Far above the float error of the GPU's local point, so the renderers agree on
    /// which points that is up to points whose angles both compute alike (a 1% angle error at 1e-3, a
    /// thousandth of a turn).
    public static let centreRadius = 1e-3

    /// Whether the offset (dx, dy) from a conic gradient's centre is within `centreRadius`.
    @inlinable @inline(__always)
    static func atCentre(_ dx: Double, _ dy: Double) -> Bool { dx * dx + dy * dy < centreRadius * centreRadius }

    public init(kind: Kind, start: CGPoint, end: CGPoint, stops: [Stop], opacity: Double = 1) {
        self.kind = kind; self.start = start; self.end = end; self.stops = stops; self.opacity = opacity.heldAsFloat
    }

    /// The parameter t at local point (x, y), before clamping; nil where the gradient is undefined (a
    /// degenerate axis or ellipse).
    public func parameter(x: Double, y: Double) -> Double? { Evaluator(self).parameter(x: x, y: y) }

    /// The premultiplied colour at parameter `t` (clamped to [0, 1]), times `opacity`.
    public func color(at t: Double) -> SIMD4<Double> { Evaluator(self).color(at: t) }

    /// Per stop, 1 / (its location - the previous one), 0 for the first and where they are equal.
    public static func inverseSpans(_ locations: [Double]) -> [Double] {
        locations.indices.map { i in i > 0 && locations[i] > locations[i - 1] ? 1 / (locations[i] - locations[i - 1]) : 0 }
    }

    /// The paint with everything per-paint computed once (the axis, the stops as vectors), for evaluating
    /// it at many pixels: the CPU renderer's per-pixel path.
    public struct Evaluator: Sendable {
        @usableFromInline let kind: Kind
        @usableFromInline let sx: Double, sy: Double, dx: Double, dy: Double
        @usableFromInline let len2: Double, axisAngle: Double
        /// 1 / len2, and per stop i > 0 1 / (location[i] - location[i - 1]) (0 where they are equal): the
        /// renderers multiply where a division per pixel would cost more than the rest of the evaluation.
        @usableFromInline let inverseLength2: Double
        @usableFromInline let inverseSpans: [Double]
        @usableFromInline let locations: [Double]
        @usableFromInline let colors: [SIMD4<Double>]
        @usableFromInline let opacity: Double

        public init(_ paint: GradientPaint) {
            kind = paint.kind
            sx = Double(paint.start.x); sy = Double(paint.start.y)
            dx = Double(paint.end.x) - sx; dy = Double(paint.end.y) - sy
            len2 = dx * dx + dy * dy
            inverseLength2 = len2 > 0 ? 1 / len2 : 0
            axisAngle = atan2(dy, dx)
            locations = paint.stops.map(\.location)
            inverseSpans = GradientPaint.inverseSpans(locations)
            colors = paint.stops.map { SIMD4($0.color.red, $0.color.green, $0.color.blue, $0.color.alpha) }
            opacity = paint.opacity
        }

        /// Whether the paint is axial with an axis of non-zero length: its parameter is `axialParameter`.
        @inlinable
        public var isDefinedAxial: Bool { kind == .axial && len2 > 0 }

        /// An axial parameter's term of the local y, (y - start.y) * (end.y - start.y): the same for a whole
        /// row where the local y is.
        @inlinable @inline(__always)
        public func axialTerm(y: Double) -> Double { (y - sy) * dy }

        /// `parameter(x:y:)` of a defined axial paint from `axialTerm(y:)`: the same operations in the same
        /// order, so the same double.
        @inlinable @inline(__always)
        public func axialParameter(x: Double, yTerm: Double) -> Double { ((x - sx) * dx + yTerm) * inverseLength2 }

        /// `GradientPaint.parameter`.
        @inlinable @inline(__always)
        public func parameter(x: Double, y: Double) -> Double? {
            switch kind {
            case .axial:
                guard len2 > 0 else { return nil }
                return ((x - sx) * dx + (y - sy) * dy) * inverseLength2
            case .radial:
                let rx = abs(dx), ry = abs(dy)
                guard rx > 0, ry > 0 else { return nil }
                let u = (x - sx) / rx, v = (y - sy) / ry
                return (u * u + v * v).squareRoot()
            case .conic:
                guard dx != 0 || dy != 0 else { return nil }
                if GradientPaint.atCentre(x - sx, y - sy) { return 0 }
                var turns = (atan2(y - sy, x - sx) - axisAngle) / (2 * Double.pi)
                turns -= turns.rounded(.down)
                return turns > 1 - GradientPaint.seam ? 0 : turns
            }
        }

        /// `parameter`, with a conic gradient's side of its seam decided by `after` (the pixel lies on or
        /// after the start ray, `ExactEdges.conicSeam`) within `seamZone` of it: just after, t is the small
        /// angle (0 where rounding put it near a full turn); just before, a full turn (1 where rounding put it
        /// near 0). Both renderers take the side from the same integers, so no pixel straddles the seam.
        @inlinable @inline(__always)
        public func parameter(x: Double, y: Double, after: Bool?) -> Double? {
            guard kind == .conic, let after else { return parameter(x: x, y: y) }
            guard dx != 0 || dy != 0 else { return nil }
            if GradientPaint.atCentre(x - sx, y - sy) { return 0 }
            var turns = (atan2(y - sy, x - sx) - axisAngle) / (2 * Double.pi)
            turns -= turns.rounded(.down)
            guard turns < GradientPaint.seamZone || turns > 1 - GradientPaint.seamZone else { return turns }
            return after ? (turns < 0.5 ? turns : 0) : (turns > 0.5 ? turns : 1)
        }

        /// `color(x:y:)` through `parameter(x:y:after:)`.
        @inlinable @inline(__always)
        public func color(x: Double, y: Double, after: Bool?) -> SIMD4<Double> {
            guard let t = parameter(x: x, y: y, after: after) else { return .zero }
            return color(at: t)
        }

        /// `GradientPaint.color(at:)`.
        @inlinable @inline(__always)
        public func color(at t: Double) -> SIMD4<Double> {
            var segment = 0
            return color(at: t, segment: &segment)
        }

        /// `color(at:)`, and which piece of the ramp `t` falls in: 0 at or before the first stop, i where
        /// it lies in (location[i - 1], location[i]], the stop count past the last stop. Over one piece each
        /// component is a monotone function of `t` (every operation on the way is), and so is the
        /// premultiplied colour where the piece's alpha is constant (`alphaIsConstant(segment:)`).
        @inlinable @inline(__always)
        public func color(at t: Double, segment: inout Int) -> SIMD4<Double> {
            let t = min(1, max(0, t))
            var c = colors[0]
            segment = 0
            if t > locations[0] {
                c = colors[colors.count - 1]
                segment = locations.count
                for i in 1..<locations.count where t <= locations[i] {
                    let l0 = locations[i - 1], l1 = locations[i]
                    // min: a span too small for its reciprocal to be finite gives infinity here.
                    let f = l1 > l0 ? min(1, (t - l0) * inverseSpans[i]) : 1
                    c = colors[i - 1] + (colors[i] - colors[i - 1]) * f
                    segment = i
                    break
                }
            }
            return SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w) * opacity
        }

        /// Whether the alpha of `color(at:segment:)` is one value over the piece `segment`: the pieces before
        /// the first stop and after the last are one colour, a piece between two stops of equal alpha
        /// interpolates alpha from a to a + 0 * f.
        @inlinable
        public func alphaIsConstant(segment: Int) -> Bool {
            segment <= 0 || segment >= colors.count || colors[segment - 1].w == colors[segment].w
        }

        /// The premultiplied colour at local point (x, y); transparent where the gradient is undefined.
        @inlinable @inline(__always)
        public func color(x: Double, y: Double) -> SIMD4<Double> {
            guard let t = parameter(x: x, y: y) else { return .zero }
            return color(at: t)
        }
    }
}
