import Foundation
import LaminaImage
import LaminaText

/// Text backing stores kept between plans, as Core Animation keeps a layer's backing store until the layer
/// changes: a scene rendered many times (bench, parity, an app's frames) lays its text out and rasterizes it
/// once, and the GPU's texture cache, keyed on the `Bitmap`, uploads it once. Keyed by everything that decides
/// the store's bytes (`TextBox`), bounded in bytes (least recently used stores go first), thread-safe.
final class TextStoreCache: @unchecked Sendable {
    static let shared = TextStoreCache(capacityBytes: 128 << 20)

    private let lock = NSLock()
    private let capacityBytes: Int
    private var stores: [TextBox: (bitmap: Bitmap, lastUse: UInt64)] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0

    init(capacityBytes: Int) { self.capacityBytes = capacityBytes }

    /// The store for `box`, made by `make` when it is not cached.
    func store(for box: TextBox, make: () throws -> Bitmap) rethrows -> Bitmap {
        lock.lock()
        clock += 1
        if let hit = stores[box] {
            stores[box] = (hit.bitmap, clock)
            lock.unlock()
            return hit.bitmap
        }
        lock.unlock()
        let bitmap = try make()
        lock.lock()
        defer { lock.unlock() }
        let size = bitmap.width * bitmap.height * 4
        guard size <= capacityBytes / 4 else { return bitmap }
        while bytes + size > capacityBytes, let oldest = stores.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            bytes -= oldest.value.bitmap.width * oldest.value.bitmap.height * 4
            stores[oldest.key] = nil
        }
        if stores[box] == nil {
            stores[box] = (bitmap, clock)
            bytes += size
        }
        return stores[box]?.bitmap ?? bitmap
    }
}
