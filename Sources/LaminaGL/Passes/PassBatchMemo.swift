import LaminaGeometry
import LaminaGraph

/// A pass's batches (`PassBatcher.batches`) handed out again while the next frame draws the same pass of the
/// same graph with the same kept copies: a warm frame of an unchanged tree uploads and draws the records it
/// drew, without cutting, culling and batching its ops again (for 200 cards on llvmpipe, a fifth of the frame).
///
/// The batches are a function of the pass's ops, bounds, clear pieces and options (`KeptDrawMemo.Key`: the
/// same buffers), of the kept copies (the same answer of `KeptDrawMemo`, or none), and of the textures the
/// batcher resolves. So only batches that read no texture but the kept pages are kept (those pages are the
/// kept answer's, held while it holds), and none of a pass that reads path coverage (its atlas is the
/// frame's): image and pass textures, the coverage atlas and the image atlas are each frame's to resolve.
final class PassBatchMemo {
    /// The batcher's output for a pass.
    struct Recorded {
        let batches: PassBatches
        let instances: [Float]
        let clips: ClipTable
        let pixels: Int
    }

    private struct Entry {
        let key: KeptDrawMemo.Key
        let answer: Int
        let clear: [PixelRect]?
        let recorded: Recorded
    }

    /// At most this many passes' batches are kept.
    static let maximumEntries = 64
    private var entries: [Entry] = []
    /// Batches handed out again (tests).
    private(set) var replays = 0

    /// The batches recorded for `key` drawn over the kept copies of `answer` (0: none) with the clear pieces
    /// `clear` (nil: a whole clear).
    func replay(_ key: KeptDrawMemo.Key, answer: Int?, clear: [PixelRect]?) -> Recorded? {
        guard let answer, let entry = entries.first(where: { $0.answer == answer && $0.key.matches(key) }),
              entry.clear == clear else { return nil }
        replays += 1
        return entry.recorded
    }

    /// Records `recorded` for `key`, `answer` and `clear`, when its batches read no texture but `pages` (the
    /// kept copies' pages) and the pass read no path coverage (`readsCoverage`).
    func record(_ recorded: Recorded, key: KeptDrawMemo.Key, answer: Int?, clear: [PixelRect]?,
                pages: [GLTexture], readsCoverage: Bool) {
        entries.removeAll { $0.key.pass == key.pass }
        guard let answer, !readsCoverage else { return }
        let all = (recorded.batches.opaque.map { [$0] } ?? []) + recorded.batches.blended
        for batch in all {
            guard batch.mask == nil, batch.coverage == nil else { return }
            if let texture = batch.texture, !pages.contains(where: { $0 === texture }) { return }
        }
        if entries.count >= PassBatchMemo.maximumEntries { entries.removeFirst() }
        entries.append(Entry(key: key, answer: answer, clear: clear, recorded: recorded))
    }

    /// Lets the recorded passes go whose kept copies are no answer of the kept memo now (`answers`; 0, none, is
    /// always one), with the pages they hold, and those of any graph but the one whose passes are `passes`.
    func trim(keeping answers: Set<Int>, passes: [Pass]) {
        entries.removeAll {
            ($0.answer != 0 && !answers.contains($0.answer)) || !KeptDrawMemo.same($0.key.passes, passes)
        }
    }
}
