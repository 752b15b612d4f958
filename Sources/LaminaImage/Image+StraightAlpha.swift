import Foundation

extension Image {
    /// An image from straight-alpha RGBA bytes, premultiplied with rounding.
    public init(width: Int, height: Int, straightRGBA s: [UInt8]) {
        var p = s
        for i in stride(from: 0, to: p.count, by: 4) {
            let a = UInt32(p[i + 3])
            if a == 255 { continue }
            p[i] = UInt8((UInt32(p[i]) * a + 127) / 255)
            p[i + 1] = UInt8((UInt32(p[i + 1]) * a + 127) / 255)
            p[i + 2] = UInt8((UInt32(p[i + 2]) * a + 127) / 255)
        }
        precondition(width >= 0 && height >= 0 && s.count == width * height * 4,
                     "straight RGBA byte count does not match \(width)x\(height)")
        self = Image(width: width, height: height, premultipliedRGBA: p) ?? Image(width: width, height: height)
    }

    /// The pixels with alpha un-premultiplied (straight), rounded; fully transparent pixels become 0.
    public func straightRGBA() -> [UInt8] {
        var s = pixels
        for i in stride(from: 0, to: s.count, by: 4) {
            let a = UInt32(s[i + 3])
            if a == 255 { continue }
            if a == 0 { s[i] = 0; s[i + 1] = 0; s[i + 2] = 0; continue }
            s[i] = UInt8(min(255, (UInt32(s[i]) * 255 + a / 2) / a))
            s[i + 1] = UInt8(min(255, (UInt32(s[i + 1]) * 255 + a / 2) / a))
            s[i + 2] = UInt8(min(255, (UInt32(s[i + 2]) * 255 + a / 2) / a))
        }
        return s
    }
}
