import Foundation

/// What a blur pass keeps between its two directions (`PassContent.blur`): each value in 16-bit fixed point,
/// the high byte floor(x) and the low byte the remainder in 1/255 steps, rounded (x in 0 ... 255, a channel
/// in 1/255 steps). Both renderers store it so: the GPU in two bytes of an RGBA8 texel (`blur_wide.frag`'s
/// `packWide`, or a float target holding the same value), the CPU as the code `floor(x) * 255 + low`.
///
/// Why not 8 bits, as every other stored value is: a pyramid blur cannot round where the exact blur's
/// intermediate rounds, so an 8-bit intermediate on the CPU is half a step of noise against the GPU's
/// pyramid, and it turned one blurred pixel in 4 to 12 into a different byte (sigma 8 to 40, a rounded
/// rect; 1.5 to 9 in 100 with this precision). Stored this way the intermediate is within 1/510 of a step of
/// the exact sum, and the exact blurs on both renderers still store the same codes.
public enum BlurIntermediate {
    /// The largest code: 255 x 255 (x = 255 exactly).
    public static let maxCode: UInt16 = 65025

    /// The code of `x` (clamped to 0 ... 255): floor(x) x 255 + round((x - floor(x)) x 255), halves up.
    @inlinable @inline(__always)
    public static func code(_ x: Float) -> UInt16 {
        let c = min(max(x, 0), 255)
        let h = c.rounded(.down)
        let l = ((c - h) * 255 + 0.5).rounded(.down)
        return UInt16(truncatingIfNeeded: Int(h * 255 + l))
    }

    /// `code` of each lane, in vector operations (the same Float operations per lane). Written with masks
    /// and the 2^23 trick because Swift's generic SIMD clamp, floor and integer conversions are lane-by-lane
    /// calls here (`floorf` for each lane): for 0 <= v < 2^22, (v + 2^23) - 2^23 is v rounded to the nearest
    /// whole number, exactly, one less where that exceeds v is its floor; and a whole number below 2^23 is
    /// the low bits of its sum with 2^23.
    @inlinable @inline(__always)
    public static func codes(_ x: SIMD8<Float>) -> SIMD8<UInt16> {
        let zero = SIMD8<Float>(repeating: 0), top = SIMD8<Float>(repeating: 255)
        let c = select(x .> top, top, select(x .< zero, zero, x))
        let h = floorLanes(c)
        let l = floorLanes((c - h) * 255 + 0.5)
        let big = h * 255 + l + SIMD8(repeating: 8_388_608)
        return SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(big, to: SIMD8<UInt32>.self))
    }

    /// floor of each lane, for lanes in 0 ..< 2^22.
    @inlinable @inline(__always)
    static func floorLanes(_ v: SIMD8<Float>) -> SIMD8<Float> {
        let magic = SIMD8<Float>(repeating: 8_388_608)
        let n = (v + magic) - magic
        return select(n .> v, n - 1, n)
    }

    /// `a` where `mask`, else `b`, by bits.
    @inlinable @inline(__always)
    static func select(_ mask: SIMDMask<SIMD8<Int32>>, _ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
        let m = unsafeBitCast(mask, to: SIMD8<UInt32>.self)
        let bits = (unsafeBitCast(a, to: SIMD8<UInt32>.self) & m) | (unsafeBitCast(b, to: SIMD8<UInt32>.self) & ~m)
        return unsafeBitCast(bits, to: SIMD8<Float>.self)
    }

    /// The value a code stands for, in 1/255 steps (0 ... 255).
    @inlinable @inline(__always)
    public static func value(_ code: UInt16) -> Float { Float(code) / 255 }

    /// `value` of each lane: the code as the low bits of a Float in [2^23, 2^24), less 2^23 (exact).
    @inlinable @inline(__always)
    public static func values(_ codes: SIMD8<UInt16>) -> SIMD8<Float> {
        let bits = SIMD8<UInt32>(truncatingIfNeeded: codes) | SIMD8(repeating: 0x4B00_0000)
        return (unsafeBitCast(bits, to: SIMD8<Float>.self) - SIMD8(repeating: 8_388_608)) / 255
    }
}
