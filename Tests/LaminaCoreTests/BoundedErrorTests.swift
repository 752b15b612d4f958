import Foundation
import LaminaTestSupport
import XCTest
@testable import LaminaCore
@testable import LaminaGeometry
import LaminaImage

/// Errors that echo input stay short and printable, whatever the input: long strings are cut with their
/// size, control characters escaped, invalid UTF-8 reported at its line and column, and "did you mean"
/// costs nothing for keys far longer than any known key.
final class BoundedErrorTests: XCTestCase {
    func testEcho_cutsLongStringsAndEscapesControls() {
        let long = String(repeating: "q", count: 1_000_000)
        XCTAssertEqual(Echo.quoted(long), "\"" + String(repeating: "q", count: 60) + "…\" (1000000 bytes)")
        XCTAssertEqual(Echo.quoted("a\0b\u{1B}[31m\"\\"), "\"a\\0b\\u{1B}[31m\\\"\\\\\"")
        XCTAssertEqual(Echo.clipped("short"), "short")
    }

    func testHugeColourName_givesAShortError() {
        let name = String(repeating: "q", count: 1_000_000)
        do {
            _ = try SceneFixture.layer("{\"backgroundColor\": \"\(name)\"}")
            XCTFail("expected an error")
        } catch let e as SceneError {
            XCTAssertEqual(e.pointer, "/layers/0/backgroundColor")
            XCTAssertLessThan(e.description.utf8.count, 400, e.description)
            XCTAssertTrue(e.message.contains("(1000000 bytes)"), e.message)
        } catch {
            XCTFail("\(error)")
        }
    }

    /// A 2 MB unknown key: reported at once, its pointer cut, with no suggestion computed.
    func testHugeUnknownKey_isReportedQuickly() {
        let key = String(repeating: "x", count: 2_000_000)
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            _ = try SceneFixture.layer("{\"\(key)\": 1}")
            XCTFail("expected an error")
        } catch let e as SceneError {
            XCTAssertTrue(e.pointer.hasPrefix("/layers/0/xxxx"), e.pointer)
            XCTAssertLessThan(e.description.utf8.count, 200, e.description)
            XCTAssertEqual(e.message, "unknown key")
        } catch {
            XCTFail("\(error)")
        }
        // Generous: the edit-distance matrix this replaced took seconds on a 100 KB key.
        XCTAssertLessThan(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, 5)
        XCTAssertNil(KeySuggestion.nearest(to: String(repeating: "y", count: 100_000), in: ["cornerRadius", "opacity"]))
        XCTAssertEqual(KeySuggestion.nearest(to: "conrnerRadius", in: ["cornerRadius", "opacity"]), "cornerRadius")
        XCTAssertEqual(KeySuggestion.distance(Array("kitten"), Array("sitting")), 3)
        XCTAssertEqual(KeySuggestion.distance(Array("ab"), Array("ba")), 1)
    }

    func testInvalidUTF8InAKey_isReportedAtTheKey() {
        var bytes = Array("{\"format\": \"lamina-scene/1\", \"canvas\": {\"width\": 10, \"height\": 10},\n \"layers\": [{\"back".utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array("groundColor\": \"red\"}]}".utf8)
        do {
            _ = try SceneDecoder().decode(Data(bytes))
            XCTFail("expected an error")
        } catch let e as SceneError {
            XCTAssertEqual(e.line, 2)
            XCTAssertEqual(e.column, 19)
            XCTAssertTrue(e.message.contains("invalid UTF-8 (byte 0xFF) in an object key \"back"), e.message)
        } catch {
            XCTFail("\(error)")
        }
    }

    func testInvalidUTF8InAValue_saysValue() {
        var bytes = Array("{\"format\": \"lamina-scene/1\", \"canvas\": {\"width\": 10, \"height\": 10}, \"description\": \"a".utf8)
        bytes += [0xC3]
        bytes += Array("\"}".utf8)
        XCTAssertThrowsError(try SceneDecoder().decode(Data(bytes))) { error in
            XCTAssertTrue("\(error)".contains("in a string value"), "\(error)")
        }
    }

    /// A NUL or escape sequence in an unknown key reaches the message escaped, never raw.
    func testControlCharactersInKeys_areEscapedInThePointer() {
        do {
            _ = try SceneFixture.layer("{\"bad\\u0000key\\u001b\": 1}")
            XCTFail("expected an error")
        } catch let e as SceneError {
            XCTAssertEqual(e.pointer, "/layers/0/bad\\0key\\u{1B}")
        } catch {
            XCTFail("\(error)")
        }
    }

    /// An image whose header claims more pixels than allowed is refused by its header, at its pointer.
    func testOversizedImageHeader_isRefusedBeforeDecoding() throws {
        let png = Data(PNGHeaderFixture.header(width: 16384, height: 16384))
        let uri = "data:image/png;base64," + png.base64EncodedString()
        assertLayerError("{\"contents\": \"\(uri)\"}", pointer: "/layers/0/contents", "16384x16384", "at most 67108864 pixels")
    }

    /// Each image under the per-image limit, but together over the scene's image budget.
    func testImagesOverTheSceneBudget_areRefused() throws {
        // Four images of distinct sizes (equal data URIs would share one bitmap), 64 x 64 and up: about
        // 22 KB each with the mip chain, so the third takes them over a 60 KB budget.
        let images = try (0..<4).map { i -> String in
            var image = Image(width: 64 + i, height: 64)
            image.setPixel(x: 0, y: 0, (255, 0, 0, 255))
            return "\"i\(i)\": \"data:image/png;base64,\(try PNG.encode(image).base64EncodedString())\""
        }.joined(separator: ", ")
        let json = SceneFixture.document(layers: "[]", extra: ", \"images\": {\(images)}")
        XCTAssertThrowsError(try SceneDecoder(maxImageBytes: 60_000).decode(Data(json.utf8))) { error in
            XCTAssertEqual((error as? SceneError)?.pointer, "/images/i2")
            XCTAssertTrue("\(error)".contains("over the 60 KB limit on images"), "\(error)")
        }
        XCTAssertNoThrow(try SceneDecoder().decode(Data(json.utf8)))
    }
}

/// PNG bytes that are only a signature and an IHDR chunk: enough for a header read, nothing to decode.
enum PNGHeaderFixture {
    static func header(width: Int, height: Int) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((v >> $0) & 0xFF) } }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += be32(13) + Array("IHDR".utf8) + be32(width) + be32(height) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
        return out
    }
}
