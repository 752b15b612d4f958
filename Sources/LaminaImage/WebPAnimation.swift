import CWebP
import Foundation

/// An animated WebP, encoded frame by frame with libwebp's WebPAnimEncoder (lossless, so a frame's pixels
/// come back as rendered), for timelines that browsers and image viewers play.
public final class WebPAnimation {
    public let width: Int
    public let height: Int
    private var encoder: OpaquePointer?
    private var config = WebPConfig()
    private var frames = 0
    private var lastTimestamp = 0

    /// Most frames one animation holds (a minute at 60 fps, and more).
    public static let maxFrames = 10_000

    /// An animation of `width` x `height` pixels (each within WebP's 16 383), looping for ever.
    public init(width: Int, height: Int) throws {
        guard (1...16_383).contains(width), (1...16_383).contains(height) else {
            throw ImageError.encodeFailed("a \(width)x\(height) animation is over WebP's 16383 pixels a side")
        }
        self.width = width
        self.height = height
        var options = WebPAnimEncoderOptions()
        guard lamina_webp_anim_encoder_options_init(&options) != 0, lamina_webp_config_init(&config) != 0 else {
            throw ImageError.encodeFailed("libwebp's version does not match its headers")
        }
        options.anim_params.loop_count = 0
        config.lossless = 1
        config.quality = 75
        encoder = lamina_webp_anim_encoder_new(Int32(width), Int32(height), &options)
        guard encoder != nil else { throw ImageError.encodeFailed("WebPAnimEncoderNew failed") }
    }

    deinit { if let encoder { WebPAnimEncoderDelete(encoder) } }

    /// Adds `image` (premultiplied, the animation's size) shown from `timestamp` milliseconds.
    public func add(_ image: Image, timestampMilliseconds timestamp: Int) throws {
        guard image.width == width, image.height == height else {
            throw ImageError.encodeFailed("a frame of \(image.width)x\(image.height) in a \(width)x\(height) animation")
        }
        guard frames < Self.maxFrames else { throw ImageError.encodeFailed("over \(Self.maxFrames) frames") }
        var picture = WebPPicture()
        guard lamina_webp_picture_init(&picture) != 0 else { throw ImageError.encodeFailed("WebPPictureInit failed") }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        let rgba = image.straightRGBA()
        let imported = rgba.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4)) }
        guard imported != 0 else { throw ImageError.encodeFailed("WebPPictureImportRGBA failed (out of memory)") }
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(clamping: timestamp), &config) != 0 else {
            throw ImageError.encodeFailed("WebPAnimEncoderAdd failed: \(Self.message(encoder))")
        }
        frames += 1
        lastTimestamp = timestamp
    }

    /// The file's bytes, the last frame shown until `endMilliseconds`.
    public func finish(endMilliseconds end: Int) throws -> Data {
        guard WebPAnimEncoderAdd(encoder, nil, Int32(clamping: max(end, lastTimestamp + 1)), nil) != 0 else {
            throw ImageError.encodeFailed("WebPAnimEncoderAdd (end) failed: \(Self.message(encoder))")
        }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw ImageError.encodeFailed("WebPAnimEncoderAssemble failed: \(Self.message(encoder))")
        }
        return Data(bytes: bytes, count: data.size)
    }

    private static func message(_ encoder: OpaquePointer?) -> String {
        guard let encoder, let c = WebPAnimEncoderGetError(encoder) else { return "no message" }
        return String(cString: c)
    }
}
