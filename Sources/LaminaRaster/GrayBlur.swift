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
struct GrayBlur {
    let width: Int
    let height: Int
    let plane: [UInt8]

    /// The alpha plane, or nil as soon as a pixel is not gray.
    init?(_ image: Image) {
        let n = image.width * image.height
        guard n > 0 else { return nil }
        var plane = [UInt8](repeating: 0, count: n)
        let gray = image.pixels.withUnsafeBufferPointer { p -> Bool in
            plane.withUnsafeMutableBufferPointer { out in
                for i in 0..<n {
                    let a = p[4 * i + 3]
                    guard p[4 * i] == a, p[4 * i + 1] == a, p[4 * i + 2] == a else { return false }
                    out[i] = a
                }
                return true
            }
        }
        guard gray else { return nil }
        width = image.width; height = image.height; self.plane = plane
    }

    func blurred(kernel k: [Float], bands: Int) -> Image {
        // Rows of the image, written transposed; then rows of the transpose (the image's columns), written
        // transposed back.
        let across = GrayBlur.pass(plane, lines: height, length: width, kernel: k, bands: bands)
        let down = GrayBlur.pass(across, lines: width, length: height, kernel: k, bands: bands)
        var out = Image(width: width, height: height)
        out.pixels.withUnsafeMutableBufferPointer { o in
            down.withUnsafeBufferPointer { d in
                for i in 0..<(width * height) {
                    let v = d[i]
                    o[4 * i] = v; o[4 * i + 1] = v; o[4 * i + 2] = v; o[4 * i + 3] = v
                }
            }
        }
        return out
    }

    /// One direction over `lines` contiguous lines of `length`, from the line's steps (see
    /// `GaussianBlur.pass`, whose arithmetic this repeats on one channel); the result is transposed.
    private static func pass(_ src: [UInt8], lines: Int, length: Int, kernel k: [Float], bands: Int) -> [UInt8] {
        let r = k.count / 2
        var cumulative = [Float](repeating: 0, count: k.count)
        var running: Float = 0
        for i in 0..<k.count { running += k[i]; cumulative[i] = running }
        var out = [UInt8](repeating: 0, count: lines * length)
        let chunks = max(1, min(bands, lines))
        let perChunk = (lines + chunks - 1) / chunks
        src.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { dOut in
                let d = dOut
                cumulative.withUnsafeBufferPointer { cum in
                    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                        var line = [Float](repeating: 0, count: length)
                        var stepAt = [Int](), stepBy = [Float]()
                        stepAt.reserveCapacity(64); stepBy.reserveCapacity(64)
                        for l in (chunk * perChunk)..<min(lines, (chunk + 1) * perChunk) {
                            let start = l * length
                            stepAt.removeAll(keepingCapacity: true); stepBy.removeAll(keepingCapacity: true)
                            var previous: Float = 0
                            for i in 0..<length {
                                let v = Float(s[start + i])
                                line[i] = v
                                if v != previous { stepAt.append(i); stepBy.append(v - previous); previous = v }
                            }
                            // Lines that are transparent throughout stay zero (the output starts zeroed).
                            if previous != 0 { stepAt.append(length); stepBy.append(-previous) }
                            if stepAt.isEmpty { continue }
                            var lo = 0, hi = 0
                            let n = stepAt.count
                            for j in 0..<length {
                                while hi < n && stepAt[hi] <= j + r { hi += 1 }
                                while lo < n && stepAt[lo] <= j - r { lo += 1 }
                                var acc: Float = j - r >= 0 ? line[j - r] : 0
                                var t = lo
                                while t < hi {
                                    acc += stepBy[t] * cum[j - stepAt[t] + r]
                                    t += 1
                                }
                                let v = acc.rounded(.toNearestOrAwayFromZero)
                                d[j * lines + l] = UInt8(max(0, min(255, v)))
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
