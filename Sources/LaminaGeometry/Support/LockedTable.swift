import Foundation

/// A table of computed values shared by every caller in the process (planners on several threads),
/// guarded by a lock and emptied whole once it holds `capacity` entries: the values are cheap to
/// recompute, and a scene meets few keys.
public final class LockedTable<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var table: [Key: Value] = [:]
    private let capacity: Int

    public init(capacity: Int) { self.capacity = capacity }

    public func get(_ key: Key) -> Value? {
        lock.lock(); defer { lock.unlock() }
        return table[key]
    }

    public func set(_ key: Key, _ value: Value) {
        lock.lock(); defer { lock.unlock() }
        if table.count >= capacity { table.removeAll() }
        table[key] = value
    }
}
