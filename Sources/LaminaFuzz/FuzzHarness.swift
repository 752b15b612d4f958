import Foundation
import LaminaCore
import LaminaGL
import LaminaImage
import LaminaRaster
import LaminaGraph

/// Runs one input through the whole pipeline: `SceneDecoder` -> `Planner` -> `CPURenderer` (and
/// `GPURenderer` when asked), with limits lowered so that each input takes milliseconds, not seconds.
///
/// Its settings come from the command line (`FuzzSettings`).
final class FuzzHarness {
    /// The process's harness, built on first use from the process's settings.
    static let shared = FuzzHarness(FuzzSettings.process)

    let decoder: SceneDecoder
    let planner: Planner
    let renderPixelLimit: Int
    let drawnPixelLimit: Int
    /// One thread: the coverage libFuzzer sees then does not depend on how bands were scheduled, so a fixed
    /// -seed replays the same run (CI's smoke relies on it).
    let cpu = CPURenderer(threads: 1)
    private let wantsGPU: Bool
    private var gpu: GPURenderer?
    private var gpuUnavailable = false

    init(_ settings: FuzzSettings) {
        decoder = SceneDecoder(baseURL: settings.base)
        let budgetMB = settings.budgetMB
        // Draws and instances bounded too, so a rendered input takes well under the fuzzer's timeout.
        planner = Planner(limits: ResourceLimits(maxMemoryBytes: budgetMB << 20, maxPassSide: 4096,
                                                 maxPathSegments: 200_000, maxReplicatedOperations: 4_096,
                                                 maxDrawnPixels: 1 << 26))
        renderPixelLimit = settings.renderPixels
        drawnPixelLimit = settings.drawnPixels
        wantsGPU = settings.gpu
    }

    /// Decodes, plans and (when small enough) renders `data`. Errors thrown by the pipeline are outcomes;
    /// a rendered image whose size is not the graph's is a broken contract and traps, so the fuzzer sees it.
    func run(_ data: Data) -> FuzzOutcome {
        let scene: Scene
        do { scene = try decoder.decode(data) } catch { return .sceneRefused("\(error)") }
        let graph: RenderGraph
        do { graph = try planner.plan(scene) } catch { return .planRefused("\(error)") }
        let (pixels, drawn) = FuzzHarness.cost(of: graph)
        guard pixels <= renderPixelLimit, drawn <= drawnPixelLimit else {
            return .planned(passes: graph.passes.count, pixels: pixels, drawn: drawn)
        }
        var backends = ["cpu"]
        do {
            let image = try cpu.render(graph)
            FuzzHarness.check(image, against: graph, backend: "CPURenderer")
            if let gpu = gpuRenderer() {
                let gpuImage = try gpu.render(graph)
                FuzzHarness.check(gpuImage, against: graph, backend: "GPURenderer")
                backends.append("gpu")
            }
        } catch {
            return .renderFailed("\(error)")
        }
        return .rendered(passes: graph.passes.count, pixels: pixels, drawn: drawn,
                         backends: backends.joined(separator: "+"))
    }

    /// What rendering the graph costs: `pixels`, of every pass and every image (memory, clears, blurs,
    /// mip chains), and `drawn`, the pixel bounds of every draw operation summed (overdraw: per-pixel shading).
    static func cost(of graph: RenderGraph) -> (pixels: Int, drawn: Int) {
        let passes = graph.passes.reduce(0) { $0 + $1.width * $1.height }
        let images = graph.images.reduce(0) { $0 + ($1.bitmap.map { $0.width * $0.height } ?? 0) }
        let drawn = graph.passes.reduce(0) { sum, pass in
            guard case .draw(let ops) = pass.content else { return sum }
            return ops.reduce(sum) { $0 + $1.bounds.area }
        }
        return (passes + images, drawn)
    }

    /// Traps when a renderer returned an image of another size than the graph's canvas.
    static func check(_ image: Image, against graph: RenderGraph, backend: String) {
        guard image.width == graph.width, image.height == graph.height,
              image.pixels.count == image.width * image.height * 4 else {
            fatalError("\(backend) returned \(image.width)x\(image.height) (\(image.pixels.count) bytes) for a \(graph.width)x\(graph.height) graph")
        }
    }

    /// The process's one GPU renderer when `-lamina_gpu=1`, created on first use; nil (said once) if
    /// EGL cannot start.
    private func gpuRenderer() -> GPURenderer? {
        guard wantsGPU, !gpuUnavailable else { return nil }
        if let gpu { return gpu }
        do {
            gpu = try GPURenderer()
        } catch {
            gpuUnavailable = true
            FileHandle.standardError.write(Data("lamina-fuzz: no GPU renderer (\(error)); CPU only\n".utf8))
        }
        return gpu
    }
}
