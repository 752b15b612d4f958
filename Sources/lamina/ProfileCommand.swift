import ArgumentParser

struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "profile", abstract: "(being built)")
    func run() throws { throw ExitCode(2) }
}
