import Foundation
import LaminaGraph
import LaminaGeometry

/// A texture draw whose texel depends on the pixel's column alone and row alone: an affine map without
/// rotation or skew, and the nearest filter at every pixel (decided for the draw, `TextureSampling`, or both
/// filters nearest: the shadow atlas's nine-patch slices, nearest-filtered contents). Texel indices (from
/// the draw's `TexelLattice`, as the general path reads them) and edge coverage are computed once per column
/// and once per row, with the general path's functions, so every byte is the general path's.
///
/// Why the factors are exact per column: with `g10`, `g01`, `g02` and `g12` zero, the local x of a pixel
/// centre is `(px * g00 + py * 0 + g20) / g22`, the same double for every row, and the Jacobian entries the
/// x edges read are the same too; likewise for y. The rect's coverage is the product of its x factor and
/// its y factor (`Coverage.rect`).
struct TexelGrid {
    /// Per column of the bounds: the texel column (clamped to the edge) and the x edges' coverage.
    let columns: [Int]
    let columnCoverage: [Double]
    /// Per row of the bounds: the texel row and the y edges' coverage.
    let rows: [Int]
    let rowCoverage: [Double]
    /// Whether every column's coverage is exactly 1 (no x edge cuts a pixel).
    let columnsAllOne: Bool
    /// The longest run of columns (indices into `columns`) of coverage exactly 1 whose texels follow one
    /// another (`columns[c + 1] == columns[c] + 1`): a texture drawn at its own scale, whose texels a
    /// loop can read several at a time (`forEachNonzeroGridPixel`).
    let straight: Range<Int>
    /// For a tinted draw, the colour of each texel alpha before coverage, as `shade` and `run` compute it,
    /// and the inputs it is made from (`BlendMemo.Key`); computed once here rather than per band.
    let tinted: [SIMD4<Double>]?
    let tintKey: BlendMemo.Key?

    init?(_ t: PreparedOp.PreparedTexture, sampler: PixelSampler?, bounds: PixelRect, edgeAA: EdgeMask,
          modulate: SIMD4<Double>) {
        // Nearest at every pixel: decided for the draw (`TextureSampling`), or both filters nearest.
        let nearest = t.sampling.map { $0.filter == .nearest } ?? (t.draw.minFilter == .nearest && t.draw.magFilter == .nearest)
        guard nearest, t.mask == nil,
              let sampler, !bounds.isEmpty, let level = t.sampler.levels.first else { return nil }
        let p = sampler.projection
        guard p.g10 == 0, p.g01 == 0, p.g02 == 0, p.g12 == 0, p.h02 == 0, p.h12 == 0, p.h22 > 0 else { return nil }
        guard t.shape.isRect else { return nil }
        let rect = t.rect
        let px0 = Double(bounds.x0) + 0.5, py0 = Double(bounds.y0) + 0.5
        let axes = Coverage.AxisLengths(sampler)
        var columns: [Int] = [], columnCoverage: [Double] = []
        columns.reserveCapacity(bounds.width); columnCoverage.reserveCapacity(bounds.width)
        for x in bounds.x0..<bounds.x1 {
            guard let s = sampler.local(px: Double(x) + 0.5, py: py0), s.qx.isFinite, s.qy.isFinite else { return nil }
            let i = t.sampling?.texels?.texel(x, bounds.y0).x ?? t.sampler.nearestIndex(t.texels.x(s), size: level.width)
            columns.append(min(max(i, 0), level.width - 1))
            columnCoverage.append(Coverage.rectX(rect, at: s, edgeAA: edgeAA, axes: axes))
        }
        var rows: [Int] = [], rowCoverage: [Double] = []
        rows.reserveCapacity(bounds.height); rowCoverage.reserveCapacity(bounds.height)
        for y in bounds.y0..<bounds.y1 {
            guard let s = sampler.local(px: px0, py: Double(y) + 0.5), s.qx.isFinite, s.qy.isFinite else { return nil }
            let j = t.sampling?.texels?.texel(bounds.x0, y).y ?? t.sampler.nearestIndex(t.texels.y(s), size: level.height)
            rows.append(min(max(j, 0), level.height - 1))
            rowCoverage.append(Coverage.rectY(rect, at: s, edgeAA: edgeAA, axes: axes))
        }
        self.columns = columns; self.columnCoverage = columnCoverage
        columnsAllOne = columnCoverage.allSatisfy { $0 == 1 }
        straight = TexelGrid.longestStraightRun(columns, columnCoverage)
        if let tc = t.draw.tint {
            // shade(): sample = texel * (1 / 255); tinted: tint * sample.w; then * opacity; run(): * modulate.
            let tintColor = SIMD4(tc.r, tc.g, tc.b, tc.a), opacity = t.draw.opacity
            tinted = [SIMD4<Double>](unsafeUninitializedCapacity: 256) { table, initialized in
                for a in 0..<256 {
                    var c = tintColor * (SIMD4<Double>(repeating: Double(a)) * (1.0 / 255.0)).w
                    c *= opacity
                    table[a] = c * modulate
                }
                initialized = 256
            }
            tintKey = BlendMemo.Key(tint: tintColor, opacity: opacity, modulate: modulate)
        } else {
            tinted = nil
            tintKey = nil
        }
        self.rows = rows; self.rowCoverage = rowCoverage
    }
}

extension TexelGrid {
    /// The longest run of columns of coverage 1 whose texel columns go up by one from each to the next.
    static func longestStraightRun(_ columns: [Int], _ coverage: [Double]) -> Range<Int> {
        var best = 0..<0, start = 0
        for c in columns.indices {
            let continues = c > start && columns[c] == columns[c - 1] + 1
            if coverage[c] != 1 {
                start = c + 1
                continue
            }
            if !continues { start = c }
            if c + 1 - start > best.count { best = start..<(c + 1) }
        }
        return best
    }
}

extension PreparedOp {
    /// Draws a `TexelGrid` texture: per pixel one texel read, the colour as `shade` computes it (from a
    /// table by alpha when tinted), coverage as the product of the column's and the row's factors.
    ///
    /// The pixels of `hidden`, overwritten later whatever they hold (`Occlusion`), are left out.
    func runGrid(_ grid: TexelGrid, _ t: PreparedTexture, _ ys: Range<Int>, _ target: BlendTarget,
                 tint: SIMD4<Double>, hidden: Hidden, scratch: BandScratch) {
        // The table was made with this operation's modulation, `tint` (`TexelGrid.tinted`).
        guard let tinted = grid.tinted, let key = grid.tintKey else {
            runGridUntinted(grid, t, ys, target, tint: tint, hidden: hidden)
            return
        }
        tinted.withUnsafeBufferPointer { table in
            guard let table = table.baseAddress else { return }
            if clips.isEmpty {
                runGridTinted(grid, t.sampler.levels[0], alpha: t.alpha, ys, target, table: table, hidden: hidden,
                              blends: scratch.blends, stamp: scratch.blends.use(key))
            } else {
                runGridGeneral(grid, t.sampler.levels[0], ys, target, hidden: hidden) { _, a in a > 0 ? table[Int(a)] : nil }
            }
        }
    }

    /// An untinted grid draw: the texel's four bytes, times opacity and modulation.
    private func runGridUntinted(_ grid: TexelGrid, _ t: PreparedTexture, _ ys: Range<Int>, _ target: BlendTarget,
                                 tint: SIMD4<Double>, hidden: Hidden) {
        let opacity = t.draw.opacity
        if clips.isEmpty {
            return runGridUntintedMemo(grid, t.sampler.levels[0], ys, target, opacity: opacity, tint: tint, hidden: hidden)
        }
        runGridGeneral(grid, t.sampler.levels[0], ys, target, hidden: hidden) { texel, a in
            // A texel of zeros adds nothing.
            guard a > 0 || (texel[0] | texel[1] | texel[2]) != 0 else { return nil }
            var c = SIMD4(Double(texel[0]), Double(texel[1]), Double(texel[2]), Double(a)) * (1.0 / 255.0)
            c *= opacity
            return c * tint
        }
    }

    /// The grid loop for any colour rule: `color` gives a texel's colour before coverage, nil for one that
    /// adds nothing; clips multiply the coverage.
    @inline(__always)
    func runGridGeneral(_ grid: TexelGrid, _ level: TextureSampler.Level, _ ys: Range<Int>,
                        _ target: BlendTarget, hidden: Hidden,
                        color: (UnsafePointer<UInt8>, UInt8) -> SIMD4<Double>?) {
        let hasClips = !clips.isEmpty
        forEachGridPixel(grid, level, ys, hidden: hidden) { x, y, coverage, texel in
            var cov = coverage
            guard let c = color(texel, texel[3]) else { return }
            if hasClips {
                cov *= clipCoverage(x: x, y: y)
                guard cov > 0 else { return }
            }
            // Multiplying by a coverage of exactly 1 changes nothing.
            target.blend(cov == 1 ? c : c * cov, x: x, y: y)
        }
    }

    /// Every visible pixel of the grid's bounds with a coverage above 0: its column, row, coverage (the
    /// column's times the row's) and texel.
    @inline(__always)
    func forEachGridPixel(_ grid: TexelGrid, _ level: TextureSampler.Level, _ ys: Range<Int>, hidden: Hidden,
                          _ body: (Int, Int, Double, UnsafePointer<UInt8>) -> Void) {
        forEachGridRun(grid, level, ys, hidden: hidden) { run in
            for x in run.xs {
                let c0 = x - bounds.x0
                let cov = run.columnCoverage[c0] * run.rowCoverage
                guard cov > 0 else { continue }
                body(x, run.y, cov, run.row + run.columns[c0] * 4)
            }
        }
    }

    /// A visible run of a grid row of coverage above 0: its columns, row, the row's coverage and texel row,
    /// and the grid's per-column texels and coverage (indexed by column minus `bounds.x0`).
    struct GridRun {
        var xs: Range<Int>
        var y: Int
        var rowCoverage: Double
        var row: UnsafePointer<UInt8>
        var columns: UnsafeBufferPointer<Int>
        var columnCoverage: UnsafeBufferPointer<Double>
    }

    /// The grid's rows in `ys` with coverage above 0, each as its runs of visible columns.
    @inline(__always)
    func forEachGridRun(_ grid: TexelGrid, _ level: TextureSampler.Level, _ ys: Range<Int>, hidden: Hidden,
                        _ body: (GridRun) -> Void) {
        level.pixels.withUnsafeBufferPointer { texels in
        guard let texelBase = texels.baseAddress else { return }
        grid.columns.withUnsafeBufferPointer { columns in
        grid.columnCoverage.withUnsafeBufferPointer { columnCoverage in
            for y in ys {
                let r = y - bounds.y0
                let rowCov = grid.rowCoverage[r]
                guard rowCov > 0 else { continue }
                let row = texelBase + grid.rows[r] * level.width * 4
                hidden.forEachVisibleRun(bounds.x0..<bounds.x1, y: y) { xs in
                    body(GridRun(xs: xs, y: y, rowCoverage: rowCov, row: row, columns: columns,
                                 columnCoverage: columnCoverage))
                }
            }
        }
        }
        }
    }
}
