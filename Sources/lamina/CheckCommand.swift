import ArgumentParser

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "TODO")
    func run() throws { throw ExitCode(2) }
}
