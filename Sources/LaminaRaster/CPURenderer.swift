import Dispatch
import Foundation
import LaminaCore

/// The CPU reference renderer: executes a `RenderGraph` exactly as its contracts say.
///
/// Passes run in order. A draw pass is split into horizontal bands processed in parallel (both cores);
/// inside a band every operation is applied in order over its pixel bounds, so the result does not depend
/// on the number of threads. Each blend is rounded to 8 bits as the GPU's RGBA8 framebuffer stores it.
public final class CPURenderer: Renderer {
    private let bandCount: Int
    private let fastPaths: Bool

    /// - Parameters:
    ///   - threads: worker count; defaults to the number of active processors.
    ///   - fastPaths: whether axis-aligned draws use solid and hole spans (pixman-style: a fast path over
    ///     the general per-pixel path, never changing the result). `LAMINA_NO_FAST_PATHS=1` turns them off
    ///     by default, so the general path can be checked against them.
    public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount,
                fastPaths: Bool = ProcessInfo.processInfo.environment["LAMINA_NO_FAST_PATHS"] != "1") {
        bandCount = max(1, threads) * 4
        self.fastPaths = fastPaths
    }

    public func render(_ graph: RenderGraph) throws -> Image {
        try render(graph, observer: nil)
    }

    /// Renders `graph`, calling `observer` after each pass with its wall time in milliseconds (preparing
    /// its operations, which builds mip chains on first use, plus executing them): `lamina profile`.
    public func render(_ graph: RenderGraph, observer: ((PassID, Double) -> Void)?) throws -> Image {
        var results: [PassID: Image] = [:]
        var samplers: [ImageID: TextureSampler] = [:]
        for pass in graph.passes {
            let start = DispatchTime.now().uptimeNanoseconds
            defer { observer?(pass.id, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6) }
            let isCanvas = pass.id == graph.passes.last?.id
            switch pass.content {
            case .draw(let ops):
                var target = Image(width: pass.width, height: pass.height)
                if isCanvas { target.fill(graph.clearColor) }
                let prepared = try ops.map { op in
                    try PreparedOp(op, graph: graph, passes: results, samplers: &samplers, fastPaths: fastPaths)
                }
                draw(prepared, into: &target)
                results[pass.id] = target
            case .blur(let source, let sigma):
                guard let src = results[source] else { throw RasterError.missingPass(source) }
                results[pass.id] = GaussianBlur.apply(to: src, sigma: sigma, bands: bandCount)
            }
        }
        guard let last = graph.passes.last, let out = results[last.id] else { throw RasterError.emptyGraph }
        return out
    }

    private func draw(_ ops: [PreparedOp], into target: inout Image) {
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

/// Errors of the CPU renderer (all are planner bugs; a valid graph never produces them).
public enum RasterError: Error, CustomStringConvertible {
    case missingPass(PassID)
    case missingImage(ImageID)
    case emptyGraph

    public var description: String {
        switch self {
        case .missingPass(let id): return "render graph reads \(id) before it is rendered"
        case .missingImage(let id): return "render graph references \(id), which has no pixels"
        case .emptyGraph: return "render graph has no passes"
        }
    }
}

extension Image {
    /// Fills every pixel with a premultiplied colour, rounded to 8 bits.
    mutating func fill(_ c: PremultipliedColor) {
        let px: [UInt8] = [c.r, c.g, c.b, c.a].map { UInt8(max(0, min(255, ($0 * 255).rounded()))) }
        pixels.withUnsafeMutableBufferPointer { b in
            var i = 0
            while i < b.count { b[i] = px[0]; b[i + 1] = px[1]; b[i + 2] = px[2]; b[i + 3] = px[3]; i += 4 }
        }
    }
}
