import Dispatch
import Foundation
import LaminaGraph
import LaminaImage

extension PreparedOp {
    /// Prepares a pass's operations, in parallel when there are many: a shadow-heavy canvas has thousands,
    /// each computing its texel grid or span plan, and preparing them one after another left a core idle.
    ///
    /// Each operation's preparation depends on nothing but its own inputs, so the result is the one of
    /// preparing them in order. The image samplers (`samplers`, which keeps one mip chain per image) are made
    /// first, in order; the workers then only read them. The other state they share is kept work between
    /// frames (`kept` paths' rows, `draws`' bytes), thread-safe caches of values that depend on their keys
    /// alone. When several operations fail, the error of the first in order is thrown, as in order.
    ///
    /// A draw whose bytes an earlier frame kept (`draws`) is not prepared at all (`PassDraw.prepare`).
    static func prepare(_ ops: [DrawOp], graph: RenderGraph, passes: [PassID: Image],
                        samplers: inout [ImageID: TextureSampler], fastPaths: CPUFastPaths, fusesBorders: Bool,
                        alphas: [PassID: [UInt8]], kept: KeptPathRows?, draws: KeptDraws? = nil,
                        workers: Int) throws -> [PassDraw] {
        let items = ops.drawItems(fusingBorders: fusesBorders)
        let vector = fastPaths.contains(.vectorKernels) && LinearGrid.hasAVX2
        // The operations are read where they lie: a pass of thousands of kept draws would otherwise spend
        // much of its preparation copying them.
        return try ops.withUnsafeBufferPointer { ops in
            /// Item `item`, preparing its operation with `samplers`.
            func prepare(_ item: DrawItem, _ samplers: inout [ImageID: TextureSampler]) throws -> PassDraw {
                try PassDraw.prepare(ops[item.index], border: item.border == nil ? nil : ops[item.index + 1],
                                     graph: graph, draws: draws, vectorKernels: vector) {
                    try PreparedOp(ops[item.index], border: item.border, graph: graph, passes: passes,
                                   samplers: &samplers, fastPaths: fastPaths, alphas: alphas, kept: kept)
                }
            }
            let chunks = min(max(1, workers), items.count / 64)
            guard chunks > 1 else { return try items.map { try prepare($0, &samplers) } }
            for i in ops.indices {
                guard let t = ops[i].texture, case .image(let id) = t.source else { continue }
                if samplers[id]?.serves(t.minFilter) == true { continue }
                guard let bitmap = graph.image(id)?.bitmap else { throw RenderGraphDefect("\(id) has no pixels") }
                samplers[id] = TextureSampler.sampler(bitmap, minFilter: t.minFilter, known: samplers[id])
            }
            let shared = samplers
            var prepared = [Result<PassDraw, Error>?](repeating: nil, count: items.count)
            let perChunk = (items.count + chunks - 1) / chunks
            prepared.withUnsafeMutableBufferPointer { out in
                let out = out
                Workers.perform(iterations: chunks, workers: workers) { chunk in
                    let first = chunk * perChunk, last = min(items.count, first + perChunk)
                    guard first < last else { return }
                    var samplers = shared
                    for i in first..<last {
                        out[i] = Result { try prepare(items[i], &samplers) }
                    }
                }
            }
            return try prepared.map { result in
                guard let result else { preconditionFailure("an operation was not prepared") }
                return try result.get()
            }
        }
    }
}
