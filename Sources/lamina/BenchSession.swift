import ArgumentParser
import Foundation
import LaminaCore
import LaminaFixtures
import LaminaRaster
import LaminaGL
import LaminaGraph

/// A scene to bench: a name for the table, its sweep (suite scenes), and how to get its tree.
struct BenchItem {
    var name: String
    var sweep: BenchScene.Sweep?
    var load: () -> Scene
}

/// Runs every item on every backend, printing each result as it is measured (a long suite shows progress).
///
/// Renderers are made once per backend and reused. With `optional` (the `both` default), a backend that
/// cannot start (no EGL device) is reported on standard error and skipped; asked for by name, it fails
/// with exit code 2 as `lamina render` does.
struct BenchSession {
    var backends: [Backend]
    var optional: Bool
    var cpuThreads: Int?
    /// The renderers' options (`LaminaEnvironment.current`, or `cold` of it).
    var options: RenderOptions
    var timer: BenchTimer
    var json: Bool
    /// The process's resident memory before any scene was decoded or renderer made (`currentRSSMegabytes`).
    var startRSS: Double?

    func run(_ items: [BenchItem]) throws -> [BenchResult] {
        var renderers: [(Backend, Renderer)] = []
        for b in backends {
            do {
                let r: Renderer = b == .cpu ? CPURenderer(threads: cpuThreads ?? ProcessInfo.processInfo.activeProcessorCount,
                                                                options: options)
                    : try GPURenderer(platform: LaminaEnvironment.platform(), options: options)
                renderers.append((b, r))
            } catch {
                printError("lamina bench: \(b) backend unavailable: \(error)")
                if !optional || backends.count == 1 { throw ExitCode(2) }
            }
        }
        if !json { print(BenchReport.header) }
        var results: [BenchResult] = []
        for item in items {
            let scene = item.load()
            let layers = scene.root.treeLayerCount - 1
            for (backend, renderer) in renderers {
                let m = try renderingStep("\(item.name) on \(backend)") { try timer.measure(scene, renderer: renderer) }
                let result = BenchResult(scene: item.name, backend: backend.rawValue, frames: m.frames, plans: m.plans,
                                         layers: layers, width: scene.pixelWidth, height: scene.pixelHeight,
                                         passes: m.passes, peakRSSMegabytes: peakRSSMegabytes(), startRSSMegabytes: startRSS,
                                         sweep: item.sweep)
                print(json ? result.jsonLine : BenchReport.row(result))
                fflush(stdout)
                results.append(result)
            }
        }
        return results
    }

    /// `options` keeping nothing a frame draws for the next: no draw's bytes (CPU), no path coverage, no
    /// recurring blur, group or mask pass (`--cold`).
    static func cold(_ options: RenderOptions) -> RenderOptions {
        var cold = options
        cold.cpuPaths.subtract([.keptDraws, .keptPaths])
        cold.keepsRecurringBlurs = false
        cold.keepsPathCoverage = false
        cold.keepsDraws = false
        return cold
    }
}
