import Foundation
import LaminaCore
import LaminaImage

/// The results of retained passes (`Pass.retainKey`: drawn layers' backing stores) kept between frames, so a
/// scene rendered again skips them and the passes only they read, as Core Animation keeps a backing store
/// until its layer changes. Bounded in bytes, least recently used first out; a result over a quarter of the
/// capacity is not kept. Thread-safe.
final class RetainedResults: @unchecked Sendable {
    private let lock = NSLock()
    private let capacityBytes: Int
    private var entries: [PassRetainKey: (image: Image, lastUse: UInt64)] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0

    init(capacityBytes: Int) { self.capacityBytes = capacityBytes }

    /// The kept result for `key`, marked as just used.
    func image(for key: PassRetainKey) -> Image? {
        lock.lock()
        defer { lock.unlock() }
        clock += 1
        guard let hit = entries[key] else { return nil }
        entries[key] = (hit.image, clock)
        return hit.image
    }

    /// Keeps `image` as `key`'s result, dropping the least recently used results to make room.
    func keep(_ image: Image, for key: PassRetainKey) {
        let size = image.pixels.count
        lock.lock()
        defer { lock.unlock() }
        guard size <= capacityBytes / 4, entries[key] == nil else { return }
        while bytes + size > capacityBytes, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            bytes -= oldest.value.image.pixels.count
            entries[oldest.key] = nil
        }
        clock += 1
        entries[key] = (image, clock)
        bytes += size
    }
}
