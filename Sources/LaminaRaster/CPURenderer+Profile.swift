import Dispatch
import Foundation
import LaminaCore

extension CPURenderer {
    /// Renders `graph` as `render(_:)` does, calling `observer` after each pass with its wall time in
    /// milliseconds (preparing its operations, which builds mip chains on first use, plus executing them).
    ///
    /// This mirrors `render(_:)` step for step so `lamina profile` can time passes without changing
    /// CPURenderer.swift: same preparation, same band split and same operation order, so the image is
    /// identical (`lamina profile` checks that and warns if it ever is not). One difference: the band
    /// count is 4 per active core, the `init(threads:)` default, because the renderer's own setting is
    /// private to CPURenderer.swift. Rejected: timing passes by rendering each prefix of the graph and
    /// subtracting, which is quadratic in the pass count (a scene with 1000 shadows has 2001 passes).
    public func render(_ graph: RenderGraph, observer: (PassID, Double) -> Void) throws -> Image {
        let bands = max(1, ProcessInfo.processInfo.activeProcessorCount) * 4
        var results: [PassID: Image] = [:]
        var samplers: [ImageID: TextureSampler] = [:]
        for pass in graph.passes {
            let start = DispatchTime.now().uptimeNanoseconds
            let isCanvas = pass.id == graph.passes.last?.id
            switch pass.content {
            case .draw(let ops):
                var target = Image(width: pass.width, height: pass.height)
                if isCanvas { target.fill(graph.clearColor) }
                let prepared = try ops.map { op in
                    try PreparedOp(op, graph: graph, passes: results, samplers: &samplers)
                }
                CPURenderer.drawProfiled(prepared, into: &target, bandCount: bands)
                results[pass.id] = target
            case .blur(let source, let sigma):
                guard let src = results[source] else { throw RasterError.missingPass(source) }
                results[pass.id] = GaussianBlur.apply(to: src, sigma: sigma, bands: bands)
            }
            observer(pass.id, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        guard let last = graph.passes.last, let out = results[last.id] else { throw RasterError.emptyGraph }
        return out
    }

    /// The band-parallel draw loop of `render(_:)`.
    private static func drawProfiled(_ ops: [PreparedOp], into target: inout Image, bandCount: Int) {
        let width = target.width, height = target.height
        guard width > 0, height > 0, !ops.isEmpty else { return }
        let bands = min(bandCount, height)
        let rowsPerBand = (height + bands - 1) / bands
        target.pixels.withUnsafeMutableBufferPointer { buf in
            let base = buf
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                let y0 = band * rowsPerBand, y1 = min(height, y0 + rowsPerBand)
                guard y0 < y1 else { return }
                for op in ops {
                    op.run(rows: y0..<y1, width: width, pixels: base)
                }
            }
        }
    }
}
