import Foundation
import LaminaGeometry

/// The hard (not antialiased) edges of a rect drawn through a transform that is not axis-aligned, as
/// integer edge functions of the pixel, so that both renderers decide inside or outside exactly alike.
///
/// Why: a layer drawn without edge antialiasing (Core Animation's default) keeps or drops each pixel by
/// whether its centre maps inside the rect. Computed from the local point, the CPU's double and the GPU's
/// float disagree for a centre within float error of a rotated edge (about one pixel in a few thousand
/// edge pixels), and the pixel then differs by up to 255. An integer function of the pixel has no such
/// boundary: both renderers evaluate the same integers exactly.
///
/// The edge x = e of the local rect, through the inverse homography G (`[u v w] = [px py 1] G`, w > 0 in
/// front of the eye), is the pixel-space line L = u - e w, positive where the local x exceeds e; at pixel
/// (i, j), centre (i + 0.5, j + 0.5), L = A i + B j + C0. A and B are scaled by a power of two to at most
/// 2^20 and rounded, C0 rounded at the same scale and clamped to 2^37 (beyond which |A i + B j| < 2^36 for
/// i, j < 2^15 cannot change its sign). Rounding moves the line by at most 2^-20 of its slope per pixel
/// of distance: 0.02 px at the far side of a 16384-pixel pass, against a float error of about 10^-4 px
/// per pixel the local-point test already had. A slice of the same rect sharing an edge computes the
/// same integers, so the half-open tests stay complementary.
///
/// The GPU evaluates L in 32-bit integers by halves (`primitive.frag`'s `exactInside`): a = aH 2^14 +
/// aL and so on, X = aH i + bH j + cH, Y = aL i + bL j + cL, X += Y >> 14; L >= 0 exactly when X >= 0.
public struct ExactEdges: Sendable, Equatable {
    /// Per edge, in the order minX, maxX, minY, maxY: L = a i + b j + c.
    public struct Edge: Sendable, Equatable {
        public var a: Int64, b: Int64, c: Int64
    }

    public var edges: [Edge]

    /// The largest |a| and |b|, and |c|.
    static let coefficientLimit: Int64 = 1 << 20
    static let constantLimit: Int64 = 1 << 37

    /// Whether a rect under `t` needs exact edges: some edge is hard and the map is neither a scale with a
    /// translation (whose hard tests are exact already, the local point being a product by one factor) nor
    /// degenerate.
    public static func applies(to t: Transform3D, edgeAA: EdgeMask) -> Bool {
        guard edgeAA != .all else { return false }
        return t.m12 != 0 || t.m21 != 0 || t.m14 != 0 || t.m24 != 0
    }

    init(edges: [Edge]) { self.edges = edges }

    /// The edges of `rect` through `t`; nil when the map is singular or not finite.
    public init?(transform t: Transform3D, rect: CGRect) {
        guard let g = PlaneInverse(t) else { return nil }
        let (g00, g01, g02, g10, g11, g12, g20, g21, g22) = (g.g00, g.g01, g.g02, g.g10, g.g11, g.g12, g.g20, g.g21, g.g22)
        var out: [Edge] = []
        for (value, column) in [(Double(rect.minX), 0), (Double(rect.maxX), 0), (Double(rect.minY), 1),
                                (Double(rect.maxY), 1)] {
            let (u0, u1, u2) = column == 0 ? (g00, g10, g20) : (g01, g11, g21)
            guard let edge = ExactEdges.edge(A: u0 - value * g02, B: u1 - value * g12, C: u2 - value * g22) else {
                return nil
            }
            out.append(edge)
        }
        edges = out
    }

    /// L = A px + B py + C quantized at pixel indices (px = i + 0.5).
    static func edge(A: Double, B: Double, C: Double) -> Edge? {
        let m = max(abs(A), abs(B))
        guard m > 0, m.isFinite, C.isFinite else { return nil }
        // A scale 2^k with m 2^k in [2^19, 2^20): the coefficients keep 20 significant bits.
        let scale = pow(2.0, Double(19 - m.exponent))
        let limit = Double(constantLimit)
        let c0 = min(max((C + 0.5 * A + 0.5 * B) * scale, -limit), limit)
        guard scale.isFinite, c0.isFinite else { return nil }
        return Edge(a: Int64((A * scale).rounded()), b: Int64((B * scale).rounded()), c: Int64(c0.rounded()))
    }

    /// Whether pixel (i, j) is inside edge `k` (0 minX, 1 maxX, 2 minY, 3 maxY): L >= 0 for a minimum,
    /// L < 0 for a maximum (half-open, as the local tests are).
    @inline(__always)
    public func inside(_ k: Int, i: Int, j: Int) -> Bool {
        let e = edges[k]
        let l = e.a * Int64(i) + e.b * Int64(j) + e.c
        return k & 1 == 0 ? l >= 0 : l < 0
    }

    /// The GPU's texels: per edge (a, b, c >> 14, c & 0x3FFF), each an integer a float holds exactly.
    public var texels: [Float] { edges.flatMap(\.texel) }

    /// A conic gradient's seam as an edge function: L >= 0 on the start ray and after it (turning from the
    /// start direction toward +y), through `t` (see `GradientPaint.Evaluator.parameter(x:y:after:)`). The
    /// cross product d x (q - s) of the start direction d and the local point's offset from the centre s is
    /// N / w for a numerator N linear in the pixel, w > 0 in front of the eye. Nil when the paint is not
    /// conic or the map or direction is degenerate.
    public static func conicSeam(transform t: Transform3D, paint: GradientPaint) -> ExactEdges? {
        guard paint.kind == .conic else { return nil }
        let sx = Double(paint.start.x), sy = Double(paint.start.y)
        let dx = Double(paint.end.x) - sx, dy = Double(paint.end.y) - sy
        guard dx != 0 || dy != 0, let g = PlaneInverse(t) else { return nil }
        let k = dy * sx - dx * sy
        let a = -dy * g.g00 + dx * g.g01 + k * g.g02
        let b = -dy * g.g10 + dx * g.g11 + k * g.g12
        let c = -dy * g.g20 + dx * g.g21 + k * g.g22
        return edge(A: a, B: b, C: c).map { ExactEdges(edges: [$0]) }
    }
}

extension ExactEdges.Edge {
    /// (a, b, c >> 14, c & 0x3FFF), each an integer a float holds exactly.
    var texel: [Float] { [Float(a), Float(b), Float(c >> 14), Float(c & 0x3FFF)] }
}

extension DrawOp {
    /// The exact hard edges of this op's shape when it is a plain rect (whatever its paint) and its map is
    /// a rotation or projection and some edge is hard; nil otherwise. Both renderers ask this, so they
    /// decide the same pixels by the same integers.
    public var exactEdges: ExactEdges? {
        guard case .roundedRect(let s) = shape, s.isRect, ExactEdges.applies(to: transform, edgeAA: edgeAA) else { return nil }
        return ExactEdges(transform: transform, rect: s.rect)
    }
}

extension DrawOp {
    /// A conic gradient op's seam (`ExactEdges.conicSeam`); nil for any other op.
    public var conicSeam: ExactEdges? {
        guard case .gradient(let paint) = paint else { return nil }
        return ExactEdges.conicSeam(transform: transform, paint: paint)
    }
}

extension Clip {
    /// The exact hard edges of a plain rect clip through a rotation or projection (see `DrawOp.exactEdges`).
    public var exactEdges: ExactEdges? {
        guard shape.isRect, ExactEdges.applies(to: transform, edgeAA: edgeAA) else { return nil }
        return ExactEdges(transform: transform, rect: shape.rect)
    }
}
