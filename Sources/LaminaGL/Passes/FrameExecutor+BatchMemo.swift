import LaminaGeometry
import LaminaGraph

/// A pass's batches handed out again in a warm frame (`PassBatchMemo`).
extension FrameExecutor {
    /// The batches of the pass `key` names over the kept copies `kept` (the kept memo's `answer`), with the
    /// clear drawn as pieces inside `clearRects` (nil: a whole clear): those recorded for the same pass of the
    /// same graph when there are, else the batcher's, recorded when they may be handed out again (with
    /// `RenderOptions.keepsDraws`).
    func batches(_ key: KeptDrawMemo.Key, kept: [Int: PassBatcher.KeptCopy], answer: Int?, clearRects: [PixelRect]?,
                 batcher: inout PassBatcher) throws -> PassBatchMemo.Recorded {
        let memo = resources.batchMemo
        let readsCoverage = !batcher.pathSlots.isEmpty
        if options.keepsDraws, !readsCoverage, let found = memo.replay(key, answer: answer, clear: clearRects) {
            return found
        }
        let batches = try batcher.batches(for: key.ops, passBounds: key.passBounds)
        let recorded = PassBatchMemo.Recorded(batches: batches, instances: batcher.instances, clips: batcher.clips,
                                              pixels: batcher.pixels)
        guard options.keepsDraws else { return recorded }
        memo.record(recorded, key: key, answer: answer, clear: clearRects, pages: kept.values.map(\.page.texture),
                    readsCoverage: readsCoverage)
        return recorded
    }
}
