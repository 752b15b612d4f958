import Foundation

/// The mipmap chain both renderers sample: level 0 is the image, each next level a 2x2 box filter of the
/// one before, down to 1x1.
///
/// Level sizes follow OpenGL ES 3.0 §3.8.14: `max(1, floor(size / 2^i))`. Where a level has an odd size,
/// the box's far texels are clamped to the edge, so every output texel averages exactly four texels.
/// Lamina builds the chain itself rather than calling `glGenerateMipmap`, whose filter the specification
/// leaves to the implementation, so the CPU and GPU renderers sample identical texels.
public struct MipChain: Sendable {
    /// Level 0 (the base image) first, down to a 1x1 level.
    public let levels: [Image]

    /// Builds every level below `base`.
    public init(base: Image) {
        var levels = [base]
        var current = base
        while current.width > 1 || current.height > 1 {
            current = MipChain.halve(current)
            levels.append(current)
        }
        self.levels = levels
    }

    /// The next level: each output texel is the rounded mean of a 2x2 block (half rounds up).
    static func halve(_ src: Image) -> Image {
        let w = max(1, src.width / 2), h = max(1, src.height / 2)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        src.pixels.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { d in
                for y in 0..<h {
                    let y0 = min(2 * y, src.height - 1), y1 = min(2 * y + 1, src.height - 1)
                    for x in 0..<w {
                        let x0 = min(2 * x, src.width - 1), x1 = min(2 * x + 1, src.width - 1)
                        let a = (y0 * src.width + x0) * 4, b = (y0 * src.width + x1) * 4
                        let c = (y1 * src.width + x0) * 4, e = (y1 * src.width + x1) * 4
                        let o = (y * w + x) * 4
                        for k in 0..<4 {
                            let sum = Int(s[a + k]) + Int(s[b + k]) + Int(s[c + k]) + Int(s[e + k])
                            d[o + k] = UInt8((sum + 2) / 4)
                        }
                    }
                }
            }
        }
        return Image(width: w, height: h, premultipliedRGBA: out) ?? Image(width: w, height: h)
    }
}
