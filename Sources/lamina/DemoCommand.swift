import ArgumentParser

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "demo", abstract: "(being built)")
    func run() throws { throw ExitCode(2) }
}
