import Foundation
import LaminaGraph
import LaminaGeometry

/// Path coverage for a path draw on the CPU: polylines projected to pixels, then rasterized analytically
/// (the GPU computes the same coverage itself: `PathCoverage` in LaminaGL).
///
/// Under a projective map straight segments stay straight while w > 0, so projecting the flattened
/// vertices is exact; points behind the eye are dropped (the planner keeps such paths rare: shadowPath
/// and masks under perspective).
enum CPUPathCoverage {
    /// The coverage of `fill` drawn through `transform` over `bounds`, row by row.
    static func rasterize(_ fill: PathShape, transform m: Transform3D, bounds: PixelRect) -> PathRows {
        guard !bounds.isEmpty else { return PathRows(rows: 0) }
        let projected = fill.projected(through: m)
        var rows = PathRows(rows: bounds.height)
        let drawn = fill.antialiased ? nil : fill.drawn
        PathRasterizer.withPooled { rasterizer in
            rasterizer.rasterizeRuns(projected, rule: fill.rule, clip: bounds) { y, runs, values in
                rows.append(row: y - bounds.y0, x0: bounds.x0, runs: runs, values: values, drawn: drawn)
            }
        }
        return rows
    }
}

/// A path's coverage as each row's runs: pixels with values of their own where edges pass, and runs of one
/// coverage between them (a fill's inside), so a draw visits its edge pixels one by one and its inside as
/// spans, and memory grows with the outline, not with the area or the bounds.
struct PathRows {
    /// `count` pixels from column `x0`: each with its value from `values[offset...]`, or all with `constant`
    /// when `offset` is -1.
    struct Piece {
        var x0: Int, count: Int, offset: Int
        var constant: Float
    }

    /// Per row of the operation's bounds, its pieces' indices in `pieces` (in column order, disjoint).
    private(set) var rows: [Range<Int>]
    private(set) var pieces: [Piece] = []
    private(set) var values: [Float] = []

    init(rows: Int) { self.rows = [Range<Int>](repeating: 0..<0, count: max(0, rows)) }

    /// The memory the rows hold: their ranges', pieces' and values' storage (grown by appending, so up to
    /// twice what they hold).
    var bytes: Int {
        rows.capacity * MemoryLayout<Range<Int>>.stride + pieces.capacity * MemoryLayout<Piece>.stride
            + values.capacity * MemoryLayout<Float>.stride
    }

    /// Keeps row `row`'s runs (columns from `x0`, values indexed from there); `drawn` maps each value (a
    /// path drawn without antialiasing keeps 0 or 1). Pieces that cover nothing are left out.
    mutating func append(row: Int, x0: Int, runs: UnsafeBufferPointer<CoverageRun>, values rowValues: UnsafeBufferPointer<Float>,
                         drawn: ((Float) -> Float)?) {
        guard rows.indices.contains(row) else { return }
        let first = pieces.count
        for run in runs {
            if let constant = run.constant {
                let c = drawn.map { $0(constant) } ?? constant
                if c > 0 { pieces.append(Piece(x0: x0 + run.x0, count: run.count, offset: -1, constant: c)) }
                continue
            }
            let offset = values.count
            let slice = UnsafeBufferPointer(rebasing: rowValues[run.x0..<run.x0 + run.count])
            if let drawn {
                for v in slice { values.append(drawn(v)) }
            } else {
                values.append(contentsOf: slice)
            }
            pieces.append(Piece(x0: x0 + run.x0, count: run.count, offset: offset, constant: 0))
        }
        rows[row] = first..<pieces.count
    }
}

/// A path's coverage as a shape of the generic loop (`SampledRows`): the value at the pixel, 0 outside
/// the row's pieces.
struct PathRowsCoverage: ShapeCoverage {
    let rows: PathRows
    /// The first row of the operation's bounds.
    let y0: Int

    @inline(__always)
    func coverage(_ s: Projection.Sample, x: Int, y: Int) -> Double {
        for k in rows.rows[y - y0] {
            let piece = rows.pieces[k]
            let i = x - piece.x0
            if i < 0 { return 0 }
            guard i < piece.count else { continue }
            return Double(piece.offset < 0 ? piece.constant : rows.values[piece.offset + i])
        }
        return 0
    }
}
