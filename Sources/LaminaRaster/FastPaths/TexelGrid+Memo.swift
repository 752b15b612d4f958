import Foundation

extension PreparedOp {
    /// `runGridUntinted` without clips, each pixel of coverage 1 through a memo: its result is a function of
    /// its texel and the destination pixel alone (opacity and modulation are the operation's), so a pair
    /// met before (a glyph's solid stem over a flat card, the same edge texel over the same background) is
    /// stored from a 256-entry direct-mapped table instead of blended again. Pixels of partial coverage
    /// (the grid's edge columns and rows) blend as before. The same bytes as `runGridGeneral`.
    func runGridUntintedMemo(_ grid: TexelGrid, _ level: TextureSampler.Level, _ ys: Range<Int>, _ target: BlendTarget,
                             opacity: Double, tint: SIMD4<Double>, hidden: Hidden) {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 256) { keys in
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { results in
        guard let keys = keys.baseAddress, let results = results.baseAddress else { return }
        // A key is (texel << 32 | destination); a texel of zeros is never looked up, so 0 marks an empty entry.
        keys.initialize(repeating: 0, count: 256)
        results.initialize(repeating: 0, count: 256)
        @inline(__always)
        func color(_ texel: UnsafePointer<UInt8>) -> SIMD4<Double> {
            var c = SIMD4(Double(texel[0]), Double(texel[1]), Double(texel[2]), Double(texel[3])) * (1.0 / 255.0)
            c *= opacity
            return c * tint
        }
        forEachNonzeroGridPixel(grid, level, ys, hidden: hidden) { x, y, cov, texel in
            let bytes = UnsafeRawPointer(texel).loadUnaligned(as: UInt32.self)
            guard cov == 1 else { return target.blend(color(texel) * cov, x: x, y: y) }
            let out = UnsafeMutableRawPointer(target.base + (y * target.width + x) * 4)
            let dst = out.load(as: UInt32.self)
            let key = UInt64(bytes) << 32 | UInt64(dst)
            let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 56)
            if keys[slot] != key {
                keys[slot] = key
                results[slot] = target.blended(color(texel), over: dst)
            }
            out.storeBytes(of: results[slot], as: UInt32.self)
        }
        }
        }
    }
}

extension PreparedOp {
    /// `forEachGridPixel` for the pixels whose texel is not all zeros (a texel of zeros adds nothing to a
    /// source-over draw): the same pixels in the same order, less those. Over the grid's straight run
    /// (`TexelGrid.straight`) texels are read four at a time and runs of empty ones skipped, so a
    /// label's transparent background between glyphs costs a load per four pixels.
    @inline(__always)
    func forEachNonzeroGridPixel(_ grid: TexelGrid, _ level: TextureSampler.Level, _ ys: Range<Int>, hidden: Hidden,
                                 _ body: (Int, Int, Double, UnsafePointer<UInt8>) -> Void) {
        let x0 = bounds.x0
        let straight = (x0 + grid.straight.lowerBound)..<(x0 + grid.straight.upperBound)
        forEachGridRun(grid, level, ys, hidden: hidden) { run in
            let (y, rowCov, row) = (run.y, run.rowCoverage, run.row)
            @inline(__always)
            func one(_ x: Int) {
                let c0 = x - x0
                let cov = run.columnCoverage[c0] * rowCov
                guard cov > 0 else { return }
                let texel = row + run.columns[c0] * 4
                guard UnsafeRawPointer(texel).loadUnaligned(as: UInt32.self) != 0 else { return }
                body(x, y, cov, texel)
            }
            let xs = run.xs, fast = xs.clamped(to: straight)
            guard fast.count >= 4 else {
                for x in xs { one(x) }
                return
            }
            for x in xs.lowerBound..<fast.lowerBound { one(x) }
            // Columns of coverage 1 whose texels are consecutive: cov is rowCov, texel x is first + i.
            let first = UnsafeRawPointer(row + run.columns[fast.lowerBound - x0] * 4)
            let n = fast.count
            var i = 0
            while i + 4 <= n {
                let p = first + i * 4
                if p.loadUnaligned(as: UInt64.self) | p.loadUnaligned(fromByteOffset: 8, as: UInt64.self) != 0 {
                    for k in i..<(i + 4) where p.loadUnaligned(fromByteOffset: (k - i) * 4, as: UInt32.self) != 0 {
                        body(fast.lowerBound + k, y, rowCov, (first + k * 4).assumingMemoryBound(to: UInt8.self))
                    }
                }
                i += 4
            }
            for k in i..<n where (first + k * 4).loadUnaligned(as: UInt32.self) != 0 {
                body(fast.lowerBound + k, y, rowCov, (first + k * 4).assumingMemoryBound(to: UInt8.self))
            }
            for x in fast.upperBound..<xs.upperBound { one(x) }
        }
    }
}
