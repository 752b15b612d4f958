import Foundation
import LaminaGeometry

/// Rows of a fill with its border over it (`BorderedFill`), whose colour at a pixel follows from
/// two coverages, the shape's `o` and the ring's `r` (both times the clips'):
/// `border * r + fill * (o * (1 - border.a * r))`, the border over the fill as one source.
///
/// The border's spans give two constant colours: its solid spans (o = r = 1) take the border over the
/// fill, its hole (o = 1, r = 0) takes the fill alone, each a `Paint` that stores a pattern when opaque.
/// Every other pixel evaluates both coverages (`BorderParts`): through the band's `CoverageMemo` under an
/// affine map, where runs of columns beside a horizontal edge share one evaluation, else per pixel
/// through the operation's `PixelSampler`.
struct FramedRows<Parts: BorderParts>: RowShader {
    let op: PreparedOp
    let parts: Parts
    let fill: SIMD4<Double>
    let border: SIMD4<Double>
    let fillPaint: Paint
    let ringPaint: Paint
    let target: BlendTarget
    let clipsExact: Bool
    /// Whether `parts` may merge runs: its memo's Jacobian is diagonal and the operation has no clips.
    let runs: Bool

    init(op: PreparedOp, parts: Parts, fill: SIMD4<Double>, border: SIMD4<Double>, target: BlendTarget,
         clipsExact: Bool) {
        self.op = op; self.parts = parts; self.fill = fill; self.border = border
        self.target = target; self.clipsExact = clipsExact
        fillPaint = Paint(FramedRows.color(fill, border, outer: 1, ring: 0))
        ringPaint = Paint(FramedRows.color(fill, border, outer: 1, ring: 1))
        runs = parts.mergesRuns && op.clips.isEmpty
    }

    /// The source at coverages `o` and `r`: the one formula every pixel of the operation takes.
    @inline(__always)
    static func color(_ fill: SIMD4<Double>, _ border: SIMD4<Double>, outer o: Double,
                      ring r: Double) -> SIMD4<Double> {
        border * r + fill * (o * (1 - border.w * r))
    }

    static var drawsHole: Bool { true }

    @inline(__always)
    func replay(y: Int, py: Double, row: RowSpans) -> Bool { false }

    @inline(__always)
    func solid(_ xs: Range<Int>, y: Int, py: Double) { ringPaint.fill(xs, y: y, target) }

    /// The hole: the fill alone where every clip covers exactly 1, else evaluated like any pixel.
    @inline(__always)
    func hole(_ xs: Range<Int>, y: Int, py: Double, row: RowSpans, plain: Bool) {
        guard !op.clips.isEmpty else { return fillPaint.fill(xs, y: y, target) }
        let one = clipsExact ? row.clipsOne : 0..<0
        let lo = max(xs.lowerBound, one.lowerBound), hi = min(xs.upperBound, one.upperBound)
        guard lo < hi else { return general(xs, y: y, py: py, row: row, plain: plain) }
        if xs.lowerBound < lo { general(xs.lowerBound..<lo, y: y, py: py, row: row, plain: plain) }
        fillPaint.fill(lo..<hi, y: y, target)
        if hi < xs.upperBound { general(hi..<xs.upperBound, y: y, py: py, row: row, plain: plain) }
    }

    @inline(__always)
    func general(_ xs: Range<Int>, y: Int, py: Double, row: RowSpans, plain: Bool) {
        var x = xs.lowerBound
        while x < xs.upperBound {
            let px = Double(x) + 0.5
            guard var (o, r) = parts.parts(px: px, py: py, x: x, row: row) else { x += 1; continue }
            let end = runs ? parts.runEnd(px: px, py: py, x: x, row: row, limit: xs.upperBound) : x + 1
            if !op.clips.isEmpty, o > 0 || r > 0, !(clipsExact && row.clipsOne.contains(x)) {
                let k = op.clipCoverage(x: x, y: y)
                o *= k; r *= k
            }
            shade(o, r, x..<end, y: y)
            x = end
        }
    }

    /// The columns `xs` of row `y` at coverages `o` and `r`: a paint's pattern where it has one, else blended.
    @inline(__always)
    private func shade(_ o: Double, _ r: Double, _ xs: Range<Int>, y: Int) {
        if o == 1, r == 0, let pattern = fillPaint.coverOnePattern {
            target.store(pattern, xs: xs, y: y)
        } else if o == 1, r == 1, let pattern = ringPaint.coverOnePattern {
            target.store(pattern, xs: xs, y: y)
        } else if o > 0 || r > 0 {
            target.blend(FramedRows.color(fill, border, outer: o, ring: r), xs: xs, y: y)
        }
    }
}

/// The outer shape's coverage and a ring's at a pixel centre (`Coverage.borderParts`).
protocol BorderParts {
    /// Both coverages at the pixel centre (px, py) of column `x`; nil where the map has no finite point.
    func parts(px: Double, py: Double, x: Int, row: RowSpans) -> (outer: Double, ring: Double)?
    /// Whether `runEnd` may be asked.
    var mergesRuns: Bool { get }
    /// The end (at most `limit`, at least `x + 1`) of the columns from `x` with the same two coverages.
    func runEnd(px: Double, py: Double, x: Int, row: RowSpans, limit: Int) -> Int
}

/// Both coverages through `PixelSampler.local` and `Coverage`, pixel by pixel.
struct SampledBorderParts: BorderParts {
    let sampler: PixelSampler
    let outer: RoundedRect
    let inner: RoundedRect?
    let axes: Coverage.AxisLengths?

    init(sampler: PixelSampler, outer: RoundedRect, inner: RoundedRect?) {
        self.sampler = sampler; self.outer = outer; self.inner = inner
        axes = Coverage.AxisLengths(sampler)
    }

    @inline(__always)
    func parts(px: Double, py: Double, x: Int, row: RowSpans) -> (outer: Double, ring: Double)? {
        guard let s = sampler.local(px: px, py: py) else { return nil }
        return Coverage.borderParts(outer, inner: inner, at: s, axes: axes)
    }

    var mergesRuns: Bool { false }

    func runEnd(px: Double, py: Double, x: Int, row: RowSpans, limit: Int) -> Int { x + 1 }
}

/// Both coverages under an affine map with w = 1, through the band's memo (`MemoBorder.parts`): the local
/// point is `PixelSampler.local`'s doubles, computed inline as `AffineRows` does.
///
/// The border is held by pointer (it lives for the operation's scan, `PreparedOp.runFastPath`): held by
/// value, its shapes, geometry and memo (some 350 bytes) were copied to the stack at every run of pixels.
struct MemoBorderParts: BorderParts {
    let memo: UnsafePointer<MemoBorder>
    let g00: Double, g10: Double, g20: Double, g01: Double, g11: Double, g21: Double

    init(memo: UnsafePointer<MemoBorder>, projection p: Projection) {
        self.memo = memo
        g00 = p.g00; g10 = p.g10; g20 = p.g20; g01 = p.g01; g11 = p.g11; g21 = p.g21
    }

    @inline(__always)
    func parts(px: Double, py: Double, x: Int, row: RowSpans) -> (outer: Double, ring: Double)? {
        let u = px * g00 + py * g10 + g20, v = px * g01 + py * g11 + g21
        guard u.isFinite, v.isFinite else { return nil }
        return memo.pointee.parts(qx: u, qy: v, x: x, row: row)
    }

    var mergesRuns: Bool { memo.pointee.memo.diagonal }

    @inline(__always)
    func runEnd(px: Double, py: Double, x: Int, row: RowSpans, limit: Int) -> Int {
        let pyg10 = py * g10
        let qxAt = { (column: Int) -> Double in (Double(column) + 0.5) * self.g00 + pyg10 + self.g20 }
        let u = px * g00 + pyg10 + g20, v = px * g01 + py * g11 + g21
        let end = memo.pointee.runEnd(qx: u, qy: v, x: x, row: row, limit: limit, qxAt: qxAt)
        // Every column of the run has a finite point (its local x lies between the ends').
        return end > x + 1 && !qxAt(end - 1).isFinite ? x + 1 : end
    }
}
