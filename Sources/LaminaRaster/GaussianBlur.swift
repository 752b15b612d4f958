import Dispatch
import Foundation
import LaminaImage

/// The exact separable Gaussian the render graph's blur pass defines.
///
/// Weights are the Gaussian sampled at integer offsets out to ceil(3 sigma), normalised to sum 1;
/// horizontal first, then vertical; texels outside the image are transparent; the intermediate is
/// rounded to 8 bits, as the GPU stores it in an RGBA8 texture between the two directions.
enum GaussianBlur {
    /// The normalised kernel for `sigma` pixels: index i is the weight of offset i - radius.
    static func kernel(sigma: Double) -> [Float] {
        guard sigma > 0 else { return [1] }
        let radius = Int((3 * sigma).rounded(.up))
        var w = (-radius...radius).map { i in exp(-Double(i * i) / (2 * sigma * sigma)) }
        let sum = w.reduce(0, +)
        w = w.map { $0 / sum }
        return w.map { Float($0) }
    }

    static func apply(to src: Image, sigma: Double, bands: Int) -> Image {
        let k = kernel(sigma: sigma)
        guard k.count > 1 else { return src }
        let h = pass(src, kernel: k, horizontal: true, bands: bands)
        return pass(h, kernel: k, horizontal: false, bands: bands)
    }

    private static func pass(_ src: Image, kernel k: [Float], horizontal: Bool, bands: Int) -> Image {
        let w = src.width, h = src.height, r = k.count / 2
        var out = Image(width: w, height: h)
        let lines = horizontal ? h : w
        let length = horizontal ? w : h
        let step = horizontal ? 4 : w * 4
        let chunks = max(1, min(bands, lines))
        let perChunk = (lines + chunks - 1) / chunks
        src.pixels.withUnsafeBufferPointer { s in
            out.pixels.withUnsafeMutableBufferPointer { dOut in
                let d = dOut
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    var acc = [SIMD4<Float>](repeating: .zero, count: length)
                    var line = [SIMD4<Float>](repeating: .zero, count: length)
                    for l in (chunk * perChunk)..<min(lines, (chunk + 1) * perChunk) {
                        let start = horizontal ? l * w * 4 : l * 4
                        for i in 0..<length {
                            let o = start + i * step
                            line[i] = SIMD4(Float(s[o]), Float(s[o + 1]), Float(s[o + 2]), Float(s[o + 3]))
                            acc[i] = .zero
                        }
                        for i in 0..<length where line[i] != .zero {
                            let v = line[i]
                            let lo = max(0, i - r), hi = min(length - 1, i + r)
                            for j in lo...hi { acc[j] += v * k[i - j + r] }
                        }
                        for i in 0..<length {
                            let o = start + i * step
                            let v = (acc[i]).rounded(.toNearestOrEven)
                            d[o] = UInt8(max(0, min(255, v.x))); d[o + 1] = UInt8(max(0, min(255, v.y)))
                            d[o + 2] = UInt8(max(0, min(255, v.z))); d[o + 3] = UInt8(max(0, min(255, v.w)))
                        }
                    }
                }
            }
        }
        return out
    }
}
