import Foundation
import LaminaGeometry
import LaminaGraph

/// The fast paths a draw can take, each computing the reference's bytes with less work (`run` falls back to
/// the reference when none applies), each switched on its own (`CPUFastPaths`) and held to the reference by
/// a byte-identity test with it alone on (`CPUFastPathSwitchTests`) and with all off
/// (`assertFastPathsChangeNothing`):
///
/// | draw | predicate | fast path |
/// |---|---|---|
/// | solid fill, solid border | spans and a constant Jacobian (`memo`) | coverage memo over the rows' spans (`AffineRows`) |
/// | framed shape | the same | the ring and hole from the memo (`FramedRows` over `MemoBorderParts`) |
/// | texture | an integer translation of a whole pass (`alignedOffset`) | texels read directly, tinted by table (`runAligned`) |
/// | texture | a texel grid (`texelGrid`) | one sample per texel footprint (`runGrid`, `TexelGrid`) |
/// | texture | a bilinear grid (`linearGrid`), trilinear ones included | texel pairs and weights per column and row, of one level or two mixed (`runLinearGrid`, `runMixedGrid`, `LinearGrid`) |
/// | any of the above | spans (`SpanPlan`) | rows walked over live columns, solid runs filled, plain rows shared (`scanSpans`) |
extension PreparedOp {
    /// Whether the draw reads its texels by column and row (`TexelGrid`, `LinearGrid`), the draws
    /// `Occlusion` finds hidden pixels for.
    var drawsByGrid: Bool { texelGrid != nil || linearGrid != nil }

    /// Whether the draw leaves out the pixels that `Occlusion` finds hidden: grid draws, and draws walked
    /// over spans (`scanSpans`).
    var skipsHidden: Bool { drawsByGrid || spans != nil }

    /// Draws the rows through a fast path when one applies; false leaves them to the reference.
    @inline(__always)
    func runFastPath(_ ys: Range<Int>, target: BlendTarget, scratch: BandScratch, hidden: Hidden,
                     tint: SIMD4<Double>) -> Bool {
        switch (shape, paint) {
        case (.roundedRect(let shape), .solid(let c)):
            guard let memo = memo(scratch), let p = sampler?.projection else { return false }
            let fill = MemoFill(memo: memo, shape: shape, geometry: CoverageMemo.Geometry(shape), edgeAA: edgeAA)
            withUnsafePointer(to: fill) { fill in
                scan(ys, AffineRows(op: self, projection: p, coverage: PointedCoverage(base: fill), paint: Paint(c * tint),
                                    target: target, clipsExact: clipsExact, scratch: scratch), hidden: hidden)
            }
            return true
        case (.ring(let shape, let inner), .solid(let c)):
            guard let memo = memo(scratch), let p = sampler?.projection else { return false }
            withUnsafePointer(to: MemoBorder(memo: memo, outer: shape, inner: inner)) { border in
                scan(ys, AffineRows(op: self, projection: p, coverage: PointedCoverage(base: border),
                                    paint: Paint(c * tint), target: target, clipsExact: clipsExact, scratch: scratch), hidden: hidden)
            }
            return true
        case (.framed(let shape, let inner), .framed(let f, let b)):
            guard let memo = memo(scratch), let p = sampler?.projection else { return false }
            withUnsafePointer(to: MemoBorder(memo: memo, outer: shape, inner: inner)) { border in
                scan(ys, FramedRows(op: self, parts: MemoBorderParts(memo: border, projection: p), fill: f * tint,
                                    border: b * tint, target: target, clipsExact: clipsExact), hidden: hidden)
            }
            return true
        case (_, .texture(let t)):
            if let offset = alignedOffset {
                runAligned(t, offset: offset, ys, target, tint: tint)
                return true
            }
            if let grid = texelGrid {
                runGrid(grid, t, ys, target, tint: tint, hidden: hidden, scratch: scratch)
                return true
            }
            if let grid = linearGrid {
                runLinearGrid(grid, t, ys, target, tint: tint, hidden: hidden)
                return true
            }
            return false
        default:
            return false
        }
    }

    /// The coverage memo for this operation's columns, when its spans apply and its Jacobian is constant.
    private func memo(_ scratch: BandScratch) -> CoverageMemo? {
        guard memoizes, spans != nil, let p = sampler, p.unitW else { return nil }
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
            if tintColor == nil, clips.isEmpty {
                runAlignedPlain(texels, level: level, mask: maskLevel, inverts: t.draw.invertsMask, offset: offset, xs: xs,
                                ys, target, opacity: opacity, tint: tint)
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

    /// The row loop over spans, shared by fills, borders and textures: hole spans are skipped (or handed to the shader
    /// when it draws them, `RowShader.drawsHole`), solid spans take the colour without evaluating coverage,
    /// every other pixel takes coverage x clips.
    ///
    /// With spans (axis-aligned operations), a row is only walked over its live columns, outside which
    /// coverage is exactly 0, and clips are only evaluated outside the columns where all of them cover
    /// exactly 1; the shader gets the row's spans to skip what they make known the same way. `rows` shades
    /// the runs: solid ones, and runs of general pixels between the spans.
    ///
    /// Columns of `hidden` (`Occlusion`) are left out of rows the shader walks; a plain row the shader records
    /// for replay (`RowShader.recordsPlainRows`) is drawn whole, so its record is complete.
    func scanSpans<Rows: RowShader>(_ ys: Range<Int>, _ rows: Rows, hidden: Hidden = Hidden()) {
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
            let skipped = plain && Rows.recordsPlainRows ? 0..<0 : hidden.runs(y: y)
            if skipped.isEmpty {
                shadeRow(y, py: py, row, plain: plain, rows)
            } else {
                shadeVisible(y, py: py, row, plain: plain, rows, hidden: hidden, skipped: skipped)
            }
        }
    }

    /// `shadeRow` outside the hidden columns `skipped` of `hidden`: every run cut around them. The pixels
    /// left out are overwritten later whatever they hold, and no shader's bytes at a pixel depend on which
    /// run it came in.
    func shadeVisible<Rows: RowShader>(_ y: Int, py: Double, _ row: RowSpans, plain: Bool, _ rows: Rows,
                                       hidden: Hidden, skipped: Range<Int>) {
        row.forEachRun { xs, solid in
            hidden.forEachVisible(xs, runs: skipped) { visible in
                if solid {
                    rows.solid(visible, y: y, py: py)
                } else {
                    rows.general(visible, y: y, py: py, row: row, plain: plain)
                }
            }
        }
        if Rows.drawsHole, let hole = row.liveHole {
            hidden.forEachVisible(hole, runs: skipped) { visible in rows.hole(visible, y: y, py: py, row: row, plain: plain) }
        }
    }

    /// Row `y` through its spans: solid runs without coverage, runs of general pixels between them, then
    /// the hole when the shader draws it (its pixels are disjoint from the runs', so drawing them after
    /// changes nothing).
    @inline(__always)
    func shadeRow<Rows: RowShader>(_ y: Int, py: Double, _ row: RowSpans, plain: Bool, _ rows: Rows) {
        row.forEachRun { xs, solid in
            if solid {
                rows.solid(xs, y: y, py: py)
            } else {
                rows.general(xs, y: y, py: py, row: row, plain: plain)
            }
        }
        if Rows.drawsHole, let hole = row.liveHole { rows.hole(hole, y: y, py: py, row: row, plain: plain) }
    }
}

extension RowSpans {
    /// The hole's columns within `live`, nil when none.
    @inline(__always)
    var liveHole: Range<Int>? {
        let lo = max(hole.lowerBound, live.lowerBound), hi = min(hole.upperBound, live.upperBound)
        return lo < hi ? lo..<hi : nil
    }

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
}
