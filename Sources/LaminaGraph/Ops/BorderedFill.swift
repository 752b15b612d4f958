import Foundation
import LaminaGeometry

/// A rounded-rect fill and the ring of its border right after it, drawn by a renderer as one operation:
/// a fusion both renderers apply (`RenderOptions.joinsBorders`), not a shape or paint of the graph.
///
/// At a pixel with the shape's coverage `o` and the ring's `r` (both times the clips'), the fused source is
/// `border * r + fill * (o * (1 - border.a * r))`, the border over the fill: source-over is associative, so
/// only the rounding to 8 bits differs from the two draws (once, not twice), and the pixels under the
/// border are shaded once. Every layer with a background and a border and nothing between them draws this
/// pair (background, then border: ca-semantics.md §2).
public struct BorderedFill: Sendable, Equatable {
    public let shape: RoundedRect
    public let width: Double
    public let fill: PremultipliedColor
    public let border: PremultipliedColor

    /// `fill` with `border` over it, or nil when the two do not draw the same shape in the same place: a
    /// solid rounded rect, then a solid ring of the same rect with the same transform, clips, bounds and
    /// modulation, both antialiased on every edge (as a border always is). The pair's transform, clips,
    /// bounds and modulation are the fill's.
    public init?(fill: DrawOp, border: DrawOp) {
        guard case .roundedRect(let shape) = fill.shape, case .solid(let fillColor) = fill.paint,
              case .ring(let ring, let width) = border.shape, case .solid(let borderColor) = border.paint,
              shape == ring, fill.edgeAA == .all, border.edgeAA == .all, fill.bounds == border.bounds,
              fill.transform == border.transform, fill.clips == border.clips, fill.modulate == border.modulate
        else { return nil }
        self.shape = shape
        self.width = width
        self.fill = fillColor
        self.border = borderColor
    }
}

/// What a renderer draws for a pass's operations: the operation at `index`, or, with `border`, the fill at
/// `index` and its border at `index + 1` as one. It holds no copy of the operation: renderers read it from
/// the pass by its index.
public struct DrawItem: Sendable {
    public let index: Int
    public let border: BorderedFill?
}

extension Array where Element == DrawOp {
    /// The pass's operations as a renderer draws them, in order: with `fusingBorders`, each fill followed by
    /// its border (`BorderedFill`) as one item.
    public func drawItems(fusingBorders: Bool) -> [DrawItem] {
        var items: [DrawItem] = []
        items.reserveCapacity(count)
        var i = 0
        while i < count {
            if fusingBorders, i + 1 < count, let pair = BorderedFill(fill: self[i], border: self[i + 1]) {
                items.append(DrawItem(index: i, border: pair))
                i += 2
            } else {
                items.append(DrawItem(index: i, border: nil))
                i += 1
            }
        }
        return items
    }
}
