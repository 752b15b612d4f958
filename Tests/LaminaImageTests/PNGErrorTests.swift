import Foundation
import XCTest
@testable import LaminaImage

/// `PNG.decode` and `PNG.read` on damaged and foreign input: each must throw an `ImageError`, never crash.
final class PNGErrorTests: XCTestCase {
    /// A valid 8-bit RGB file, large enough that its IDAT has bytes to damage.
    private func validFile() -> Data {
        let w = 16, h = 16
        let samples = (0..<h).map { y in (0..<w).flatMap { x in [x * 16, y * 16, (x ^ y) * 16] } }
        return PNGFixture(width: w, height: h, colorType: .rgb, bitDepth: 8, samples: samples).encode()
    }

    private func assertThrowsImageError(_ data: Data, _ what: String,
                                        file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try PNG.decode(data), what, file: file, line: line) { error in
            XCTAssertTrue(error is ImageError, "\(what): threw \(error), not an ImageError", file: file, line: line)
        }
    }

    func testDecode_validFixture_succeeds() throws {
        let image = try PNG.decode(validFile())
        XCTAssertEqual(image.width, 16)
    }

    func testDecode_zeroBytes_throwsNotPNG() {
        XCTAssertThrowsError(try PNG.decode(Data())) { error in
            guard case ImageError.notPNG = error else { return XCTFail("expected notPNG, got \(error)") }
        }
    }

    func testDecode_textFile_throwsNotPNG() {
        let text = Data("this is not a PNG file, just some text that is long enough".utf8)
        XCTAssertThrowsError(try PNG.decode(text)) { error in
            guard case ImageError.notPNG = error else { return XCTFail("expected notPNG, got \(error)") }
        }
    }

    func testDecode_gifHeader_throwsNotPNG() {
        let gif = Data([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0, 0x3B])
        assertThrowsImageError(gif, "GIF")
    }

    func testDecode_signatureOnly_throws() {
        assertThrowsImageError(validFile().prefix(8), "signature only")
    }

    func testDecode_truncatedAtEveryLength_throws() {
        // Cutting anywhere before IEND's end removes data libpng needs; try every length, not only half,
        // so no cut point can crash the decoder.
        let file = validFile()
        let iend = PNGChunks(file).first("IEND")
        let end = iend?.offset ?? file.count
        for length in 0..<end {
            assertThrowsImageError(file.prefix(length), "truncated to \(length) of \(file.count) bytes")
        }
    }

    func testDecode_cutInHalf_throwsCorruptPNG() {
        let file = validFile()
        XCTAssertThrowsError(try PNG.decode(file.prefix(file.count / 2))) { error in
            guard case ImageError.corruptPNG = error else { return XCTFail("expected corruptPNG, got \(error)") }
        }
    }

    func testDecode_flippedIDATByteWithStaleCRC_throwsCorruptPNG() throws {
        // libpng inflates IDAT as it reads it, so zlib's own check ("incorrect data check") fails before
        // libpng reaches the chunk's CRC at its end; either way the result is corruptPNG.
        var chunks = PNGChunks(validFile())
        let idat = try XCTUnwrap(chunks.first("IDAT"))
        chunks.bytes[idat.dataOffset + idat.length / 2] ^= 0xFF
        XCTAssertThrowsError(try PNG.decode(chunks.data)) { error in
            guard case ImageError.corruptPNG = error else { return XCTFail("expected corruptPNG, got \(error)") }
        }
    }

    func testDecode_badIDATCRCOverIntactData_throwsCorruptPNGNamingTheCRC() throws {
        var chunks = PNGChunks(validFile())
        let idat = try XCTUnwrap(chunks.first("IDAT"))
        chunks.bytes[idat.crcOffset + 3] ^= 0x01
        XCTAssertThrowsError(try PNG.decode(chunks.data)) { error in
            guard case ImageError.corruptPNG(let why) = error else {
                return XCTFail("expected corruptPNG, got \(error)")
            }
            XCTAssertTrue(why.uppercased().contains("CRC"), "message should name the CRC: \(why)")
        }
    }

    func testDecode_badIHDRCRC_throwsCorruptPNG() throws {
        var chunks = PNGChunks(validFile())
        let ihdr = try XCTUnwrap(chunks.first("IHDR"))
        chunks.bytes[ihdr.crcOffset] ^= 0x01
        XCTAssertThrowsError(try PNG.decode(chunks.data)) { error in
            guard case ImageError.corruptPNG = error else { return XCTFail("expected corruptPNG, got \(error)") }
        }
    }

    func testDecode_damagedZlibStreamWithValidCRC_throws() throws {
        // With the CRC fixed, the damage reaches zlib: the deflate stream or its Adler-32 check must fail.
        for (offset, mask) in [(0, UInt8(0xFF)), (1, 0x20), (2, 0xFF)] {
            var chunks = PNGChunks(validFile())
            let idat = try XCTUnwrap(chunks.first("IDAT"))
            chunks.bytes[idat.dataOffset + offset] ^= mask
            chunks.fixCRC(of: idat)
            assertThrowsImageError(chunks.data, "zlib byte \(offset) flipped with \(mask)")
        }
    }

    func testDecode_flippedBytesThroughoutIDATWithValidCRC_neverCrashes() throws {
        // Damage deep in the compressed data may still inflate (to wrong pixels); the requirement is only
        // that every outcome is an image of the right size or an ImageError.
        let file = validFile()
        let idat = try XCTUnwrap(PNGChunks(file).first("IDAT"))
        for k in 0..<idat.length {
            var chunks = PNGChunks(file)
            chunks.bytes[idat.dataOffset + k] ^= 0x5A
            chunks.fixCRC(of: idat)
            do {
                let image = try PNG.decode(chunks.data)
                XCTAssertEqual(image.width * image.height, 256)
            } catch {
                XCTAssertTrue(error is ImageError, "byte \(k): threw \(error)")
            }
        }
    }

    func testDecode_hugeDimensionsInIHDR_throwsTooLargeBeforeAllocating() throws {
        var chunks = PNGChunks(validFile())
        let ihdr = try XCTUnwrap(chunks.first("IHDR"))
        chunks.writeUInt32(100_000, at: ihdr.dataOffset)      // width
        chunks.writeUInt32(100_000, at: ihdr.dataOffset + 4)  // height
        chunks.fixCRC(of: ihdr)
        XCTAssertThrowsError(try PNG.decode(chunks.data)) { error in
            XCTAssertEqual(error as? ImageError, .tooLarge(width: 100_000, height: 100_000))
        }
    }

    func testDecode_zeroWidthInIHDR_throwsCorruptPNG() throws {
        var chunks = PNGChunks(validFile())
        let ihdr = try XCTUnwrap(chunks.first("IHDR"))
        chunks.writeUInt32(0, at: ihdr.dataOffset)
        chunks.fixCRC(of: ihdr)
        XCTAssertThrowsError(try PNG.decode(chunks.data)) { error in
            guard case ImageError.corruptPNG = error else { return XCTFail("expected corruptPNG, got \(error)") }
        }
    }

    func testRead_missingFile_throwsUnreadableNamingThePath() {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/missing.png")
        XCTAssertThrowsError(try PNG.read(contentsOf: url)) { error in
            guard case ImageError.unreadable(let path, _) = error else {
                return XCTFail("expected unreadable, got \(error)")
            }
            XCTAssertEqual(path, url.path)
            XCTAssertTrue("\(error)".contains("missing.png"))
        }
    }
}
