/// A pixel stored over a run of pixels: a pass's or a canvas's clear colour, on either renderer.
public enum PixelFill {
    /// The 4 bytes of one pixel packed so that a 32-bit store writes them in memory order r, g, b, a on
    /// either byte order: the `pattern` `store` takes.
    @inlinable
    public static func pattern(r: UInt8, g: UInt8, b: UInt8, a: UInt8) -> UInt32 {
        UInt32(littleEndian: UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24)
    }

    /// Stores `pattern` (a pixel's four bytes, `pattern(r:g:b:a:)`) over `count` pixels at `base`:
    /// `memset` where its four bytes are one (transparent, opaque white), else sixteen pixels a SIMD store.
    public static func store(_ pattern: UInt32, count: Int, at base: UnsafeMutableRawPointer) {
        guard count > 0 else { return }
        if pattern == (pattern & 0xFF) &* 0x0101_0101 {
            base.initializeMemory(as: UInt8.self, repeating: UInt8(pattern & 0xFF), count: count * 4)
            return
        }
        let wide = SIMD16<UInt32>(repeating: pattern)
        var i = 0
        while i + 16 <= count {
            (base + 4 * i).storeBytes(of: wide, as: SIMD16<UInt32>.self)
            i += 16
        }
        while i < count {
            (base + 4 * i).storeBytes(of: pattern, as: UInt32.self)
            i += 1
        }
    }
}
