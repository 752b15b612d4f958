import CGLES
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
    static func items(_ ops: [DrawOp], passBounds: PixelRect, skipping: Set<Int> = []) -> [Item] {
        ops.enumerated().compactMap { i, op in
            guard case .path(let fill) = op.shape, !skipping.contains(i) else { return nil }
            let b = op.bounds.intersection(passBounds)
            guard !b.isEmpty else { return nil }
            return Item(op: i, bounds: b, rule: fill.rule, fill: fill, transform: op.transform)
        }
    }

    /// Where an op's coverage lies: its page's texture and the texel of its bounds' origin.
    struct Slot {
        let texture: GLTexture
        let x: Int, y: Int
        /// The pieces the fill's quad is cut into, in the pass's pixels, where its coverage is known on the
        /// CPU (`PathCoverage+Pieces.swift`); nil: the whole quad.
        var pieces: [OpSplitter.Piece]?
    }

    /// The coverage format for a context with GL `extensions` (see the type's comment).
    static func format(extensions: Set<String>) -> Int32? {
        if extensions.contains("GL_EXT_color_buffer_float") && extensions.contains("GL_EXT_float_blend") { return GL_R32F }
        if extensions.contains("GL_EXT_color_buffer_half_float") || extensions.contains("GL_EXT_color_buffer_float") {
            return GL_R16F
        }
        return nil
    }
}
