import Foundation
import XCTest
@testable import LaminaImage

/// `PNG.encode` followed by `PNG.decode`, and the atomic file writer.
final class PNGRoundTripTests: XCTestCase {
    /// Both compressions hold the same pixels; the fast one writes no row filters, so a smooth gradient
    /// (which filters shrink most) takes more bytes, and incompressible noise still fits the one-pass buffer.
    func testCompressions_holdTheSamePixels_andNoiseFitsOnePass() throws {
        var gradient = Image(width: 256, height: 64)
        var noise = Image(width: 300, height: 200)
        var seed: UInt32 = 12345
        for y in 0..<64 { for x in 0..<256 { gradient.setPixel(x: x, y: y, (UInt8(x), UInt8(y * 4), 128, 255)) } }
        for y in 0..<200 {
            for x in 0..<300 {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let v = seed >> 8
                noise.setPixel(x: x, y: y, (UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), 255))
            }
        }
        for image in [gradient, noise] {
            let fast = try PNG.encode(image), small = try PNG.encode(image, compression: .small)
            XCTAssertEqual(try PNG.decode(fast).pixels, image.pixels)
            XCTAssertEqual(try PNG.decode(small).pixels, image.pixels)
        }
        XCTAssertGreaterThan(try PNG.encode(gradient).count, try PNG.encode(gradient, compression: .small).count)
    }

    func testRoundTrip_opaqueImage_isExact() throws {
        var image = Image(width: 5, height: 4)
        for y in 0..<4 {
            for x in 0..<5 { image.setPixel(x: x, y: y, (UInt8(x * 50), UInt8(y * 60), UInt8((x * y) & 0xFF), 255)) }
        }
        XCTAssertEqual(try PNG.decode(PNG.encode(image)), image)
    }

    func testRoundTrip_partialAlpha_isWithinOneOfPremultiplied() throws {
        // Premultiplied -> straight (divide by alpha) -> file -> premultiplied (multiply) rounds twice, so a
        // colour may move by 1; alpha is stored as is and must be exact.
        var image = Image(width: 16, height: 16)
        for y in 0..<16 {
            for x in 0..<16 {
                let a = UInt8(y * 17)
                let scale = { (v: Int) in UInt8(v * Int(a) / 255) }  // keeps colour <= alpha, as premultiplied must
                image.setPixel(x: x, y: y, (scale(x * 17), scale(255 - x * 13), scale((x * 91) & 0xFF), a))
            }
        }
        let decoded = try PNG.decode(PNG.encode(image))
        XCTAssertEqual(decoded.width, 16)
        XCTAssertEqual(decoded.height, 16)
        for i in 0..<image.pixels.count {
            let diff = abs(Int(decoded.pixels[i]) - Int(image.pixels[i]))
            XCTAssertLessThanOrEqual(diff, i % 4 == 3 ? 0 : 1, "byte \(i) (pixel \(i / 4), channel \(i % 4))")
        }
    }

    func testRoundTrip_transparentPixel_decodesToZero() throws {
        var image = Image(width: 2, height: 1)
        image.setPixel(x: 1, y: 0, (10, 20, 30, 40))
        let decoded = try PNG.decode(PNG.encode(image))
        XCTAssertTrue(decoded.pixel(x: 0, y: 0) == (0, 0, 0, 0))
    }

    func testEncode_emptyImage_throwsEncodeFailed() {
        XCTAssertThrowsError(try PNG.encode(Image(width: 0, height: 3))) { error in
            guard case ImageError.encodeFailed = error else { return XCTFail("expected encodeFailed, got \(error)") }
        }
    }

    func testEncode_writesSRGBChunk() throws {
        // The simplified writer marks 8-bit output as sRGB, so other readers do not guess its gamma.
        let data = try PNG.encode(Image(width: 1, height: 1))
        XCTAssertNotNil(PNGChunks(data).first("sRGB"))
    }

    func testWrite_thenRead_roundTripsAndLeavesNoTemporaryFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-image-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var image = Image(width: 3, height: 2)
        image.setPixel(x: 2, y: 1, (255, 128, 0, 255))
        let url = dir.appendingPathComponent("out.png")
        try PNG.write(image, to: url)
        XCTAssertEqual(try PNG.read(contentsOf: url), image)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["out.png"])
    }

    func testWrite_intoMissingDirectory_throwsUnwritable() {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/out.png")
        XCTAssertThrowsError(try PNG.write(Image(width: 1, height: 1), to: url)) { error in
            guard case ImageError.unwritable(let path, _) = error else {
                return XCTFail("expected unwritable, got \(error)")
            }
            XCTAssertEqual(path, url.path)
        }
    }
}
