import CPNG
import Foundation

/// PNG decoding and encoding through libpng's simplified API (`png_image_*`).
///
/// The simplified API reports every failure by return value and message, never by `longjmp` through Swift
/// frames, which is why Lamina uses it rather than the progressive reader: a corrupt or truncated file is
/// an error, never a crash. Every colour type and bit depth libpng reads (palette, grey, grey+alpha, RGB,
/// RGBA, 16-bit, interlaced) is converted to 8-bit sRGB RGBA and then premultiplied; files are written as
/// 8-bit RGBA with straight alpha.
public enum PNG {
    /// Largest width or height accepted when decoding, to refuse absurd headers before allocating.
    public static let maxDimension = 16384
    /// Largest pixel count accepted when decoding.
    public static let maxPixels = 1 << 28
    /// How hard the encoder compresses. Either way the pixels are the same; only the file's size and the
    /// time to write it differ.
    public enum Compression: String, Sendable, CaseIterable {
        /// libpng's fast setting (zlib level 3, no row filters): the default, as an output or a snapshot
        /// reference is written once and read often. On 1920x1080 frames it encodes 4-8 times faster than
        /// `small` for files 1.3-2.5 times larger (`docs/performance.md`).
        case fast
        /// libpng's defaults (zlib level 6, adaptive row filters): the smallest file it writes.
        case small
    }

    /// The width and height a PNG's header (its IHDR chunk, which must come first) declares, read without
    /// decoding anything, so a caller can refuse an image by its size before allocating for it.
    public static func header(_ data: Data) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](data.prefix(24))
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard !bytes.isEmpty else { throw ImageError.notPNG("the file is empty") }
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else {
            throw ImageError.notPNG("the file does not start with the PNG signature")
        }
        guard bytes.count == 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw ImageError.corruptPNG("the file does not begin with an IHDR chunk")
        }
        func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (u32(16), u32(20))
    }

    /// Decodes a PNG file's bytes into a premultiplied image.
    public static func decode(_ data: Data) throws -> Image {
        guard !data.isEmpty else { throw ImageError.notPNG("the file is empty") }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard data.count >= 8, Array(data.prefix(8)) == signature else {
            throw ImageError.notPNG("the file does not start with the PNG signature")
        }
        // libpng keeps the pointer given to begin_read and reads through it in finish_read, so both calls
        // must happen inside one `withUnsafeBytes`: a second call need not yield the same address.
        let (width, height, straight) = try data.withUnsafeBytes { raw -> (Int, Int, [UInt8]) in
            var image = png_image()
            image.version = png_uint_32(PNG_IMAGE_VERSION)
            defer { png_image_free(&image) }
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                throw ImageError.corruptPNG(message(of: image))
            }
            let width = Int(image.width), height = Int(image.height)
            guard width > 0, height > 0 else { throw ImageError.corruptPNG("zero-sized image") }
            guard width <= maxDimension, height <= maxDimension, width * height <= maxPixels else {
                throw ImageError.tooLarge(width: width, height: height)
            }
            image.format = png_uint_32(LAMINA_PNG_FORMAT_RGBA)
            var straight = [UInt8](repeating: 0, count: width * height * 4)
            let finished = straight.withUnsafeMutableBytes { buf -> Int32 in
                png_image_finish_read(&image, nil, buf.baseAddress, Int32(width * 4), nil)
            }
            guard finished != 0 else { throw ImageError.corruptPNG(message(of: image)) }
            return (width, height, straight)
        }
        return Image(width: width, height: height, straightRGBA: straight)
    }

    /// Encodes a premultiplied image as an 8-bit RGBA PNG with straight alpha, in one pass of the encoder
    /// into a buffer sized for the worst case (stored zlib blocks), trimmed after.
    public static func encode(_ img: Image, compression: Compression = .fast) throws -> Data {
        guard img.width > 0, img.height > 0 else { throw ImageError.encodeFailed("cannot encode an empty image") }
        var straight = img.straightRGBA()
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(img.width)
        image.height = png_uint_32(img.height)
        image.format = png_uint_32(LAMINA_PNG_FORMAT_RGBA)
        if compression == .fast { image.flags |= png_uint_32(PNG_IMAGE_FLAG_FAST) }
        defer { png_image_free(&image) }
        let stride = Int32(img.width * 4)
        // The filtered rows (a filter byte each) stored uncompressed cost 5 bytes a stored deflate block and
        // 12 a PNG chunk; 1/64 of the rows plus 64 KiB covers both, and libpng says when it did not.
        let rows = img.height * (img.width * 4 + 1)
        var size = png_alloc_size_t(rows + rows / 64 + 65536)
        for _ in 0..<2 {
            var out = Data(count: Int(size))
            var written = size
            let ok = out.withUnsafeMutableBytes { dst in
                straight.withUnsafeMutableBytes { buf in
                    png_image_write_to_memory(&image, dst.baseAddress, &written, 0, buf.baseAddress, stride, nil)
                }
            }
            if ok != 0, written > 0, written <= size {
                out.count = Int(written)
                return out
            }
            // Too small: libpng gives the size it needs (the bound above makes this a safety net only).
            guard written > size else { break }
            size = written
            image.warning_or_error = 0
        }
        throw ImageError.encodeFailed(message(of: image))
    }

    /// Reads and decodes a PNG file.
    public static func read(contentsOf url: URL) throws -> Image {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ImageError.unreadable(path: url.path, reason: error.localizedDescription)
        }
        return try decode(data)
    }

    /// Encodes `image` and writes it atomically: to a temporary file beside `url`, then renamed, so a
    /// failure never leaves a partial file.
    public static func write(_ image: Image, to url: URL) throws {
        try AtomicFile.write(try encode(image), to: url)
    }

    private static func message(of image: png_image) -> String {
        var m = image.message
        return withUnsafeBytes(of: &m) { raw in
            let bytes = raw.bindMemory(to: CChar.self)
            let end = bytes.firstIndex(of: 0) ?? bytes.count
            return String(decoding: raw.prefix(end), as: UTF8.self)
        }
    }
}
