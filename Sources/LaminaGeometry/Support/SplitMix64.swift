import Foundation

/// SplitMix64 (Steele, Lea and Flood, 2014): the seeded generator benchmark scenes are drawn from.
///
/// Chosen over `SystemRandomNumberGenerator` and Swift's `Hasher` because both differ between runs and
/// machines; SplitMix64 is a dozen lines, so the Python side of the Skia comparison could reproduce it too
/// (it does not need to: it reads the exported scenes). Doubles take the top 53 bits, so every platform
/// draws the same values.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// A seed from a name (FNV-1a, 64-bit), so each scene has its own stream whatever order they are made in.
    public init(name: String) {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        self.init(seed: h)
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A double in [0, 1) from the top 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// A double in [lo, hi).
    public mutating func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }

    /// A whole number of pixels in lo...hi (inclusive), as a Double.
    public mutating func whole(_ lo: Int, _ hi: Int) -> Double { Double(lo + Int(next() % UInt64(hi - lo + 1))) }
}
