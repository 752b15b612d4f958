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
        forEachGridPixel(grid, level, ys, hidden: hidden) { x, y, cov, texel in
            let bytes = UnsafeRawPointer(texel).loadUnaligned(as: UInt32.self)
            // A texel of zeros adds nothing.
            guard bytes != 0 else { return }
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
