import Foundation

extension PreparedOp {
    /// A tinted grid draw without clips (a shadow's slices): the colour depends on the texel's alpha alone,
    /// `table[a]`.
    ///
    /// At coverage 1 a pixel's bytes are a function of the texel's alpha and the pixel's four bytes before
    /// the blend, so the last result for each alpha is kept with the bytes it was blended over, and a pixel
    /// that meets the same alpha over the same bytes (a shadow over a flat background, mostly) stores that
    /// result instead of blending again; this memo lives for one call, so every entry comes from `table`.
    /// Other pixels of coverage 1 take their bytes channel by channel from the band's `BlendMemo`, which
    /// serves `table` under `stamp`. Rows whose every pixel has coverage 1 skip the coverage products.
    /// Alphas are read from `alpha`, the level's alpha bytes packed, when there is one (a quarter of the
    /// memory traffic), else from the level's pixels.
    func runGridTinted(_ grid: TexelGrid, _ level: TextureSampler.Level, alpha: [UInt8]?, _ ys: Range<Int>,
                       _ target: BlendTarget, table: UnsafePointer<SIMD4<Double>>, hidden: Hidden,
                       blends: BlendMemo, stamp: UInt32) {
        let x0 = bounds.x0, x1 = bounds.x1
        // Per alpha: the bytes blended over (bit 32 set marks a kept entry), and the result.
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 256) { keys in
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { results in
        guard let keys = keys.baseAddress, let results = results.baseAddress else { return }
        keys.initialize(repeating: 0, count: 256)
        results.initialize(repeating: 0, count: 256)
        // Texel (column, row)'s alpha at `alphaBase[(row * width + column) * step]`.
        let step = alpha == nil ? 4 : 1
        (alpha ?? level.pixels).withUnsafeBufferPointer { texels in
        guard let texels = texels.baseAddress else { return }
        let alphaBase = alpha == nil ? texels + 3 : texels
        grid.columns.withUnsafeBufferPointer { columns in
        grid.columnCoverage.withUnsafeBufferPointer { columnCoverage in
            guard let columns = columns.baseAddress, let columnCoverage = columnCoverage.baseAddress else { return }
            for y in ys {
                let r = y - bounds.y0
                let rowCov = grid.rowCoverage[r]
                guard rowCov > 0 else { continue }
                let row = alphaBase + grid.rows[r] * level.width * step
                let out = UnsafeMutableRawPointer(target.base + (y * target.width + x0) * 4)
                // A pixel of coverage 1 with a texel of alpha `a` > 0.
                @inline(__always)
                func cover(_ c0: Int, _ a: Int) {
                    let dst = out.load(fromByteOffset: c0 * 4, as: UInt32.self)
                    let key = UInt64(dst) | 1 << 32
                    if keys[a] == key {
                        out.storeBytes(of: results[a], toByteOffset: c0 * 4, as: UInt32.self)
                        return
                    }
                    let result = blends.blended(table[a], alpha: a, over: dst, stamp: stamp)
                    out.storeBytes(of: result, toByteOffset: c0 * 4, as: UInt32.self)
                    keys[a] = key
                    results[a] = result
                }
                // Coverage 1 throughout the row, or per pixel.
                let allOne = rowCov == 1 && grid.columnsAllOne
                @inline(__always)
                func walk(_ cs: Range<Int>) {
                    if allOne {
                        for c0 in cs {
                            let a = Int(row[columns[c0] * step])
                            if a > 0 { cover(c0, a) }
                        }
                        return
                    }
                    for c0 in cs {
                        let cov = columnCoverage[c0] * rowCov
                        guard cov > 0 else { continue }
                        let a = Int(row[columns[c0] * step])
                        guard a > 0 else { continue }
                        if cov == 1 {
                            cover(c0, a)
                        } else {
                            target.blend(table[a] * cov, x: x0 + c0, y: y)
                        }
                    }
                }
                hidden.forEachVisibleRun(x0..<x1, y: y) { xs in walk((xs.lowerBound - x0)..<(xs.upperBound - x0)) }
            }
        }
        }
        }
        }
        }
    }
}
