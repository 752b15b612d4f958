import Foundation
import LaminaImage
import LaminaText

/// Backing stores kept between plans, as Core Animation keeps a layer's backing store until the layer
/// changes: a scene rendered many times (bench, parity, an app's frames) lays its text out and rasterizes it
/// once, and the GPU's texture cache, keyed on the `Bitmap`, uploads it once. Keyed by everything that
/// decides the store's bytes (`TextBox`), bounded in bytes (least recently used stores go first),
/// thread-safe.
final class BackingStoreCache<Key: Hashable>: @unchecked Sendable {

    private let lock = NSLock()
    private let capacityBytes: Int
    private var stores: [Key: (store: CachedStore, lastUse: UInt64)] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0

    init(capacityBytes: Int) { self.capacityBytes = capacityBytes }

    /// The store for `box`, made by `make` when it is not cached.
    func store(for box: Key, make: () throws -> CachedStore) rethrows -> CachedStore {
        lock.lock()
        clock += 1
        if let hit = stores[box] {
            stores[box] = (hit.store, clock)
            lock.unlock()
            return hit.store
        }
        lock.unlock()
        let made = try make()
        let bitmap = made.bitmap
        lock.lock()
        defer { lock.unlock() }
        let size = bitmap.width * bitmap.height * 4
        guard size <= capacityBytes / 4 else { return made }
        while bytes + size > capacityBytes, let oldest = stores.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            bytes -= oldest.value.store.bitmap.width * oldest.value.store.bitmap.height * 4
            stores[oldest.key] = nil
        }
        if stores[box] == nil {
            stores[box] = (made, clock)
            bytes += size
        }
        return stores[box]?.store ?? made
    }
}

/// A cached store.
struct CachedStore {
    var bitmap: Bitmap
}

/// The process's cache of text layers' stores, 128 MiB. (Drawn layers' stores are passes, drawn each frame
/// by the renderers.)
enum BackingStores {
    static let text = BackingStoreCache<TextBox>(capacityBytes: 128 << 20)
}
