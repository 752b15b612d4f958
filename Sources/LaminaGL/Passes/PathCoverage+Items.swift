import Foundation
import LaminaGeometry
import LaminaGraph

extension PathCoverage {
    /// A path op of the pass: its index, pixel bounds, rule, and its own polylines with the map to the
    /// pass's pixels.
    struct Item {
        let op: Int
        let bounds: PixelRect
        let rule: FillRule
        let fill: PathShape
        let transform: Transform3D

        /// The polylines in the pass's pixels, projected at each use: a fill whose coverage work is kept
        /// (`PathCoverage+Kept.swift`) is not projected at all.
        var lines: [Polyline] { fill.projected(through: transform) }
    }

    /// The path ops of `ops` that meet the pass, in order.
    static func items(_ ops: [DrawOp], passBounds: PixelRect) -> [Item] {
        ops.enumerated().compactMap { i, op in
            guard case .path(let fill) = op.shape else { return nil }
            let b = op.bounds.intersection(passBounds)
            guard !b.isEmpty else { return nil }
            return Item(op: i, bounds: b, rule: fill.rule, fill: fill, transform: op.transform)
        }
    }
}
