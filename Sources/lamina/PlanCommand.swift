import ArgumentParser

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "plan", abstract: "TODO")
    func run() throws { throw ExitCode(2) }
}
