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
            Workers.perform(iterations: chunks, workers: Workers.threads(bands: bands)) { c in
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
        // Rows of the image, written transposed as intermediate codes (`BlurIntermediate`); then rows of the
        // transpose (the image's columns), written transposed back as bytes.
        let across = GrayBlur.acrossPass(plane, lines: height, length: width, kernel: k, bands: bands)
        let down = GrayBlur.downPass(across, lines: width, length: height, kernel: k, bands: bands, pool: pool)
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
        pool.give(plane)
        // The byte count is the size's by construction.
        guard let out = Image(width: width, height: height, premultipliedRGBA: pixels) else {
            preconditionFailure("gray blur of \(width)x\(height)")
        }
        return (out, down)
    }

    /// The first direction over `lines` contiguous lines of `length` bytes, from the lines' steps (see
    /// `GaussianBlur.pass`, whose arithmetic this repeats on one channel); the result is transposed, as
    /// intermediate codes.
    static func acrossPass(_ src: [UInt8], lines: Int, length: Int, kernel k: [Float], bands: Int) -> [UInt16] {
        [UInt16](unsafeUninitializedCapacity: lines * length) { out, initialized in
            src.withUnsafeBufferPointer { s in
                guard let sBase = s.baseAddress, let dBase = out.baseAddress else { return }
                inBlocks(lines: lines, length: length, kernel: k, bands: bands) { block, first, cum in
                    block.run(sBase, dBase, first: first, lines: lines, cumulative: cum)
                }
            }
            initialized = lines * length
        }
    }

    /// The second direction, over `lines` contiguous lines of `length` intermediate codes, transposed back
    /// as bytes; `pool` lends the result.
    static func downPass(_ src: [UInt16], lines: Int, length: Int, kernel k: [Float], bands: Int,
                         pool: BufferPool) -> [UInt8] {
        var out = pool.take(count: lines * length)
        src.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { d in
                guard let sBase = s.baseAddress, let dBase = d.baseAddress else { return }
                inBlocks(lines: lines, length: length, kernel: k, bands: bands) { block, first, cum in
                    block.run(sBase, dBase, first: first, lines: lines, cumulative: cum)
                }
            }
        }
        return out
    }

    /// Calls `body` for every block of eight lines, in up to `bands` chunks in parallel, each with its own
    /// `Block` and the kernel's cumulative sums.
    private static func inBlocks(lines: Int, length: Int, kernel k: [Float], bands: Int,
                                 _ body: (Block, Int, UnsafePointer<Float>) -> Void) {
        var cumulative = [Float](repeating: 0, count: k.count)
        var running: Float = 0
        for i in 0..<k.count { running += k[i]; cumulative[i] = running }
        let blocks = (lines + Block.lanes - 1) / Block.lanes
        let chunks = max(1, min(bands, blocks))
        let perChunk = (blocks + chunks - 1) / chunks
        cumulative.withUnsafeBufferPointer { cum in
            guard let cBase = cum.baseAddress else { return }
            Workers.perform(iterations: chunks, workers: Workers.threads(bands: bands)) { chunk in
                // The last chunks may have no blocks left (`perChunk` is rounded up).
                let first = chunk * perChunk, last = min(blocks, first + perChunk)
                guard first < last else { return }
                let block = Block(length: length, radius: k.count / 2)
                defer { block.deallocate() }
                for b in first..<last { body(block, b * Block.lanes, cBase) }
            }
        }
    }
}

