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

    @Flag(help: "Refuse (exit 1) a scene that draws differently from what it asks (a font family not installed), instead of warning.")
    var strict = false

    func run() throws {
        let decoded = try loadScene(scene)
        print(SceneSummary(scene: decoded).text)
        try warnScene(decoded, path: scene, strict: strict)
    }
}
