import Foundation

/// An 8-bit RGBA pixel buffer with premultiplied alpha, rows top to bottom, 4 bytes a pixel.
///
/// This is the one pixel type both renderers produce and the PNG codec reads and writes. Alpha is
/// premultiplied inside Lamina; the PNG codec converts to and from straight alpha at the file boundary.
public struct Image: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Premultiplied RGBA, `width * height * 4` bytes.
    public var pixels: [UInt8]

    /// A transparent image of the given size.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "negative image size")
        self.width = width
        self.height = height
        self.pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// An image over existing premultiplied RGBA bytes; nil when the byte count does not match the size.
    public init?(width: Int, height: Int, premultipliedRGBA pixels: [UInt8]) {
        guard width >= 0, height >= 0, pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The premultiplied RGBA value at (x, y).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Sets the premultiplied RGBA value at (x, y).
    public mutating func setPixel(x: Int, y: Int, _ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) {
        let i = (y * width + x) * 4
        pixels[i] = p.r; pixels[i + 1] = p.g; pixels[i + 2] = p.b; pixels[i + 3] = p.a
    }
}
