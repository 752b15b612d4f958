import Foundation
import LaminaGraph

/// The targets of retained passes (`Pass.retainKey`: drawn layers' backing stores, rasterized layers,
/// recurring blurs, groups and masks; `RetainPolicy` says which are kept) kept between frames, so a scene
/// rendered again skips them and the passes only they read, as Core Animation keeps a backing store until its
/// layer changes. A blur kept at a reduced pyramid level is kept with its reduction. Bounded in bytes (4 a
/// pixel), least recently used first out; a target over a quarter of the capacity is not kept, nor one that
/// would not fit beside those the frame uses. A target goes back to the pool only when no pass of the frame
/// has used it, so none does while a frame may still read it.
final class RetainedTargets {
    private let pool: TargetPool
    private let capacityBytes: Int
    private var entries: [PassRetainKey: Entry] = [:]

    struct Entry {
        var target: RenderTarget
        var reduction: PassBatcher.Reduction?
        var lastUse: UInt64
    }
    private var bytes = 0
    /// Advances on every use; `now` before a frame marks what that frame used.
    private(set) var now: UInt64 = 0

    init(pool: TargetPool, capacityBytes: Int) {
        self.pool = pool
        self.capacityBytes = capacityBytes
    }

    /// Whether a target is kept for `key` (its use is not marked).
    func contains(_ key: PassRetainKey) -> Bool { entries[key] != nil }

    /// The kept target for `key` and its reduction, marked as just used.
    func entry(for key: PassRetainKey) -> Entry? {
        now += 1
        guard var hit = entries[key] else { return nil }
        hit.lastUse = now
        entries[key] = hit
        return hit
    }

    /// Takes `target` (a blur's at a reduced level with its `reduction`) as `key`'s result; false (the caller
    /// keeps it) when it is too large, already kept, or would not fit once the targets no pass has used since
    /// `since` (the frame's start) are returned to the pool: the kept targets never pass the capacity.
    func keep(_ target: RenderTarget, reduction: PassBatcher.Reduction? = nil, for key: PassRetainKey,
              since: UInt64) -> Bool {
        let size = target.width * target.height * 4
        guard size <= capacityBytes / 4, entries[key] == nil else { return false }
        dropUnused(since: since, toFit: size)
        guard bytes + size <= capacityBytes else { return false }
        now += 1
        entries[key] = Entry(target: target, reduction: reduction, lastUse: now)
        bytes += size
        return true
    }

    /// Returns every kept target to the pool (between frames).
    func dropAll() {
        for entry in entries.values { pool.release(entry.target) }
        entries = [:]
        bytes = 0
    }

    /// Returns the least recently used targets to the pool until the kept ones fit, sparing those used
    /// after `since` (the frame that just ran).
    func trim(since: UInt64) { dropUnused(since: since, toFit: 0) }

    /// Returns the least recently used targets not used after `since` to the pool until `extra` more bytes
    /// fit.
    private func dropUnused(since: UInt64, toFit extra: Int) {
        while bytes + extra > capacityBytes,
              let oldest = entries.filter({ $0.value.lastUse <= since }).min(by: { $0.value.lastUse < $1.value.lastUse }) {
            bytes -= oldest.value.target.width * oldest.value.target.height * 4
            entries[oldest.key] = nil
            pool.release(oldest.value.target)
        }
    }
}
