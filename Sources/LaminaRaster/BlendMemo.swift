import Foundation

/// A band's blend results for one tinted colour table, by channel, texel alpha and destination byte.
///
/// Each channel of `BlendTarget.blend(table[a], ...)` is `quantize(c + unit[d] * (1 - table[a].w))`, a
/// function of the table, the channel, the alpha and that channel's destination byte alone. The table is
/// a function of the inputs it is made from (`Key`), so the memo keeps the bytes it computed for as long as
/// the band's operations bring the same inputs (every shadow of a scene's usual style), and starts afresh
/// at other ones. An entry holds the stamp of the inputs it was computed for above its byte; a new key takes
/// a new stamp, so nothing is cleared between keys. The entries come from `calloc`, so the pages of
/// alphas and bytes never met are never touched. Rejected: a memo per whole pixel only (`runGridTinted`
/// keeps one per alpha in front of this one), which misses wherever shadows overlap other drawing.
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

    private static let count = 4 * 256 * 256
    private static let maxStamp: UInt32 = 0xFF_FFFF

    /// `stamp << 8 | byte` at `channel << 16 | alpha << 8 | destination`; 0 is never a live stamp.
    private let entries: UnsafeMutablePointer<UInt32>
    private let stamp: UnsafeMutablePointer<UInt32>
    private let key: UnsafeMutablePointer<Key?>

    init() {
        guard let raw = calloc(BlendMemo.count, MemoryLayout<UInt32>.stride) else {
            preconditionFailure("out of memory for a blend memo")
        }
        entries = raw.bindMemory(to: UInt32.self, capacity: BlendMemo.count)
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
        if stamp.pointee == BlendMemo.maxStamp {
            entries.update(repeating: 0, count: BlendMemo.count)
            stamp.pointee = 0
        }
        stamp.pointee += 1
        return stamp.pointee
    }

    /// The pixel `target.blended(c, over: dst)` makes, for `c = table[a]` of the table `stamp` serves.
    @inline(__always)
    func blended(_ c: SIMD4<Double>, alpha a: Int, over dst: UInt32, stamp s: UInt32,
                 unit: UnsafePointer<Double>) -> UInt32 {
        let d = UInt32(littleEndian: dst)
        let inv = 1 - c.w
        var out: UInt32 = 0
        for k in 0..<4 {
            let byte = Int(d >> UInt32(8 * k) & 0xFF)
            let i = k << 16 | a << 8 | byte
            let e = entries[i]
            let v: UInt32
            if e >> 8 == s {
                v = e & 0xFF
            } else {
                v = UInt32(Blend.quantize(c[k] + unit[byte] * inv))
                entries[i] = s << 8 | v
            }
            out |= v << UInt32(8 * k)
        }
        return UInt32(littleEndian: out)
    }
}
