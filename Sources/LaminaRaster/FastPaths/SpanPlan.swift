import Foundation
import LaminaGraph
import LaminaGeometry

/// Per-row spans where an axis-aligned operation's coverage is known without evaluating it per pixel:
/// `solid` (coverage exactly 1 for the operation and every clip) and `hole` (coverage exactly 0, the inside
/// of a border). Pixels outside both spans take the general per-pixel path, so the spans are only a fast
/// path, pixman-style: conservative by half a pixel, never changing a result.
///
/// A class: the row loops of every band share one plan per operation instead of copying it. Everything
/// that does not depend on the row (edges, radii, margins divided by the scales) is read or divided once
/// here; a row computes each shape's vertical quantities once (`ShapeRow`) for all its spans.
final class SpanPlan {
    /// pixel = local * scale + offset, per axis (both scales positive).
    struct Axis {
        let sx: Double, sy: Double, tx: Double, ty: Double
        /// The half pixel and `exactMargin` in local units, across (`/ min(sx, sy)`) and along x (`/ sx`).
        let half: Double, exact: Double, halfX: Double, exactX: Double

        init?(_ t: Transform3D) {
            guard t.planeKind.isScaleTranslation, t.m11 > 0, t.m22 > 0 else { return nil }
            sx = t.m11; sy = t.m22; tx = t.m41; ty = t.m42
            half = 0.5 / min(sx, sy); exact = SpanPlan.exactMargin / min(sx, sy)
            halfX = 0.5 / sx; exactX = SpanPlan.exactMargin / sx
        }

        /// Pixels whose centres lie in the local x-interval [lo + margin, hi - margin], margin in pixels.
        @inline(__always)
        func columns(_ lo: Double, _ hi: Double, margin: Double) -> Range<Int>? {
            let a = ((lo * sx + tx + margin) - 0.5).rounded(.up), b = ((hi * sx + tx - margin) - 0.5).rounded(.down)
            guard a <= b, a.isFinite, b.isFinite else { return nil }
            let lo = Int(pixels: a), hi = Int(pixels: b) + 1
            return lo < hi ? lo..<hi : nil
        }

        /// The local y of row `y`'s pixel centres.
        @inline(__always)
        func localY(_ y: Int) -> Double { (Double(y) + 0.5 - ty) / sy }
    }

    /// A rounded rect's edges, centre line and radii as doubles: read once per operation from the
    /// `CGRect` (whose getters are calls into Foundation), then by every row.
    struct Box {
        let minX: Double, maxX: Double, minY: Double, maxY: Double, midY: Double
        let minXMinY: Double, maxXMinY: Double, minXMaxY: Double, maxXMaxY: Double

        init(_ s: RoundedRect) {
            let r = s.rect
            minX = Double(r.minX); maxX = Double(r.maxX); minY = Double(r.minY); maxY = Double(r.maxY)
            midY = Double(r.midY)
            minXMinY = s.minXMinY; maxXMinY = s.maxXMinY; minXMaxY = s.minXMaxY; maxXMaxY = s.maxXMaxY
        }
    }

    let axis: Axis
    let shape: Box
    /// A border's inner edge when it encloses any area (nil for fills, textures and borders without a
    /// hole): inset once here rather than on every row.
    let innerShape: Box?
    let clips: [(Axis, Box)]

    /// The spans of `op`, or with `borderWidth` of `op` (a fill) with its border over it (`BorderedFill`).
    init?(op: DrawOp, borderWidth: Double? = nil) {
        guard let a = Axis(op.transform) else { return nil }
        let outer: RoundedRect, border: Double?
        switch op.shape {
        case .roundedRect(let s): outer = s; border = borderWidth
        case .ring(let s, let w): outer = s; border = w
        case .path: return nil
        }
        var clips: [(Axis, Box)] = []
        for c in op.clips {
            guard let ca = Axis(c.transform) else { return nil }
            clips.append((ca, Box(c.shape)))
        }
        axis = a
        shape = Box(outer)
        self.clips = clips
        if let w = border {
            let inner = outer.inset(by: w)
            innerShape = inner.rect.width > 0 && inner.rect.height > 0 ? Box(inner) : nil
        } else {
            innerShape = nil
        }
    }

    /// The depth, in pixels, of the exact spans of `row(_:)`: half a pixel (where coverage reaches 0 or 1)
    /// plus 1/1024. The per-pixel distance's rounding error is some 1e-12 pixels for any coordinates a
    /// canvas holds, far inside the extra 1/1024, and the extra costs at most a pixel per edge.
    static let exactMargin = 0.5 + 1.0 / 1024

    /// Everything the row loop needs to know about row `y`, empty ranges where a span does not exist.
    ///
    /// The solid spans and the hole are the ones the solid spans always were (half a pixel deep). The
    /// other ranges only let the loop skip work whose result is known: they are computed `exactMargin` deep,
    /// where the per-pixel coverage is not merely 0 or 1 in exact arithmetic but also as computed.
    func row(_ y: Int, bounds: PixelRect) -> RowSpans {
        let qy = axis.localY(y)
        let outer = ShapeRow(shape, axis, qy: qy)
        let outerSolid = clipped(outer.inner(axis, m: 0.5, margin: axis.half, mx: axis.halfX), row: y)
        var row = RowSpans(solid: outerSolid ?? 0..<0, solid2: 0..<0, hole: 0..<0)
        var inner: ShapeRow?
        if let innerBox = innerShape {
            let i = ShapeRow(innerBox, axis, qy: qy)
            inner = i
            // Coverage is 0 where the inner shape's coverage is 1, and equals the outer shape's wherever the
            // inner shape's coverage is 0: left and right of its extent on this row.
            row.hole = i.inner(axis, m: 0.5, margin: axis.half, mx: axis.halfX) ?? 0..<0
            if let o = outerSolid, let (lo, hi) = i.extent(margin: axis.half) {
                let leftEnd = Int(pixels: (lo * axis.sx + axis.tx) - 0.5, .up)       // first column reaching the inner shape
                let rightStart = Int(pixels: (hi * axis.sx + axis.tx) - 0.5, .down) + 1
                row.solid = o.lowerBound < min(o.upperBound, leftEnd) ? o.lowerBound..<min(o.upperBound, leftEnd) : 0..<0
                row.solid2 = max(o.lowerBound, rightStart) < o.upperBound ? max(o.lowerBound, rightStart)..<o.upperBound : 0..<0
            }
        }
        // Live: inside the shape's extent and every clip's, with the solid spans (which lie inside them in
        // exact arithmetic) added back so that a rounding difference can never drop a solid pixel.
        var live = outer.extent(margin: axis.exact).flatMap { axis.columns($0.0, $0.1, margin: 0) }
        for (ca, cs) in clips {
            guard let l = live else { break }
            live = ShapeRow(cs, ca, qy: ca.localY(y)).extent(margin: ca.exact).flatMap { ca.columns($0.0, $0.1, margin: 0) }
                .flatMap { c in max(l.lowerBound, c.lowerBound) < min(l.upperBound, c.upperBound)
                    ? max(l.lowerBound, c.lowerBound)..<min(l.upperBound, c.upperBound) : nil }
        }
        var lo = max(bounds.x0, live?.lowerBound ?? bounds.x1), hi = min(bounds.x1, live?.upperBound ?? bounds.x0)
        if !row.solid.isEmpty { lo = min(lo, max(bounds.x0, row.solid.lowerBound)); hi = max(hi, min(bounds.x1, row.solid.upperBound)) }
        if !row.solid2.isEmpty { lo = min(lo, max(bounds.x0, row.solid2.lowerBound)); hi = max(hi, min(bounds.x1, row.solid2.upperBound)) }
        row.live = lo < hi ? lo..<hi : 0..<0
        if let i = inner {
            row.outerOne = outer.inner(axis, m: SpanPlan.exactMargin, margin: axis.exact, mx: axis.exactX) ?? 0..<0
            row.innerLive = i.extent(margin: axis.exact).flatMap { axis.columns($0.0, $0.1, margin: 0) } ?? 0..<0
        }
        if !clips.isEmpty {
            var one: Range<Int>? = Int.min..<Int.max
            for (ca, cs) in clips {
                let c = ShapeRow(cs, ca, qy: ca.localY(y)).inner(ca, m: SpanPlan.exactMargin, margin: ca.exact, mx: ca.exactX)
                guard let o = one, let c else { one = nil; break }
                let l = max(o.lowerBound, c.lowerBound), h = min(o.upperBound, c.upperBound)
                one = l < h ? l..<h : nil
            }
            row.clipsOne = one ?? 0..<0
        }
        return row
    }

    /// Whether row `y` lies off every corner band and at least `exactMargin` inside the top and bottom
    /// edges of the shape and of a border's inner edge, with no clips: then every computation behind
    /// `row(_:)` takes the branches that do not read the row (`inner`'s and `extent`'s corner reaches are nil,
    /// their vertical guards pass), and all such rows of the operation have the same spans.
    ///
    /// The plain rows form one interval: every test is monotonic in the row's local y (itself monotonic in
    /// y, as each rounded operation computing it is), so each shape's plain rows are a suffix of its top half
    /// joined to a prefix of its bottom half, cut by the interval where it is deep enough inside, and the
    /// intersection of the two shapes' intervals is one. The row loop bisects for its end on that ground.
    func isPlain(row y: Int) -> Bool {
        let qy = axis.localY(y)
        guard clips.isEmpty, ShapeRow(shape, axis, qy: qy).isPlain else { return false }
        guard let inner = innerShape else { return true }
        return ShapeRow(inner, axis, qy: qy).isPlain
    }

    /// `span` narrowed to where every clip's coverage is 1.
    private func clipped(_ span: Range<Int>?, row y: Int) -> Range<Int>? {
        var solid = span
        for (ca, cs) in clips {
            guard let s = solid else { return nil }
            guard let c = ShapeRow(cs, ca, qy: ca.localY(y)).inner(ca, m: 0.5, margin: ca.half, mx: ca.halfX) else { return nil }
            let lo = max(s.lowerBound, c.lowerBound), hi = min(s.upperBound, c.upperBound)
            solid = lo < hi ? lo..<hi : nil
        }
        return solid
    }
}

/// The spans of one row of an axis-aligned operation (see `SpanPlan.row`); an empty range means none.
struct RowSpans {
    /// Coverage 1 for the operation and every clip (a border's left and right parts).
    var solid: Range<Int>
    var solid2: Range<Int>
    /// A border's hole: coverage 0.
    var hole: Range<Int>
    /// The columns inside the operation's bounds outside which coverage is exactly 0; holds the solid spans.
    var live: Range<Int> = 0..<0
    /// Borders: the columns where the outer shape's coverage is exactly 1 (the ring's coverage is then
    /// `clamp01(1 - inner)`), and those outside which the inner shape's coverage is exactly 0 (it is then
    /// the outer shape's coverage).
    var outerOne: Range<Int> = 0..<0
    var innerLive: Range<Int> = 0..<0
    /// The columns where every clip's coverage is exactly 1, so the clips need no evaluation.
    var clipsOne: Range<Int> = 0..<0
}
