import ArgumentParser
import Foundation
import LaminaCore
import LaminaGL
import LaminaRaster

/// Which renderer executes the plan.
enum Backend: String, ExpressibleByArgument, CaseIterable {
    case gpu, cpu

    /// Makes the renderer. The GPU backend never falls back to the CPU: if no EGL context can be made,
    /// the error says why and suggests `--backend cpu`.
    func makeRenderer() throws -> Renderer {
        switch self {
        case .cpu: return CPURenderer()
        case .gpu: return try GPURenderer()
        }
    }
}

/// Writes a message to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message.hasSuffix("\n") ? message : message + "\n").utf8))
}

/// Decodes a scene file, or prints the error naming the file and place and exits 1.
func loadScene(_ path: String) throws -> Scene {
    do {
        return try SceneDecoder().decode(contentsOf: URL(fileURLWithPath: path))
    } catch {
        printError("error: \(path): \(error)")
        throw ExitCode(1)
    }
}

/// Runs `body`, mapping a rendering or device failure to exit code 2 with the message on stderr.
func renderingStep<T>(_ what: String, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let exit as ExitCode {
        throw exit
    } catch {
        printError("error: \(what): \(error)")
        throw ExitCode(2)
    }
}
