import Foundation
import LaminaGeometry

extension PreparedOp {
    /// Applies the operation to the rows `rows` of `target`, with the band's `scratch` (sized for at least
    /// this operation's width); a grid draw or a draw over spans may leave out the pixels of `hidden`, which
    /// later operations overwrite (`Occlusion`).
    ///
    /// A fast path that applies takes the rows (`runFastPath`, FastPaths/); every other draw is the
    /// reference: coverage x paint through one generic row loop (`sampled`, every shape with every paint), a
    /// path's coverage times a colour over its rows' spans (`runPath`), a framed shape's two coverages
    /// sampled (`FramedRows`). The shape and paint are
    /// switched on once per call, not per pixel, so the inner loops see plain values.
    func run(rows: Range<Int>, target: BlendTarget, scratch: BandScratch, hidden: Hidden = Hidden()) {
        let y0 = max(rows.lowerBound, bounds.y0), y1 = min(rows.upperBound, bounds.y1)
        guard y0 < y1, bounds.x0 < bounds.x1 else { return }
        let ys = y0..<y1
        let tint = modulate ?? SIMD4(1, 1, 1, 1)
        if runFastPath(ys, target: target, scratch: scratch, hidden: hidden, tint: tint) { return }
        switch (shape, paint) {
        case (.roundedRect(let shape), _):
            let axes = sampler.flatMap(Coverage.AxisLengths.init)
            sampled(ys, RoundedCoverage(shape: shape, edgeAA: edgeAA, exact: exact, axes: axes), target: target, tint: tint,
                    hidden: hidden)
        case (.ring(let shape, let inner), _):
            sampled(ys, RingCoverage(shape: shape, inner: inner), target: target, tint: tint, hidden: hidden)
        case (.framed(let shape, let inner), .framed(let f, let b)):
            guard let sampler else { return }
            let parts = SampledBorderParts(sampler: sampler, outer: shape, inner: inner)
            scan(ys, FramedRows(op: self, parts: parts, fill: f * tint, border: b * tint, target: target,
                                clipsExact: clipsExact), hidden: hidden)
        case (.path(let coverage), .solid(let c)):
            runPath(ys, coverage: coverage, color: c * tint, target: target)
        case (.path(let coverage), _):
            sampled(ys, PathRowsCoverage(rows: coverage, y0: bounds.y0), target: target, tint: tint, hidden: hidden)
        case (.framed, _):
            // A fill with its border has both colours: drawn above.
            break
        }
    }

    /// Every pixel of the rows: `cover`'s coverage times the paint's colour, sampled through the op's
    /// projection (`SampledRows`, generic over both).
    @inline(__always)
    private func sampled<Cover: ShapeCoverage>(_ ys: Range<Int>, _ cover: Cover, target: BlendTarget,
                                               tint: SIMD4<Double>, hidden: Hidden) {
        guard let sampler else { return }
        switch paint {
        case .solid(let c):
            let paint = Paint(c * tint)
            scan(ys, SampledRows(op: self, sampler: sampler, shader: ShapeShader(cover: cover, paint: SolidColor(color: paint.color)),
                                 paint: paint, target: target, clipsExact: clipsExact), hidden: hidden)
        case .texture(let t):
            scan(ys, SampledRows(op: self, sampler: sampler, shader: ShapeShader(cover: cover, paint: TextureColor(texture: t, tint: tint)),
                                 paint: nil, target: target, clipsExact: clipsExact), hidden: hidden)
        case .gradient(let g):
            let color = GradientColor(paint: g, seam: seam, tint: tint)
            scan(ys, SampledRows(op: self, sampler: sampler, shader: ShapeShader(cover: cover, paint: color), paint: nil,
                                 target: target, clipsExact: clipsExact), hidden: hidden)
        case .framed:
            // Only on a fill with its border, drawn above.
            break
        }
    }

    /// A path's coverage, rasterized when the op was prepared, times its colour and the clips', over each
    /// row's pieces. Without clips, a run of full coverage is the colour itself: one stored pattern when it
    /// is opaque, else one blend per distinct destination pixel (`blendRun`); a run of one partial coverage
    /// is one colour blended the same way; the bytes are those of blending every pixel.
    private func runPath(_ ys: Range<Int>, coverage: PathRows, color: SIMD4<Double>, target: BlendTarget) {
        let opaque = color.w >= 1 ? Blend.opaquePattern(color) : nil
        coverage.values.withUnsafeBufferPointer { values in
            let base = values.baseAddress
            for y in ys {
                for k in coverage.rows[y - bounds.y0] {
                    let piece = coverage.pieces[k]
                    let xs = piece.x0..<piece.x0 + piece.count
                    if piece.offset < 0 {
                        runConstant(xs, y: y, cov: piece.constant, color: color, opaque: opaque, target: target)
                    } else if let base {
                        runValues(xs, y: y, values: base + piece.offset - piece.x0, color: color, opaque: opaque, target: target)
                    }
                }
            }
        }
    }

    /// A piece of one coverage `cov` over `xs` of row `y`.
    @inline(__always)
    private func runConstant(_ xs: Range<Int>, y: Int, cov: Float, color: SIMD4<Double>, opaque: UInt32?,
                             target: BlendTarget) {
        guard clips.isEmpty else {
            for x in xs {
                let c = Double(cov) * clipCoverage(x: x, y: y)
                if c > 0 { target.blend(color * c, x: x, y: y) }
            }
            return
        }
        if cov >= 1 {
            if let opaque { target.store(opaque, xs: xs, y: y) } else { target.blendRun(color, xs: xs, y: y) }
        } else if cov > 0 {
            target.blendRun(color * Double(cov), xs: xs, y: y)
        }
    }

    /// A piece of per-pixel coverages over `xs` of row `y` (`v[x]` is pixel x's), runs of full coverage
    /// found among them.
    @inline(__always)
    private func runValues(_ xs: Range<Int>, y: Int, values v: UnsafePointer<Float>, color: SIMD4<Double>,
                           opaque: UInt32?, target: BlendTarget) {
        guard clips.isEmpty else {
            for x in xs where v[x] > 0 {
                let cov = Double(v[x]) * clipCoverage(x: x, y: y)
                if cov > 0 { target.blend(color * cov, x: x, y: y) }
            }
            return
        }
        var x = xs.lowerBound
        while x < xs.upperBound {
            guard v[x] >= 1 else {
                if v[x] > 0 { target.blend(color * Double(v[x]), x: x, y: y) }
                x += 1
                continue
            }
            var run = x + 1
            while run < xs.upperBound && v[run] >= 1 { run += 1 }
            if let opaque { target.store(opaque, xs: x..<run, y: y) } else { target.blendRun(color, xs: x..<run, y: y) }
            x = run
        }
    }

    /// Whether the clips' exact-one columns may stand for their evaluation: their formula needs each
    /// clip's projection.
    var clipsExact: Bool { clips.allSatisfy { $0.sampler != nil } }

    /// Every row of the operation through `rows`. With spans (a fast path: `SpanPlan`, prepared when fast
    /// paths are on) the row's runs (`scanSpans`); without, every column of the bounds a general pixel.
    func scan<Rows: RowShader>(_ ys: Range<Int>, _ rows: Rows, hidden: Hidden = Hidden()) {
        guard spans == nil else { return scanSpans(ys, rows, hidden: hidden) }
        if let affine = affineSpans { return scanAffine(ys, rows, affine) }
        let row = RowSpans.general(bounds)
        for y in ys { rows.general(bounds.x0..<bounds.x1, y: y, py: Double(y) + 0.5, row: row, plain: false) }
    }

    /// Every row through `rows` with its `AffineSpans`: solid runs and the hole without per-pixel coverage.
    private func scanAffine<Rows: RowShader>(_ ys: Range<Int>, _ rows: Rows, _ affine: AffineSpans) {
        for y in ys { shadeRow(y, py: Double(y) + 0.5, affine.row(y, bounds: bounds), plain: false, rows) }
    }

    /// The product of the clips' coverages at the centre of pixel (x, y).
    @inline(__always)
    func clipCoverage(x: Int, y: Int) -> Double {
        var cov = 1.0
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        for clip in clips {
            guard let p = clip.sampler, let s = p.local(px: px, py: py) else { return 0 }
            cov *= Coverage.of(clip.shape, at: s, edgeAA: clip.edgeAA, exact: clip.exact, x: x, y: y)
            if cov <= 0 { return 0 }
        }
        return cov
    }
}

extension RowSpans {
    /// The row of an operation without spans: every column of its bounds takes the general path.
    static func general(_ bounds: PixelRect) -> RowSpans {
        RowSpans(solid: 0..<0, solid2: 0..<0, hole: 0..<0, live: bounds.x0..<bounds.x1,
                 outerOne: 0..<0, innerLive: Int.min..<Int.max, clipsOne: 0..<0)
    }
}
