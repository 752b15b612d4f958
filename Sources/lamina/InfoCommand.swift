import ArgumentParser

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "info", abstract: "TODO")
    func run() throws { throw ExitCode(2) }
}
