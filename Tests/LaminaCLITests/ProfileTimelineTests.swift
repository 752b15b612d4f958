import ArgumentParser
import Foundation
import LaminaKit
import XCTest
@testable import lamina

/// `lamina profile --timeline`: one renderer over the frames, each frame's costs, and the rasterized layers'
/// cache record with the cause of each miss.
final class ProfileTimelineTests: XCTestCase {
    func testSpanAndTimes() {
        XCTAssertNil(ProfileCommand.span("2:1"))
        XCTAssertNil(ProfileCommand.span("0-2"))
        XCTAssertNil(ProfileCommand.span("nan:1"))
        XCTAssertEqual(ProfileTimeline.times(from: 0, to: 2, fps: 60).count, 121)
        XCTAssertEqual(ProfileTimeline.times(from: 0.5, to: 0.5, fps: 30), [0.5])
        XCTAssertThrowsError(try ProfileCommand.parse(["s.json", "--timeline", "0:1000", "--fps", "60"]))
        XCTAssertThrowsError(try ProfileCommand.parse(["s.json", "--timeline", "0:1", "-o", "x.png"]))
    }

    /// A moving rasterized layer hits from the second frame on; one whose sublayer animates misses each
    /// frame, for that reason.
    func testCacheRecord_namesHitsAndTheCauseOfMisses() throws {
        let scene = try SceneDecoder().decode(Data(#"""
            {"format": "lamina-scene/1", "canvas": {"width": 120, "height": 60}, "layers": [
             {"name": "still", "frame": [0, 0, 50, 50], "shouldRasterize": true, "backgroundColor": "blue",
              "shadowOpacity": 0.4, "animations": [{"keyPath": "position.y", "byValue": 10, "duration": 1}]},
             {"name": "busy", "frame": [60, 0, 50, 50], "shouldRasterize": true, "sublayers": [
              {"frame": [5, 5, 20, 20], "backgroundColor": "red",
               "animations": [{"keyPath": "opacity", "fromValue": 1, "toValue": 0, "duration": 1}]}]}]}
            """#.utf8))
        var profile = ProfileTimeline(fps: 30)
        let renderer = try Backend.cpu.makeRenderer()
        for t in ProfileTimeline.times(from: 0, to: 0.1, fps: 30) {
            _ = try profile.run(scene, at: t, planner: Planner(), renderer: renderer)
        }
        XCTAssertEqual(profile.frames.map(\.reused), [0, 1, 1, 1])
        let summary = profile.summary
        XCTAssertTrue(summary.contains("still (rasterization): 3 hits, 1 misses: 1 first drawn"), summary)
        XCTAssertTrue(summary.contains("busy (rasterization): 0 hits, 4 misses: 1 first drawn, 3 redrawn because the subtree changed"), summary)
        XCTAssertTrue(profile.table.contains("0/2"), profile.table)
    }

    /// `--overlay hits-misses`: the composite of a kept pass the renderer holds is tinted green, one it draws
    /// again red, and nothing else is tinted (a shadow's keyed blur is not a layer's bitmap).
    func testHitsMissesOverlay_tintsReusedGreenAndRedrawnRed() throws {
        let scene = try SceneDecoder().decode(Data(#"""
            {"format": "lamina-scene/1", "canvas": {"width": 120, "height": 60}, "layers": [
             {"frame": [0, 0, 50, 50], "shouldRasterize": true, "backgroundColor": "blue"},
             {"frame": [60, 0, 50, 50], "shouldRasterize": true, "backgroundColor": "red"},
             {"frame": [0, 52, 100, 6], "backgroundColor": "black", "shadowOpacity": 0.5, "shadowRadius": 2}]}
            """#.utf8))
        let graph = try Planner().plan(scene)
        let kept = graph.passes.filter { $0.reason == .rasterization }.map(\.id)
        XCTAssertEqual(kept.count, 2)
        XCTAssertTrue(graph.passes.contains { $0.reason == .shadowBlur && $0.retainKey != nil }, "the bar's shadow is keyed")
        let tinted = ProfileOverlay.hitsMisses.apply(to: graph, reused: [kept[0]])
        guard case .draw(let ops)? = tinted.passes.last?.content else { return XCTFail("a canvas") }
        let tints = ops.compactMap { op -> PremultipliedColor? in if case .solid(let c) = op.paint, c.a < 1 { return c }; return nil }
        XCTAssertEqual(tints, [ProfileOverlay.green, ProfileOverlay.red])
    }

    /// The pass table of `lamina profile` marks a blur the renderer kept, and the shape pass only it reads, instead
    /// of timing them at zero; with nothing kept there is no mark and no note.
    func testPassTable_marksKeptAndSkippedPasses() throws {
        let scene = try SceneDecoder().decode(Data(#"""
            {"format": "lamina-scene/1", "canvas": {"width": 120, "height": 60}, "layers": [
             {"frame": [10, 10, 40, 30], "backgroundColor": "blue", "cornerRadius": 6, "shadowOpacity": 0.5,
              "shadowRadius": 4}]}
            """#.utf8))
        let graph = try Planner().plan(scene)
        var stats = graph.passes.map(ProfilePassStats.init)
        XCTAssertFalse(ProfilePassStats.table(stats, canvasArea: 7200).contains("kept"))
        let renderer = try Backend.cpu.makeRenderer()
        for _ in 0..<2 { _ = try renderer.render(graph) }
        ProfilePassStats.markHeld(&stats, graph: graph, by: renderer)
        let table = ProfilePassStats.table(stats, canvasArea: 7200)
        XCTAssertEqual(stats.filter(\.kept).map(\.reason), [.shadowBlur], table)
        XCTAssertEqual(stats.filter(\.skipped).map(\.reason), [.shadowShape], table)
        let rows = table.split(separator: "\n")
        XCTAssertTrue(rows.contains { $0.contains("shadowBlur") && $0.hasSuffix("kept") }, table)
        XCTAssertTrue(rows.contains { $0.contains("shadowShape") && $0.hasSuffix("skipped") }, table)
        XCTAssertTrue(table.contains("skipped: read only by kept passes"), table)
    }
}
