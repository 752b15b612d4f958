import Foundation
import LaminaCore

/// Per-row spans where an axis-aligned operation's coverage is known without evaluating it per pixel:
/// `solid` (coverage exactly 1 for the operation and every clip) and `hole` (coverage exactly 0, the inside
/// of a border). Pixels outside both spans take the general per-pixel path, so the spans are only a fast
/// path, pixman-style: conservative by half a pixel, never changing a result.
struct SpanPlan {
    /// pixel = local * scale + offset, per axis (both scales positive).
    struct Axis {
        let sx: Double, sy: Double, tx: Double, ty: Double

        init?(_ t: Transform3D) {
            guard t.m12 == 0, t.m21 == 0, t.m14 == 0, t.m24 == 0, t.m44 == 1, t.m11 > 0, t.m22 > 0 else { return nil }
            sx = t.m11; sy = t.m22; tx = t.m41; ty = t.m42
        }

        /// Pixels whose centres lie in the local x-interval [lo + margin, hi - margin], margin in pixels.
        @inline(__always)
        func columns(_ lo: Double, _ hi: Double, margin: Double) -> Range<Int>? {
            let a = ((lo * sx + tx + margin) - 0.5).rounded(.up), b = ((hi * sx + tx - margin) - 0.5).rounded(.down)
            guard a <= b, a.isFinite, b.isFinite else { return nil }
            let lo = Int(max(-1e9, a)), hi = Int(min(1e9, b)) + 1
            return lo < hi ? lo..<hi : nil
        }

        /// The local y of row `y`'s pixel centres.
        @inline(__always)
        func localY(_ y: Int) -> Double { (Double(y) + 0.5 - ty) / sy }
    }

    let axis: Axis
    let shape: RoundedRect
    let border: Double?
    let clips: [(Axis, RoundedRect)]

    init?(op: DrawOp) {
        guard let a = Axis(op.transform) else { return nil }
        switch op.kind {
        case .fill(let s, _): shape = s; border = nil
        case .border(let s, let w, _): shape = s; border = w
        case .texture(let t): shape = RoundedRect(rect: t.destination); border = nil
        case .path: return nil
        }
        var clips: [(Axis, RoundedRect)] = []
        for c in op.clips {
            guard let ca = Axis(c.transform) else { return nil }
            clips.append((ca, c.shape))
        }
        axis = a
        self.clips = clips
    }

    /// The columns of row `y` where the shape's coverage is 1 (half a pixel inside every edge, outside
    /// the corner rows' radii).
    @inline(__always)
    static func inner(_ s: RoundedRect, _ a: Axis, row y: Int) -> Range<Int>? {
        let r = s.rect
        let qy = a.localY(y)
        let inside = min(qy - Double(r.minY), Double(r.maxY) - qy) * a.sy
        guard inside >= 0.5 else { return nil }
        let top = max(s.minXMinY, s.maxXMinY), bottom = max(s.minXMaxY, s.maxXMaxY)
        let inCorners = qy < Double(r.minY) + top || qy > Double(r.maxY) - bottom
        let inset = inCorners ? s.maxRadius : 0
        return a.columns(Double(r.minX) + inset, Double(r.maxX) - inset, margin: 0.5)
    }

    /// Solid and hole spans of row `y`.
    func spans(row y: Int) -> (solid: Range<Int>?, hole: Range<Int>?) {
        var hole: Range<Int>?
        var solid: Range<Int>?
        if let w = border {
            let inner = shape.inset(by: w)
            if inner.rect.width > 0, inner.rect.height > 0 {
                // Coverage is 0 where the inner shape's coverage is 1.
                hole = SpanPlan.inner(inner, axis, row: y)
            }
            // A border's solid part is a thin strip; the general path handles it.
        } else {
            solid = SpanPlan.inner(shape, axis, row: y)
            for (ca, cs) in clips {
                guard let s = solid else { break }
                guard let c = SpanPlan.inner(cs, ca, row: y) else { solid = nil; break }
                let lo = max(s.lowerBound, c.lowerBound), hi = min(s.upperBound, c.upperBound)
                solid = lo < hi ? lo..<hi : nil
            }
        }
        return (solid, hole)
    }
}
