import Foundation
import LaminaCore

/// Coverage at a local point under a constant Jacobian (`CoverageMemo` supplies the sample when needed).
protocol AffineCoverage {
    func coverage(qx: Double, qy: Double, x: Int, row: RowSpans) -> Double
}

/// Rows of a fill or border whose map is affine with w = 1 (`PixelSampler.unitW`).
///
/// `PixelSampler.local` is then `u = px * g00 + py * g10 + g20`, `v = px * g01 + py * g11 + g21`, nil when
/// either is not finite, with a constant Jacobian; the loop computes exactly those doubles (the `py`
/// products once per row) and hands the point to the coverage, so a pixel whose value the memo or the
/// corner table holds costs neither a sample nor an evaluation.
struct AffineRows<Cover: AffineCoverage>: RowShader {
    let op: PreparedOp
    let coverage: Cover
    let paint: Paint
    let target: BlendTarget
    let clipsExact: Bool
    let g00: Double, g10: Double, g20: Double, g01: Double, g11: Double, g21: Double

    init(op: PreparedOp, projection p: Projection, coverage: Cover, paint: Paint, target: BlendTarget, clipsExact: Bool) {
        self.op = op
        self.coverage = coverage
        self.paint = paint
        self.target = target
        self.clipsExact = clipsExact
        g00 = p.g00; g10 = p.g10; g20 = p.g20; g01 = p.g01; g11 = p.g11; g21 = p.g21
    }

    @inline(__always)
    func general(_ xs: Range<Int>, y: Int, py: Double, row: RowSpans) {
        let pyg10 = py * g10, pyg11 = py * g11
        for x in xs {
            let px = Double(x) + 0.5
            let u = px * g00 + pyg10 + g20, v = px * g01 + pyg11 + g21
            guard u.isFinite, v.isFinite else { continue }
            var cov = coverage.coverage(qx: u, qy: v, x: x, row: row)
            if cov > 0, !op.clips.isEmpty, !(clipsExact && row.clipsOne.contains(x)) { cov *= op.clipCoverage(px: px, py: py) }
            paint.cover(cov, x: x, y: y, target)
        }
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
}
