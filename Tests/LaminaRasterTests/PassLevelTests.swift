import Foundation
import LaminaCore
import LaminaGraph
import LaminaTestSupport
import XCTest
@testable import LaminaRaster

/// Passes run by levels (`RenderGraph.levels(running:)`): every pass after all it reads, independent
/// passes side by side, and the same bytes whether a level's passes run at once or one by one.
final class PassLevelTests: XCTestCase {
    private let json = """
        {"format": "lamina-scene/1", "canvas": {"width": 240, "height": 160, "scale": 1, "background": "white"},
         "layers": [
          {"frame": [10, 10, 100, 80], "opacity": 0.5, "sublayers": [
            {"frame": [5, 5, 60, 40], "backgroundColor": "red", "cornerRadius": 6},
            {"frame": [20, 20, 60, 40], "opacity": 0.6, "sublayers": [
              {"frame": [0, 0, 50, 30], "backgroundColor": "blue"}, {"frame": [10, 10, 30, 30], "backgroundColor": "green"}]}]},
          {"frame": [120, 30, 100, 90], "opacity": 0.7, "shadowOpacity": 0.5, "shadowRadius": 3, "sublayers": [
            {"frame": [0, 0, 70, 60], "backgroundColor": "orange"}, {"frame": [30, 30, 60, 50], "backgroundColor": "purple"}]}]}
        """

    func testEveryPassComesAfterWhatItReads_andIndependentPassesShareALevel() throws {
        let graph = try Planner().plan(try SceneDecoder().decode(Data(json.utf8)))
        let running = Set(graph.passes.map(\.id))
        let levels = graph.levels(running: running)
        var levelOf: [PassID: Int] = [:]
        for (l, level) in levels.enumerated() { for i in level { levelOf[graph.passes[i].id] = l } }
        XCTAssertEqual(levelOf.count, graph.passes.count, "every pass runs once")
        for pass in graph.passes {
            for input in pass.reads {
                XCTAssertLessThan(try XCTUnwrap(levelOf[input]), try XCTUnwrap(levelOf[pass.id]), "\(pass.id) reads \(input)")
            }
        }
        XCTAssertEqual(levelOf[try XCTUnwrap(graph.passes.last).id], levels.count - 1, "the canvas is last")
        XCTAssertTrue(levels.contains { $0.count > 1 }, "the two groups' passes share a level")
    }

    func testObserverHearsOfEveryPassOnce_afterThePassesItReads() throws {
        let graph = try Planner().plan(try SceneDecoder().decode(Data(json.utf8)))
        var order: [PassID] = []
        _ = try CPURenderer(threads: 2).render(graph) { id, ms in
            XCTAssertGreaterThanOrEqual(ms, 0)
            order.append(id)
        }
        XCTAssertEqual(order.count, graph.passes.count)
        XCTAssertEqual(Set(order), Set(graph.passes.map(\.id)))
        for pass in graph.passes {
            let at = try XCTUnwrap(order.firstIndex(of: pass.id))
            for input in pass.reads {
                XCTAssertLessThan(try XCTUnwrap(order.firstIndex(of: input)), at, "\(pass.id) reported before \(input)")
            }
        }
    }

    func testConcurrentLevelsDrawTheBytesOfOnePassAtATime() throws {
        let graph = try Planner().plan(try SceneDecoder().decode(Data(json.utf8)))
        let alone = try CPURenderer(threads: 1).render(graph)
        for threads in [2, 5] {
            let image = try CPURenderer(threads: threads).render(graph)
            XCTAssertEqual(image.pixels, alone.pixels, "\(threads) threads")
        }
    }

    /// A level with passes over `CPURenderer.splitPixels` (run one after another on every worker) and
    /// smaller ones (run at once): the bytes of one thread, whatever the thread count.
    func testALevelOfLargeAndSmallPassesDrawsTheBytesOfOneThread() throws {
        let large = """
            {"frame": [10, 10, 640, 520], "opacity": 0.5, "sublayers": [
              {"frame": [5, 5, 560, 460], "backgroundColor": "red", "cornerRadius": 16},
              {"frame": [100, 60, 530, 450], "backgroundColor": "blue", "cornerRadius": 30}]}
            """
        let small = """
            {"frame": [660, 40, 100, 90], "opacity": 0.7, "sublayers": [
              {"frame": [0, 0, 70, 60], "backgroundColor": "orange"}, {"frame": [30, 30, 60, 50], "backgroundColor": "purple"}]}
            """
        let scene = """
            {"format": "lamina-scene/1", "canvas": {"width": 800, "height": 600, "scale": 1, "background": "white"},
             "layers": [\(large), \(small), \(small.replacingOccurrences(of: "[660, 40", with: "[660, 300"))]}
            """
        let graph = try Planner().plan(try SceneDecoder().decode(Data(scene.utf8)))
        let running = Set(graph.passes.map(\.id))
        let mixed = graph.levels(running: running).contains { level in
            let sizes = level.map { graph.passes[$0].width * graph.passes[$0].height }
            return sizes.contains { $0 >= CPURenderer.splitPixels } && sizes.contains { $0 < CPURenderer.splitPixels }
        }
        XCTAssertTrue(mixed, "a level holds a large pass and a small one")
        let alone = try CPURenderer(threads: 1).render(graph)
        for threads in [2, 3, 7] {
            XCTAssertEqual(try CPURenderer(threads: threads).render(graph).pixels, alone.pixels, "\(threads) threads")
        }
    }
}
