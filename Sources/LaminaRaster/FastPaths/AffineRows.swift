import Foundation
import LaminaGraph
import LaminaGeometry

/// Coverage at a local point under a constant Jacobian (`CoverageMemo` supplies the sample when needed).
protocol AffineCoverage {
    var memo: CoverageMemo { get }
    func coverage(qx: Double, qy: Double, x: Int, row: RowSpans) -> Double
    /// `coverage` at column `x`, and the end (at most `limit`, at least `x + 1`) of the columns from `x`
    /// that are known to have the same coverage (`CoverageMemo.rowCaseEnd`); diagonal Jacobians only.
    func run(qx: Double, qy: Double, x: Int, row: RowSpans, limit: Int, qxAt: (Int) -> Double) -> (Double, Int)
    /// The halves and `dqy`s of the shapes at local y `qy`, for `PlainTemplate`.
    func templateRow(qy: Double) -> PlainTemplate.Row
}

/// Rows of a fill or border whose map is affine with w = 1 (`PixelSampler.unitW`).
///
/// `PixelSampler.local` is then `u = px * g00 + py * g10 + g20`, `v = px * g01 + py * g11 + g21`, nil when
/// either is not finite, with a constant Jacobian; the loop computes exactly those doubles (the `py`
/// products once per row) and hands the point to the coverage, so a pixel whose value the memo or the
/// corner table holds costs neither a sample nor an evaluation. Under a diagonal Jacobian, plain rows go
/// through the band's `PlainTemplate`.
struct AffineRows<Cover: AffineCoverage>: RowShader {
    let op: PreparedOp
    let coverage: Cover
    let paint: Paint
    let target: BlendTarget
    let clipsExact: Bool
    let g00: Double, g10: Double, g20: Double, g01: Double, g11: Double, g21: Double
    /// The template's recorded coverages (two halves of the operation's width), when plain rows use it.
    let templateValues: UnsafeMutablePointer<Double>?
    let programs: UnsafeMutablePointer<PlainTemplate.Step>
    let programCapacity: Int
    let x0: Int, width: Int

    init(op: PreparedOp, projection p: Projection, coverage: Cover, paint: Paint, target: BlendTarget,
         clipsExact: Bool, scratch: BandScratch) {
        self.op = op
        self.coverage = coverage
        self.paint = paint
        self.target = target
        self.clipsExact = clipsExact
        g00 = p.g00; g10 = p.g10; g20 = p.g20; g01 = p.g01; g11 = p.g11; g21 = p.g21
        x0 = op.bounds.x0
        width = op.bounds.width
        templateValues = coverage.memo.diagonal ? scratch.templateValues : nil
        programs = scratch.programs
        programCapacity = scratch.programCapacity
    }

    /// A plain row: settles what the template does with it, and when it replays, runs the half's program
    /// (built on its first replay from the row's runs and the recorded coverages: solid runs and pixels of
    /// coverage 1 merge into single fills, pixels of coverage 0 drop out).
    static var recordsPlainRows: Bool { true }

    func replay(y: Int, py: Double, row: RowSpans) -> Bool {
        guard let values = templateValues else { return false }
        let template = coverage.memo.template
        if template.pointee.y != y {
            // The row's local y: under a diagonal Jacobian px * g01 is a zero, the same at every column.
            let qy = (Double(x0) + 0.5) * g01 + py * g11 + g21
            if template.pointee.begin(row: y, coverage.templateRow(qy: qy)) {
                (values + template.pointee.half * width).initialize(repeating: .nan, count: width)
            }
        }
        guard template.pointee.replay else { return false }
        let half = template.pointee.half
        let steps = programs + half * programCapacity
        if template.pointee.programState[half] == 0 {
            let built = buildProgram(steps, row: row, recorded: values + half * width - x0)
            template.pointee.programState[half] = built.map { _ in 1 } ?? 2
            template.pointee.programCount[half] = built ?? 0
        }
        guard template.pointee.programState[half] == 1 else { return false }
        for i in 0..<template.pointee.programCount[half] {
            let step = steps[i]
            if step.fill { paint.fill(step.xs, y: y, target) } else { paint.cover(step.cov, x: step.xs.lowerBound, y: y, target) }
        }
        return true
    }

    /// The steps of a replayed row, or nil when a recorded coverage is missing (a pixel without a finite
    /// point, which is evaluated instead).
    private func buildProgram(_ steps: UnsafeMutablePointer<PlainTemplate.Step>, row: RowSpans,
                              recorded: UnsafeMutablePointer<Double>) -> Int? {
        var n = 0
        var complete = true
        let mergeOnes = paint.coverOneIsFill
        func fill(_ xs: Range<Int>) {
            if n > 0, steps[n - 1].fill, steps[n - 1].xs.upperBound == xs.lowerBound {
                steps[n - 1].xs = steps[n - 1].xs.lowerBound..<xs.upperBound
            } else if n < programCapacity {
                steps[n] = PlainTemplate.Step(xs: xs, cov: 1, fill: true)
                n += 1
            } else {
                complete = false
            }
        }
        row.forEachRun { xs, solid in
            if solid { fill(xs); return }
            for x in xs {
                let c = recorded[x]
                if c.isNaN {
                    complete = false
                } else if c == 1 && mergeOnes {
                    fill(x..<x + 1)
                } else if c > 0 {
                    if n < programCapacity { steps[n] = PlainTemplate.Step(xs: x..<x + 1, cov: c, fill: false); n += 1 } else { complete = false }
                }
            }
        }
        return complete ? n : nil
    }

    @inline(__always)
    func general(_ xs: Range<Int>, y: Int, py: Double, row: RowSpans, plain: Bool) {
        let pyg10 = py * g10, pyg11 = py * g11
        if plain, let values = templateValues {
            // `replay` has settled this row with the template: it records, or it replays pixel by pixel
            // because its half's program could not be built.
            let template = coverage.memo.template
            let recorded = values + template.pointee.half * width - x0
            if template.pointee.replay {
                for x in xs {
                    let c = recorded[x]
                    if c.isNaN { _ = shade(x, y: y, py: py, pyg10: pyg10, pyg11: pyg11, row: row) } else { paint.cover(c, x: x, y: y, target) }
                }
                return
            }
            if template.pointee.recording {
                for x in xs { recorded[x] = shade(x, y: y, py: py, pyg10: pyg10, pyg11: pyg11, row: row) }
                return
            }
        }
        // Past its recording row, the template hears no more evaluations.
        if templateValues != nil { coverage.memo.template.pointee.recording = false }
        guard coverage.memo.diagonal, op.clips.isEmpty else {
            for x in xs { _ = shade(x, y: y, py: py, pyg10: pyg10, pyg11: pyg11, row: row) }
            return
        }
        // Runs of columns beside a horizontal edge share one coverage: evaluated once, drawn as a run.
        let qxAt = { (column: Int) -> Double in (Double(column) + 0.5) * self.g00 + pyg10 + self.g20 }
        var x = xs.lowerBound
        while x < xs.upperBound {
            let px = Double(x) + 0.5
            let u = px * g00 + pyg10 + g20, v = px * g01 + pyg11 + g21
            guard u.isFinite, v.isFinite else { x += 1; continue }
            var (cov, end) = coverage.run(qx: u, qy: v, x: x, row: row, limit: xs.upperBound, qxAt: qxAt)
            // Every column of the run has a finite point (its local x lies between the ends').
            if end > x + 1, !qxAt(end - 1).isFinite { end = x + 1 }
            if cov == 1, let pattern = paint.coverOnePattern {
                target.store(pattern, xs: x..<end, y: y)
            } else if cov > 0 {
                for c in x..<end { paint.cover(cov, x: c, y: y, target) }
            }
            x = end
        }
    }

    /// Shades pixel (x, y), returning its coverage (NaN where the map has no finite point).
    @inline(__always)
    private func shade(_ x: Int, y: Int, py: Double, pyg10: Double, pyg11: Double, row: RowSpans) -> Double {
        let px = Double(x) + 0.5
        let u = px * g00 + pyg10 + g20, v = px * g01 + pyg11 + g21
        guard u.isFinite, v.isFinite else { return .nan }
        var cov = coverage.coverage(qx: u, qy: v, x: x, row: row)
        if cov > 0, !op.clips.isEmpty, !(clipsExact && row.clipsOne.contains(x)) { cov *= op.clipCoverage(x: x, y: y) }
        paint.cover(cov, x: x, y: y, target)
        return cov
    }

    @inline(__always)
    func solid(_ xs: Range<Int>, y: Int, py: Double) { paint.fill(xs, y: y, target) }
}

/// A fill's coverage through the band's `CoverageMemo`.
struct MemoFill: AffineCoverage {
    let memo: CoverageMemo
    let shape: RoundedRect
    let geometry: CoverageMemo.Geometry
    let edgeAA: EdgeMask

    @inline(__always)
    func coverage(qx: Double, qy: Double, x: Int, row: RowSpans) -> Double {
        memo.coverage(shape, geometry, index: 0, qx: qx, qy: qy, x: x, edgeAA: edgeAA)
    }

    @inline(__always)
    func run(qx: Double, qy: Double, x: Int, row: RowSpans, limit: Int, qxAt: (Int) -> Double) -> (Double, Int) {
        let cov = coverage(qx: qx, qy: qy, x: x, row: row)
        return (cov, memo.rowCaseEnd(geometry, qx: qx, qy: qy, x: x, limit: limit, qxAt: qxAt) ?? x + 1)
    }

    func templateRow(qy: Double) -> PlainTemplate.Row {
        let o = geometry.row(qy: qy)
        return PlainTemplate.Row(up: SIMD2(o.up, 0), dqy: SIMD4(o.left, o.right, .nan, .nan))
    }
}

/// An `AffineCoverage` held by pointer for the length of one operation's scan (`PreparedOp.runFastPath`):
/// held by value, a border's shapes, geometry and memo (some 350 bytes, a fill's half of that) were
/// copied to the stack at every run of pixels, about a tenth of a card's time.
struct PointedCoverage<Cover: AffineCoverage>: AffineCoverage {
    let base: UnsafePointer<Cover>

    var memo: CoverageMemo {
        @inline(__always) get { base.pointee.memo }
    }

    @inline(__always)
    func coverage(qx: Double, qy: Double, x: Int, row: RowSpans) -> Double {
        base.pointee.coverage(qx: qx, qy: qy, x: x, row: row)
    }

    @inline(__always)
    func run(qx: Double, qy: Double, x: Int, row: RowSpans, limit: Int, qxAt: (Int) -> Double) -> (Double, Int) {
        base.pointee.run(qx: qx, qy: qy, x: x, row: row, limit: limit, qxAt: qxAt)
    }

    func templateRow(qy: Double) -> PlainTemplate.Row { base.pointee.templateRow(qy: qy) }
}

/// A border's coverage through the band's `CoverageMemo`, evaluating only one of its two shapes where the
/// row's spans make the other's coverage known exactly.
struct MemoBorder: AffineCoverage {
    let memo: CoverageMemo
    let outer: RoundedRect
    let outerGeometry: CoverageMemo.Geometry
    /// The inner edge (the outer shape again, unused, when the ring has no hole: `hasInner` false).
    let inner: RoundedRect
    let innerGeometry: CoverageMemo.Geometry
    let hasInner: Bool
    /// `EdgeMask.all`, read once (a global's every read checks its lazy initialisation).
    let all: EdgeMask

    init(memo: CoverageMemo, outer: RoundedRect, inner: RoundedRect?) {
        self.memo = memo
        self.outer = outer
        outerGeometry = CoverageMemo.Geometry(outer)
        self.inner = inner ?? outer
        innerGeometry = CoverageMemo.Geometry(inner ?? outer)
        hasInner = inner != nil
        all = .all
    }

    /// `Coverage.border`: clamp01(cOuter - cInner), or cOuter without an inner edge. Outside the inner
    /// shape's live columns cInner is exactly 0 and clamp01(cOuter - 0) is cOuter; in the outer shape's
    /// exactly-one columns the ring is clamp01(1 - cInner).
    @inline(__always)
    func coverage(qx: Double, qy: Double, x: Int, row: RowSpans) -> Double {
        guard hasInner, row.innerLive.contains(x) else {
            return memo.coverage(outer, outerGeometry, index: 0, qx: qx, qy: qy, x: x, edgeAA: all)
        }
        let cInner = memo.coverage(inner, innerGeometry, index: 1, qx: qx, qy: qy, x: x, edgeAA: all)
        if row.outerOne.contains(x) { return Coverage.clamp01(1 - cInner) }
        return Coverage.clamp01(memo.coverage(outer, outerGeometry, index: 0, qx: qx, qy: qy, x: x, edgeAA: all) - cInner)
    }

    /// The outer shape's coverage and the ring's (`Coverage.borderParts`), with `coverage`'s shortcuts.
    @inline(__always)
    func parts(qx: Double, qy: Double, x: Int, row: RowSpans) -> (outer: Double, ring: Double) {
        guard hasInner, row.innerLive.contains(x) else {
            let o = memo.coverage(outer, outerGeometry, index: 0, qx: qx, qy: qy, x: x, edgeAA: all)
            return (o, o)
        }
        let cInner = memo.coverage(inner, innerGeometry, index: 1, qx: qx, qy: qy, x: x, edgeAA: all)
        let o = row.outerOne.contains(x) ? 1 : memo.coverage(outer, outerGeometry, index: 0, qx: qx, qy: qy, x: x,
                                                                edgeAA: all)
        return (o, Coverage.clamp01(o - cInner))
    }

    /// The border's coverage and run: the run also stops where the columns' membership of `innerLive` or
    /// `outerOne` changes, as that decides which shapes are evaluated and how they combine.
    @inline(__always)
    func run(qx: Double, qy: Double, x: Int, row: RowSpans, limit: Int, qxAt: (Int) -> Double) -> (Double, Int) {
        (coverage(qx: qx, qy: qy, x: x, row: row), runEnd(qx: qx, qy: qy, x: x, row: row, limit: limit, qxAt: qxAt))
    }

    /// The end of `run`'s columns, over which both shapes' coverages (`parts`) are the same too: the outer
    /// one's unless it is known to be 1, the inner one's unless it is known to be 0.
    @inline(__always)
    func runEnd(qx: Double, qy: Double, x: Int, row: RowSpans, limit: Int, qxAt: (Int) -> Double) -> Int {
        var end = limit
        func stop(at b: Int) { if b > x { end = min(end, b) } }
        stop(at: row.innerLive.lowerBound); stop(at: row.innerLive.upperBound)
        stop(at: row.outerOne.lowerBound); stop(at: row.outerOne.upperBound)
        let innerEvaluated = hasInner && row.innerLive.contains(x)
        if !innerEvaluated || !row.outerOne.contains(x) {
            end = min(end, memo.rowCaseEnd(outerGeometry, qx: qx, qy: qy, x: x, limit: end, qxAt: qxAt) ?? x + 1)
        }
        if innerEvaluated {
            end = min(end, memo.rowCaseEnd(innerGeometry, qx: qx, qy: qy, x: x, limit: end, qxAt: qxAt) ?? x + 1)
        }
        return end
    }

    func templateRow(qy: Double) -> PlainTemplate.Row {
        let o = outerGeometry.row(qy: qy), i = innerGeometry.row(qy: qy)
        return PlainTemplate.Row(up: SIMD2(o.up, i.up), dqy: SIMD4(o.left, o.right, i.left, i.right))
    }
}
