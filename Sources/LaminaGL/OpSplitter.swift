import Foundation
import LaminaCore

/// Splits large fills and borders into pieces whose coverage is known without evaluating the shape.
///
/// WebRender's idea: most pixels of a big rounded rect are interior, where coverage is exactly 1, and a
/// border's hole is exactly 0. For an op with no clips under an axis-aligned scale + translation, the
/// interior is drawn as a `solid` instance (colour only) and the hole is not drawn at all; only the strips
/// around them run the full coverage shader. Pieces tile the op's bounds without overlap, so every pixel
/// is written once, with the value the full shader would give it (the margins below guarantee it).
///
/// Margins: a pixel is interior when its centre lies at least 1 px inside the rect inset by the largest
/// radius. There every edge distance is <= -1 px, so each edge's clamp(0.5 - d) is exactly 1 (and the hard
/// half-open tests pass), and the rounded-rect distance is <= -1 px. The hole is the same construction on
/// the inner shape, where outer and inner coverage are both exactly 1 and the ring is exactly 0, which
/// source-over leaves unchanged.
enum OpSplitter {
    /// One piece of an op: its pixels, and whether they are a solid interior.
    struct Piece {
        let bounds: PixelRect
        let solid: Bool
    }

    /// `LAMINA_GL_FASTPATHS=0` turns the split off (pixman-style), so tests and benchmarks can compare the
    /// fast path with the general one.
    nonisolated(unsafe) static var enabled = ProcessInfo.processInfo.environment["LAMINA_GL_FASTPATHS"] != "0"

    /// Below this many interior pixels the split is not worth the extra instances.
    static let minimumArea = 256

    /// The pieces of `op` over `bounds`, or nil to draw it whole.
    static func pieces(_ op: DrawOp, bounds: PixelRect) -> [Piece]? {
        guard enabled, op.clips.isEmpty else { return nil }
        let t = op.transform
        guard t.m12 == 0, t.m21 == 0, t.m14 == 0, t.m24 == 0, t.m44 == 1, t.m11 != 0, t.m22 != 0 else {
            return nil
        }
        switch op.kind {
        case .fill(let shape, _):
            guard let inner = interior(shape, t: t, bounds: bounds) else { return nil }
            return strips(around: inner, in: bounds) + [Piece(bounds: inner, solid: true)]
        case .border(let shape, let width, _):
            let innerShape = shape.inset(by: width)
            guard innerShape.rect.width > 0, innerShape.rect.height > 0,
                  let hole = interior(innerShape, t: t, bounds: bounds) else { return nil }
            return strips(around: hole, in: bounds)
        default:
            return nil
        }
    }

    /// Pixels whose centres lie at least 1 px inside `shape.rect` inset by its largest radius.
    private static func interior(_ shape: RoundedRect, t: Transform3D, bounds: PixelRect) -> PixelRect? {
        let r = shape.rect, radius = shape.maxRadius
        let xa = Double(r.minX) * t.m11 + t.m41, xb = Double(r.maxX) * t.m11 + t.m41
        let ya = Double(r.minY) * t.m22 + t.m42, yb = Double(r.maxY) * t.m22 + t.m42
        let rx = radius * abs(t.m11), ry = radius * abs(t.m22)
        let x0 = min(xa, xb) + rx, x1 = max(xa, xb) - rx, y0 = min(ya, yb) + ry, y1 = max(ya, yb) - ry
        // Centre px + 0.5 >= x0 + 1 and <= x1 - 1.
        let lo = (x0 + 0.5).rounded(.up), hi = (x1 - 1.5).rounded(.down) + 1
        let top = (y0 + 0.5).rounded(.up), bottom = (y1 - 1.5).rounded(.down) + 1
        guard lo.isFinite, hi.isFinite, top.isFinite, bottom.isFinite,
              abs(lo) < 1e7, abs(hi) < 1e7, abs(top) < 1e7, abs(bottom) < 1e7 else { return nil }
        let inner = PixelRect(x0: Int(lo), y0: Int(top), x1: Int(hi), y1: Int(bottom)).intersection(bounds)
        return inner.area >= minimumArea ? inner : nil
    }

    /// The up to four strips of `bounds` outside `inner` (top and bottom full width, sides between).
    private static func strips(around inner: PixelRect, in b: PixelRect) -> [Piece] {
        [PixelRect(x0: b.x0, y0: b.y0, x1: b.x1, y1: inner.y0),
         PixelRect(x0: b.x0, y0: inner.y1, x1: b.x1, y1: b.y1),
         PixelRect(x0: b.x0, y0: inner.y0, x1: inner.x0, y1: inner.y1),
         PixelRect(x0: inner.x1, y0: inner.y0, x1: b.x1, y1: inner.y1)]
            .filter { !$0.isEmpty }.map { Piece(bounds: $0, solid: false) }
    }
}
