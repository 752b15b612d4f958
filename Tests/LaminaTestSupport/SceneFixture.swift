import Foundation
import XCTest
import LaminaCore
import LaminaImage

/// Helpers shared by the scene decoder tests: documents built around a layer list, and error assertions.
public enum SceneFixture {
    /// A complete document whose `layers` is the given JSON text.
    public static func document(layers: String, extra: String = "") -> String {
        """
        {"format": "lamina-scene/1", "canvas": {"width": 200, "height": 100}\(extra), "layers": \(layers)}
        """
    }

    public static func decode(_ json: String, baseURL: URL? = nil) throws -> Scene {
        try SceneDecoder(baseURL: baseURL).decode(Data(json.utf8))
    }

    /// Decodes a document with one layer object and returns that layer.
    public static func layer(_ json: String, baseURL: URL? = nil) throws -> Layer {
        let scene = try decode(document(layers: "[\(json)]"), baseURL: baseURL)
        guard let l = scene.root.sublayersValue.first else { throw SceneError(pointer: "", message: "no layer") }
        return l
    }

    /// Two overlapping cards in a group of opacity `opacity` (the second moved `dx` points), and a card masked
    /// by two overlapping rounded layers, one translucent: a group's, a masked layer's and a mask's passes,
    /// each keyed by what it draws.
    public static func groupAndMask(dx: Double = 0, opacity: Double = 0.6) throws -> Scene {
        try decode(#"""
            {"format": "lamina-scene/1", "canvas": {"width": 200, "height": 100, "background": "#EEF0F4"},
             "layers": [
               {"frame": [10.5, 8.25, 90, 70], "opacity": \#(opacity), "sublayers": [
                 {"frame": [0, 0, 60, 44], "backgroundColor": "#3366CC", "cornerRadius": 8, "borderWidth": 2,
                  "borderColor": "#112244"},
                 {"frame": [\#(24 + dx), 20, 60, 44], "backgroundColor": "#EE8833", "cornerRadius": 8}]},
               {"frame": [110.3, 12.6, 70, 60], "backgroundColor": "#22AA66",
                "mask": {"frame": [0, 0, 70, 60], "sublayers": [
                  {"frame": [5, 5, 40, 30], "backgroundColor": "#000000", "cornerRadius": 10},
                  {"frame": [25, 20, 40, 30], "backgroundColor": "#00000080", "cornerRadius": 12}]}}]}
            """#)
    }

    /// A temporary directory, removed by the caller's `addTeardownBlock`.
    public static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-scene-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Writes a solid-colour PNG of the given size.
    public static func writePNG(_ url: URL, width: Int, height: Int) throws {
        var img = Image(width: width, height: height)
        for y in 0..<height { for x in 0..<width { img.setPixel(x: x, y: y, (255, 0, 0, 255)) } }
        try PNG.encode(img).write(to: url)
    }
}

extension XCTestCase {
    /// Asserts that decoding `json` fails at `pointer` with a message containing every one of `gist`.
    public func assertSceneError(_ json: String, pointer: String, _ gist: String..., baseURL: URL? = nil,
                          file: StaticString = #filePath, line: UInt = #line) {
        assertDecodingFails({ _ = try SceneFixture.decode(json, baseURL: baseURL) }, pointer: pointer, gist,
                            file: file, line: line)
    }

    /// The same for a document holding one layer object.
    public func assertLayerError(_ layer: String, pointer: String, _ gist: String..., file: StaticString = #filePath, line: UInt = #line) {
        assertDecodingFails({ _ = try SceneFixture.layer(layer) }, pointer: pointer, gist, file: file, line: line)
    }

    /// `decode` throws a `SceneError` at `pointer` whose message holds every one of `gist`.
    private func assertDecodingFails(_ decode: () throws -> Void, pointer: String, _ gist: [String],
                                     file: StaticString, line: UInt) {
        do {
            try decode()
            XCTFail("expected an error at \(pointer)", file: file, line: line)
        } catch let e as SceneError {
            XCTAssertEqual(e.pointer, pointer, "\(e)", file: file, line: line)
            for g in gist { XCTAssertTrue(e.message.contains(g), "\"\(e.message)\" lacks \"\(g)\"", file: file, line: line) }
        } catch {
            XCTFail("unexpected error type: \(error)", file: file, line: line)
        }
    }
}
