import ArgumentParser
import Foundation
import LaminaCore
import LaminaFixtures
import LaminaImage

/// `lamina random-scenes`: writes app-like random scenes (`RandomScene`) for the parity fuzzer:
/// `lamina random-scenes --count 30 --seed 1 -o random && lamina parity random`.
struct RandomScenesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "random-scenes",
        abstract: "Write random app-like scenes (cards, shadows, masks, gradients, replicators, shapes, text) for lamina parity.",
        discussion: """
        The same seed writes the same files, random-<seed>-<index>.json. Shadows keep their blur within \
        --max-shadow-sigma pixels (4: the GPU's exact blur range; above it, shadows of layers under perspective can still differ by up to 11).
        """)

    @Option(help: "How many scenes (1 to 10000).")
    var count: Int = 30

    @Option(help: "The seed of the sequence.")
    var seed: UInt64 = 1

    @Option(help: "Largest shadow blur sigma in pixels.")
    var maxShadowSigma: Double = RandomScene.defaultMaxShadowSigma

    @Option(name: .shortAndLong, help: ArgumentHelp("The directory to write into (made if missing).", valueName: "DIR"))
    var output: String

    func validate() throws {
        guard (1...10_000).contains(count) else { throw ValidationError("--count must be in 1...10000") }
        guard RandomScene.shadowSigmaRange.contains(maxShadowSigma) else { throw ValidationError("--max-shadow-sigma must be in 0...1000") }
    }

    func run() throws {
        let dir = URL(fileURLWithPath: output)
        let generator = RandomScene(maxShadowSigma: maxShadowSigma)
        try renderingStep("writing \(output)") {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            for i in 0..<count {
                let file = dir.appendingPathComponent("random-\(seed)-\(i).json")
                try AtomicFile.write(Data(generator.json(seed: seed, index: i).utf8), to: file)
            }
        }
        print("wrote \(count) scenes to \(dir.path)")
    }
}
