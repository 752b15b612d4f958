import CLaminaKernels
import Foundation
import LaminaGraph
import LaminaGeometry

/// A bilinear texture draw whose texel columns depend on the pixel's column alone and its texel rows on
/// the pixel's row alone: an affine map without rotation or skew (a text layer's or an image's backing
/// store at any position and scale), filtered linearly at its one level of detail. The two texel columns
/// and the weight `bilinear` reads are computed once per column, the rows once per row, and the edge
/// coverage as `TexelGrid` computes it, with the same functions the reference calls per pixel; each pixel
/// then mixes its four texels in the reference's order, so every byte is the reference's.
///
/// Why one level of detail: with the map's `g02` and `g12` zero, the Jacobian `PixelSampler.local`
/// returns is the same at every pixel, and so is `shade`'s lambda; the draw takes this path when that
/// lambda selects bilinear filtering (magnification with a linear filter, minification with a linear one:
/// level 0; trilinear minification: one level of the mip chain, or two mixed with the same weight at every
/// pixel, `Next`).
struct LinearGrid {
    /// One column or row of the bounds: its two texel lines (clamped to the edge), the second one's weight
    /// (the first one's is `1 - weight`, as `bilinear` computes it) and the edge's coverage there
    /// (`Coverage.rectX`, `Coverage.rectY`). Kept together, the four values a pixel reads are one load apart.
    /// A C struct (`LaminaGridLine`: first, second, weight, coverage), so the AVX2 rows read the same layout.
    typealias Line = LaminaGridLine
    /// Per column of the bounds: the left and right texel columns.
    let columns: [Line]
    /// Per row of the bounds: the upper and lower texel rows.
    let rows: [Line]
    /// For an image whose transparent texels are known, which columns read which texels, so that a row is
    /// walked only over the columns that read a non-zero texel; nil for a pass, columns that run backwards,
    /// or a level other than 0.
    let reach: Reach?
    /// The level of the sampler's chain the lines index: 0 but for a trilinear draw.
    let level: Int
    /// For a trilinear draw between two levels, the next level's lines and its weight.
    let next: Next?

    /// The second level a trilinear draw mixes in: its lines (their coverage unused) and its weight, `f` of
    /// `TextureSampler.sample` (the upper level's is `1 - f`).
    struct Next {
        let columns: [Line]
        let rows: [Line]
        let level: Int
        let weight: Double
    }

    init?(_ t: PreparedOp.PreparedTexture, sampler: PixelSampler?, bounds: PixelRect, edgeAA: EdgeMask) {
        guard t.mask == nil, t.shape.isRect, let sampler, !bounds.isEmpty else { return nil }
        let p = sampler.projection
        guard p.g10 == 0, p.g01 == 0, p.g02 == 0, p.g12 == 0, p.h02 == 0, p.h12 == 0, p.h22 > 0 else { return nil }
        let px0 = Double(bounds.x0) + 0.5, py0 = Double(bounds.y0) + 0.5
        guard let s0 = sampler.local(px: px0, py: py0), let levels = LinearGrid.levels(t, at: s0),
              let lines = LinearGrid.lines(t, level: levels.level, sampler: sampler, bounds: bounds, edgeAA: edgeAA)
        else { return nil }
        (columns, rows, level) = (lines.columns, lines.rows, levels.level)
        if let (second, weight) = levels.next {
            guard let more = LinearGrid.lines(t, level: second, sampler: sampler, bounds: bounds, edgeAA: edgeAA)
            else { return nil }
            next = Next(columns: more.columns, rows: more.rows, level: second, weight: weight)
        } else {
            next = nil
        }
        // The occupancy costs a look at every texel once: worth it where the draw reads a fair share of them
        // (a store drawn about one texel a pixel, every frame), not for a large image drawn small.
        let base = t.sampler.levels[0]
        let width = base.width, height = base.height
        let worthFinding = width * height <= 4 * bounds.width * bounds.height
        let columns = lines.columns
        reach = levels.level != 0 || levels.next != nil ? nil : t.sampler.bitmap.flatMap { bitmap in
            (worthFinding ? bitmap.occupancy : bitmap.knownOccupancy).flatMap {
                Reach(columns, occupancy: $0, width: width, height: height)
            }
        }
    }

    /// Per column and row of `bounds`, the texel lines of `level` of the draw's chain, as `bilinear` finds
    /// them at each pixel (the level-0 coordinate scaled as `TextureSampler.scaled` scales it), with the
    /// edges' coverage; nil where a pixel has no finite local point or the level's size passes 32 bits.
    private static func lines(_ t: PreparedOp.PreparedTexture, level: Int, sampler: PixelSampler, bounds: PixelRect,
                              edgeAA: EdgeMask) -> (columns: [Line], rows: [Line])? {
        guard level < t.sampler.levels.count else { return nil }
        let l = t.sampler.levels[level], base = t.sampler.levels[0]
        let width = l.width, height = l.height
        // Texel indices kept in 32 bits; a texture past that takes the reference.
        guard width < Int(Int32.max), height < Int(Int32.max) else { return nil }
        let scaleX = { (x: Double) in level == 0 ? x : x * Double(width) / Double(base.width) }
        let scaleY = { (y: Double) in level == 0 ? y : y * Double(height) / Double(base.height) }
        let px0 = Double(bounds.x0) + 0.5, py0 = Double(bounds.y0) + 0.5
        // The edges' normals' pixel lengths, computed once (the same doubles `Sample.pixels` computes).
        let axes = Coverage.AxisLengths(sampler)
        var columns: [Line] = [], rows: [Line] = []
        columns.reserveCapacity(bounds.width)
        rows.reserveCapacity(bounds.height)
        for x in bounds.x0..<bounds.x1 {
            guard let s = sampler.local(px: Double(x) + 0.5, py: py0), s.qx.isFinite, s.qy.isFinite else { return nil }
            let (i0, a) = LinearGrid.texel(scaleX(t.texels.x(s)), size: width)
            columns.append(Line(first: Int32(min(max(i0, 0), width - 1)), second: Int32(min(max(i0 + 1, 0), width - 1)),
                                weight: a, coverage: Coverage.rectX(t.rect, at: s, edgeAA: edgeAA, axes: axes)))
        }
        for y in bounds.y0..<bounds.y1 {
            guard let s = sampler.local(px: px0, py: Double(y) + 0.5), s.qx.isFinite, s.qy.isFinite else { return nil }
            let (j0, b) = LinearGrid.texel(scaleY(t.texels.y(s)), size: height)
            rows.append(Line(first: Int32(min(max(j0, 0), height - 1)), second: Int32(min(max(j0 + 1, 0), height - 1)),
                             weight: b, coverage: Coverage.rectY(t.rect, at: s, edgeAA: edgeAA, axes: axes)))
        }
        return (columns, rows)
    }

    /// The levels `shade`'s lambda at `s` (the same at every pixel of such a map) reads bilinearly, as
    /// `TextureSampler.sample` chooses them: level 0 for linear filtering, one level of the chain or two
    /// with the second's weight for trilinear minification; nil for nearest filtering, a lambda that is
    /// not a number, or a trilinear draw whose sampler has no mip chain.
    private static func levels(_ t: PreparedOp.PreparedTexture, at s: Projection.Sample)
        -> (level: Int, next: (Int, Double)?)?
    {
        // The level decided for the draw (the grid's maps have no perspective), as both renderers read it.
        let lambda = t.sampling?.lambda ?? t.lambda(s)
        guard !lambda.isNaN else { return nil }
        if lambda <= 0 { return t.draw.magFilter == .linear ? (0, nil) : nil }
        switch t.draw.minFilter {
        case .nearest: return nil
        case .linear: return (0, nil)
        case .trilinear:
            guard t.sampler.mipmapped else { return nil }
            let q = t.sampler.levels.count - 1
            if lambda >= Double(q) { return (q, nil) }
            let d1 = Int(pixels: lambda, .down, in: 0...q)
            let f = lambda - Double(d1)
            return f == 0 ? (d1, nil) : (d1, (min(d1 + 1, q), f))
        }
    }

    /// `TextureSampler.bilinear`'s first texel index and weight along an axis of `size` texels.
    private static func texel(_ coordinate: Double, size: Int) -> (Int, Double) {
        // Held in -1 ... size (NaN at -1), so its floor converts as it is.
        let x = (coordinate - 0.5).clamped(-1, Double(size))
        let f = x.floored
        return (Int(f), x - f)
    }
}

extension PreparedOp {
    /// Draws a `LinearGrid` texture: per pixel four texel reads mixed as `bilinear` mixes them, the colour as
    /// `shade` computes it, coverage as the product of the column's and the row's factors, clips as the
    /// reference applies them. A pixel whose four texels are all zero adds nothing (its colour is zero): it is
    /// skipped, and where the image's occupancy is known, whole runs of such pixels are never visited.
    func runLinearGrid(_ g: LinearGrid, _ t: PreparedTexture, _ ys: Range<Int>, _ target: BlendTarget,
                       tint: SIMD4<Double>, hidden: Hidden) {
        if let next = g.next {
            return runMixedGrid(g, next, t, ys, target, tint: tint, hidden: hidden)
        }
        let level = t.sampler.levels[g.level]
        let tintColor = t.draw.tint.map { SIMD4($0.r, $0.g, $0.b, $0.a) }
        g.columns.withUnsafeBufferPointer { columns in
            level.pixels.withUnsafeBytes { raw in
                guard let columns = columns.baseAddress, let texels = raw.baseAddress else { return }
                let rows = LinearGrid.Rows(texels: texels, stride: level.width * 4, columns: columns, x0: bounds.x0)
                for y in ys {
                    let row = g.rows[y - bounds.y0]
                    guard row.coverage > 0 else { continue }
                    hidden.forEachVisibleRun(bounds.x0..<bounds.x1, y: y) { visible in
                        g.forEachLiveRun(visible, row, x0: bounds.x0) { xs in
                            if clips.isEmpty, tintColor == nil {
                                if vectorKernels {
                                    rows.plainAVX2(xs, y: y, row, target, opacity: t.draw.opacity, tint: tint)
                                } else {
                                    rows.plain(xs, y: y, row, target, opacity: t.draw.opacity, tint: tint)
                                }
                            } else {
                                rows.general(xs, y: y, row, target, op: self, tintColor: tintColor,
                                             opacity: t.draw.opacity, tint: tint)
                            }
                        }
                    }
                }
            }
        }
    }
}

extension LinearGrid {
    /// The texels and columns a draw's rows read, for the row loops.
    struct Rows {
        let texels: UnsafeRawPointer
        /// Bytes per texel row.
        let stride: Int
        let columns: UnsafePointer<Line>
        /// The first column of the bounds (`columns[0]`'s pixel column).
        let x0: Int
        /// `unit`'s values by byte (`LinearGrid.units`), read instead of converted.
        let units = LinearGrid.units

        /// The bilinear sample at column `c` between texel rows `top` and `bottom` (lower weight `b`), as
        /// `bilinear` mixes it; nil when its four texels are zero.
        @inline(__always)
        func sample(_ c: Line, top: UnsafeRawPointer, bottom: UnsafeRawPointer, b: Double, rb: Double) -> SIMD4<Double>? {
            let l = Int(c.first) &* 4, r = Int(c.second) &* 4
            let w00 = top.loadUnaligned(fromByteOffset: l, as: UInt32.self)
            let w10 = top.loadUnaligned(fromByteOffset: r, as: UInt32.self)
            let w01 = bottom.loadUnaligned(fromByteOffset: l, as: UInt32.self)
            let w11 = bottom.loadUnaligned(fromByteOffset: r, as: UInt32.self)
            guard (w00 | w10 | w01 | w11) != 0 else { return nil }
            let a = c.weight, ra = 1 - a
            return (unit(w00) * ra + unit(w10) * a) * rb + (unit(w01) * ra + unit(w11) * a) * b
        }

        /// A texel's four bytes (memory order r, g, b, a) as `TextureSampler`'s texel reads read them, from the
        /// table (`LinearGrid.units`).
        @inline(__always)
        func unit(_ word: UInt32) -> SIMD4<Double> {
            let w = UInt32(littleEndian: word)
            return SIMD4(units[Int(w & 0xFF)], units[Int(w >> 8 & 0xFF)], units[Int(w >> 16 & 0xFF)], units[Int(w >> 24)])
        }

        /// Columns `xs` of row `y` of a draw without clips or a tint colour: the sample times the opacity
        /// and the modulation, times the coverage, blended.
        @inline(__always)
        func plain(_ xs: Range<Int>, y: Int, _ row: Line, _ target: BlendTarget, opacity: Double, tint: SIMD4<Double>) {
            let top = texels + Int(row.first) &* stride, bottom = texels + Int(row.second) &* stride
            let b = row.weight, rb = 1 - b, rowCov = row.coverage
            let out = UnsafeMutableRawPointer(target.base + y * target.width * 4)
            // Products by exactly 1 change no bit: skipped.
            let scales = opacity != 1 || tint != SIMD4(repeating: 1)
            for x in xs {
                let c = columns[x &- x0]
                let cov = c.coverage * rowCov
                guard cov > 0, let sample = sample(c, top: top, bottom: bottom, b: b, rb: rb) else { continue }
                var color = sample
                if scales {
                    color *= opacity
                    color *= tint
                }
                if cov != 1 { color *= cov }
                let d = out.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
                out.storeBytes(of: target.blended(color, over: d), toByteOffset: x &* 4, as: UInt32.self)
            }
        }

        /// `plain` in C with AVX2 (`lamina_grid_plain_row_avx2`), or with `wide` two pixels at a time with
        /// AVX-512 (`lamina_grid_plain_row_avx512`): the same doubles, so the same bytes.
        func plainAVX2(_ xs: Range<Int>, y: Int, _ row: Line, _ target: BlendTarget, opacity: Double,
                       tint: SIMD4<Double>, wide: Bool = LinearGrid.hasAVX512) {
            let top = texels + Int(row.first) &* stride, bottom = texels + Int(row.second) &* stride
            let scales = opacity != 1 || tint != SIMD4(repeating: 1)
            let kernel = wide ? lamina_grid_plain_row_avx512 : lamina_grid_plain_row_avx2
            withUnsafeBytes(of: tint) { modulate in
                kernel(columns, x0, xs.lowerBound, xs.upperBound, top.assumingMemoryBound(to: UInt8.self),
                       bottom.assumingMemoryBound(to: UInt8.self), row.weight, row.coverage,
                       target.base + y * target.width * 4, scales ? 1 : 0, opacity,
                       modulate.baseAddress?.assumingMemoryBound(to: Double.self), StoreRounding.tieBias)
            }
        }

        /// Columns `xs` of row `y` of any draw: a tint colour times the sample's alpha, clips applied.
        func general(_ xs: Range<Int>, y: Int, _ row: Line, _ target: BlendTarget, op: PreparedOp,
                     tintColor: SIMD4<Double>?, opacity: Double, tint: SIMD4<Double>) {
            let top = texels + Int(row.first) &* stride, bottom = texels + Int(row.second) &* stride
            let b = row.weight, rb = 1 - b
            for x in xs {
                let c = columns[x &- x0]
                let cov = c.coverage * row.coverage
                guard cov > 0, let sample = sample(c, top: top, bottom: bottom, b: b, rb: rb) else { continue }
                LinearGrid.blend(sample, coverage: cov, x: x, y: y, target, op: op, tintColor: tintColor,
                                 opacity: opacity, tint: tint)
            }
        }
    }

    /// A sample's colour as `shade` and `SampledRows` make it (a tint colour times its alpha, the opacity,
    /// the modulation), times the coverage and the clips', blended at (x, y).
    @inline(__always)
    static func blend(_ sample: SIMD4<Double>, coverage: Double, x: Int, y: Int, _ target: BlendTarget, op: PreparedOp,
                      tintColor: SIMD4<Double>?, opacity: Double, tint: SIMD4<Double>) {
        var color = tintColor.map { $0 * sample.w } ?? sample
        color *= opacity
        color *= tint
        var cov = coverage
        if !op.clips.isEmpty {
            cov *= op.clipCoverage(x: x, y: y)
            guard cov > 0 else { return }
        }
        target.blend(color * cov, x: x, y: y)
    }
}

extension LinearGrid {
    /// Whether the processor runs the AVX2 rows (`lamina_kernels_have_avx2`), asked once.
    static let hasAVX2 = lamina_kernels_have_avx2() != 0

    /// Whether the processor also runs the AVX-512 rows (`lamina_kernels_have_avx512`), two pixels a
    /// register; `LAMINA_CPU_AVX512=0` keeps to the AVX2 rows.
    static let hasAVX512 = lamina_kernels_have_avx512() != 0
        && ProcessInfo.processInfo.environment["LAMINA_CPU_AVX512"] != "0"

    /// Each texel byte as `TextureSampler`'s texel reads read it: the byte as a double, times 1/255.
    static let units: UnsafePointer<Double> = {
        let table = UnsafeMutablePointer<Double>.allocate(capacity: 256)
        for i in 0..<256 { table[i] = Double(i) * (1.0 / 255.0) }
        return UnsafePointer(table)
    }()
}
