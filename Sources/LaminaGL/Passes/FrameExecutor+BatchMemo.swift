import LaminaGeometry
import LaminaGraph

/// A pass's batches handed out again in a warm frame (`PassBatchMemo`).
extension FrameExecutor {
    /// The batches of `ops` over the kept copies `kept` (the kept memo's `answer`), with the clear drawn as
    /// pieces inside `clearRects` (nil: a whole clear): those recorded for the same pass of the same graph
    /// when there are, else the batcher's, recorded when they may be handed out again (with
    /// `RenderOptions.keepsDraws`).
    func batches(_ ops: [DrawOp], passBounds: PixelRect, clear: PremultipliedColor?,
                 kept: [Int: PassBatcher.KeptCopy], answer: Int?, clearRects: [PixelRect]?,
                 batcher: inout PassBatcher) throws -> PassBatchMemo.Recorded {
        let memo = resources.batchMemo
        let key = KeptDrawMemo.Key(passes: graph.passes, images: graph.images, ops: ops, pass: current,
                                   passBounds: passBounds, clear: clear, options: options)
        let readsCoverage = !batcher.pathSlots.isEmpty
        if options.keepsDraws, !readsCoverage, let found = memo.replay(key, answer: answer, clear: clearRects) {
            return found
        }
        let batches = try batcher.batches(for: ops, passBounds: passBounds)
        let recorded = PassBatchMemo.Recorded(batches: batches, instances: batcher.instances, clips: batcher.clips,
                                              pixels: batcher.pixels)
        guard options.keepsDraws else { return recorded }
        memo.record(recorded, key: key, answer: answer, clear: clearRects, pages: kept.values.map(\.page.texture),
                    readsCoverage: readsCoverage)
        return recorded
    }
}
