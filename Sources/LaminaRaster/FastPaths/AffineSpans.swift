import Foundation
import LaminaGraph
import LaminaGeometry

/// Solid and hole spans for a rounded rect (a fill, a border, or a fill with its border) under an affine map
/// that `SpanPlan` does not take: a rotation, a shear, a flip. A row's pixel centres map to a line in the
/// layer's space, so the columns whose centres fall in a rect are one interval, found with a division per
/// side; no per-pixel coverage is evaluated there.
///
/// The rect is the shape's safe interior: a corner of radius r leaves its rect inset by r (1 - 1/sqrt 2)
/// inside the arc (the inset corner lies on it), and a further inset of one pixel, in local units the map's
/// largest stretch (the Jacobian's largest singular value), puts every centre in it at least a pixel inside
/// the outline. The per-pixel coverage there is exactly 1 (`clamp(0.5 - d)` with d <= -1 px; a hard edge's
/// test passes), for the shape and, for a border, for its inner edge: the hole, where a ring covers 0. So
/// the spans change no byte; like `SpanPlan` they are a fast path (`CPUFastPaths.spans`). Operations with
/// clips keep the general path.
final class AffineSpans {
    /// Local = (px g00 + py g10 + g20, px g01 + py g11 + g21), w already divided out.
    private let g00: Double, g01: Double, g10: Double, g11: Double, g20: Double, g21: Double
    typealias Rect = (u0: Double, u1: Double, v0: Double, v1: Double)
    private let outer: Rect
    private let inner: Rect?
    /// The shape's rect grown by a pixel: every centre outside lies at least a pixel outside the outline,
    /// where the coverage is exactly 0 (`live`).
    private let reach: Rect

    init?(op: DrawOp, borderWidth: Double?, projection p: Projection) {
        guard op.clips.isEmpty, !op.transform.planeKind.isScaleTranslation,
              p.g02 == 0, p.g12 == 0, p.g22 != 0, p.g22.isFinite, p.h02 == 0, p.h12 == 0, p.h22 > 0 else { return nil }
        let shape: RoundedRect, border: Double?
        switch op.shape {
        case .roundedRect(let s): shape = s; border = borderWidth
        case .ring(let s, let w): shape = s; border = w
        case .path: return nil
        }
        let w = p.g22
        g00 = p.g00 / w; g01 = p.g01 / w; g10 = p.g10 / w; g11 = p.g11 / w; g20 = p.g20 / w; g21 = p.g21 / w
        // The largest singular value of the Jacobian [[g00, g10], [g01, g11]]: a local distance of `margin`
        // is at least a pixel.
        let s = g00 * g00 + g01 * g01 + g10 * g10 + g11 * g11, det = g00 * g11 - g01 * g10
        let margin = ((s + max(0, s * s - 4 * det * det).squareRoot()) / 2).squareRoot()
        guard margin.isFinite, margin > 0, let o = AffineSpans.safe(shape, margin: margin) else { return nil }
        outer = o
        reach = AffineSpans.grown(shape, margin: margin)
        if let width = border {
            let hole = shape.inset(by: width)
            inner = hole.rect.width > 0 && hole.rect.height > 0 ? AffineSpans.safe(hole, margin: margin) : nil
        } else {
            inner = nil
        }
        if border != nil, inner == nil { return nil }
    }

    /// `shape`'s rect grown by `margin` on every side.
    private static func grown(_ shape: RoundedRect, margin: Double) -> Rect {
        let r = shape.rect.standardized
        return (Double(r.minX) - margin, Double(r.maxX) + margin, Double(r.minY) - margin, Double(r.maxY) + margin)
    }

    /// The rect inside `shape` whose points lie at least `margin` inside its outline (`innerRect`). (The
    /// bands between the corners reach closer to the straight edges, but merging their runs row by row cost
    /// more than the pixels they add on the replicator bench.)
    private static func safe(_ shape: RoundedRect, margin: Double) -> Rect? {
        guard let r = shape.innerRect(margin: margin) else { return nil }
        return (Double(r.minX), Double(r.maxX), Double(r.minY), Double(r.maxY))
    }

    /// Row `y`'s spans: `solid` for a fill's interior, or `hole` for a border's inside; every other column
    /// of `bounds` is general.
    func row(_ y: Int, bounds: PixelRect) -> RowSpans {
        let py = Double(y) + 0.5
        let au = py * g10 + g20, av = py * g11 + g21
        let all = bounds.x0..<bounds.x1
        let outerColumns = columns(outer, au, av, all)
        var solid = 0..<0, hole = 0..<0
        if let inner {
            let innerColumns = columns(inner, au, av, all)
            let lo = max(innerColumns.lowerBound, outerColumns.lowerBound)
            let hi = min(innerColumns.upperBound, outerColumns.upperBound)
            if lo < hi { hole = lo..<hi }
        } else {
            solid = outerColumns
        }
        // Columns outside the grown rect have coverage exactly 0: nothing to draw there.
        return RowSpans(solid: solid, solid2: 0..<0, hole: hole, live: columns(reach, au, av, all), outerOne: 0..<0,
                        innerLive: Int.min..<Int.max, clipsOne: 0..<0)
    }

    /// The columns of `all` whose centres px = x + 0.5 map into `rect`: u = au + px g00 in [u0, u1] and
    /// v = av + px g01 in [v0, v1].
    private func columns(_ rect: Rect, _ au: Double, _ av: Double, _ all: Range<Int>) -> Range<Int> {
        var lo = Double(all.lowerBound) + 0.5, hi = Double(all.upperBound) - 0.5
        func limit(_ a: Double, _ g: Double, _ m0: Double, _ m1: Double) {
            if g == 0 {
                if a < m0 || a > m1 { lo = .infinity }
                return
            }
            let t0 = (m0 - a) / g, t1 = (m1 - a) / g
            lo = max(lo, min(t0, t1))
            hi = min(hi, max(t0, t1))
        }
        limit(au, g00, rect.u0, rect.u1)
        limit(av, g01, rect.v0, rect.v1)
        guard lo <= hi, lo.isFinite, hi.isFinite else { return 0..<0 }
        let first = (lo - 0.5).rounded(.up), last = (hi - 0.5).rounded(.down)
        guard first <= last, abs(first) < 1e9, abs(last) < 1e9 else { return 0..<0 }
        let a = max(all.lowerBound, Int(first)), b = min(all.upperBound, Int(last) + 1)
        return a < b ? a..<b : 0..<0
    }
}
