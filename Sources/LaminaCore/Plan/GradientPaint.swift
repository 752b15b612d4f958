import Foundation

/// A gradient paint (CAGradientLayer's): colours at locations along an axis, a radius or an angle, in the
/// local space of the operation that carries it (`DrawKind.gradient`).
///
/// Both renderers evaluate it per pixel with the same arithmetic, `GradientPaint.color(at:)` on the CPU and
/// `gradientColor` in `primitive.frag` on the GPU (single precision there, so a byte may differ by one):
/// - the parameter t: axial, the projection of the point on start -> end; radial, the point's distance
///   from `start` in units of the ellipse's radii; conic, the angle about `start` from the start -> end
///   direction, turning from +x toward +y, over a full turn (a point within `seam` of a full turn counts as
///   0, so the two backends agree on the seam);
/// - t clamped to [0, 1] (the end colours extend flat), then the stop pair around it, and between them
///   c0 + (c1 - c0) * f on straight (non-premultiplied) colours, as Core Animation interpolates in output
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
    /// Multiplies the premultiplied result (layer opacity folded into the draw).
    public var opacity: Double

    /// A conic parameter within this of 1 counts as 0 (see the type's comment).
    public static let seam = 1e-5

    public init(kind: Kind, start: CGPoint, end: CGPoint, stops: [Stop], opacity: Double = 1) {
        self.kind = kind; self.start = start; self.end = end; self.stops = stops; self.opacity = opacity
    }

    /// The parameter t at local point (x, y), before clamping; nil where the gradient is undefined (a
    /// degenerate axis or ellipse).
    public func parameter(x: Double, y: Double) -> Double? {
        let sx = Double(start.x), sy = Double(start.y)
        let dx = Double(end.x) - sx, dy = Double(end.y) - sy
        switch kind {
        case .axial:
            let len2 = dx * dx + dy * dy
            guard len2 > 0 else { return nil }
            return ((x - sx) * dx + (y - sy) * dy) / len2
        case .radial:
            let rx = abs(dx), ry = abs(dy)
            guard rx > 0, ry > 0 else { return nil }
            let u = (x - sx) / rx, v = (y - sy) / ry
            return (u * u + v * v).squareRoot()
        case .conic:
            guard dx != 0 || dy != 0 else { return nil }
            var turns = (atan2(y - sy, x - sx) - atan2(dy, dx)) / (2 * Double.pi)
            turns -= turns.rounded(.down)
            return turns > 1 - GradientPaint.seam ? 0 : turns
        }
    }

    /// The premultiplied colour at parameter `t` (clamped to [0, 1]), times `opacity`.
    public func color(at t: Double) -> SIMD4<Double> {
        let t = min(1, max(0, t))
        var c = straight(stops[0].color)
        if t > stops[0].location {
            c = straight(stops[stops.count - 1].color)
            for i in 1..<stops.count where t <= stops[i].location {
                let l0 = stops[i - 1].location, l1 = stops[i].location
                let c0 = straight(stops[i - 1].color), c1 = straight(stops[i].color)
                let f = l1 > l0 ? (t - l0) / (l1 - l0) : 1
                c = c0 + (c1 - c0) * f
                break
            }
        }
        return SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w) * opacity
    }

    private func straight(_ c: Color) -> SIMD4<Double> { SIMD4(c.red, c.green, c.blue, c.alpha) }
}
