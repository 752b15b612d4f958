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
    static func prepare(_ ops: [DrawOp], graph: RenderGraph, passes: [PassID: Image],
                        samplers: inout [ImageID: TextureSampler], fastPaths: CPUFastPaths, fusesBorders: Bool,
                        alphas: [PassID: [UInt8]], kept: KeptPathRows?, draws: KeptDraws? = nil,
                        workers: Int) throws -> [PreparedOp] {
        let items = ops.drawItems(fusingBorders: fusesBorders)
        let chunks = min(max(1, workers), items.count / 64)
        guard chunks > 1 else {
            return try items.map { item in
                let op = try PreparedOp(ops[item.index], border: item.border, graph: graph, passes: passes,
                                        samplers: &samplers, fastPaths: fastPaths, alphas: alphas, kept: kept)
                keep(op, item, ops, in: draws, graph: graph)
                return op
            }
        }
        for op in ops {
            guard let t = op.texture, case .image(let id) = t.source else { continue }
            if samplers[id]?.serves(t.minFilter) == true { continue }
            guard let bitmap = graph.image(id)?.bitmap else { throw RenderGraphDefect("\(id) has no pixels") }
            samplers[id] = TextureSampler.sampler(bitmap, minFilter: t.minFilter, known: samplers[id])
        }
        let shared = samplers
        var prepared = [Result<PreparedOp, Error>?](repeating: nil, count: items.count)
        let perChunk = (items.count + chunks - 1) / chunks
        prepared.withUnsafeMutableBufferPointer { out in
            let out = out
            Workers.perform(iterations: chunks, workers: workers) { chunk in
                let first = chunk * perChunk, last = min(items.count, first + perChunk)
                guard first < last else { return }
                var samplers = shared
                for i in first..<last {
                    out[i] = Result {
                        let op = try PreparedOp(ops[items[i].index], border: items[i].border, graph: graph,
                                                passes: passes, samplers: &samplers, fastPaths: fastPaths,
                                                alphas: alphas, kept: kept)
                        keep(op, items[i], ops, in: draws, graph: graph)
                        return op
                    }
                }
            }
        }
        return try prepared.map { result in
            guard let result else { preconditionFailure("an operation was not prepared") }
            return try result.get()
        }
    }

    /// `op.keep(in:op:border:graph:)` for the draw of `item`, when draws are kept.
    private static func keep(_ op: PreparedOp, _ item: DrawItem, _ ops: [DrawOp], in draws: KeptDraws?,
                             graph: RenderGraph) {
        guard let draws else { return }
        op.keep(in: draws, op: ops[item.index], border: item.border == nil ? nil : ops[item.index + 1], graph: graph)
    }
}
