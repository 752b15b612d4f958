import Foundation
@testable import LaminaCore
import LaminaImage
import XCTest

/// Large documents are parsed, and long layer lists read, on every core. What is promised: the same values
/// and layers as one pass, and, for a document with any refusal, the very error one pass reports.
final class ParallelDecodeTests: XCTestCase {
    /// A scene of `count` top-level layers, layer i at x = i, with a name, a colour and a sublayer; over
    /// 1 MB from about 6000 layers.
    private func scene(_ count: Int, layer: (Int) -> String = { _ in "" }) -> String {
        let layers = (0..<count).map { i -> String in
            let extra = layer(i)
            return "{\"name\": \"layer \(i)\", \"frame\": [\(i), 2.5, 10, 20], \"backgroundColor\": [0.25, 0.5, 0.75, 1], "
                + "\"cornerRadius\": 3, \"sublayers\": [{\"frame\": [1, 1, 4, 4], \"opacity\": 0.5}]\(extra)}"
        }
        return "{\"format\": \"lamina-scene/1\", \"canvas\": {\"width\": 64, \"height\": 64},\n \"layers\": [\n"
            + layers.joined(separator: ",\n") + "\n]}"
    }

    /// The document read in one pass, without any read-ahead.
    private func parseInOnePass(_ bytes: [UInt8]) throws -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipBlanks()
        return try parser.value()
    }

    func testScanFindsTheLongestArrayAndItsCommas() throws {
        let text = "{\"a\": [1, [2, 3, 4, 5], \"],[,\\\"]\"], \"b\": {\"c\": [6, 7, {\"d\": 8}]}}"
        let scanned = try XCTUnwrap(JSONParser.scanLongestArray(Array(text.utf8)))
        let bytes = Array(text.utf8)
        XCTAssertEqual(bytes[scanned.open], UInt8(ascii: "["))
        XCTAssertEqual(bytes[scanned.close], UInt8(ascii: "]"))
        XCTAssertEqual(scanned.commas.count, 3, "the [2, 3, 4, 5] array; commas in strings are not counted")
        XCTAssertEqual(scanned.depth, 3)
        XCTAssertNil(JSONParser.scanLongestArray(Array("{\"a\": [1, 2}".utf8)), "brackets that do not balance")
    }

    func testLargeDocumentParsesAsOnePassParsesIt() throws {
        let bytes = Array(scene(7000).utf8)
        XCTAssertGreaterThan(bytes.count, JSONParser.splitMinimumBytes)
        let ahead = try XCTUnwrap(JSONParser.readLongestArrayAhead(bytes), "the layers are read ahead")
        XCTAssertEqual(ahead.items.count, 7000)
        XCTAssertEqual(try JSONParser.parse(bytes), try parseInOnePass(bytes))
    }

    /// Refusals inside the read-ahead array (and one that desynchronises the scan) give one pass's error.
    func testRefusalsInsideTheLargeArrayAreOnePasssErrors() throws {
        let breakages: [(Int, String)] = [
            (2500, ", \"opacity\": 1,"),          // a trailing comma in an object
            (6999, ", \"name\": \"again\""),       // a duplicate key in the last chunk
            (1200, ", \"opacity\": 1e400"),        // unrepresentable, named by pointer
            (3000, ", \"x\": \"open"),             // an unterminated string: the scan loses its way
            (10, ", \"x\": tru"),                  // a bare word in the first chunk
        ]
        for (at, extra) in breakages {
            let bytes = Array(scene(7000) { $0 == at ? extra : "" }.utf8)
            XCTAssertGreaterThan(bytes.count, JSONParser.splitMinimumBytes)
            var onePass: String?
            XCTAssertThrowsError(try parseInOnePass(bytes)) { onePass = "\($0)" }
            XCTAssertThrowsError(try JSONParser.parse(bytes), extra) { error in
                XCTAssertEqual("\(error)", onePass, extra)
            }
        }
        let comma = Array(scene(7000).replacingOccurrences(of: "\n]}", with: ",\n]}").utf8)
        XCTAssertThrowsError(try JSONParser.parse(comma)) { XCTAssertTrue("\($0)".contains("trailing comma"), "\($0)") }
    }

    func testLongLayerListsReadInChunksKeepOrderAndValues() throws {
        let decoded = try SceneDecoder().decode(Data(scene(1000).utf8))
        let layers = decoded.root.sublayersValue
        XCTAssertEqual(layers.count, 1000)
        for (i, layer) in layers.enumerated() {
            XCTAssertEqual(layer.name, "layer \(i)")
            XCTAssertEqual(layer.frame.origin.x, CGFloat(i))
            XCTAssertEqual(layer.sublayersValue.count, 1)
            XCTAssertTrue(layer.superlayer === decoded.root)
        }
    }

    /// Refusals in chunks are listed as one reader lists them: all of them, in document order, with pointers.
    func testRefusalsInLongListsAreListedInOrder() throws {
        let text = scene(1000) { [7, 500, 999].contains($0) ? ", \"opacity\": \"half\"" : "" }
        XCTAssertThrowsError(try SceneDecoder().decode(Data(text.utf8))) { error in
            let pointers = (error as? SceneError)?.all.map(\.pointer) ?? []
            XCTAssertEqual(pointers, ["/layers/7/opacity", "/layers/500/opacity", "/layers/999/opacity"], "\(error)")
        }
    }

    /// A chunk that would load an image leaves the list to one reader: images are loaded once and counted
    /// against one budget, and a missing file is refused at its pointer.
    func testImagesInLongListsAreLoadedOnceByOneReader() throws {
        let png = try PNG.encode(Image(width: 2, height: 2, straightRGBA: [UInt8](repeating: 200, count: 16)))
        let uri = "data:image/png;base64," + png.base64EncodedString()
        let text = scene(600) { $0 % 100 == 42 ? ", \"contents\": \"\(uri)\"" : "" }
        let decoded = try SceneDecoder().decode(Data(text.utf8))
        let withContents = decoded.root.sublayersValue.enumerated().filter { $0.element.contentsValue != nil }
        XCTAssertEqual(withContents.map(\.offset), [42, 142, 242, 342, 442, 542])
        XCTAssertTrue(withContents.allSatisfy { $0.element.contentsValue === withContents[0].element.contentsValue },
                      "one bitmap for one URI")
        let missing = scene(600) { $0 == 300 ? ", \"contents\": \"/nonexistent/lamina-missing.png\"" : "" }
        XCTAssertThrowsError(try SceneDecoder().decode(Data(missing.utf8))) { error in
            XCTAssertEqual((error as? SceneError)?.pointer, "/layers/300/contents", "\(error)")
        }
    }
}
