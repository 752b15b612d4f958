import Foundation
import LaminaTestSupport
import XCTest
@testable import LaminaCore
@testable import LaminaGeometry

/// `lamina plan --json`'s shape ("lamina-plan/2"): every kind of pass and draw under its case name, with
/// named fields and no positional `_0` keys, and decoding gives back the same graph.
final class PlanJSONTests: XCTestCase {
    func testEveryKind_isNamed_andRoundTrips() throws {
        let scene = try SceneFixture.decode(SceneFixture.document(layers: """
            [{"frame": [10, 10, 60, 40], "backgroundColor": "white", "cornerRadius": 6, "borderWidth": 2,
              "shadowOpacity": 0.5, "shadowRadius": 3, "shadowPath": "M0 0 L60 0 L30 40 Z"},
             {"type": "gradient", "frame": [80, 10, 50, 40], "colors": ["red", "blue"], "borderWidth": 1},
             {"type": "shape", "frame": [140, 10, 50, 40], "path": "M0 0 L50 40", "strokeColor": "black"},
             {"frame": [10, 60, 40, 30], "backgroundColor": "blue", "opacity": 0.5,
              "sublayers": [{"frame": [5, 5, 20, 20], "backgroundColor": "red"}, {"frame": [10, 10, 20, 20], "backgroundColor": "green"}]}]
            """))
        let graph = try Planner().plan(scene)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(graph)
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertFalse(text.contains("\"_0\""), "positional keys in the plan's JSON")
        for name in ["\"draw\"", "\"blur\"", "\"fill\"", "\"border\"", "\"gradient\"", "\"path\"", "\"texture\"", "\"pass\""] {
            XCTAssertTrue(text.contains(name), "no \(name) in \(text.prefix(300))")
        }
        let decoded = try JSONDecoder().decode(RenderGraph.self, from: data)
        XCTAssertEqual(try encoder.encode(decoded), data, "decoding and encoding again changes the plan")
        XCTAssertEqual(RenderGraph.format, "lamina-plan/2")
    }
}
