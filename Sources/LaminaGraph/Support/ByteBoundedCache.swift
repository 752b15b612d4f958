import Foundation

/// Values kept between plans or frames, bounded in bytes: least recently used first out, and a value over a
/// quarter of the capacity is not kept. Thread-safe. Text layers' stores use it (`BackingStores`), and so does
/// the CPU renderer for retained passes (`Pass.retainKey`): Core Animation keeps a backing store until its
/// layer changes, so a scene rendered many times lays its text out, or draws its drawn stores, once.
public final class ByteBoundedCache<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private let capacityBytes: Int
    private let size: (Value) -> Int
    private var entries: [Key: (value: Value, lastUse: UInt64)] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0

    /// A cache of `capacityBytes`, each value weighing `size(value)` bytes.
    public init(capacityBytes: Int, size: @escaping (Value) -> Int) {
        self.capacityBytes = capacityBytes
        self.size = size
    }

    /// Whether a value is kept for `key` (its use is not marked).
    public func contains(_ key: Key) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return entries[key] != nil
    }

    /// The value kept for `key`, marked as just used.
    public func value(for key: Key) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        clock += 1
        guard let hit = entries[key] else { return nil }
        entries[key] = (hit.value, clock)
        return hit.value
    }

    /// The value for `key`, made by `make` when it is not kept (and then kept).
    public func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        if let hit = value(for: key) { return hit }
        let made = try make()
        return keep(made, for: key)
    }

    /// Keeps `value` for `key`, dropping the least recently used values to make room; returns the value kept
    /// for `key` (an earlier one if another thread kept one first).
    @discardableResult
    public func keep(_ value: Value, for key: Key) -> Value {
        let weight = size(value)
        lock.lock()
        defer { lock.unlock() }
        if let kept = entries[key] { return kept.value }
        guard weight <= capacityBytes / 4 else { return value }
        while bytes + weight > capacityBytes, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            bytes -= size(oldest.value.value)
            entries[oldest.key] = nil
        }
        clock += 1
        entries[key] = (value, clock)
        bytes += weight
        return value
    }
}
