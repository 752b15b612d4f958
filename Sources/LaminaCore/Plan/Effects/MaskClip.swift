import Foundation
import LaminaGraph
import LaminaGeometry

/// A mask that is one opaque rounded rect (a mask layer with only a background and circular corners, the
/// usual way to round or inset a layer's content) multiplies the content by that shape's coverage: the
/// same as clipping the content to the shape, where the content is one draw at each pixel the mask's edge
/// crosses. Such a mask becomes a clip on each draw (`DrawOp.clips`, which both renderers apply with the
/// draw's own coverage) instead of the content pass, the mask pass and their composite.
///
/// Exact, not approximate: where two draws overlap under a fractional mask, clipping each one would let the
/// lower one show through the upper one's edge (a group multiplied once differs), so the clip is taken
/// only when at most one draw reaches the pixels where the mask is neither 0 nor 1 (its edge band), by a
/// conservative test of their bounds. A border whose hole holds the whole mask is left out: clipped, it
/// would draw nothing; a solid fill that covers the whole mask wholly becomes the mask's shape in its
/// colour (`fillsMask`). Each pixel is
/// then rounded once instead of three times (content pass, mask pass, composite): edge pixels, and the
/// pixels of translucent content, can differ by one step from the passes' result, toward the exact value.
extension GraphBuilder {
    /// The content clipped to the mask's shape, or nil when the mask is not one opaque rounded rect or the
    /// clip would not be exact.
    func clippedByShapeMask(_ ops: [DrawOp], maskOps: [DrawOp]) -> [DrawOp]? {
        guard maskOps.count == 1, let mask = maskOps.first, mask.clips.isEmpty, mask.modulate == nil,
              case .roundedRect(let shape) = mask.shape, case .solid(let color) = mask.paint, color.a == 1,
              !mask.bounds.isEmpty else { return nil }
        let interior = MaskClipGeometry.interior(shape, mask.transform)
        let edge = MaskClipGeometry.pixelShape(shape, mask.transform)?.inset(by: -MaskClipGeometry.reach)
        // A ring whose hole holds the mask shares no pixel with it: clipped, it draws nothing.
        let drawn = ops.filter { !MaskClipGeometry.holeHolds($0, edge) }
        let reaching = drawn.filter {
            MaskClipGeometry.reachesEdge($0, outer: mask.bounds, interior: interior)
        }
        guard reaching.count <= 1 else { return nil }
        let clip = Clip(shape: shape, transform: mask.transform, edgeAA: mask.edgeAA)
        return drawn.map { op in
            MaskClipGeometry.fillsMask(op, shape: shape, mask: mask) ?? op.multiplied(byMask: clip, bounds: mask.bounds)
        }.filter { !$0.bounds.isEmpty }
    }
}

/// The bounds tests of `clippedByShapeMask`, in pixels.
enum MaskClipGeometry {
    /// How far each of two outlines is grown toward the other: a pixel holds points of both only when they
    /// are within sqrt 2 of each other, so outlines 2 x 0.75 apart share no pixel.
    static let reach = 0.75

    /// Pixels a rounded rect covers wholly through a scale and translation (its rect inset past the corners,
    /// at the map's larger scale, and by one pixel of edge coverage); empty for any other map.
    static func interior(_ shape: RoundedRect, _ m: Transform3D) -> PixelRect {
        guard m.planeKind.isScaleTranslation else { return .empty }
        let px = RoundedRect(rect: m.scaleTranslating(shape.rect),
                             minXMinY: shape.maxRadius * max(abs(m.m11), abs(m.m22)))
        guard let r = px.innerRect(margin: 1), r.minX > -1e9, r.maxX < 1e9, r.minY > -1e9, r.maxY < 1e9
        else { return .empty }
        return PixelRect(x0: Int(r.minX.rounded(.up)), y0: Int(r.minY.rounded(.up)),
                         x1: Int(r.maxX.rounded(.down)), y1: Int(r.maxY.rounded(.down)))
    }

    /// Whether `op` may cover a pixel of the mask's edge band: inside `outer` (the mask's bounds) and not
    /// inside `interior` (where the mask is 1).
    static func reachesEdge(_ op: DrawOp, outer: PixelRect, interior: PixelRect) -> Bool {
        let b = op.bounds.intersection(outer)
        return !(b.isEmpty || contains(interior, b))
    }

    /// A solid fill that covers every pixel the mask reaches wholly (its outline shrunk by half a pixel holds
    /// the mask's grown by half a pixel, so the fill's coverage is 1 wherever the mask's is not 0): clipped,
    /// it is the mask's shape in the fill's colour, drawn as a plain fill, without a clip to evaluate. Nil
    /// otherwise (both maps must be a uniform scale and a translation).
    static func fillsMask(_ op: DrawOp, shape: RoundedRect, mask: DrawOp) -> DrawOp? {
        guard case .roundedRect(let fill) = op.shape, case .solid = op.paint,
              let outer = pixelShape(fill, op.transform)?.inset(by: 0.5 + reachMargin),
              let inner = pixelShape(shape, mask.transform)?.inset(by: -(0.5 + reachMargin)),
              outer.contains(inner) else { return nil }
        return DrawOp(shape: .roundedRect(shape), paint: op.paint, transform: mask.transform, clips: op.clips,
                      bounds: op.bounds.intersection(mask.bounds), edgeAA: mask.edgeAA, modulate: op.modulate)
    }

    /// What `fillsMask` adds to each half pixel, for the rounding of the outlines' arithmetic.
    static let reachMargin = 1.0 / 64

    /// Whether `op` is a ring whose hole (shrunk by `reach`) holds `edge` (the mask's shape grown by
    /// `reach`): no pixel then holds points of both.
    static func holeHolds(_ op: DrawOp, _ edge: RoundedRect?) -> Bool {
        guard case .ring(let shape, let width) = op.shape, let edge,
              let hole = pixelShape(shape.inset(by: width), op.transform)?.inset(by: reach) else { return false }
        return hole.contains(edge)
    }

    /// The shape in pixels through a uniform positive scale and a translation; nil through any other map.
    static func pixelShape(_ shape: RoundedRect, _ m: Transform3D) -> RoundedRect? {
        guard m.planeKind.isScaleTranslation, m.m11 > 0, m.m11 == m.m22 else { return nil }
        let k = m.m11
        return RoundedRect(rect: m.scaleTranslating(shape.rect), minXMinY: shape.minXMinY * k, maxXMinY: shape.maxXMinY * k,
                           minXMaxY: shape.minXMaxY * k, maxXMaxY: shape.maxXMaxY * k, curve: shape.curve)
    }

    static func contains(_ a: PixelRect, _ b: PixelRect) -> Bool {
        !a.isEmpty && a.x0 <= b.x0 && a.y0 <= b.y0 && b.x1 <= a.x1 && b.y1 <= a.y1
    }
}
