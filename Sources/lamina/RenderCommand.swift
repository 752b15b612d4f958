import ArgumentParser
import Foundation
import LaminaCore
import LaminaImage
import LaminaGraph

/// `lamina render SCENE.json -o OUT.png [--backend gpu|cpu]`.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene to a PNG (straight alpha, sRGB, 8 bits per channel).",
        discussion: """
        The GPU backend (headless EGL + OpenGL ES 3) is the default; `--backend cpu` selects the CPU \
        reference renderer. Nothing falls back silently: if EGL cannot start, the error says why. \
        The output file is written atomically; a failure never leaves a partial file. \
        Exit codes: 0 written; 1 invalid scene; 2 rendering or I/O failure.
        """)

    @Argument(help: "The scene file (lamina-scene/1 JSON).")
    var scene: String

    @Option(name: .shortAndLong, help: "The PNG file to write; - for standard output.")
    var output: String

    @Option(help: "Renderer: gpu (default) or cpu.")
    var backend: Backend = .gpu

    @OptionGroup var planning: PlanningOptions

    @OptionGroup var threads: CPUThreadsOption

    @Option(help: ArgumentHelp("fast (default: zlib level 3, no row filters, quick to write) or small (libpng's defaults: the smallest file, several times slower); the pixels are the same.",
                               valueName: "fast|small"))
    var pngCompression: PNG.Compression = .fast

    func validate() throws {
        try checkPNGOutputName(output)
    }

    func run() throws {
        let decoded = try loadScene(scene)
        let graph = try planScene(decoded, path: scene, options: planning)
        let image = try renderingStep("\(backend) backend") {
            try backend.makeRenderer(cpuThreads: threads.cpuThreads).render(graph)
        }
        try renderingStep("writing \(output)") {
            try writeOutput(try PNG.encode(image, compression: pngCompression), to: output)
        }
    }
}
