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
        var rasterizer = PathRasterizer()
        var rows = PathRows(rows: bounds.height)
        rasterizer.rasterize(projected, rule: fill.rule, clip: bounds) { y, x0, coverage in
            rows.append(row: y - bounds.y0, x0: x0, coverage: coverage, drawn: fill.antialiased ? nil : fill.drawn)
        }
        return rows
    }
}

/// A path's coverage as the rows' spans: for each row of the operation's bounds, the pixels from the first
/// to the last the path covers and their coverage (0...1), so a draw visits only those pixels and memory
/// grows with the outline, not with the bounds.
struct PathRows {
    /// A row's first column, its pixel count (0: nothing covered) and where its values start.
    struct Span {
        var x0 = 0, count = 0, offset = 0
    }

    private(set) var spans: [Span]
    private(set) var values: [Float] = []

    init(rows: Int) { spans = [Span](repeating: Span(), count: max(0, rows)) }

    /// Keeps row `row`'s coverage from column `x0`, trimmed to its covered pixels; `drawn` maps each value
    /// (a path drawn without antialiasing keeps 0 or 1).
    mutating func append(row: Int, x0: Int, coverage: UnsafeBufferPointer<Float>, drawn: ((Float) -> Float)?) {
        var lo = 0, hi = coverage.count
        if let drawn {
            while lo < hi, drawn(coverage[lo]) <= 0 { lo += 1 }
            while hi > lo, drawn(coverage[hi - 1]) <= 0 { hi -= 1 }
        } else {
            while lo < hi, coverage[lo] <= 0 { lo += 1 }
            while hi > lo, coverage[hi - 1] <= 0 { hi -= 1 }
        }
        guard lo < hi, spans.indices.contains(row) else { return }
        spans[row] = Span(x0: x0 + lo, count: hi - lo, offset: values.count)
        if let drawn {
            for i in lo..<hi { values.append(drawn(coverage[i])) }
        } else {
            values.append(contentsOf: UnsafeBufferPointer(rebasing: coverage[lo..<hi]))
        }
    }
}

/// A path's coverage as a shape of the generic loop (`SampledRows`): the rows' value at the pixel, 0 outside
/// its span.
struct PathRowsCoverage: ShapeCoverage {
    let rows: PathRows
    /// The first row of the operation's bounds.
    let y0: Int

    @inline(__always)
    func coverage(_ s: Projection.Sample, x: Int, y: Int) -> Double {
        let span = rows.spans[y - y0]
        let i = x - span.x0
        guard i >= 0, i < span.count else { return 0 }
        return Double(rows.values[span.offset + i])
    }
}
