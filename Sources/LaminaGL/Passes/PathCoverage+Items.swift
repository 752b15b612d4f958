import Foundation
import LaminaGeometry
import LaminaGraph

extension PathCoverage {
    /// A path op of the pass: its index, pixel bounds, rule and projected polylines.
    struct Item {
        let op: Int
        let bounds: PixelRect
        let rule: FillRule
        let lines: [Polyline]
    }

    /// The path ops of `ops` that meet the pass, in order.
    static func items(_ ops: [DrawOp], passBounds: PixelRect) -> [Item] {
        ops.enumerated().compactMap { i, op in
            guard case .path(let fill) = op.shape else { return nil }
            let b = op.bounds.intersection(passBounds)
            guard !b.isEmpty else { return nil }
            return Item(op: i, bounds: b, rule: fill.rule, lines: fill.projected(through: op.transform))
        }
    }
}
