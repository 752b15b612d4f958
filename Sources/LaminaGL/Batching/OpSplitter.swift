import Foundation
import LaminaGraph
import LaminaGeometry

/// Splits large fills and borders into pieces whose coverage is known without evaluating the shape.
///
/// WebRender's idea: most pixels of a big rounded rect are interior, where coverage is exactly 1, and a
/// border's hole is exactly 0. For an op under an axis-aligned scale + translation, the interior is drawn
/// as `solid` instances (colour only) and the hole is not drawn at all; only the pieces along the edges run
/// the full coverage shader. An op with clips (each a rounded rect under a scale + translation) keeps as
/// solid only the rect where its own cross and every clip's cross overlap (each clip's coverage is exactly
/// 1 there by the same margins); a border's hole stays undrawn whatever the clips. Pieces tile the op's bounds without overlap, so every
/// pixel is written once, with the value the full shader would give it (the margins below guarantee it).
///
/// The interior is a cross, not one rect: a vertical band between the corners' columns and a horizontal
/// band between their rows, each reaching to 1 px from the straight edges. What is left for the shader is
/// the four corner squares and four edge strips 1-2 px thick, instead of four strips as deep as a corner
/// radius (for a 140 x 130 card with radius 20, about 2 500 shaded pixels instead of 9 700).
///
/// A small op (a cross whose vertical band reaches at most `bandedEnds` pixels past the horizontal one)
/// is cut into five pieces instead: the rows above and below the horizontal band and its two sides shaded,
/// the band solid. On llvmpipe a quad's set-up costs about what several hundred shaded pixels do, so for
/// 10 000 small cards the six quads saved a card outweigh the pixels shaded again (a warm frame 77 -> 61 ms).
///
/// Margins: a pixel is interior when its centre lies at least 1 px inside every straight edge and, in the
/// vertical band, at least 1 px inside the columns where the largest corner radius ends (the horizontal
/// band likewise for rows). There each edge distance is <= -1 px, so every edge's clamp(0.5 - d) is exactly
/// 1 (and the hard half-open tests pass), and the rounded-rect distance, whose nearest feature is a
/// straight edge there, is <= -1 px. The hole is the same cross of the inner shape, where outer and inner
/// coverage are both exactly 1 and the ring is exactly 0, which source-over leaves unchanged.
enum OpSplitter {
    /// One piece of an op: its pixels, and whether they are a solid interior.
    struct Piece {
        let bounds: PixelRect
        let solid: Bool
    }

    /// Below this many interior pixels the split is not worth the extra instances.
    static let minimumArea = 256

    /// The most pixels of a cross's vertical band (above and below its horizontal one) shaded instead of
    /// drawn solid, to cut an op into five pieces instead of eleven.
    static let bandedEnds = 400

    /// The pieces of `op` over `bounds`, or nil to draw it whole.
    static func pieces(_ op: DrawOp, borderWidth: Double? = nil, bounds: PixelRect) -> [Piece]? {
        var out: [Piece] = []
        return pieces(op, borderWidth: borderWidth, bounds: bounds, into: &out) ? out : nil
    }

    /// Appends the pieces of `op` over `bounds` to `out` (edge pieces first, then the solid cross) and
    /// returns true; false, appending nothing, to draw it whole. The batcher's form: no array per op.
    /// `borderWidth` makes `op` (a fill) a fill with its border over it (`BorderedFill`).
    static func pieces(_ op: DrawOp, borderWidth: Double? = nil, bounds: PixelRect, into out: inout [Piece]) -> Bool {
        let t = op.transform
        guard t.planeKind.isScaleTranslation, t.m11 != 0, t.m22 != 0 else {
            return false
        }
        // Clips: the rect where the op's and every clip's coverage is exactly 1 (`core`).
        var clipCore: PixelRect?
        for clip in op.clips {
            guard let core = core(clip.shape, t: clip.transform, bounds: bounds) else { return false }
            clipCore = (clipCore ?? core).intersection(core)
        }
        func clippedInterior(_ shape: RoundedRect) -> Cross? {
            guard let clipCore else { return interior(shape, t: t, bounds: bounds) }
            guard let own = core(shape, t: t, bounds: bounds) else { return nil }
            let rect = own.intersection(clipCore)
            return rect.area >= minimumArea ? Cross(v: rect, h: rect) : nil
        }
        if let width = borderWidth, case .roundedRect(let shape) = op.shape {
            // The ring's hole is where the fill shows alone: a solid cross of the fill's colour.
            let innerShape = shape.inset(by: width)
            guard innerShape.rect.width > 0, innerShape.rect.height > 0,
                  let hole = clippedInterior(innerShape) else { return false }
            hole.pieces(in: bounds, into: &out)
            return true
        }
        switch (op.shape, op.paint) {
        case (.roundedRect(let shape), .solid):
            guard let cross = clippedInterior(shape) else { return false }
            cross.pieces(in: bounds, into: &out)
            return true
        case (.ring(let shape, let width), .solid):
            let innerShape = shape.inset(by: width)
            guard innerShape.rect.width > 0, innerShape.rect.height > 0,
                  let hole = interior(innerShape, t: t, bounds: bounds) else { return false }
            hole.around(in: bounds, into: &out)
            return true
        default:
            return false
        }
    }

    /// The union of a vertical band `v` and a horizontal band `h` that cross: `h` is at least as wide as
    /// `v` and `v` at least as tall as `h`, both inside the op's bounds.
    struct Cross {
        let v: PixelRect
        let h: PixelRect

        /// The pieces of `b`: `around` and `tiles`, or, where the vertical band's ends above and below the
        /// horizontal band are small, those ends shaded with the rows around them (`banded`).
        func pieces(in b: PixelRect, into out: inout [Piece]) {
            let ends = v.width * (max(0, h.y0 - v.y0) + max(0, v.y1 - h.y1))
            if ends <= OpSplitter.bandedEnds {
                banded(in: b, into: &out)
            } else {
                around(in: b, into: &out)
                tiles(into: &out)
            }
        }

        /// Five pieces: the full-width rows above and below the horizontal band and its two sides shaded,
        /// the horizontal band solid.
        func banded(in b: PixelRect, into out: inout [Piece]) {
            func add(_ r: PixelRect, _ solid: Bool) { if !r.isEmpty { out.append(Piece(bounds: r, solid: solid)) } }
            add(PixelRect(x0: b.x0, y0: b.y0, x1: b.x1, y1: h.y0), false)
            add(PixelRect(x0: b.x0, y0: h.y0, x1: h.x0, y1: h.y1), false)
            add(PixelRect(x0: h.x1, y0: h.y0, x1: b.x1, y1: h.y1), false)
            add(PixelRect(x0: b.x0, y0: h.y1, x1: b.x1, y1: b.y1), false)
            add(h, true)
        }

        /// The cross as three disjoint solid pieces: the vertical band, then the horizontal band's two arms.
        func tiles(into out: inout [Piece]) {
            func add(_ r: PixelRect) { if !r.isEmpty { out.append(Piece(bounds: r, solid: true)) } }
            add(v)
            add(PixelRect(x0: h.x0, y0: h.y0, x1: v.x0, y1: h.y1))
            add(PixelRect(x0: v.x1, y0: h.y0, x1: h.x1, y1: h.y1))
        }

        /// The pieces of `b` outside the cross, to be shaded: full-width rows above and below the vertical
        /// band, and on each side the corner squares and the edge strip between them.
        func around(in b: PixelRect, into out: inout [Piece]) {
            func add(_ r: PixelRect) { if !r.isEmpty { out.append(Piece(bounds: r, solid: false)) } }
            add(PixelRect(x0: b.x0, y0: b.y0, x1: b.x1, y1: v.y0))
            add(PixelRect(x0: b.x0, y0: v.y0, x1: v.x0, y1: h.y0))
            add(PixelRect(x0: v.x1, y0: v.y0, x1: b.x1, y1: h.y0))
            add(PixelRect(x0: b.x0, y0: h.y0, x1: h.x0, y1: h.y1))
            add(PixelRect(x0: h.x1, y0: h.y0, x1: b.x1, y1: h.y1))
            add(PixelRect(x0: b.x0, y0: h.y1, x1: v.x0, y1: v.y1))
            add(PixelRect(x0: v.x1, y0: h.y1, x1: b.x1, y1: v.y1))
            add(PixelRect(x0: b.x0, y0: v.y1, x1: b.x1, y1: b.y1))
        }
    }

    /// The interior cross of `shape` under the scale + translation `t`, clipped to `bounds`; nil when it
    /// is too small to be worth splitting or does not form a cross inside `bounds`.
    static func interior(_ shape: RoundedRect, t: Transform3D, bounds: PixelRect) -> Cross? {
        let r = shape.rect, radius = shape.maxRadius
        let xa = Double(r.minX) * t.m11 + t.m41, xb = Double(r.maxX) * t.m11 + t.m41
        let ya = Double(r.minY) * t.m22 + t.m42, yb = Double(r.maxY) * t.m22 + t.m42
        let rx = radius * abs(t.m11), ry = radius * abs(t.m22)
        let x0 = min(xa, xb), x1 = max(xa, xb), y0 = min(ya, yb), y1 = max(ya, yb)
        guard let v = centres(x0 + rx, x1 - rx, y0, y1)?.intersection(bounds),
              let h = centres(x0, x1, y0 + ry, y1 - ry)?.intersection(bounds),
              !v.isEmpty, !h.isEmpty, v.area + h.area >= minimumArea,
              h.x0 <= v.x0, v.x1 <= h.x1, v.y0 <= h.y0, h.y1 <= v.y1 else { return nil }
        return Cross(v: v, h: h)
    }

    /// One rect of pixels where `shape`'s coverage under the scale + translation `t` is exactly 1, within
    /// `bounds`: a corner of radius r leaves the rect inset by r (1 - 1/sqrt 2) inside its arc (the inset
    /// corner lies on it), and a further inset of 1 px at the smaller scale, then the pixels whose centres
    /// lie 1 px inside that, put every such pixel's distance to the outline past -1 px, as `interior`'s
    /// margins do. Nil through any other map, or when nothing is left.
    static func core(_ shape: RoundedRect, t: Transform3D, bounds: PixelRect) -> PixelRect? {
        let scale = min(abs(t.m11), abs(t.m22))
        guard t.planeKind.isScaleTranslation, scale > 0 else { return nil }
        guard let inner = shape.innerRect(margin: 1 / scale) else { return nil }
        let r = t.scaleTranslating(inner)
        guard let rect = centres(Double(r.minX), Double(r.maxX), Double(r.minY), Double(r.maxY))?.intersection(bounds),
              !rect.isEmpty else { return nil }
        return rect
    }

    /// The pixels whose centres lie at least 1 px inside [x0, x1] x [y0, y1]: centre + 0.5 >= x0 + 1 and
    /// <= x1 - 1. Nil when a bound is not a sane finite number.
    private static func centres(_ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double) -> PixelRect? {
        let lo = (x0 + 0.5).rounded(.up), hi = (x1 - 1.5).rounded(.down) + 1
        let top = (y0 + 0.5).rounded(.up), bottom = (y1 - 1.5).rounded(.down) + 1
        guard lo.isFinite, hi.isFinite, top.isFinite, bottom.isFinite,
              abs(lo) < 1e7, abs(hi) < 1e7, abs(top) < 1e7, abs(bottom) < 1e7, lo < hi, top < bottom else { return nil }
        return PixelRect(x0: Int(lo), y0: Int(top), x1: Int(hi), y1: Int(bottom))
    }
}

