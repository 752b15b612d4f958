import ArgumentParser

struct ParityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "parity", abstract: "(being built)")
    func run() throws { throw ExitCode(2) }
}
