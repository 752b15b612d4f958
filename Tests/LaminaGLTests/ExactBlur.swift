import Foundation

/// A straightforward exact Gaussian blur of one channel, written for the tests from the RenderGraph
/// contract: weights exp(-i^2 / (2 sigma^2)) for |i| <= ceil(3 sigma), normalised, horizontal first, texels
/// outside transparent, the intermediate rounded to 8 bits.
enum ExactBlur {
    /// Alpha of a white square [from, to) in both directions on a size x size transparent image.
    static func square(size: Int, from: Int, to: Int) -> [UInt8] {
        var a = [UInt8](repeating: 0, count: size * size)
        for y in from..<to { for x in from..<to { a[y * size + x] = 255 } }
        return a
    }

    static func alpha(of src: [UInt8], size: Int, sigma: Double) -> [UInt8] {
        let r = Int((3 * sigma).rounded(.up))
        var w = (0...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let sum = w[0] + 2 * w[1...].reduce(0, +)
        w = w.map { $0 / sum }
        func pass(_ input: [UInt8], horizontal: Bool) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: size * size)
            input.withUnsafeBufferPointer { s in
                out.withUnsafeMutableBufferPointer { d in
                    for y in 0..<size {
                        for x in 0..<size {
                            var acc = 0.0
                            for i in -r...r {
                                let xx = horizontal ? x + i : x, yy = horizontal ? y : y + i
                                guard xx >= 0, yy >= 0, xx < size, yy < size else { continue }
                                let v = s[yy * size + xx]
                                if v != 0 { acc += w[abs(i)] * Double(v) }
                            }
                            d[y * size + x] = UInt8(min(255, max(0, acc.rounded())))
                        }
                    }
                }
            }
            return out
        }
        return pass(pass(src, horizontal: true), horizontal: false)
    }
}
