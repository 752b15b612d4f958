import Foundation

/// A band's blend results for one tinted colour table, by texel alpha and destination byte.
///
/// Each channel k of `BlendTarget.blend(table[a], ...)` is `s_k + round(d * (255 - s_a) / 255)` for the bytes s of
/// `table[a]` (`Blend.over`), a function of the table, the alpha and that channel's destination byte d alone. The table
/// is a function of the inputs it is made from (`Key`), so the memo keeps the bytes it computed for as long as the
/// band's operations bring the same inputs (every shadow of a scene's usual style), and starts afresh at other ones. An
/// entry, at `a << 8 | d`, holds the four channels' bytes for that destination byte (a pixel's channels, often near
/// each other in value, then read neighbouring entries) and, above them, the stamp of the inputs it was computed for; a
/// new key takes a new stamp, so nothing is cleared between keys. The entries come from `calloc`, so the pages of
/// alphas never met are never touched. Rejected: a memo per whole pixel only (`runGridTinted` keeps one per alpha in
/// front of this one), which misses wherever shadows overlap other drawing; and entries by channel, which touch four
/// cache lines per pixel.
struct BlendMemo {
    /// The inputs of a tinted table, as bit patterns: tint colour, opacity, modulation.
    struct Key: Equatable {
        var tint: SIMD4<UInt64>
        var opacity: UInt64
        var modulate: SIMD4<UInt64>

        init(tint: SIMD4<Double>, opacity: Double, modulate: SIMD4<Double>) {
            self.tint = SIMD4(tint.x.bitPattern, tint.y.bitPattern, tint.z.bitPattern, tint.w.bitPattern)
            self.opacity = opacity.bitPattern
            self.modulate = SIMD4(modulate.x.bitPattern, modulate.y.bitPattern, modulate.z.bitPattern,
                                  modulate.w.bitPattern)
        }
    }

    private static let count = 256 * 256

    /// `stamp << 32 | bytes` (channel k in byte k) at `alpha << 8 | destination`; 0 is never a live stamp.
    private let entries: UnsafeMutablePointer<UInt64>
    private let stamp: UnsafeMutablePointer<UInt32>
    private let key: UnsafeMutablePointer<Key?>

    init() {
        guard let raw = calloc(BlendMemo.count, MemoryLayout<UInt64>.stride) else {
            preconditionFailure("out of memory for a blend memo")
        }
        entries = raw.bindMemory(to: UInt64.self, capacity: BlendMemo.count)
        stamp = .allocate(capacity: 1)
        stamp.initialize(to: 0)
        key = .allocate(capacity: 1)
        key.initialize(to: nil)
    }

    func deallocate() {
        free(entries)
        stamp.deallocate()
        key.deinitialize(count: 1)
        key.deallocate()
    }

    /// Makes the memo serve the table made from `k`; returns the stamp its entries carry.
    func use(_ k: Key) -> UInt32 {
        if key.pointee == k { return stamp.pointee }
        key.pointee = k
        if stamp.pointee == UInt32.max {
            entries.update(repeating: 0, count: BlendMemo.count)
            stamp.pointee = 0
        }
        stamp.pointee += 1
        return stamp.pointee
    }

    /// The pixel `target.blended(c, over: dst)` makes, for `c = table[a]` of the table `stamp` serves.
    @inline(__always)
    func blended(_ c: SIMD4<Double>, alpha a: Int, over dst: UInt32, stamp s: UInt32) -> UInt32 {
        let d = UInt32(littleEndian: dst)
        var out: UInt32 = 0
        for k in 0..<4 {
            let shift = UInt32(8 * k)
            let byte = Int(d >> shift & 0xFF)
            let i = a << 8 | byte
            var e = entries[i]
            if UInt32(truncatingIfNeeded: e >> 32) != s {
                // The four channels over this byte, as the blend computes them.
                let same = UInt32(littleEndian: UInt32(byte) * 0x0101_0101)
                let bytes = UInt32(littleEndian: Blend.over(Blend.bytes(c), same))
                e = UInt64(s) << 32 | UInt64(bytes)
                entries[i] = e
            }
            out |= UInt32(truncatingIfNeeded: e) & 0xFF << shift
        }
        return UInt32(littleEndian: out)
    }
}
