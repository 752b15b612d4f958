import ArgumentParser
import Foundation
import LaminaCore
import LaminaFixtures
import LaminaGeometry

/// The `lamina` command-line tool.
@main
struct Lamina: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lamina",
        abstract: "A headless compositor for Core Animation layer trees.",
        discussion: """
        Exit codes: 0 success; 1 invalid input (a scene, an image or an argument refused, with the place \
        named); 2 a rendering or device failure (EGL, GL, I/O); 3 a comparison over its tolerance (diff, parity, test).
        """,
        version: LaminaVersion.string,
        subcommands: [CheckCommand.self, RenderCommand.self, PlanCommand.self, DiffCommand.self, ParityCommand.self,
                      AnimateCommand.self, DemoCommand.self, BenchCommand.self, ProfileCommand.self, InfoCommand.self,
                      RandomScenesCommand.self, HitCommand.self, TestCommand.self, SchemaCommand.self])

    /// Parses and runs, first answering a mistyped subcommand with the nearest one (ArgumentParser's own
    /// message names no candidate). Argument errors exit 1, as every invalid input does (ArgumentParser's
    /// own code for them is 64).
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        if let first = arguments.first, !first.hasPrefix("-"), !names.contains(first) {
            var message = "error: unknown subcommand \(Echo.quoted(first))"
            if let near = KeySuggestion.nearest(to: first, in: names) { message += "; did you mean \"\(near)\"?" }
            printError(message + " (lamina --help lists the subcommands)")
            Foundation.exit(1)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                printError(fullMessage(for: error))
                Foundation.exit(1)
            }
            exit(withError: error)
        }
    }
}

enum LaminaVersion {
    static let string = "0.1.0"
}
