import Foundation
import LaminaGeometry

extension DrawOp {
    /// The same operation with its alpha multiplied by `a` (opacity folded into a single draw): its paint
    /// scaled; the products are held at float precision by the types themselves (`Double.heldAsFloat`).
    @inlinable public func scalingAlpha(by a: Double) -> DrawOp {
        guard a != 1 else { return self }
        var op = self
        op.paint = paint.scalingAlpha(by: a)
        return op
    }

    /// The same operation in a target whose pixel (0, 0) is this target's pixel `(dx, dy)`: a pass cut
    /// out of the current target.
    @inlinable public func rebased(dx: Int, dy: Int, size: PixelRect) -> DrawOp {
        var op = self
        let shift = Transform3D.translation(Double(-dx), Double(-dy), 0)
        op.transform = transform.concatenating(shift)
        op.clips = clips.map { var c = $0; c.transform = c.transform.concatenating(shift); return c }
        op.bounds = PixelRect(x0: bounds.x0 - dx, y0: bounds.y0 - dy, x1: bounds.x1 - dx, y1: bounds.y1 - dy)
            .intersection(size)
        return op
    }

    /// The same operation under an outer clip (outermost first), its bounds limited to the clip's.
    ///
    /// A clip that cuts nothing off the operation is not added: one it already has (a region cut by itself
    /// is itself), or one whose shape is the operation's own outer shape under the same transform, with the
    /// same edges (a masksToBounds layer's background and border). Coverages multiply, so a second cut along
    /// the same edge would square the edge's coverage where the exact area is the coverage itself: the
    /// layer's own background would be drawn thinner with masksToBounds than without.
    ///
    /// The same edges: a rounded shape's are antialiased whatever the edge masks, as are a ring's; a plain
    /// rect fill's and its clip's masks are the same; a ring, always antialiased, only drops a clip
    /// antialiased on every edge. A mask's shape taken as a clip multiplies whatever it meets
    /// (`multiplied(byMask:bounds:)`).
    @inlinable public func clipped(by clip: Clip, bounds clipBounds: PixelRect) -> DrawOp {
        var op = self
        op.bounds = bounds.intersection(clipBounds)
        if clips.contains(clip) { return op }
        if transform == clip.transform, let outer = shape.outline, outer == clip.shape {
            if !outer.isRect { return op }
            switch shape {
            case .roundedRect where edgeAA == clip.edgeAA: return op
            case .ring where clip.edgeAA == .all: return op
            default: break
            }
        }
        op.clips.insert(clip, at: 0)
        return op
    }

    /// The same operation multiplied by a mask's coverage taken as a clip (outermost first), its bounds
    /// limited to the mask's: always added, since a mask's alpha multiplies what lies under it even along
    /// the operation's own edge, as the mask's own pass would.
    @inlinable public func multiplied(byMask clip: Clip, bounds clipBounds: PixelRect) -> DrawOp {
        var op = self
        op.clips.insert(clip, at: 0)
        op.bounds = bounds.intersection(clipBounds)
        return op
    }
}

extension DrawOp.Paint {
    /// The same paint with its alpha multiplied by `a`.
    @inlinable public func scalingAlpha(by a: Double) -> DrawOp.Paint {
        switch self {
        case .solid(let c): return .solid(c.scaled(by: a))
        case .texture(var t): t.opacity *= a; return .texture(t)
        case .gradient(var g): g.opacity *= a; return .gradient(g)
        }
    }
}

extension DrawOp {
    /// Whether this draw adds to its target instead of drawing over it (`TextureDraw.adds`).
    @inlinable public var adds: Bool {
        if case .texture(let t) = paint { return t.adds }
        return false
    }
}
