import CPNG
import Foundation

/// PNG files of any colour type and bit depth, written with libpng's full write API for the decoder's tests.
///
/// Lamina's own encoder only writes 8-bit RGBA, so fixtures for palette, grey, 16-bit and interlaced files
/// come from here. libpng reports write errors by `longjmp`, which Swift frames must not be unwound by; the
/// error handler below stops the test process instead (`fatalError` never returns into libpng). That is
/// acceptable only because the fixtures are known-good data written by the test itself.
struct PNGFixture {
    /// PNG colour types, from the PNG specification §11.2.2 (libpng's composite macros are not importable).
    enum ColorType: Int32 {
        case grey = 0, rgb = 2, palette = 3, greyAlpha = 4, rgba = 6

        /// Samples per pixel in the file's rows.
        var channels: Int {
            switch self {
            case .grey, .palette: return 1
            case .greyAlpha: return 2
            case .rgb: return 3
            case .rgba: return 4
            }
        }
    }

    /// The colour-space chunk the fixture carries, which decides how libpng's simplified reader treats it.
    enum ColorSpace {
        /// No gAMA or sRGB chunk: the simplified reader assumes sRGB for 8-bit files, *linear* for 16-bit.
        case unspecified
        /// An sRGB chunk (perceptual intent).
        case sRGB
        /// A gAMA chunk of 1/2.2, stored as PNG's fixed-point 45455.
        case gamma22
    }

    var width: Int
    var height: Int
    var colorType: ColorType
    var bitDepth: Int
    /// Samples row by row, `width * colorType.channels` per row, each in `0..<(1 << bitDepth)`.
    var samples: [[Int]]
    var palette: [(r: UInt8, g: UInt8, b: UInt8)] = []
    /// tRNS alpha for the first palette entries (the rest are opaque).
    var paletteAlpha: [UInt8] = []
    var interlaced = false
    var colorSpace = ColorSpace.unspecified

    /// The file's rows, packed as PNG stores them: sub-byte samples most significant bits first, 16-bit
    /// samples big-endian (PNG specification §7.2).
    func packedRows() -> [[UInt8]] {
        samples.map { row in
            var bytes: [UInt8] = []
            switch bitDepth {
            case 16:
                for s in row { bytes.append(UInt8(s >> 8)); bytes.append(UInt8(s & 0xFF)) }
            case 8:
                bytes = row.map { UInt8($0) }
            default:
                let perByte = 8 / bitDepth
                bytes = [UInt8](repeating: 0, count: (row.count + perByte - 1) / perByte)
                for (i, s) in row.enumerated() {
                    let shift = 8 - bitDepth * (i % perByte + 1)
                    bytes[i / perByte] |= UInt8(s << shift)
                }
            }
            return bytes
        }
    }

    /// Collects what libpng writes.
    final class Sink {
        var bytes: [UInt8] = []
    }

    /// The PNG file's bytes.
    func encode() -> Data {
        let onError: png_error_ptr = { _, message in
            fatalError("libpng refused a test fixture: \(message.map { String(cString: $0) } ?? "?")")
        }
        let onWarning: png_error_ptr = { _, _ in }
        var png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nil, onError, onWarning)
        var info = png_create_info_struct(png)
        defer { png_destroy_write_struct(&png, &info) }

        let sink = Sink()
        let write: png_rw_ptr = { png, data, length in
            guard let io = png_get_io_ptr(png), let data else { return }
            let sink = Unmanaged<Sink>.fromOpaque(io).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: length))
        }
        let flush: png_flush_ptr = { _ in }
        withExtendedLifetime(sink) {
            png_set_write_fn(png, Unmanaged.passUnretained(sink).toOpaque(), write, flush)
            png_set_IHDR(png, info, png_uint_32(width), png_uint_32(height), Int32(bitDepth), colorType.rawValue,
                         interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                         PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT)
            if colorType == .palette {
                var entries = palette.map { png_color(red: $0.r, green: $0.g, blue: $0.b) }
                png_set_PLTE(png, info, &entries, Int32(entries.count))
                if !paletteAlpha.isEmpty {
                    var alpha = paletteAlpha
                    png_set_tRNS(png, info, &alpha, Int32(alpha.count), nil)
                }
            }
            switch colorSpace {
            case .unspecified: break
            case .sRGB: png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL)
            case .gamma22: png_set_gAMA_fixed(png, info, 45455)
            }
            png_write_info(png, info)

            // png_write_image makes the Adam7 passes itself when the IHDR says interlaced.
            let rows = packedRows()
            let storage = rows.map { row -> UnsafeMutablePointer<UInt8> in
                let p = UnsafeMutablePointer<UInt8>.allocate(capacity: max(row.count, 1))
                p.initialize(from: row, count: row.count)
                return p
            }
            defer { storage.forEach { $0.deallocate() } }
            var pointers: [png_bytep?] = storage.map { Optional($0) }
            png_write_image(png, &pointers)
            png_write_end(png, nil)
        }
        return Data(sink.bytes)
    }
}
