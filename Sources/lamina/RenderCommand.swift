import ArgumentParser

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render", abstract: "TODO")
    func run() throws { throw ExitCode(2) }
}
