import Dispatch
import Foundation
import LaminaImage
import LaminaGeometry

/// The exact separable Gaussian the render graph's blur pass defines.
///
/// Weights are the Gaussian sampled at integer offsets out to ceil(3 sigma), normalised to sum 1;
/// horizontal first, then vertical; texels outside the image are transparent; the intermediate is kept
/// in 16-bit fixed point (`BlurIntermediate`), as the GPU stores it between the two directions.
enum GaussianBlur {
    /// The normalised kernel for `sigma` pixels: index i is the weight of offset i - radius.
    static func kernel(sigma: Double) -> [Float] { GaussianKernel.weights(sigma: sigma).map { Float($0) } }

    /// `UInt8(max(0, min(255, (v + tieBias).rounded(.toNearestOrAwayFromZero))))` (`Blend.tieBias`), without
    /// libm's `roundf`.
    ///
    /// The rounded value is at most 0 exactly when `v < 0.5` and at least 255 exactly when `v >= 254.5`;
    /// in between, 0.5 is a multiple of v's ulp and `v + 0.5` only carries into the next binade past the
    /// integer that starts it, so truncating it is the rounding. NaN gives 255, as `min(255, .nan)` does.
    @inline(__always)
    static func byte(_ x: Float) -> UInt8 {
        let v = x + tieBias
        if v < 0.5 { return 0 }
        if v >= 254.5 || v.isNaN { return 255 }
        return UInt8(truncatingIfNeeded: Int(v + 0.5))
    }

    /// `Blend.tieBias` as a Float.
    static let tieBias = Float(Blend.tieBias)

    /// The blur of `src`; `pool` lends and takes back the gray path's buffers.
    static func apply(to src: Image, sigma: Double, bands: Int, pool: BufferPool = BufferPool()) -> Image {
        let (image, alpha) = applyWithAlpha(to: src, sigma: sigma, bands: bands, pool: pool)
        if let alpha { pool.give(alpha) }
        return image
    }

    /// The blur of `src`, and when it is gray (`GrayBlur`) its alpha plane, lent by `pool`.
    static func applyWithAlpha(to src: Image, sigma: Double, bands: Int, pool: BufferPool) -> (Image, [UInt8]?) {
        let k = kernel(sigma: sigma)
        guard k.count > 1 else { return (src, nil) }
        if let gray = GrayBlur(src, pool: pool, bands: bands) {
            let (image, alpha) = gray.blurredWithAlpha(kernel: k, bands: bands, pool: pool)
            return (image, alpha)
        }
        return (blurRGBA(src, kernel: k, bands: bands), nil)
    }

    /// The four-channel blur: rows into intermediate codes, then columns into bytes.
    static func blurRGBA(_ src: Image, kernel k: [Float], bands: Int) -> Image {
        let w = src.width, h = src.height
        var middle = [UInt16](repeating: 0, count: w * h * 4)
        var out = Image(width: w, height: h)
        src.pixels.withUnsafeBufferPointer { s in
            middle.withUnsafeMutableBufferPointer { m in
                let m = m
                pass(lines: h, length: w, start: { $0 * w * 4 }, step: 4, kernel: k, bands: bands,
                     load: { SIMD4(Float(s[$0]), Float(s[$0 + 1]), Float(s[$0 + 2]), Float(s[$0 + 3])) },
                     store: { o, v in
                         m[o] = BlurIntermediate.code(v.x); m[o + 1] = BlurIntermediate.code(v.y)
                         m[o + 2] = BlurIntermediate.code(v.z); m[o + 3] = BlurIntermediate.code(v.w)
                     })
            }
        }
        middle.withUnsafeBufferPointer { m in
            out.pixels.withUnsafeMutableBufferPointer { d in
                let d = d
                pass(lines: w, length: h, start: { $0 * 4 }, step: w * 4, kernel: k, bands: bands,
                     load: { SIMD4(BlurIntermediate.value(m[$0]), BlurIntermediate.value(m[$0 + 1]),
                                   BlurIntermediate.value(m[$0 + 2]), BlurIntermediate.value(m[$0 + 3])) },
                     store: { o, v in d[o] = byte(v.x); d[o + 1] = byte(v.y); d[o + 2] = byte(v.z); d[o + 3] = byte(v.w) })
            }
        }
        return out
    }

    /// One direction of the blur, computed from the line's steps rather than its texels.
    ///
    /// Writing a line as a sum of steps `d[t]` (the differences between neighbouring texels), the
    /// convolution is `out[j] = line[j - r] + sum over steps t in (j - r, j + r] of d[t] * C(j - t)`, where
    /// C is the kernel's cumulative sum. This is the same sum as the direct convolution, reordered, so the
    /// result is the exact Gaussian; but a shape's alpha is mostly flat, so the cost is proportional to its
    /// edges times the kernel's width instead of its area times the kernel's width.
    static func pass(lines: Int, length: Int, start: (Int) -> Int, step: Int, kernel k: [Float], bands: Int,
                     load: (Int) -> SIMD4<Float>, store: (Int, SIMD4<Float>) -> Void) {
        let r = k.count / 2
        var cumulative = [Float](repeating: 0, count: k.count)
        var running: Float = 0
        for i in 0..<k.count { running += k[i]; cumulative[i] = running }
        let chunks = max(1, min(bands, lines))
        let perChunk = (lines + chunks - 1) / chunks
        Workers.perform(iterations: chunks, workers: Workers.threads(bands: bands)) { chunk in
            // The last chunks may have no lines left (`perChunk` is rounded up).
            let first = chunk * perChunk, last = min(lines, first + perChunk)
            guard first < last else { return }
            var line = [SIMD4<Float>](repeating: .zero, count: length)
            var stepAt = [Int](), stepBy = [SIMD4<Float>]()
            stepAt.reserveCapacity(64); stepBy.reserveCapacity(64)
            for l in first..<last {
                let start = start(l)
                stepAt.removeAll(keepingCapacity: true); stepBy.removeAll(keepingCapacity: true)
                var previous = SIMD4<Float>.zero
                for i in 0..<length {
                    let o = start + i * step
                    let v = load(o)
                    line[i] = v
                    if v != previous { stepAt.append(i); stepBy.append(v - previous); previous = v }
                }
                if previous != .zero { stepAt.append(length); stepBy.append(-previous) }
                if stepAt.isEmpty {
                    for i in 0..<length { store(start + i * step, .zero) }
                    continue
                }
                var lo = 0, hi = 0
                let n = stepAt.count
                for j in 0..<length {
                    while hi < n && stepAt[hi] <= j + r { hi += 1 }
                    while lo < n && stepAt[lo] <= j - r { lo += 1 }
                    var acc = j - r >= 0 ? line[j - r] : .zero
                    var t = lo
                    while t < hi {
                        acc += stepBy[t] * cumulative[j - stepAt[t] + r]
                        t += 1
                    }
                    store(start + j * step, acc)
                }
            }
        }
    }
}
