import Foundation
import LaminaCore

extension PreparedOp {
    /// Applies the operation to the rows `rows` of `target`, with the band's `scratch` (sized for at least
    /// this operation's width); a grid draw may leave out the pixels of `hidden`, which later operations
    /// overwrite (`Occlusion`).
    ///
    /// The shape and paint are switched on once per call, not per pixel, so the inner loops see plain
    /// values. Pairs with a fast path of their own take it (solid fills and rings through the coverage memo,
    /// framed shapes, path coverage, textures copied or on a texel grid); every other pixel is coverage x
    /// paint through one generic row loop (`sampled`).
    func run(rows: Range<Int>, target: BlendTarget, scratch: BandScratch, hidden: Hidden = Hidden()) {
        let y0 = max(rows.lowerBound, bounds.y0), y1 = min(rows.upperBound, bounds.y1)
        guard y0 < y1, bounds.x0 < bounds.x1 else { return }
        let ys = y0..<y1
        let tint = modulate ?? SIMD4(1, 1, 1, 1)
        switch (shape, paint) {
        case (.roundedRect(let shape), .solid(let c)):
            let cover = RoundedCoverage(shape: shape, edgeAA: edgeAA, exact: exact)
            runShape(ys, paint: Paint(c * tint), target: target, scratch: scratch,
                     memoized: { MemoFill(memo: $0, shape: shape, geometry: CoverageMemo.Geometry(shape),
                                          edgeAA: edgeAA) },
                     sampled: { ShapeShader(cover: cover, paint: SolidColor(color: $0)) })
        case (.ring(let shape, let inner), .solid(let c)):
            runShape(ys, paint: Paint(c * tint), target: target, scratch: scratch,
                     memoized: { MemoBorder(memo: $0, outer: shape, inner: inner) },
                     sampled: { ShapeShader(cover: RingCoverage(shape: shape, inner: inner), paint: SolidColor(color: $0)) })
        case (.framed(let shape, let inner), .framed(let f, let b)):
            runFramed(ys, shape: shape, inner: inner, fill: f * tint, border: b * tint, target: target, scratch: scratch)
        case (.path(let coverage), .solid(let c)):
            runPath(ys, coverage: coverage, color: c * tint, target: target)
        case (_, .texture(let t)) where alignedOffset != nil || texelGrid != nil:
            if let offset = alignedOffset {
                runAligned(t, offset: offset, ys, target, tint: tint)
            } else if let grid = texelGrid {
                runGrid(grid, t, ys, target, tint: tint, hidden: hidden, scratch: scratch)
            }
        case (.roundedRect(let shape), _):
            sampled(ys, RoundedCoverage(shape: shape, edgeAA: edgeAA, exact: exact), target: target, tint: tint)
        case (.ring(let shape, let inner), _):
            sampled(ys, RingCoverage(shape: shape, inner: inner), target: target, tint: tint)
        case (.framed, _), (.path, _):
            // Framed shapes take only framed paints and paths only solids (`DrawOp.isDrawable`, checked in init).
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
            // Only on framed shapes, drawn by `runFramed`.
            break
        }
    }

    /// A framed shape: its ring and hole as two paints over the coverage memo's spans, or sampled.
    private func runFramed(_ ys: Range<Int>, shape: RoundedRect, inner: RoundedRect?, fill: SIMD4<Double>,
                           border: SIMD4<Double>, target: BlendTarget, scratch: BandScratch) {
        if let memo = memo(scratch), let p = sampler?.projection {
            let parts = MemoBorderParts(memo: MemoBorder(memo: memo, outer: shape, inner: inner), projection: p)
            scan(ys, FramedRows(op: self, parts: parts, fill: fill, border: border, target: target, clipsExact: clipsExact))
        } else if let sampler {
            let parts = SampledBorderParts(sampler: sampler, outer: shape, inner: inner)
            scan(ys, FramedRows(op: self, parts: parts, fill: fill, border: border, target: target, clipsExact: clipsExact))
        }
    }

    /// A path's coverage, rasterized when the op was prepared, times its colour and the clips'.
    private func runPath(_ ys: Range<Int>, coverage: [Float], color: SIMD4<Double>, target: BlendTarget) {
        for y in ys {
            let row = (y - bounds.y0) * bounds.width - bounds.x0
            for x in bounds.x0..<bounds.x1 {
                var cov = Double(coverage[row + x])
                guard cov > 0 else { continue }
                if !clips.isEmpty { cov *= clipCoverage(x: x, y: y) }
                if cov > 0 { target.blend(color * cov, x: x, y: y) }
            }
        }
    }

    /// Whether the clips' exact-one columns may stand for their evaluation: their formula needs each
    /// clip's projection.
    private var clipsExact: Bool { clips.allSatisfy { $0.sampler != nil } }

    /// The coverage memo for this operation's columns, when its spans apply and its Jacobian is constant.
    /// A fill or border: through the coverage memo where the op is affine with spans, else sampled per
    /// pixel with the shader made from the paint's colour.
    @inline(__always)
    private func runShape<Cover: AffineCoverage, Shader: PixelShader>(
        _ ys: Range<Int>, paint: Paint, target: BlendTarget, scratch: BandScratch,
        memoized: (CoverageMemo) -> Cover, sampled: (SIMD4<Double>) -> Shader
    ) {
        if let memo = memo(scratch), let p = sampler?.projection {
            scan(ys, AffineRows(op: self, projection: p, coverage: memoized(memo), paint: paint, target: target,
                                clipsExact: clipsExact, scratch: scratch))
        } else if let sampler {
            scan(ys, SampledRows(op: self, sampler: sampler, shader: sampled(paint.color), paint: paint,
                                 target: target, clipsExact: clipsExact))
        }
    }

    private func memo(_ scratch: BandScratch) -> CoverageMemo? {
        guard spans != nil, let p = sampler, p.unitW else { return nil }
        let j = p.projection
        return CoverageMemo(scratch: scratch, columns: bounds.x0..<bounds.x1, jacobian: SIMD4(j.g00, j.g10, j.g01, j.g11))
    }

    /// A pass drawn back pixel for pixel (an integer translation of its whole extent): every pixel centre
    /// lands on a texel centre, where nearest and bilinear sampling both return the texel, so texels are
    /// read directly.
    ///
    /// Columns outside the texture are cut from each row once. A tinted draw without mask or clips (a
    /// shadow) depends on the texel only through its alpha byte, so its 256 possible colours are computed
    /// first, with the very operations and order the per-pixel path uses, and looked up.
    private func runAligned(_ t: PreparedTexture, offset: (Int, Int), _ ys: Range<Int>, _ target: BlendTarget,
                            tint: SIMD4<Double>) {
        let level = t.sampler.levels[0]
        let maskLevel = t.mask?.levels[0]
        let tintColor = t.draw.tint.map { SIMD4($0.r, $0.g, $0.b, $0.a) }
        let opacity = t.draw.opacity
        let unit = target.unit
        let xs = max(bounds.x0, offset.0)..<max(max(bounds.x0, offset.0), min(bounds.x1, offset.0 + level.width))
        guard !xs.isEmpty else { return }
        level.pixels.withUnsafeBufferPointer { texels in
            guard let texels = texels.baseAddress else { return }
            if let tc = tintColor, maskLevel == nil, clips.isEmpty {
                var colors = [SIMD4<Double>](repeating: .zero, count: 256)
                for a in 1..<256 {
                    var c = tc * unit[a]
                    c *= opacity
                    c *= tint
                    colors[a] = c
                }
                colors.withUnsafeBufferPointer { colors in
                    for y in ys {
                        let ty = y - offset.1
                        guard ty >= 0, ty < level.height else { continue }
                        let row = texels + (ty * level.width - offset.0) * 4
                        for x in xs {
                            let a = Int(row[x * 4 + 3])
                            guard a > 0 else { continue }
                            let c = colors[a]
                            if c.w > 0 || c.x > 0 || c.y > 0 || c.z > 0 { target.blend(c, x: x, y: y) }
                        }
                    }
                }
                return
            }
            for y in ys {
                let ty = y - offset.1
                guard ty >= 0, ty < level.height else { continue }
                for x in xs {
                    let o = (ty * level.width + x - offset.0) * 4
                    let a = texels[o + 3]
                    guard a > 0 else { continue }
                    var c: SIMD4<Double>
                    if let tc = tintColor {
                        c = tc * unit[Int(a)]
                    } else {
                        c = SIMD4(unit[Int(texels[o])], unit[Int(texels[o + 1])], unit[Int(texels[o + 2])], unit[Int(a)])
                    }
                    c *= opacity
                    if let m = maskLevel {
                        let k = unit[Int(m.pixels[o + 3])]
                        c *= t.draw.invertsMask ? 1 - k : k
                    }
                    c *= tint
                    if !clips.isEmpty { c *= clipCoverage(x: x, y: y) }
                    if c.w > 0 || c.x > 0 || c.y > 0 || c.z > 0 { target.blend(c, x: x, y: y) }
                }
            }
        }
    }

    /// The row loop shared by fills, borders and textures: hole spans are skipped (or handed to the shader
    /// when it draws them, `RowShader.drawsHole`), solid spans take the colour without evaluating coverage,
    /// every other pixel takes coverage x clips.
    ///
    /// With spans (axis-aligned operations), a row is only walked over its live columns, outside which
    /// coverage is exactly 0, and clips are only evaluated outside the columns where all of them cover
    /// exactly 1; the shader gets the row's spans to skip what they make known the same way. `rows` shades
    /// the runs: solid ones, and runs of general pixels between the spans.
    private func scan<Rows: RowShader>(_ ys: Range<Int>, _ rows: Rows) {
        let general = RowSpans.general(bounds)
        let plan = spans
        // Rows clear of every corner and edge band (`SpanPlan.isPlain`) have the same spans, computed once.
        // They form one interval of rows, so once its first row is met, its end is found by bisection and
        // no other row is tested.
        var plainRow = general
        var plainRows = 0..<0
        var pastPlain = false
        for y in ys {
            let py = Double(y) + 0.5
            let row: RowSpans
            if let plan {
                if plainRows.contains(y) {
                    row = plainRow
                } else if !pastPlain, plan.isPlain(row: y) {
                    var lo = y, hi = ys.upperBound
                    while hi - lo > 1 {
                        let mid = lo + (hi - lo) / 2
                        if plan.isPlain(row: mid) { lo = mid } else { hi = mid }
                    }
                    plainRows = y..<hi
                    pastPlain = true
                    plainRow = plan.row(y, bounds: bounds)
                    row = plainRow
                } else {
                    row = plan.row(y, bounds: bounds)
                }
            } else {
                row = general
            }
            let plain = plainRows.contains(y)
            if plain, rows.replay(y: y, py: py, row: row) { continue }
            row.forEachRun { xs, solid in
                if solid {
                    rows.solid(xs, y: y, py: py)
                } else {
                    rows.general(xs, y: y, py: py, row: row, plain: plain)
                }
            }
            // The hole's pixels are disjoint from the runs', so drawing them after changes nothing.
            if Rows.drawsHole {
                let lo = max(row.hole.lowerBound, row.live.lowerBound)
                let hi = min(row.hole.upperBound, row.live.upperBound)
                if lo < hi { rows.hole(lo..<hi, y: y, py: py, row: row, plain: plain) }
            }
        }
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
    /// Calls `body` on the row's runs in order: solid ones (`true`) and runs of general pixels between the
    /// spans (`false`); holes and the columns outside `live` are left out.
    @inline(__always)
    func forEachRun(_ body: (Range<Int>, Bool) -> Void) {
        var x = live.lowerBound
        let end = live.upperBound
        while x < end {
            if hole.contains(x) {
                x = hole.upperBound
                continue
            }
            let inSolid = solid.contains(x) ? solid : solid2.contains(x) ? solid2 : nil
            if let s = inSolid {
                let stop = min(s.upperBound, end)
                body(x..<stop, true)
                x = stop
                continue
            }
            // General pixels up to the next span (none of which holds x, so none starts before it).
            var stop = end
            if !hole.isEmpty, hole.lowerBound > x { stop = min(stop, hole.lowerBound) }
            if !solid.isEmpty, solid.lowerBound > x { stop = min(stop, solid.lowerBound) }
            if !solid2.isEmpty, solid2.lowerBound > x { stop = min(stop, solid2.lowerBound) }
            body(x..<stop, false)
            x = stop
        }
    }

    /// The row of an operation without spans: every column of its bounds takes the general path.
    static func general(_ bounds: PixelRect) -> RowSpans {
        RowSpans(solid: 0..<0, solid2: 0..<0, hole: 0..<0, live: bounds.x0..<bounds.x1,
                 outerOne: 0..<0, innerLive: Int.min..<Int.max, clipsOne: 0..<0)
    }
}
