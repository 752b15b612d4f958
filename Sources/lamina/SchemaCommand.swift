import ArgumentParser
import Foundation
import LaminaCore

/// `lamina schema`: the JSON Schema of lamina-scene/1, made from the decoder's own tables.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of the scene format (lamina-scene/1).",
        discussion: """
        The schema is made from the decoder's own key tables and enumerations, so it follows the decoder. \
        Save it and name it in a scene's "$schema" key for completion and checking in editors; the decoder \
        ignores "$schema". Values the schema cannot express (an image file that exists, a path that parses) \
        are still checked by lamina check.
        """)

    @Option(name: .shortAndLong, help: "Write the schema to this file instead of standard output.")
    var output: String?

    func run() throws {
        let text = SceneSchema.json()
        if let output {
            do { try writeOutput(Data(text.utf8), to: output) } catch {
                printError("error: cannot write \(output): \(error)")
                throw ExitCode(2)
            }
        } else {
            print(text, terminator: "")
        }
    }
}
