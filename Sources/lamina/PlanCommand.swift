import ArgumentParser
import Foundation
import LaminaCore
import LaminaGraph

/// `lamina plan SCENE.json [--json]`: prints the render graph the planner makes.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Print the render graph of a scene: passes, why each exists, and their draw operations.")

    @Argument(help: "The scene file (lamina-scene/1 JSON).")
    var scene: String

    @Flag(help: "Print the graph as JSON (RenderGraph is Codable) instead of the outline.")
    var json = false

    @OptionGroup var planning: PlanningOptions

    func run() throws {
        let graph = try planScene(try loadScene(scene), path: scene, options: planning)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let data = try renderingStep("encoding the plan") { try encoder.encode(PlanDocument(plan: graph)) }
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(graph.outline)
        }
    }
}

/// `lamina plan --json`: the graph under its format name, so readers can tell the shape's version.
private struct PlanDocument: Encodable {
    let format = RenderGraph.format
    let plan: RenderGraph
}
