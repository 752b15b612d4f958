import Foundation

/// Values kept between plans or frames, bounded in bytes: least recently used first out, and a value over a
/// quarter of the capacity is not kept. Thread-safe. Text layers' stores use it (`BackingStores`), and so does
/// the CPU renderer for retained passes (`Pass.retainKey`): Core Animation keeps a backing store until its
/// layer changes, so a scene rendered many times lays its text out, or draws its drawn stores, once.
///
/// Every operation takes constant time: the entries sit in slots linked in order of use (most recent at
/// the head), so making room drops the tail instead of searching for the oldest value.
public final class ByteBoundedCache<Key: Hashable, Value>: @unchecked Sendable {
    @usableFromInline
    struct Slot {
        /// Nil once dropped (the slot is free), so a dropped entry keeps neither its key nor its value alive.
        @usableFromInline var key: Key?
        @usableFromInline var value: Value?
        @usableFromInline var weight: Int
        @usableFromInline var newer: Int
        @usableFromInline var older: Int
        /// The generation (`beginGeneration`) it was last used in.
        @usableFromInline var used = 0

        @inlinable
        init(key: Key?, value: Value?, weight: Int, newer: Int, older: Int) {
            self.key = key; self.value = value; self.weight = weight; self.newer = newer; self.older = older
        }
    }

    @usableFromInline let lock = AdaptiveLock()
    @usableFromInline let capacityBytes: Int
    @usableFromInline let size: (Value) -> Int
    @usableFromInline var index: [Key: Int] = [:]
    @usableFromInline var slots: [Slot] = []
    @usableFromInline var freeSlots: [Int] = []
    @usableFromInline var newest = -1
    @usableFromInline var oldest = -1
    @usableFromInline var bytes = 0
    /// The current generation (a frame, for a cache of a frame's work): values used in it are not dropped to
    /// make room by `keepSparingGeneration`.
    @usableFromInline var generation = 0
    /// With `keysPerHash`: how many kept keys have each hash value.
    @usableFromInline let keysPerHash: Int?
    @usableFromInline var hashCounts: [Int: Int] = [:]

    /// A cache of `capacityBytes`, each value weighing `size(value)` bytes. With `keysPerHash`, at most that
    /// many keys of one hash value are kept (a further one is not kept), so a lookup compares a bounded
    /// number of keys however many collide: for keys whose hash samples what they hold.
    public init(capacityBytes: Int, keysPerHash: Int? = nil, size: @escaping (Value) -> Int) {
        self.capacityBytes = capacityBytes
        self.keysPerHash = keysPerHash
        self.size = size
    }

    /// Whether a value is kept for `key` (its use is not marked).
    @inlinable
    public func contains(_ key: Key) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return index[key] != nil
    }

    /// How many values are kept.
    @inlinable
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return index.count
    }

    /// The value kept for `key`, marked as just used.
    @inlinable
    public func value(for key: Key) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        guard let slot = index[key] else { return nil }
        unlink(slot)
        linkNewest(slot)
        slots[slot].used = generation
        return slots[slot].value
    }

    /// The value for `key` when `isCurrent` holds for it (taken as `value(for:)` takes it); a kept value it
    /// rejects, made for something else the key now names (an image freed and another at its address), is
    /// dropped, so the caller makes and keeps the current one.
    @inlinable
    public func value(for key: Key, ifCurrent isCurrent: (Value) -> Bool) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        guard let slot = index[key], let value = slots[slot].value else { return nil }
        guard isCurrent(value) else {
            drop(slot)
            return nil
        }
        unlink(slot)
        linkNewest(slot)
        slots[slot].used = generation
        return value
    }

    /// Drops the value kept for `key` when `isStale` holds for it: one the caller found to be made for
    /// something else the key now names, unless another thread has replaced it meanwhile.
    @inlinable
    public func drop(_ key: Key, ifStale isStale: (Value) -> Bool) {
        lock.lock()
        defer { lock.unlock() }
        guard let slot = index[key], let value = slots[slot].value, isStale(value) else { return }
        drop(slot)
    }

    /// Starts a new generation: what is used from now on is spared by `keepSparingGeneration`.
    @inlinable
    public func beginGeneration() {
        lock.lock()
        defer { lock.unlock() }
        generation &+= 1
    }

    /// Whether `weight` more bytes fit without dropping a value used in this generation.
    @inlinable
    public func fitsSparingGeneration(_ weight: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return fits(weight)
    }

    @inlinable
    func fits(_ weight: Int) -> Bool {
        var free = capacityBytes - bytes, slot = oldest
        while free < weight, slot >= 0, slots[slot].used != generation {
            free += slots[slot].weight
            slot = slots[slot].newer
        }
        return free >= weight
    }

    /// `keep`, unless making room would drop a value used in this generation (a working set larger than the
    /// cache would otherwise push out, each frame, what the same frame kept): then nothing is kept. Returns
    /// whether `value` is kept for `key`.
    @discardableResult @inlinable
    public func keepSparingGeneration(_ value: Value, for key: Key) -> Bool {
        let weight = size(value)
        lock.lock()
        defer { lock.unlock() }
        guard index[key] == nil, fits(weight) else { return false }
        return insert(value, weight: weight, for: key)
    }

    /// The value for `key`, made by `make` when it is not kept (and then kept).
    @inlinable
    public func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        if let hit = value(for: key) { return hit }
        let made = try make()
        return keep(made, for: key)
    }

    /// Keeps `value` for `key`, dropping the least recently used values to make room; returns the value kept
    /// for `key` (an earlier one if another thread kept one first).
    @discardableResult @inlinable
    public func keep(_ value: Value, for key: Key) -> Value {
        let weight = size(value)
        lock.lock()
        defer { lock.unlock() }
        if let slot = index[key], let kept = slots[slot].value { return kept }
        _ = insert(value, weight: weight, for: key)
        return value
    }

    /// Files `value` (of `weight` bytes) under `key`, which is not kept, dropping the least recently used
    /// values to make room; false when it is over a quarter of the capacity or its hash has its keys.
    /// Called with the lock held.
    @inlinable
    func insert(_ value: Value, weight: Int, for key: Key) -> Bool {
        guard weight <= capacityBytes / 4 else { return false }
        if let limit = keysPerHash {
            let h = key.hashValue
            guard hashCounts[h, default: 0] < limit else { return false }
            hashCounts[h, default: 0] += 1
        }
        while bytes + weight > capacityBytes, oldest >= 0 { dropOldest() }
        var entry = Slot(key: key, value: value, weight: weight, newer: -1, older: -1)
        entry.used = generation
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = reused
            slots[slot] = entry
        } else {
            slot = slots.count
            slots.append(entry)
        }
        index[key] = slot
        linkNewest(slot)
        bytes += weight
        return true
    }

    @inlinable
    func dropOldest() { drop(oldest) }

    @inlinable
    func drop(_ slot: Int) {
        unlink(slot)
        if let key = slots[slot].key {
            index[key] = nil
            if keysPerHash != nil {
                let h = key.hashValue
                if let n = hashCounts[h], n > 1 { hashCounts[h] = n - 1 } else { hashCounts[h] = nil }
            }
        }
        bytes -= slots[slot].weight
        slots[slot].key = nil
        slots[slot].value = nil
        freeSlots.append(slot)
    }

    @inlinable
    func unlink(_ slot: Int) {
        let newer = slots[slot].newer, older = slots[slot].older
        if newer >= 0 { slots[newer].older = older } else { newest = older }
        if older >= 0 { slots[older].newer = newer } else { oldest = newer }
        slots[slot].newer = -1
        slots[slot].older = -1
    }

    @inlinable
    func linkNewest(_ slot: Int) {
        slots[slot].older = newest
        slots[slot].newer = -1
        if newest >= 0 { slots[newest].newer = slot } else { oldest = slot }
        newest = slot
    }
}
