import Foundation
import LaminaCore
import LaminaImage
import LaminaGL
import LaminaRaster
import LaminaGraph

/// Renders scenes on the CPU reference and on the GPU and compares the two, the check behind
/// `lamina parity` and the corpus test (DESIGN.md, "Parity").
///
/// The runner holds one renderer per backend for all the scenes it checks: EGL start-up and shader
/// compilation cost far more than a corpus scene, so a `GPURenderer` is made once and reused. Like the
/// GPU renderer, a runner is used from one thread at a time.
///
/// Rejected: comparing against stored golden PNGs. The CPU renderer is the reference; a golden image
/// would need re-recording whenever the reference is fixed, and would hide a shared mistake no better.
public final class ParityRunner {
    /// The GPU renderer under test.
    public let gpu: GPURenderer
    /// The CPU reference renderer.
    public let cpu: CPURenderer
    /// Plans each scene once for both renderers.
    public let planner: Planner

    /// A runner over an existing GPU renderer (so tests and tools share one EGL context).
    public init(gpu: GPURenderer, cpu: CPURenderer = CPURenderer(), planner: Planner = Planner()) {
        self.gpu = gpu
        self.cpu = cpu
        self.planner = planner
    }

    /// Starts a GPU renderer on `platform` (or the first that works).
    /// Throws the renderer's `GLError` when EGL cannot start.
    public convenience init(platform: EGLPlatformChoice? = nil) throws {
        self.init(gpu: try GPURenderer(platform: platform))
    }

    /// Decodes, plans and checks the scene file at `url`; its name is the file name without `.json`.
    ///
    /// - Throws: `ParityError.invalidScene` when the decoder refuses the file, `.rendering` or
    ///   `.sizeMismatch` when a backend fails.
    public func check(contentsOf url: URL) throws -> ParityResult {
        let scene: Scene
        do { scene = try SceneDecoder().decode(contentsOf: url) } catch {
            throw ParityError.invalidScene(path: url.path, reason: "\(error)")
        }
        return try check(scene, name: ParityRunner.sceneName(url))
    }

    /// Plans `scene` once and renders the plan on both backends.
    public func check(_ scene: Scene, name: String) throws -> ParityResult {
        let graph = try planner.plan(scene)
        let (cpuImage, cpuSeconds) = try timed("cpu", name) { try cpu.render(graph) }
        let (gpuImage, gpuSeconds) = try timed("gpu", name) { try gpu.render(graph) }
        return try ParityResult(name: name, sceneURL: scene.sourceURL, sceneDescription: scene.sceneDescription,
                                tolerance: scene.tolerance, cpu: cpuImage, gpu: gpuImage,
                                cpuSeconds: cpuSeconds, gpuSeconds: gpuSeconds, scale: scene.scale)
    }

    /// The scene files a path names: the file itself, or every `*.json` directly inside a directory,
    /// sorted by file name (byte order, so the order is the same in every locale).
    ///
    /// - Throws: `ParityError.notFound` for a missing path, `.noScenes` for a directory without scenes.
    public static func sceneFiles(at path: URL) throws -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory) else {
            throw ParityError.notFound(path: path.path)
        }
        guard isDirectory.boolValue else { return [path] }
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: path.path) } catch {
            throw ParityError.notFound(path: path.path)
        }
        let scenes = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            .map { path.appendingPathComponent($0) }
        guard !scenes.isEmpty else { throw ParityError.noScenes(directory: path.path) }
        return scenes
    }

    /// A scene's name: its file name without the `.json` extension.
    public static func sceneName(_ url: URL) -> String {
        let file = url.lastPathComponent
        return file.hasSuffix(".json") ? String(file.dropLast(5)) : file
    }

    private func timed(_ backend: String, _ scene: String, _ body: () throws -> Image) throws -> (Image, Double) {
        let start = monotonicMilliseconds()
        do {
            let image = try body()
            return (image, (monotonicMilliseconds() - start) / 1000)
        } catch {
            throw ParityError.rendering(backend: backend, scene: scene, reason: "\(error)")
        }
    }
}
