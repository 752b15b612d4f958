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
    /// The fill's operation: the pair's transform, clips, bounds, edges and modulation.
    public let op: DrawOp
    public let shape: RoundedRect
    public let width: Double
    public let fill: PremultipliedColor
    public let border: PremultipliedColor

    /// `fill` with `border` over it, or nil when the two do not draw the same shape in the same place: a
    /// solid rounded rect, then a solid ring of the same rect with the same transform, clips, bounds and
    /// modulation, both antialiased on every edge (as a border always is).
    public init?(fill: DrawOp, border: DrawOp) {
        guard case .roundedRect(let shape) = fill.shape, case .solid(let fillColor) = fill.paint,
              case .ring(let ring, let width) = border.shape, case .solid(let borderColor) = border.paint,
              shape == ring, fill.edgeAA == .all, border.edgeAA == .all, fill.transform == border.transform,
              fill.clips == border.clips, fill.bounds == border.bounds, fill.modulate == border.modulate else { return nil }
        op = fill
        self.shape = shape
        self.width = width
        self.fill = fillColor
        self.border = borderColor
    }

    public static func == (a: BorderedFill, b: BorderedFill) -> Bool {
        a.shape == b.shape && a.width == b.width && a.fill == b.fill && a.border == b.border
            && a.op.transform == b.op.transform && a.op.clips == b.op.clips && a.op.bounds == b.op.bounds
            && a.op.modulate == b.op.modulate
    }
}

/// What a renderer draws for a pass's operations: each operation, or a fill and its border as one.
public enum DrawItem: Sendable {
    /// The operation at `index` of the pass.
    case op(DrawOp, index: Int)
    /// The fill at `index` and its border at `index + 1`.
    case bordered(BorderedFill, index: Int)

    /// The operation whose transform, clips and bounds the item has (the fill's, for a pair).
    public var op: DrawOp {
        switch self {
        case .op(let op, _): return op
        case .bordered(let b, _): return b.op
        }
    }

    /// The index in the pass of the item's (first) operation.
    public var index: Int {
        switch self {
        case .op(_, let i), .bordered(_, let i): return i
        }
    }
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
                items.append(.bordered(pair, index: i))
                i += 2
            } else {
                items.append(.op(self[i], index: i))
                i += 1
            }
        }
        return items
    }
}
