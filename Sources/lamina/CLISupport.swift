import ArgumentParser
import Foundation
import LaminaCore
import LaminaGL
import LaminaRaster
import LaminaGraph
import LaminaGeometry
import LaminaImage

/// Which renderer executes the plan.
enum Backend: String, ExpressibleByArgument, CaseIterable {
    case gpu, cpu

    /// Makes the renderer. The GPU backend never falls back to the CPU: if no EGL context can be made,
    /// the error says why and suggests `--backend cpu`.
    func makeRenderer(cpuThreads: Int? = nil) throws -> Renderer {
        switch self {
        case .cpu:
            return CPURenderer(threads: cpuThreads ?? ProcessInfo.processInfo.activeProcessorCount,
                               options: LaminaEnvironment.current)
        case .gpu: return try LaminaEnvironment.gpuRenderer()
        }
    }
}

/// `--cpu-threads N`: the CPU renderer's worker threads (default: one per core), bounded.
struct CPUThreadsOption: ParsableArguments {
    /// More threads than this is refused (each thread keeps its own scratch rows).
    static let maximum = 256

    @Option(help: ArgumentHelp("Worker threads of the CPU renderer (default: all cores; 1 to \(CPUThreadsOption.maximum)). The bytes do not depend on it.",
                               valueName: "N"))
    var cpuThreads: Int?

    func validate() throws {
        if let t = cpuThreads, !(1...CPUThreadsOption.maximum).contains(t) {
            throw ValidationError("--cpu-threads must be from 1 to \(CPUThreadsOption.maximum), found \(t)")
        }
    }
}

/// Writes a message to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message.hasSuffix("\n") ? message : message + "\n").utf8))
}

/// Decodes a scene file, or prints every refusal (one line each, naming the file and place) and exits 1.
func loadScene(_ path: String) throws -> Scene {
    do {
        return try SceneDecoder().decode(contentsOf: URL(fileURLWithPath: path))
    } catch let e as SceneError {
        for line in sceneErrorLines(e, path: path) { printError(line) }
        throw ExitCode(1)
    } catch {
        printError("error: \(path): \(error)")
        throw ExitCode(1)
    }
}

/// A refused scene's lines: `error: PATH: place: message` for each refusal, in document order, then how many
/// more were found past the bound (`lamina check --limit` lists more).
func sceneErrorLines(_ error: SceneError, path: String, more: String = "lamina check --limit N lists more") -> [String] {
    var lines = error.lines(prefix: "error: \(path): ")
    if error.unlistedNote != nil, let last = lines.popLast() { lines.append("\(last); \(more)") }
    return lines
}

/// The options every command that plans a scene takes: the budget, and whether what is not drawn is an error.
struct PlanningOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Memory the frame's render targets and images may take (bytes, or with K, M or G); a scene over it is refused, exit 1, naming the layer.",
                               valueName: "SIZE"))
    var maxMemory: ByteCount = ByteCount(ResourceLimits.default.maxMemoryBytes)

    @Flag(help: "Refuse (exit 1) a scene that draws differently from what it asks (a font family not installed), instead of warning.")
    var strict = false

    @Option(help: ArgumentHelp("The moment of the scene's animations to draw, in seconds of scene time (0: when they were added); default: the scene's own \"time\", else 0.",
                               valueName: "seconds"))
    var time: Double?

    /// A planner with these options and the environment's switches.
    var planner: Planner {
        var p = Planner(options: LaminaEnvironment.current, limits: resourceLimits)
        p.time = time
        return p
    }

    func validate() throws {
        if let time, !time.isFinite || abs(time) > 1e9 {
            throw ValidationError("--time must be a finite number of seconds within ±1e9, found \(time)")
        }
    }

    var resourceLimits: ResourceLimits {
        var limits = ResourceLimits.default
        limits.maxMemoryBytes = maxMemory.bytes
        return limits
    }
}

/// A size in bytes as the command line writes it: `2G`, `512M`, `64K` or a plain number (powers of 1024).
struct ByteCount: ExpressibleByArgument {
    let bytes: Int

    init(_ bytes: Int) { self.bytes = bytes }

    init?(argument: String) {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var text = argument.uppercased()
        if text.hasSuffix("B") { text.removeLast() }
        var factor = 1
        if let last = text.last, let f = units[last] { factor = f; text.removeLast() }
        guard let value = Double(text), value.isFinite, value > 0, value * Double(factor) < 1e15 else { return nil }
        bytes = Int(value * Double(factor))
    }

    var defaultValueDescription: String { "\(bytes >> 30)G" }
}

/// Prints one warning per kind of departure from `scene` (SceneWarning: a font not installed); with `strict`,
/// exits 1 after them.
func warnScene(_ scene: Scene, path: String, strict: Bool) throws {
    let features = SceneWarning.find(in: scene)
    for f in features { printError("\(strict ? "error" : "warning"): \(path): \(f)") }
    if strict, !features.isEmpty { throw ExitCode(1) }
}

/// Plans `scene` (read from `path`), or prints the refusal naming the file and the layer and exits 1: a scene
/// over the budget is invalid input, refused before any renderer allocates. Warns first of what is not drawn.
func planScene(_ scene: Scene, path: String, options: PlanningOptions) throws -> RenderGraph {
    try warnScene(scene, path: path, strict: options.strict)
    do {
        return try options.planner.plan(scene)
    } catch {
        printError("error: \(path): \(error)")
        throw ExitCode(1)
    }
}

/// Writes an output file the command line named: `-` is standard output; any other path goes through
/// `AtomicFile` (regular files replaced atomically, links followed, devices and pipes written in place,
/// directories refused).
func writeOutput(_ data: Data, to path: String) throws {
    if path == "-" {
        FileHandle.standardOutput.write(data)
    } else {
        try AtomicFile.write(data, to: URL(fileURLWithPath: path))
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

/// Refuses an output name that is not a PNG's: `-` (standard output), an existing device or pipe, or a name
/// ending in `.png` (any case) pass; `out.jpg` is refused with a hint, since Lamina writes PNG only.
func checkPNGOutputName(_ path: String) throws {
    if path == "-" || path.lowercased().hasSuffix(".png") { return }
    if let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType,
       type == .typeCharacterSpecial || type == .typeBlockSpecial || type == .typeSocket || type == .typeUnknown {
        return
    }
    let ext = (path as NSString).pathExtension
    let hint = ext.isEmpty ? "add .png" : "Lamina writes PNG only; name it \((path as NSString).deletingPathExtension).png"
    throw ValidationError("the output \(Echo.quoted(path)) is not a .png name (\(hint), or - for standard output)")
}

extension PNG.Compression: ExpressibleByArgument {}
