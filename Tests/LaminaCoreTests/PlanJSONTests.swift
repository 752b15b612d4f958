import Foundation
import LaminaTestSupport
import XCTest
@testable import LaminaCore
@testable import LaminaGeometry
import LaminaGraph

/// `lamina plan --json`'s shape ("lamina-plan/3"): every kind of pass, shape and paint under its case name,
/// with named fields and no positional `_0` keys, and decoding gives back the same graph.
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
        for name in ["\"draw\"", "\"blur\"", "\"roundedRect\"", "\"ring\"", "\"solid\"", "\"gradient\"", "\"path\"",
                     "\"texture\"", "\"pass\""] {
            XCTAssertTrue(text.contains(name), "no \(name) in \(text.prefix(300))")
        }
        let decoded = try JSONDecoder().decode(RenderGraph.self, from: data)
        XCTAssertEqual(try encoder.encode(decoded), data, "decoding and encoding again changes the plan")
        XCTAssertEqual(RenderGraph.format, "lamina-plan/3")
    }
}

/// Plans of versions 1 and 2 named shape and paint together in an op's `kind`; they still decode, to the pair.
final class LegacyPlanJSONTests: XCTestCase {
    private func op(_ kind: String) throws -> DrawOp {
        let json = """
            {"kind": \(kind), "transform": \(try text(Transform3D.identity)), "clips": [],
             "bounds": {"x0": 0, "y0": 0, "x1": 4, "y1": 4}, "edgeAA": 15}
            """
        return try JSONDecoder().decode(DrawOp.self, from: Data(json.utf8))
    }

    private func text<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    func testEveryVersion2Kind_decodesToItsShapeAndPaint() throws {
        let shape = RoundedRect(rect: CGRect(x: 0, y: 0, width: 4, height: 4), minXMinY: 1)
        let r = try text(shape), red = try text(PremultipliedColor(r: 1, g: 0, b: 0, a: 1))
        let blue = try text(PremultipliedColor(r: 0, g: 0, b: 0.5, a: 0.5))
        guard case .roundedRect(shape) = try op(#"{"fill": {"shape": \#(r), "color": \#(red)}}"#).shape else {
            return XCTFail("a fill is a rounded rect")
        }
        let border = try op(#"{"border": {"shape": \#(r), "width": 2, "color": \#(red)}}"#)
        guard case .ring(shape, 2) = border.shape, case .solid(let c) = border.paint, c.r == 1 else {
            return XCTFail("a border is a ring painted solid")
        }
        // A bordered fill (versions 1 and 2), and version 3's framed shape and paint, are the fill and the
        // ring over it: two operations of the pass, which a single operation refuses.
        let place = #""transform": \#(try text(Transform3D.identity)), "clips": [], "bounds": {"x0": 0, "y0": 0, "x1": 4, "y1": 4}, "edgeAA": 15"#
        let legacy = #"{"kind": {"borderedFill": {"shape": \#(r), "width": 1, "fill": \#(red), "border": \#(blue)}}, \#(place)}"#
        let version3 = #"{"shape": {"framed": {"shape": \#(r), "width": 1}}, "paint": {"framed": {"fill": \#(red), "border": \#(blue)}}, \#(place)}"#
        for entry in [legacy, version3] {
            let content = try JSONDecoder().decode(PassContent.self, from: Data(#"{"draw": [\#(entry)]}"#.utf8))
            guard case .draw(let ops) = content, ops.count == 2, case .roundedRect(shape) = ops[0].shape,
                  case .solid(let f) = ops[0].paint, f.r == 1, case .ring(shape, 1) = ops[1].shape,
                  case .solid(let b) = ops[1].paint, b.b == 0.5 else {
                return XCTFail("a bordered fill is a fill and a ring: \(content)")
            }
            XCTAssertThrowsError(try JSONDecoder().decode(DrawOp.self, from: Data(entry.utf8)))
        }
        let texture = try op(#"""
            {"texture": {"source": \#(try text(TextureDraw.Source.pass(PassID(3)))), "destination": \#(try text(CGRect(x: 1, y: 2, width: 3, height: 4))),
             "sourceRect": \#(try text(CGRect(x: 0, y: 0, width: 1, height: 1))), "minFilter": "linear",
             "magFilter": "nearest", "lodBias": 0, "opacity": 0.5}}
            """#)
        guard case .roundedRect(let dest) = texture.shape, dest.rect == CGRect(x: 1, y: 2, width: 3, height: 4),
              case .texture(let t) = texture.paint, t.source == .pass(PassID(3)), t.opacity == 0.5 else {
            return XCTFail("a texture is its destination rect painted with the texture")
        }
        let path = try op(#"{"path": {"polylines": [], "rule": "evenOdd", "color": \#(blue), "antialiased": false}}"#)
        guard case .path(let p) = path.shape, p.rule == .evenOdd, !p.antialiased, case .solid(let pc) = path.paint,
              pc.b == 0.5 else {
            return XCTFail("a path is a path shape painted solid")
        }
        XCTAssertThrowsError(try op(#"{"border": {"shape": \#(r), "color": \#(red)}}"#), "a border without its width")
    }
}
