import ArgumentParser
import Foundation
import LaminaCore
import LaminaFixtures
import LaminaGL
import LaminaRaster
import LaminaGraph
import LaminaImage

/// `lamina demo [-o DIR] [--backend both|gpu|cpu]`: renders the built-in gallery (`LaminaFixtures.Gallery`)
/// into DIR as PNGs and an index.html that sets GPU, CPU, difference and code side by side.
///
/// The command only drives: the figures, their code and their listing text live in LaminaFixtures' Gallery,
/// the page in `Demo/DemoPage.swift`. Every file is written atomically (`PNG.write`, `AtomicFile.write`).
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Render the built-in gallery of Core Animation figures into an HTML page.",
        discussion: """
        With no arguments, renders chapter 4 ("Visual Effects") of Nick Lockwood's "iOS Core Animation: \
        Advanced Techniques" (figures 4.1 to 4.21, listings 4.1 to 4.7) and a few figures from chapters 2 and \
        5 into ./lamina-demo: for each figure a GPU image, a CPU image, a difference heat map with its \
        metrics, and the Swift code that built the layers, collected in index.html.

        The GPU backend never falls back silently: if EGL cannot start, the command says why and exits 2; \
        `--backend cpu` renders the gallery on the CPU reference renderer alone. \
        Progress goes to standard error, one line per figure.

        Exit codes: 0 written; 1 a bad option; 2 the GPU cannot start, a figure failed to render, or a file \
        cannot be written (the page is still written when only some figures failed).
        """)

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write (created if missing).", valueName: "DIR"))
    var output: String = "lamina-demo"

    @Option(help: "Renderers: both (default), gpu or cpu.")
    var backend: DemoBackends = .both

    @Option(help: "Pixels per point of every figure.")
    var scale: Double = 2

    @Option(help: ArgumentHelp("Render only the figures whose number or name contains this (e.g. 4.1, sprites).",
                               valueName: "TEXT"))
    var only: String?

    func validate() throws {
        guard scale > 0, scale <= 8 else { throw ValidationError("--scale must be above 0 and at most 8, not \(scale)") }
    }

    func run() throws {
        let figures = Gallery.figures.filter { f in
            guard let only else { return true }
            return f.number.localizedCaseInsensitiveContains(only) || f.slug.localizedCaseInsensitiveContains(only)
        }
        guard !figures.isEmpty else {
            printError("error: no figure matches --only \(only ?? "")")
            throw ExitCode(1)
        }
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        try renderingStep("creating \(output)") {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        var gpu: GPURenderer?
        if backend.usesGPU {
            do {
                gpu = try LaminaEnvironment.gpuRenderer()
            } catch {
                // The EGL error already says to try `--backend cpu`.
                printError("error: the GPU backend cannot start: \(error)")
                throw ExitCode(2)
            }
        }
        let cpu: CPURenderer? = backend.usesCPU ? CPURenderer(options: LaminaEnvironment.current) : nil

        let start = Date()
        var renders: [FigureRender] = []
        for (i, figure) in figures.enumerated() {
            printError("[\(i + 1)/\(figures.count)] \(figure.label.lowercased()): \(figure.title)")
            renders.append(render(figure, gpu: gpu, cpu: cpu, into: folder))
        }
        let seconds = Date().timeIntervalSince(start)

        let page = DemoPage(renders: renders, backends: backend, scale: scale,
                            gpuDescription: gpu.map { "\($0.info.glRenderer) (\($0.info.platform))" },
                            totalSeconds: seconds)
        let index = folder.appendingPathComponent("index.html")
        try renderingStep("writing \(index.path)") { try AtomicFile.write(Data(page.html.utf8), to: index) }

        let failed = renders.filter { !$0.errors.isEmpty }
        for r in failed { for e in r.errors { printError("error: \(r.figure.label): \(e)") } }
        print(DemoCommand.summary(renders, seconds: seconds, index: index.path))
        if !failed.isEmpty { throw ExitCode(2) }
    }

    /// Renders one figure on each backend in use, writes its PNGs, and compares when both ran.
    private func render(_ figure: GalleryFigure, gpu: GPURenderer?, cpu: CPURenderer?, into folder: URL) -> FigureRender {
        var result = FigureRender(figure: figure)
        let graph: RenderGraph
        do {
            graph = try Planner(options: LaminaEnvironment.current).plan(figure.makeScene(scale: scale))
        } catch {
            result.errors.append("planning: \(error)")
            return result
        }
        var images: (gpu: Image?, cpu: Image?) = (nil, nil)

        func run(_ renderer: Renderer, _ name: String) -> (Image, Double)? {
            let t0 = monotonicMilliseconds()
            do {
                let image = try renderer.render(graph)
                return (image, monotonicMilliseconds() - t0)
            } catch {
                result.errors.append("\(name) render: \(error)")
                return nil
            }
        }
        func write(_ image: Image, _ suffix: String) -> String? {
            let name = "\(figure.slug)-\(suffix).png"
            do {
                try PNG.write(image, to: folder.appendingPathComponent(name))
                return name
            } catch {
                result.errors.append("writing \(name): \(error)")
                return nil
            }
        }

        if let gpu, let (image, ms) = run(gpu, "GPU") {
            images.gpu = image; result.gpuMilliseconds = ms; result.gpuFile = write(image, "gpu")
        }
        if let cpu, let (image, ms) = run(cpu, "CPU") {
            images.cpu = image; result.cpuMilliseconds = ms; result.cpuFile = write(image, "cpu")
        }
        if figure.timeline != nil {
            if let gpu { animate(figure, on: gpu, "gpu", into: folder, result: &result) }
            if let cpu { animate(figure, on: cpu, "cpu", into: folder, result: &result) }
        }
        if let a = images.gpu, let b = images.cpu {
            do {
                let c = try ImageComparison(a, b)
                result.comparison = c
                result.diffFile = write(c.heatMap(), "diff")
            } catch {
                result.errors.append("comparing GPU and CPU: \(error)")
            }
        }
        return result
    }

    /// An animated figure's timeline on `renderer` (frame after frame, what did not change kept), as an
    /// animated WebP beside the stills.
    private func animate(_ figure: GalleryFigure, on renderer: Renderer, _ name: String, into folder: URL,
                         result: inout FigureRender) {
        let scene = figure.makeScene(scale: scale)
        var planner = Planner(options: LaminaEnvironment.current)
        var frames: [(Image, Double)] = []
        let t0 = monotonicMilliseconds()
        do {
            for t in figure.frameTimes {
                planner.time = t
                frames.append((try renderer.render(try planner.plan(scene)), t))
            }
        } catch {
            result.errors.append("\(name) timeline: \(error)")
            return
        }
        let ms = monotonicMilliseconds() - t0
        let file = "\(figure.slug)-\(name).webp"
        do {
            guard let first = frames.first?.0 else { return }
            let webp = try WebPAnimation(width: first.width, height: first.height)
            let start = figure.timeline?.lowerBound ?? 0
            for (image, t) in frames { try webp.add(image, timestampMilliseconds: Int(((t - start) * 1000).rounded())) }
            let end = Int((Double(frames.count) / figure.fps * 1000).rounded())
            try AtomicFile.write(try webp.finish(endMilliseconds: end), to: folder.appendingPathComponent(file))
        } catch {
            result.errors.append("writing \(file): \(error)")
            return
        }
        if name == "gpu" { result.gpuAnimation = file; result.gpuTimelineMilliseconds = ms } else {
            result.cpuAnimation = file; result.cpuTimelineMilliseconds = ms
        }
    }

    /// The closing lines on standard output: what was written, timings, and the largest GPU-CPU difference.
    static func summary(_ renders: [FigureRender], seconds: Double, index: String) -> String {
        var lines = ["wrote \(renders.count) figures to \(index)"]
        let gpu = renders.compactMap(\.gpuMilliseconds).reduce(0, +)
        let cpu = renders.compactMap(\.cpuMilliseconds).reduce(0, +)
        var timing = String(format: "total %.2f s", seconds)
        if renders.contains(where: { $0.gpuMilliseconds != nil }) { timing += String(format: "; GPU %.0f ms", gpu) }
        if renders.contains(where: { $0.cpuMilliseconds != nil }) { timing += String(format: "; CPU %.0f ms", cpu) }
        lines.append(timing)
        let compared = renders.filter { $0.comparison != nil }
        if let worst = compared.max(by: { $0.comparison!.maxDifference < $1.comparison!.maxDifference }),
           let c = worst.comparison {
            lines.append("largest GPU-CPU difference: \(c.maxDifference)/255 in \(worst.figure.label)")
        }
        return lines.joined(separator: "\n")
    }
}
