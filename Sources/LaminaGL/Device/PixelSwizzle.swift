/// Byte-order conversion of read-back pixels.
enum PixelSwizzle {
    /// Swaps bytes 0 and 2 of `count` 4-byte pixels at `p` in place (BGRA <-> RGBA), eight pixels per SIMD
    /// step.
    static func swap(_ p: UnsafeMutableRawPointer, count: Int) {
        // Little-endian words: BGRA bytes read as 0xAARRGGBB; keep G and A, exchange the low and third bytes.
        let keep = SIMD8<UInt32>(repeating: 0xFF00_FF00), low = SIMD8<UInt32>(repeating: 0xFF)
        var i = 0
        while i + 8 <= count {
            let at = p + 4 * i
            let x = at.loadUnaligned(as: SIMD8<UInt32>.self)
            let y = (x & keep) | ((x &>> 16) & low) | ((x & low) &<< 16)
            at.storeBytes(of: y, as: SIMD8<UInt32>.self)
            i += 8
        }
        while i < count {
            let at = p + 4 * i
            let x = at.loadUnaligned(as: UInt32.self)
            at.storeBytes(of: (x & 0xFF00_FF00) | ((x >> 16) & 0xFF) | ((x & 0xFF) << 16), as: UInt32.self)
            i += 1
        }
    }
}
