import Foundation
import LaminaGeometry
import LaminaImage

extension RandomScene {
    /// A card's `contents`: a picture of 4 to 96 texels a side, inline as a PNG data URI, stretched over the
    /// card (so magnified or minified, often by different factors on the two axes) with a minification and
    /// a magnification filter of each kind, and now and then a level-of-detail bias. Its texels are blocks of
    /// random premultiplied colours, some transparent, with single-texel noise, so every filter's choice of
    /// texels and levels shows. A quarter are drawn unstretched at the canvas's scale instead (a gravity other
    /// than resize, `contentsScale` the canvas's): one texel to a pixel, where a rotated card puts the level
    /// of detail at 0 up to rounding, the tie between the two filters.
    func picture(_ rng: inout SplitMix64, scale: Double) -> String {
        let width = Int(rng.whole(4, 96)), height = Int(rng.whole(4, 96))
        let block = Int(rng.whole(1, 8))
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        var colors: [Int: [UInt8]] = [:]
        for y in 0..<height {
            for x in 0..<width {
                let key = (y / block) * 1024 + x / block
                let base = colors[key] ?? premultiplied(&rng)
                colors[key] = base
                let texel = rng.unit() < 0.1 ? premultiplied(&rng) : base
                bytes.replaceSubrange((y * width + x) * 4..<(y * width + x + 1) * 4, with: texel)
            }
        }
        let filters = ["nearest", "linear", "trilinear"]
        var keys = ["\"minificationFilter\": \"\(filters[Int(rng.whole(0, 2))])\"",
                    "\"magnificationFilter\": \"\(filters[Int(rng.whole(0, 1))])\""]
        if rng.unit() < 0.2 { keys.append("\"minificationFilterBias\": \(n(rng.uniform(-1, 1)))") }
        if rng.unit() < 0.25 {
            let gravities = ["center", "topLeft", "bottomRight", "left", "top"]
            keys += ["\"contentsScale\": \(n(scale))",
                     "\"contentsGravity\": \"\(gravities[Int(rng.whole(0, gravities.count - 1))])\""]
        }
        guard let image = Image(width: width, height: height, premultipliedRGBA: bytes),
              let png = try? PNG.encode(image) else { return keys.joined(separator: ", ") }
        return (["\"contents\": \"data:image/png;base64,\(png.base64EncodedString())\""] + keys).joined(separator: ", ")
    }

    /// Four premultiplied bytes: a fifth transparent, a fifth translucent, the rest opaque.
    private func premultiplied(_ rng: inout SplitMix64) -> [UInt8] {
        let u = rng.unit()
        let a: UInt8 = u < 0.2 ? 0 : (u < 0.4 ? UInt8(rng.whole(1, 254)) : 255)
        return (0..<3).map { _ in UInt8(rng.whole(0, Int(a))) } + [a]
    }
}
