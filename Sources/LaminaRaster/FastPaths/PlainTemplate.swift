import Foundation

/// The coverages of a plain row's general pixels, recorded once and replayed in the other plain rows.
///
/// Plain rows (`SpanPlan.isPlain`) share their spans, so their general pixels are the same columns; under
/// a diagonal Jacobian a column's local x is the same double in every row. Where `CoverageMemo` evaluates
/// every such pixel in the column case (beside a vertical edge: `dqy <= 0` and `dqx > dqy`), the value is
/// a function of the column's local x and the radius r alone, and r follows from the column's side and the
/// row's half. So the first plain row of each half records its coverages, noting for each shape and side
/// the smallest `dqx` it evaluated; another plain row of the same half replays them when every shape is in
/// the same half there and its `dqy` for each side is <= 0 and below that smallest `dqx`: then each of the
/// row's evaluations would be in the column case with the same inputs, so it would give the recorded
/// double. Any other case seen while recording (a corner, a row case, a plain rect) spoils the half, whose
/// rows are then evaluated as usual.
///
/// For cards this turns the columns just outside the edges (coverage exactly 0) and just inside a
/// border's inner edge (exactly 1) from an evaluation per row into one per operation and band.
struct PlainTemplate {
    /// Per half (0: above the outer shape's centre line): a row was recorded; it saw only column cases;
    /// the inner shape's half in that row.
    var recorded = SIMD2<Int>(0, 0)
    var valid = SIMD2<Int>(0, 0)
    var innerUp = SIMD2<Int>(0, 0)
    /// Per half, [shape * 2 + side (0 left)]: the smallest `dqx` the recorded row evaluated (+inf: none).
    var minDqx = (SIMD4<Double>(repeating: .infinity), SIMD4<Double>(repeating: .infinity))
    /// Per half: the replay program's state (0 not built, 1 built, 2 not buildable) and its step count.
    var programState = SIMD2<Int>(0, 0)
    var programCount = SIMD2<Int>(0, 0)
    /// The row being drawn, its half, and whether it replays or records.
    var y = Int.min
    var half = 0
    var replay = false
    var recording = false

    /// One step of a half's replay program: a run drawn as a solid span (`fill`), or one pixel covered by
    /// `cov`.
    struct Step {
        var xs: Range<Int>
        var cov: Double
        var fill: Bool
    }

    /// What a row's local y tells about each shape: its half (1 above the centre line) and its `dqy` for the
    /// left and right radius ([shape * 2 + side]).
    struct Row {
        var up: SIMD2<Int>
        var dqy: SIMD4<Double>
    }

    /// Decides what row `y` of `half` does; true when it starts recording (its values must be cleared).
    mutating func begin(row y: Int, _ row: Row) -> Bool {
        self.y = y
        half = row.up.x != 0 ? 0 : 1
        replay = false
        recording = false
        if recorded[half] == 0 {
            recorded[half] = 1
            valid[half] = 1
            innerUp[half] = row.up.y
            recording = true
            return true
        }
        guard valid[half] != 0, innerUp[half] == row.up.y else { return false }
        let m = half == 0 ? minDqx.0 : minDqx.1
        let holds = (m .== .infinity) .| ((row.dqy .<= 0) .& (row.dqy .< m))
        replay = all(holds)
        return false
    }

    /// Notes a column-case evaluation of shape `k` on side `left` while recording.
    @inline(__always)
    mutating func note(shape k: Int, left: Bool, dqx: Double) {
        let i = k * 2 + (left ? 0 : 1)
        if half == 0 { minDqx.0[i] = min(minDqx.0[i], dqx) } else { minDqx.1[i] = min(minDqx.1[i], dqx) }
    }

    /// Notes an evaluation in any other case while recording: the half's values are not row-independent.
    @inline(__always)
    mutating func spoil() { valid[half] = 0 }
}

extension CoverageMemo.Geometry {
    /// Half (1 above the centre line) and `dqy` for the left and right radius at local y `qy`, as
    /// `CoverageMemo.coverage` computes them.
    @inline(__always)
    func row(qy: Double) -> (up: Int, left: Double, right: Double) {
        let up = qy < cy
        let rl = up ? minXMinY : minXMaxY, rr = up ? maxXMinY : maxXMaxY
        return (up ? 1 : 0, abs(qy - cy) - hy + rl, abs(qy - cy) - hy + rr)
    }
}
