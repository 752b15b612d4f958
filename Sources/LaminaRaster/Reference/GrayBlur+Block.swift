import Foundation
import LaminaGeometry

extension GrayBlur {
    /// Scratch for eight lines at a time: their texels as lanes, and the positions and sizes of their steps.
    /// One per worker; raw storage, so the inner loops run without bounds checks or retains.
    final class Block {
        static let lanes = 8
        let length: Int
        let radius: Int
        /// Per position, the eight lines' texels as Floats: bytes in the first direction, intermediate codes'
        /// values (`BlurIntermediate`) in the second.
        let line: UnsafeMutablePointer<SIMD8<Float>>
        /// The positions where any line steps (ascending), and the eight lines' steps there.
        let stepAt: UnsafeMutablePointer<Int>
        let stepBy: UnsafeMutablePointer<SIMD8<Float>>
        /// The eight lines' first texels, bytes or codes; lanes past the last line read `zeros`.
        let rows: UnsafeMutablePointer<UnsafePointer<UInt8>>
        let rows16: UnsafeMutablePointer<UnsafePointer<UInt16>>
        let zeros: UnsafeMutablePointer<UInt8>
        let zeros16: UnsafeMutablePointer<UInt16>

        init(length: Int, radius: Int) {
            self.length = length
            self.radius = radius
            line = .allocate(capacity: max(1, length))
            stepAt = .allocate(capacity: length + 1)
            stepBy = .allocate(capacity: length + 1)
            rows = .allocate(capacity: Block.lanes)
            rows16 = .allocate(capacity: Block.lanes)
            zeros = .allocate(capacity: max(1, length))
            zeros.initialize(repeating: 0, count: max(1, length))
            zeros16 = .allocate(capacity: max(1, length))
            zeros16.initialize(repeating: 0, count: max(1, length))
        }

        func deallocate() {
            line.deallocate(); stepAt.deallocate(); stepBy.deallocate()
            rows.deallocate(); rows16.deallocate(); zeros.deallocate(); zeros16.deallocate()
        }

        /// The first direction: blurs byte lines `first ..< first + 8` (those below `lines`) of `src`, writing
        /// position j of line l at `dst[j * lines + l]` as an intermediate code.
        func run(_ src: UnsafePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt16>, first: Int, lines: Int,
                 cumulative cum: UnsafePointer<Float>) {
            let count = min(Block.lanes, lines - first)
            for k in 0..<Block.lanes { rows[k] = k < count ? src + (first + k) * length : UnsafePointer(zeros) }
            let n = steps()
            var lo = 0, hi = 0
            for j in 0..<length {
                let out: SIMD8<UInt16>
                if n == 0 {
                    // Lines transparent throughout: zero.
                    out = .zero
                } else {
                    out = BlurIntermediate.codes(sum(at: j, lo: &lo, hi: &hi, steps: n, cumulative: cum))
                }
                let o = dst + j * lines + first
                if count == Block.lanes {
                    UnsafeMutableRawPointer(o).storeBytes(of: out, as: SIMD8<UInt16>.self)
                } else {
                    for k in 0..<count { o[k] = out[k] }
                }
            }
        }

        /// The second direction: blurs code lines `first ..< first + 8` of `src`, writing position j of line
        /// l at `dst[j * lines + l]` as a byte.
        func run(_ src: UnsafePointer<UInt16>, _ dst: UnsafeMutablePointer<UInt8>, first: Int, lines: Int,
                 cumulative cum: UnsafePointer<Float>) {
            let count = min(Block.lanes, lines - first)
            for k in 0..<Block.lanes { rows16[k] = k < count ? src + (first + k) * length : UnsafePointer(zeros16) }
            let n = codeSteps()
            var lo = 0, hi = 0
            for j in 0..<length {
                let bytes = n == 0 ? 0 : Block.bytes(sum(at: j, lo: &lo, hi: &hi, steps: n, cumulative: cum))
                let o = dst + j * lines + first
                if count == Block.lanes {
                    UnsafeMutableRawPointer(o).storeBytes(of: bytes.littleEndian, as: UInt64.self)
                } else {
                    for k in 0..<count { o[k] = UInt8(truncatingIfNeeded: bytes >> (8 * UInt64(k))) }
                }
            }
        }

        /// The sum at position j: the texel r before it plus every step within reach times the kernel's
        /// cumulative weight (`GaussianBlur.pass`), with `lo ..< hi` the steps within reach, advanced here.
        /// With none within reach it is the texel itself, which every conversion keeps.
        @inline(__always)
        private func sum(at j: Int, lo: inout Int, hi: inout Int, steps n: Int,
                         cumulative cum: UnsafePointer<Float>) -> SIMD8<Float> {
            let r = radius
            while hi < n && stepAt[hi] <= j + r { hi += 1 }
            while lo < n && stepAt[lo] <= j - r { lo += 1 }
            var acc = j - r >= 0 ? line[j - r] : SIMD8<Float>.zero
            var t = lo
            while t < hi {
                acc += stepBy[t] * cum[j - stepAt[t] + r]
                t += 1
            }
            return acc
        }

        /// Reads byte lines into `line` and their steps into `stepAt` and `stepBy`; returns the
        /// number of steps.
        ///
        /// Eight positions at a time: each line's next eight bytes are read as one word, and when every
        /// line's word repeats its last byte (most of a shadow atlas), the eight positions are copied
        /// without further work; otherwise the 8 x 8 bytes are transposed into the eight positions' words.
        /// Lanes past the last line read `zeros`. The closing step is `0 - previous`: `+0` in the lanes that
        /// end transparent, where the scalar pass adds nothing.
        private func steps() -> Int {
            var n = 0
            var previous = SIMD8<Float>.zero
            var previousWord: UInt64 = 0
            // Each line's last byte, repeated over a word.
            var expect = SIMD8<UInt64>.zero
            @inline(__always)
            func visit(_ i: Int, _ word: UInt64) {
                if word != previousWord {
                    var v = SIMD8<Float>.zero
                    for k in 0..<Block.lanes {
                        let byte = word >> (8 * UInt64(k)) & 0xFF
                        v[k] = Float(byte)
                        expect[k] = byte &* 0x0101_0101_0101_0101
                    }
                    stepAt[n] = i; stepBy[n] = v - previous; n += 1
                    previous = v; previousWord = word
                }
                line[i] = previous
            }
            var i = 0
            while i + 8 <= length {
                var x = SIMD8<UInt64>.zero
                for k in 0..<Block.lanes {
                    x[k] = UInt64(littleEndian: UnsafeRawPointer(rows[k] + i).loadUnaligned(as: UInt64.self))
                }
                if x == expect {
                    for q in i..<(i + 8) { line[q] = previous }
                } else {
                    let t = Block.transpose(x)
                    for q in 0..<8 { visit(i + q, t[q]) }
                }
                i += 8
            }
            while i < length {
                var word: UInt64 = 0
                for k in 0..<Block.lanes { word |= UInt64(rows[k][i]) << (8 * UInt64(k)) }
                visit(i, word)
                i += 1
            }
            if previousWord != 0 { stepAt[n] = length; stepBy[n] = SIMD8<Float>.zero - previous; n += 1 }
            return n
        }

        /// Reads code lines into `line` and their steps into `stepAt` and `stepBy`; returns the
        /// number of steps. Four positions at a time: each line's next four codes are read as one word, and
        /// when every line's word repeats its last code (flat runs), the positions are copied.
        private func codeSteps() -> Int {
            var n = 0
            var previous = SIMD8<Float>.zero
            var previousCodes = SIMD8<UInt16>.zero
            // Each line's last code, repeated over a word.
            var expect = SIMD8<UInt64>.zero
            @inline(__always)
            func visit(_ i: Int, _ c: SIMD8<UInt16>) {
                if c != previousCodes {
                    let v = BlurIntermediate.values(c)
                    stepAt[n] = i; stepBy[n] = v - previous; n += 1
                    previous = v; previousCodes = c
                    for k in 0..<Block.lanes { expect[k] = UInt64(c[k]) &* 0x0001_0001_0001_0001 }
                }
                line[i] = previous
            }
            var i = 0
            while i + 4 <= length {
                var x = SIMD8<UInt64>.zero
                for k in 0..<Block.lanes {
                    x[k] = UInt64(littleEndian: UnsafeRawPointer(rows16[k] + i).loadUnaligned(as: UInt64.self))
                }
                if x == expect {
                    for q in i..<(i + 4) { line[q] = previous }
                } else {
                    for q in 0..<4 {
                        var c = SIMD8<UInt16>.zero
                        for k in 0..<Block.lanes { c[k] = UInt16(truncatingIfNeeded: x[k] >> (16 * UInt64(q))) }
                        visit(i + q, c)
                    }
                }
                i += 4
            }
            while i < length {
                var c = SIMD8<UInt16>.zero
                for k in 0..<Block.lanes { c[k] = rows16[k][i] }
                visit(i, c)
                i += 1
            }
            if previousCodes != .zero { stepAt[n] = length; stepBy[n] = SIMD8<Float>.zero - previous; n += 1 }
            return n
        }

        /// The 8 x 8 byte matrix whose row k is `x[k]` (column q in byte q), transposed: lane q of the result
        /// holds column q, row k in byte k. Three rounds of swapping blocks of 4, 2 and 1 bytes.
        @inline(__always)
        static func transpose(_ x: SIMD8<UInt64>) -> SIMD8<UInt64> {
            var r = x
            @inline(__always)
            func swap(_ a: Int, _ b: Int, _ shift: UInt64, _ mask: UInt64) {
                let t = ((r[a] >> shift) ^ r[b]) & mask
                r[b] ^= t
                r[a] ^= t << shift
            }
            swap(0, 4, 32, 0x0000_0000_FFFF_FFFF); swap(1, 5, 32, 0x0000_0000_FFFF_FFFF)
            swap(2, 6, 32, 0x0000_0000_FFFF_FFFF); swap(3, 7, 32, 0x0000_0000_FFFF_FFFF)
            swap(0, 2, 16, 0x0000_FFFF_0000_FFFF); swap(1, 3, 16, 0x0000_FFFF_0000_FFFF)
            swap(4, 6, 16, 0x0000_FFFF_0000_FFFF); swap(5, 7, 16, 0x0000_FFFF_0000_FFFF)
            swap(0, 1, 8, 0x00FF_00FF_00FF_00FF); swap(2, 3, 8, 0x00FF_00FF_00FF_00FF)
            swap(4, 5, 8, 0x00FF_00FF_00FF_00FF); swap(6, 7, 8, 0x00FF_00FF_00FF_00FF)
            return r
        }

        /// `GaussianBlur.byte` of each lane, lane k in byte k (from the least significant), in vector
        /// operations.
        ///
        /// From 0.5 on, `GaussianBlur.byte` truncates `t = v + 0.5` (a Float sum, as there), and gives 255 once
        /// `t > 255`. For `0 <= t < 2^23`, `t + 2^23` is the nearest integer plus 2^23, exactly, whose low
        /// mantissa bits are that integer; one less where it exceeds t is the truncation. Lanes with `t > 255`
        /// are set to 255 and lanes below 0.5 to 0 by masks. The sums are finite, so `byte`'s NaN case does
        /// not arise. `GrayBlurTests` checks this against `GaussianBlur.byte`.
        @inline(__always)
        static func bytes(_ x: SIMD8<Float>) -> UInt64 {
            let v = x + SIMD8(repeating: GaussianBlur.tieBias)
            let half = SIMD8<Float>(repeating: 0.5)
            let magic = SIMD8<Float>(repeating: 8_388_608)
            let top = SIMD8<Float>(repeating: 255)
            let t = v + half
            let big = t + magic
            let nearest = big - magic
            var n = unsafeBitCast(big, to: SIMD8<UInt32>.self) & SIMD8(repeating: 0xFF)
            n &+= unsafeBitCast(nearest .> t, to: SIMD8<UInt32>.self)                  // -1 where rounded up
            n |= unsafeBitCast(t .> top, to: SIMD8<UInt32>.self)                       // 255 after truncation
            n &= ~unsafeBitCast(v .< half, to: SIMD8<UInt32>.self)
            return UInt64(littleEndian: unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: n), to: UInt64.self))
        }
    }
}
