import Foundation

/// A straightforward exact Gaussian blur of one channel, written for the tests from the RenderGraph
/// contract: weights exp(-i^2 / (2 sigma^2)) for |i| <= ceil(3 sigma), normalised, horizontal first, texels
/// outside transparent, the intermediate in 16-bit fixed point (`BlurIntermediate`), the result rounded to 8
/// bits.
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
        func pass(_ input: [Double], horizontal: Bool, _ store: (Double) -> Double) -> [Double] {
            var out = [Double](repeating: 0, count: size * size)
            for y in 0..<size {
                for x in 0..<size {
                    var acc = 0.0
                    for i in -r...r {
                        let xx = horizontal ? x + i : x, yy = horizontal ? y : y + i
                        guard xx >= 0, yy >= 0, xx < size, yy < size else { continue }
                        let v = input[yy * size + xx]
                        if v != 0 { acc += w[abs(i)] * v }
                    }
                    out[y * size + x] = store(min(255, max(0, acc)))
                }
            }
            return out
        }
        let sixteen = { (x: Double) -> Double in x.rounded(.down) + ((x - x.rounded(.down)) * 255).rounded() / 255 }
        let across = pass(src.map(Double.init), horizontal: true, sixteen)
        return pass(across, horizontal: false) { $0.rounded() }.map { UInt8($0) }
    }
}
