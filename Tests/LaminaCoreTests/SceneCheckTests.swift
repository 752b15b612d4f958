import Foundation
import LaminaTestSupport
import XCTest
@testable import LaminaCore
@testable import LaminaGeometry

/// `SceneDecoder.check`: every error one pass can find, each at its pointer, up to a limit.
final class SceneCheckTests: XCTestCase {
    func write(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-check-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testErrorsInSeveralLayers_areAllReported() throws {
        let url = try write("""
            {"format": "lamina-scene/1", "canvas": {"width": 10, "height": 10}, "layers": [
              {"opacity": 2, "sublayers": [{"conrnerRadius": 3}]}, {"backgroundColor": "nope"}, {"frame": [0, 0, 4, 4]}]}
            """)
        let (scene, errors, unlisted) = SceneDecoder().check(contentsOf: url)
        XCTAssertNil(scene)
        XCTAssertEqual(unlisted, 0)
        XCTAssertEqual(errors.map(\.pointer), ["/layers/0/opacity", "/layers/0/sublayers/0/conrnerRadius",
                                               "/layers/1/backgroundColor"])
    }

    func testLimit_andValidScenes_andSyntaxErrors() throws {
        let many = (0..<30).map { _ in "{\"opacity\": 5}" }.joined(separator: ", ")
        let url = try write("{\"format\": \"lamina-scene/1\", \"canvas\": {\"width\": 10, \"height\": 10}, \"layers\": [\(many)]}")
        XCTAssertEqual(SceneDecoder().check(contentsOf: url, limit: 7).errors.count, 7)
        XCTAssertEqual(SceneDecoder().check(contentsOf: url, limit: 7).unlisted, 23)
        let valid = try write("{\"format\": \"lamina-scene/1\", \"canvas\": {\"width\": 10, \"height\": 10}, \"layers\": [{}]}")
        let (scene, errors, _) = SceneDecoder().check(contentsOf: valid)
        XCTAssertEqual(scene?.root.sublayersValue.count, 1)
        XCTAssertEqual(errors.count, 0)
        let broken = try write("{\"format\": \"lamina-scene/1\",")
        XCTAssertEqual(SceneDecoder().check(contentsOf: broken).errors.count, 1)
    }
}
