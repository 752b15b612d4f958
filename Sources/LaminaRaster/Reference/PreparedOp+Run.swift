import Foundation
import LaminaGeometry

extension PreparedOp {
    /// Applies the operation to the rows `rows` of `target`, with the band's `scratch` (sized for at least
    /// this operation's width); a grid draw may leave out the pixels of `hidden`, which later operations
    /// overwrite (`Occlusion`).
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
            sampled(ys, RoundedCoverage(shape: shape, edgeAA: edgeAA, exact: exact), target: target, tint: tint)
        case (.ring(let shape, let inner), _):
            sampled(ys, RingCoverage(shape: shape, inner: inner), target: target, tint: tint)
        case (.framed(let shape, let inner), .framed(let f, let b)):
            guard let sampler else { return }
            let parts = SampledBorderParts(sampler: sampler, outer: shape, inner: inner)
            scan(ys, FramedRows(op: self, parts: parts, fill: f * tint, border: b * tint, target: target,
                                clipsExact: clipsExact))
        case (.path(let coverage), .solid(let c)):
            runPath(ys, coverage: coverage, color: c * tint, target: target)
        case (.path(let coverage), _):
            sampled(ys, PathRowsCoverage(rows: coverage, y0: bounds.y0), target: target, tint: tint)
        case (.framed, _):
            // A fill with its border has both colours: drawn above.
            break
        }
    }

    /// Every pixel of the rows: `cover`'s coverage times the paint's colour, sampled through the op's
    /// projection (`SampledRows`, generic over both).
    @inline(__always)
    private func sampled<Cover: ShapeCoverage>(_ ys: Range<Int>, _ cover: Cover, target: BlendTarget,
                                               tint: SIMD4<Double>) {
        guard let sampler else { return }
        switch paint {
        case .solid(let c):
            let paint = Paint(c * tint)
            scan(ys, SampledRows(op: self, sampler: sampler, shader: ShapeShader(cover: cover, paint: SolidColor(color: paint.color)),
                                 paint: paint, target: target, clipsExact: clipsExact))
        case .texture(let t):
            scan(ys, SampledRows(op: self, sampler: sampler, shader: ShapeShader(cover: cover, paint: TextureColor(texture: t, tint: tint)),
                                 paint: nil, target: target, clipsExact: clipsExact))
        case .gradient(let g):
            let color = GradientColor(paint: g, seam: seam, tint: tint)
            scan(ys, SampledRows(op: self, sampler: sampler, shader: ShapeShader(cover: cover, paint: color), paint: nil,
                                 target: target, clipsExact: clipsExact))
        case .framed:
            // Only on a fill with its border, drawn above.
            break
        }
    }

    /// A path's coverage, rasterized when the op was prepared, times its colour and the clips', over each
    /// row's covered span. Without clips, a run of full coverage is the colour itself: one stored pattern
    /// when it is opaque, else one blend per distinct destination pixel (`blendRun`); the bytes are those
    /// of blending every pixel.
    private func runPath(_ ys: Range<Int>, coverage: PathRows, color: SIMD4<Double>, target: BlendTarget) {
        let opaque = color.w >= 1 ? Blend.opaquePattern(color) : nil
        coverage.values.withUnsafeBufferPointer { values in
            for y in ys {
                let span = coverage.spans[y - bounds.y0]
                guard span.count > 0 else { continue }
                let v = values.baseAddress.map { $0 + span.offset - span.x0 }
                guard let v else { return }
                let end = span.x0 + span.count
                guard clips.isEmpty else {
                    for x in span.x0..<end where v[x] > 0 {
                        let cov = Double(v[x]) * clipCoverage(x: x, y: y)
                        if cov > 0 { target.blend(color * cov, x: x, y: y) }
                    }
                    continue
                }
                var x = span.x0
                while x < end {
                    guard v[x] >= 1 else {
                        if v[x] > 0 { target.blend(color * Double(v[x]), x: x, y: y) }
                        x += 1
                        continue
                    }
                    var run = x + 1
                    while run < end && v[run] >= 1 { run += 1 }
                    if let opaque { target.store(opaque, xs: x..<run, y: y) } else { target.blendRun(color, xs: x..<run, y: y) }
                    x = run
                }
            }
        }
    }

    /// Whether the clips' exact-one columns may stand for their evaluation: their formula needs each
    /// clip's projection.
    var clipsExact: Bool { clips.allSatisfy { $0.sampler != nil } }

    /// Every row of the operation through `rows`. With spans (a fast path: `SpanPlan`, prepared when fast
    /// paths are on) the row's runs (`scanSpans`); without, every column of the bounds a general pixel.
    func scan<Rows: RowShader>(_ ys: Range<Int>, _ rows: Rows) {
        guard spans == nil else { return scanSpans(ys, rows) }
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
