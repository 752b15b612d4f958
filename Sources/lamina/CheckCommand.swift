import ArgumentParser
import Foundation
import LaminaCore

/// `lamina check SCENE.json`: decodes a scene, validating everything, and prints what it contains.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a scene and summarise it (layers, features, images).",
        discussion: "Exit 0 when the scene is valid; 1, with the place named as a JSON pointer, when it is not.")

    @Argument(help: "The scene file (lamina-scene/1 JSON).")
    var scene: String

    func run() throws {
        let url = URL(fileURLWithPath: scene)
        do {
            let decoded = try SceneDecoder().decode(contentsOf: url)
            print(SceneSummary(scene: decoded).text)
        } catch {
            FileHandle.standardError.write(Data("error: \(scene): \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
