import ArgumentParser
import Foundation

/// The `lamina` command-line tool.
@main
struct Lamina: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lamina",
        abstract: "A headless compositor for Core Animation layer trees.",
        discussion: """
        Exit codes: 0 success; 1 invalid input (a scene, an image or an argument refused, with the place \
        named); 2 a rendering or device failure (EGL, GL, I/O); 3 a comparison over its tolerance (diff, parity).
        """,
        version: LaminaVersion.string,
        subcommands: [CheckCommand.self, RenderCommand.self, PlanCommand.self, DiffCommand.self, ParityCommand.self,
                      DemoCommand.self, BenchCommand.self, ProfileCommand.self, InfoCommand.self,
                      RandomScenesCommand.self, HitCommand.self, TestCommand.self])
}

enum LaminaVersion {
    static let string = "0.1.0"
}
