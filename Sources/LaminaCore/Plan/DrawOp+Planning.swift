import Foundation

extension DrawOp {
    /// The same operation with its alpha multiplied by `a` (opacity folded into a single draw); the products
    /// are held at float precision by the types themselves (`Double.heldAsFloat`).
    func scalingAlpha(by a: Double) -> DrawOp {
        guard a != 1 else { return self }
        var op = self
        switch kind {
        case .fill(let s, let c): op.kind = .fill(s, c.scaled(by: a))
        case .border(let s, let w, let c): op.kind = .border(s, width: w, c.scaled(by: a))
        case .borderedFill(let s, let f, let w, let b):
            op.kind = .borderedFill(s, fill: f.scaled(by: a), width: w, border: b.scaled(by: a))
        case .texture(var t): t.opacity *= a; op.kind = .texture(t)
        case .path(var p): p.color = p.color.scaled(by: a); op.kind = .path(p)
        case .gradient(let s, var g): g.opacity *= a; op.kind = .gradient(s, g)
        }
        return op
    }

    /// This fill with `border` drawn over it as one operation (`DrawKind.borderedFill`), or nil when the two
    /// do not draw the same shape in the same place: same transform, clips, bounds and modulation, and the
    /// fill antialiased on every edge as a border always is.
    func joining(_ border: DrawOp) -> DrawOp? {
        guard case .fill(let shape, let fill) = kind, case .border(let ring, let width, let color) = border.kind,
              shape == ring, edgeAA == .all, border.edgeAA == .all, transform == border.transform,
              clips == border.clips, bounds == border.bounds, modulate == border.modulate else { return nil }
        var op = self
        op.kind = .borderedFill(shape, fill: fill, width: width, border: color)
        return op
    }

    /// The same operation in a target whose pixel (0, 0) is this target's pixel `(dx, dy)`: a pass cut
    /// out of the current target.
    func rebased(dx: Int, dy: Int, size: PixelRect) -> DrawOp {
        var op = self
        let shift = Transform3D.translation(Double(-dx), Double(-dy), 0)
        op.transform = transform.concatenating(shift)
        op.clips = clips.map { var c = $0; c.transform = c.transform.concatenating(shift); return c }
        op.bounds = PixelRect(x0: bounds.x0 - dx, y0: bounds.y0 - dy, x1: bounds.x1 - dx, y1: bounds.y1 - dy)
            .intersection(size)
        return op
    }

    /// The same operation under an outer clip (outermost first), its bounds limited to the clip's.
    func clipped(by clip: Clip, bounds clipBounds: PixelRect) -> DrawOp {
        var op = self
        op.clips.insert(clip, at: 0)
        op.bounds = bounds.intersection(clipBounds)
        return op
    }
}
