import LaminaGeometry
import LaminaGraph

/// What `FrameExecutor.keptDraws` found for a pass in a frame that made no region, handed out again while
/// the next frame draws the same pass of the same graph: a warm frame of an unchanged tree pays its draws,
/// not the search for their backdrops and the hashing of their identities (for 300 overlapping path fills
/// on llvmpipe, a fifth of the frame).
///
/// "The same graph" is the same storage: the graph's pass and image arrays and the pass's op array are
/// the very buffers of the frame that recorded (a retained plan, `RetainedPlan`, hands its graph out again;
/// a graph planned anew, or changed in any way, has buffers of its own). The memo holds those arrays, so
/// no other array can take their addresses while it is kept. The answer is handed out again only while the
/// atlas has forgotten no draw and emptied none of the answer's pages since (`KeptDrawAtlas.version`,
/// `generation(ofPage:)`), and handing it out marks every region read and every draw sighted, as the search
/// would have.
final class KeptDrawMemo {
    /// What a pass's answer was computed from, besides the atlas.
    struct Key {
        let passes: [Pass]
        let images: [ImageResource]
        let ops: [DrawOp]
        let pass: PassID?
        let passBounds: PixelRect
        let clear: PremultipliedColor?
        let options: RenderOptions

        /// The same buffers, bounds, clear and options.
        func matches(_ other: Key) -> Bool {
            KeptDrawMemo.same(passes, other.passes) && KeptDrawMemo.same(images, other.images)
                && KeptDrawMemo.same(ops, other.ops) && pass == other.pass && passBounds == other.passBounds
                && clear == other.clear && options == other.options
        }
    }

    private struct Entry {
        let key: Key
        /// Names this answer (`answer` of `replay` and `record`).
        let serial: Int
        let copies: [Int: PassBatcher.KeptCopy]
        let sightings: [Int]
        let version: Int
        /// The pages the copies read, with their generations.
        let pages: [(index: Int, generation: Int)]

        func holds(in atlas: KeptDrawAtlas) -> Bool {
            version == atlas.version && pages.allSatisfy { atlas.generation(ofPage: $0.index) == $0.generation }
        }
    }

    /// At most this many passes' answers are kept (a frame's largest passes are few; a tree of thousands of
    /// masked layers does not hold thousands of answers).
    static let maximumEntries = 64
    private var entries: [Entry] = []
    private var nextSerial = 1
    /// Answers handed out again (tests).
    private(set) var replays = 0

    /// The kept copies recorded for `key`, when the atlas let none of them go since, and the answer's serial
    /// (the same copies have the same serial, never 0); every region marked read.
    func replay(_ key: Key, atlas: KeptDrawAtlas) -> (copies: [Int: PassBatcher.KeptCopy], answer: Int)? {
        guard let i = entries.firstIndex(where: { $0.key.matches(key) }) else { return nil }
        let entry = entries[i]
        guard entry.holds(in: atlas) else {
            entries.remove(at: i)
            return nil
        }
        for copy in entry.copies.values { atlas.markRead(copy.slot) }
        atlas.sight(entry.sightings)
        replays += 1
        return (entry.copies, entry.serial)
    }

    /// Records the answer for `key`: the copies, the draws' identities sighted while finding them; its serial.
    @discardableResult
    func record(_ key: Key, copies: [Int: PassBatcher.KeptCopy], sightings: [Int], atlas: KeptDrawAtlas) -> Int {
        entries.removeAll { $0.key.pass == key.pass || !$0.holds(in: atlas) }
        if entries.count >= KeptDrawMemo.maximumEntries { entries.removeFirst() }
        var pages: [Int: Int] = [:]
        for copy in copies.values { pages[copy.slot.page] = atlas.generation(ofPage: copy.slot.page) ?? -1 }
        let serial = nextSerial
        nextSerial += 1
        entries.append(Entry(key: key, serial: serial, copies: copies, sightings: sightings, version: atlas.version,
                             pages: pages.map { ($0.key, $0.value) }))
        return serial
    }

    /// The serials of the answers held.
    var serials: Set<Int> { Set(entries.map(\.serial)) }

    /// Lets the answers go that name regions the atlas may have let go since, with the pages they hold, and
    /// those of any graph but the one whose passes are `passes` (the frame's: at most one graph is held).
    func trim(_ atlas: KeptDrawAtlas, passes: [Pass]) {
        entries.removeAll { !$0.holds(in: atlas) || !KeptDrawMemo.same($0.key.passes, passes) }
    }

    /// Whether `a` and `b` are one buffer (so the same elements: an array held is never written in place).
    static func same<T>(_ a: [T], _ b: [T]) -> Bool {
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress && pa.count == pb.count }
        }
    }
}
