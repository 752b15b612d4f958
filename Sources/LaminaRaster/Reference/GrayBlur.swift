import Dispatch
import Foundation
import LaminaImage

/// The blur of an image whose every pixel has r = g = b = a (a shadow shape drawn in white of its alpha,
/// as the shadow atlas draws them): one channel is blurred and copied to all four.
///
/// A fast path in pixman's sense: the four channels of such an image are the same numbers, the blur
/// treats channels alike with the same Float operations in the same order, so blurring one gives every
/// byte the four-channel blur gives. It also keeps both directions on contiguous memory: the horizontal
/// pass writes its result transposed, so the vertical pass reads rows too.
///
/// Lines are blurred eight at a time, one per lane of a `SIMD8<Float>` (`GrayBlur.Block`): each lane
/// does the Float operations of `GaussianBlur.pass` on its own line, in the same order, at the steps of
/// any of the eight lines. A lane without a step where another has one adds `0 * C`, which is `+0`, and
/// adding `+0` leaves any sum but `-0` unchanged; no sum here is `-0` (it starts at a texel, `+0` or
/// positive, and a rounded sum is `-0` only when both terms are), so every lane ends on its own line's
/// bytes. Neighbouring lines of a shape have their steps at nearly the same places, so eight lines cost
/// little more than one; and the eight results of one output position are adjacent in the transposed
/// output, one 64-bit store. Rejected: a dense 49-tap convolution in lanes (the same sums, but every
/// texel pays for the whole kernel where the steps only pay at edges).
struct GrayBlur {
    let width: Int
    let height: Int
    let plane: [UInt8]

    /// The alpha plane, or nil when a pixel is not gray; `pool` lends the plane. The test runs in `bands`
    /// chunks of pixels in parallel.
    init?(_ image: Image, pool: BufferPool = BufferPool(), bands: Int = 1) {
        let n = image.width * image.height
        guard n > 0, image.pixels.count == 4 * n else { return nil }
        var plane = pool.take(count: n)
        let gray = image.pixels.withUnsafeBytes { p -> Bool in
            plane.withUnsafeMutableBufferPointer { out -> Bool in
                guard let base = p.baseAddress, let outBase = out.baseAddress else { return false }
                return GrayBlur.forEachChunk(n, bands: bands) { range in
                    for i in range {
                        // The pixel's bytes r, g, b, a as one word: gray when all four equal a.
                        let px = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self))
                        let a = px >> 24
                        guard px == a &* 0x0101_0101 else { return false }
                        outBase[i] = UInt8(truncatingIfNeeded: a)
                    }
                    return true
                }
            }
        }
        guard gray else {
            pool.give(plane)
            return nil
        }
        width = image.width; height = image.height; self.plane = plane
    }

    /// Runs `body` over `n` indices in up to `bands` contiguous chunks in parallel; true when every chunk
    /// returned true.
    static func forEachChunk(_ n: Int, bands: Int, _ body: (Range<Int>) -> Bool) -> Bool {
        let chunks = max(1, min(bands, n / 65536))
        guard chunks > 1 else { return body(0..<n) }
        let perChunk = (n + chunks - 1) / chunks
        var ok = [Bool](repeating: true, count: chunks)
        ok.withUnsafeMutableBufferPointer { ok in
            let ok = ok
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                let first = c * perChunk, last = min(n, first + perChunk)
                if first < last { ok[c] = body(first..<last) }
            }
        }
        return !ok.contains(false)
    }

    /// The blurred image; `pool` lends the intermediate buffers and the result's, and takes the
    /// intermediates back.
    func blurred(kernel k: [Float], bands: Int, pool: BufferPool = BufferPool()) -> Image {
        let (image, alpha) = blurredWithAlpha(kernel: k, bands: bands, pool: pool)
        pool.give(alpha)
        return image
    }

    /// The blurred image and its alpha plane (byte i is the alpha of pixel i, as are its other three
    /// channels), which the caller may give back to `pool` once done with it.
    func blurredWithAlpha(kernel k: [Float], bands: Int, pool: BufferPool) -> (Image, [UInt8]) {
        // Rows of the image, written transposed; then rows of the transpose (the image's columns), written
        // transposed back.
        let across = GrayBlur.pass(plane, lines: height, length: width, kernel: k, bands: bands, pool: pool)
        let down = GrayBlur.pass(across, lines: width, length: height, kernel: k, bands: bands, pool: pool)
        let n = width * height
        var pixels = pool.take(count: 4 * n)
        pixels.withUnsafeMutableBytes { o in
            down.withUnsafeBufferPointer { d in
                guard let base = o.baseAddress, let dBase = d.baseAddress else { return }
                _ = GrayBlur.forEachChunk(n, bands: bands) { range in
                    for i in range {
                        base.storeBytes(of: UInt32(dBase[i]) &* 0x0101_0101, toByteOffset: 4 * i, as: UInt32.self)
                    }
                    return true
                }
            }
        }
        pool.give(plane); pool.give(across)
        // The byte count is the size's by construction.
        guard let out = Image(width: width, height: height, premultipliedRGBA: pixels) else {
            preconditionFailure("gray blur of \(width)x\(height)")
        }
        return (out, down)
    }

    /// One direction over `lines` contiguous lines of `length`, from the lines' steps (see
    /// `GaussianBlur.pass`, whose arithmetic this repeats on one channel); the result is transposed.
    static func pass(_ src: [UInt8], lines: Int, length: Int, kernel k: [Float], bands: Int,
                     pool: BufferPool) -> [UInt8] {
        var cumulative = [Float](repeating: 0, count: k.count)
        var running: Float = 0
        for i in 0..<k.count { running += k[i]; cumulative[i] = running }
        var out = pool.take(count: lines * length)
        let blocks = (lines + Block.lanes - 1) / Block.lanes
        let chunks = max(1, min(bands, blocks))
        let perChunk = (blocks + chunks - 1) / chunks
        src.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { dOut in
                let d = dOut
                cumulative.withUnsafeBufferPointer { cum in
                    guard let sBase = s.baseAddress, let dBase = d.baseAddress, let cBase = cum.baseAddress else { return }
                    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                        // The last chunks may have no blocks left (`perChunk` is rounded up).
                        let first = chunk * perChunk, last = min(blocks, first + perChunk)
                        guard first < last else { return }
                        let block = Block(length: length, radius: k.count / 2)
                        defer { block.deallocate() }
                        for b in first..<last {
                            block.run(sBase, dBase, first: b * Block.lanes, lines: lines, cumulative: cBase)
                        }
                    }
                }
            }
        }
        return out
    }
}

extension GrayBlur {
    /// Scratch for eight lines at a time: their texels as lanes, and the positions and sizes of their steps.
    /// One per worker; raw storage, so the inner loops run without bounds checks or retains.
    final class Block {
        static let lanes = 8
        let length: Int
        let radius: Int
        /// Per position, the eight lines' texels, as Floats and as bytes (lane k in byte k).
        let line: UnsafeMutablePointer<SIMD8<Float>>
        let words: UnsafeMutablePointer<UInt64>
        /// The positions where any line steps (ascending), and the eight lines' steps there.
        let stepAt: UnsafeMutablePointer<Int>
        let stepBy: UnsafeMutablePointer<SIMD8<Float>>
        /// The eight lines' first texels; lanes past the last line read `zeros`.
        let rows: UnsafeMutablePointer<UnsafePointer<UInt8>>
        let zeros: UnsafeMutablePointer<UInt8>

        init(length: Int, radius: Int) {
            self.length = length
            self.radius = radius
            line = .allocate(capacity: max(1, length))
            words = .allocate(capacity: max(1, length))
            stepAt = .allocate(capacity: length + 1)
            stepBy = .allocate(capacity: length + 1)
            rows = .allocate(capacity: Block.lanes)
            zeros = .allocate(capacity: max(1, length))
            zeros.initialize(repeating: 0, count: max(1, length))
        }

        func deallocate() {
            line.deallocate(); words.deallocate(); stepAt.deallocate(); stepBy.deallocate(); rows.deallocate()
            zeros.deallocate()
        }

        /// Blurs lines `first ..< first + 8` (those below `lines`) of `src`, writing position j of line l at
        /// `dst[j * lines + l]`.
        func run(_ src: UnsafePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>, first: Int, lines: Int,
                 cumulative cum: UnsafePointer<Float>) {
            let count = min(Block.lanes, lines - first)
            for k in 0..<Block.lanes { rows[k] = k < count ? src + (first + k) * length : UnsafePointer(zeros) }
            let n = steps()
            let r = radius
            var lo = 0, hi = 0
            for j in 0..<length {
                while hi < n && stepAt[hi] <= j + r { hi += 1 }
                while lo < n && stepAt[lo] <= j - r { lo += 1 }
                let bytes: UInt64
                if n == 0 {
                    // Lines transparent throughout: zero.
                    bytes = 0
                } else if lo == hi {
                    // No step within reach: the sum is the texel `line[j - r]` (or 0), a whole number that
                    // rounds to itself.
                    bytes = j - r >= 0 ? words[j - r] : 0
                } else {
                    var acc = j - r >= 0 ? line[j - r] : SIMD8<Float>.zero
                    var t = lo
                    while t < hi {
                        acc += stepBy[t] * cum[j - stepAt[t] + r]
                        t += 1
                    }
                    bytes = Block.bytes(acc)
                }
                let o = dst + j * lines + first
                if count == Block.lanes {
                    UnsafeMutableRawPointer(o).storeBytes(of: bytes.littleEndian, as: UInt64.self)
                } else {
                    for k in 0..<count { o[k] = UInt8(truncatingIfNeeded: bytes >> (8 * UInt64(k))) }
                }
            }
        }

        /// Reads the lines into `line` and `words` and their steps into `stepAt` and `stepBy`; returns the
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
                line[i] = previous; words[i] = previousWord
            }
            var i = 0
            while i + 8 <= length {
                var x = SIMD8<UInt64>.zero
                for k in 0..<Block.lanes {
                    x[k] = UInt64(littleEndian: UnsafeRawPointer(rows[k] + i).loadUnaligned(as: UInt64.self))
                }
                if x == expect {
                    for q in i..<(i + 8) { line[q] = previous; words[q] = previousWord }
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
        static func bytes(_ v: SIMD8<Float>) -> UInt64 {
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
