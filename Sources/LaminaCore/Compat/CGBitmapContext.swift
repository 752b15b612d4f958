import Foundation

// CoreGraphics' bitmap contexts, as iOS code makes an image without UIKit:
//
//     let ctx = CGContext(data: nil, width: 64, height: 64, bitsPerComponent: 8, bytesPerRow: 0,
//                         space: CGColorSpaceCreateDeviceRGB(),
//                         bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
//     ctx?.setFillColor(UIColor.red.cgColor); ctx?.fill(rect)
//     layer.contents = ctx?.makeImage()
//
// The context records its calls as a layer's does; `makeImage()` (in LaminaKit, which has the renderer)
// draws them with the CPU renderer into premultiplied sRGB RGBA, 8 bits a channel. As in CoreGraphics, a
// bitmap context's origin is its bottom-left corner and y grows upward.

#if !canImport(CoreGraphics)
/// CoreGraphics' colour space. Lamina draws in sRGB only: every space names it.
public final class CGColorSpace {
    public let name: String?
    public init?(name: String) { self.name = name }
    init() { name = CGColorSpace.sRGB }
    public static let sRGB = "kCGColorSpaceSRGB"
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    public var numberOfComponents: Int { 3 }
}

public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace() }

/// How a bitmap's alpha is stored; Lamina's bitmaps are premultiplied RGBA, and a context asked for
/// another layout is still drawn as premultiplied RGBA.
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

public struct CGBitmapInfo: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    public static let byteOrderDefault = CGBitmapInfo([])
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
}

extension DrawingContext {
    /// A bitmap context of `width` x `height` pixels, drawn with its origin at the bottom-left. Lamina keeps
    /// the pixels itself: `data` must be nil (a caller's buffer is never written, so a context over one is
    /// not made), and `makeImage()` gives the picture. Nil for an empty or negative size or a `data` buffer.
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        guard data == nil, width > 0, height > 0, bitsPerComponent == 8 else { return nil }
        self.init()
        self.width = width
        self.height = height
    }

    public var bitsPerComponent: Int { width > 0 ? 8 : 0 }
    public var bytesPerRow: Int { width * 4 }
    public var colorSpace: CGColorSpace? { width > 0 ? CGColorSpace() : nil }
}
#endif
