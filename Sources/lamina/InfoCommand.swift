import ArgumentParser
import Foundation
import LaminaGL

/// `lamina info`: the version, and what the GPU renderer runs on (EGL platform, vendor and version, GL
/// renderer and version, GLSL version, the extensions Lamina uses). Exits 2 when EGL cannot start.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Print the Lamina version and the GPU (EGL / OpenGL ES) the renderer would use.",
        discussion: "LAMINA_EGL_PLATFORM=device|surfaceless|gbm forces an EGL platform.")

    @Option(name: .customLong("egl-platform"), help: "Force an EGL platform: device, surfaceless or gbm.")
    var platform: String?

    func run() throws {
        print("Lamina \(LaminaVersion.string)")
        do {
            var choice = try LaminaEnvironment.platform()
            if let p = platform {
                guard let c = EGLPlatformChoice(rawValue: p.lowercased()) else {
                    throw ValidationError("--egl-platform must be device, surfaceless or gbm, not '\(p)'")
                }
                choice = c
            }
            let renderer = try GPURenderer(platform: choice, options: LaminaEnvironment.current)
            print(renderer.info)
            let chosen = LaminaEnvironment.current.pathCoverage == nil ? " (the default; LAMINA_GL_PATH_COVERAGE overrides)" : ""
            print("path coverage: \(renderer.pathCoverage.rawValue)\(chosen)")
            print("quads: " + (renderer.instancedQuads
                ? "one instance each (a GPU; LAMINA_GL_INSTANCED)" : "four vertices each (a software rasterizer)"))
            print("canvas: " + (renderer.drawsRegions
                ? "cleared and read back where its layers lie when they leave most of it (a software rasterizer; LAMINA_GL_DRAWN_REGIONS)"
                : "cleared and read back whole"))
        } catch let error as GLError {
            FileHandle.standardError.write(Data("lamina: GPU unavailable: \(error)\n".utf8))
            throw ExitCode(2)
        }
    }
}
