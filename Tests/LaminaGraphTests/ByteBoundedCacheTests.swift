import XCTest
@testable import LaminaGraph

final class ByteBoundedCacheTests: XCTestCase {
    private func cache(capacity: Int) -> ByteBoundedCache<Int, [UInt8]> {
        ByteBoundedCache(capacityBytes: capacity) { $0.count }
    }

    func testDropsTheLeastRecentlyUsedFirst() {
        let cache = cache(capacity: 100)
        for key in 0..<4 { cache.keep([UInt8](repeating: 0, count: 25), for: key) }
        XCTAssertNotNil(cache.value(for: 0))  // 0 is now the most recent; 1 the least
        cache.keep([UInt8](repeating: 0, count: 25), for: 4)
        XCTAssertFalse(cache.contains(1))
        XCTAssertTrue(cache.contains(0))
        XCTAssertTrue(cache.contains(2))
        cache.keep([UInt8](repeating: 0, count: 25), for: 5)
        XCTAssertFalse(cache.contains(2))
        XCTAssertEqual([0, 3, 4, 5].map(cache.contains), [true, true, true, true])
    }

    func testDropsAsManyAsTheNewValueNeeds() {
        let cache = cache(capacity: 100)
        for key in 0..<10 { cache.keep([UInt8](repeating: 0, count: 10), for: key) }
        cache.keep([UInt8](repeating: 0, count: 25), for: 10)
        XCTAssertEqual((0..<10).filter(cache.contains), [3, 4, 5, 6, 7, 8, 9])
        XCTAssertTrue(cache.contains(10))
    }

    func testKeepsNoValueOverAQuarterAndTheFirstValueOfAKey() {
        let cache = cache(capacity: 100)
        XCTAssertEqual(cache.keep([1], for: 1), [1])
        XCTAssertEqual(cache.keep([2], for: 1), [1], "the value kept first is returned")
        XCTAssertEqual(cache.keep([UInt8](repeating: 7, count: 26), for: 2).count, 26)
        XCTAssertFalse(cache.contains(2))
        XCTAssertEqual(cache.value(for: 3) { [3, 3] }, [3, 3])
        XCTAssertEqual(cache.value(for: 3) { [9] }, [3, 3], "made once")
    }

    func testManyValuesCycledThroughASmallCache() {
        let cache = cache(capacity: 1000)
        for round in 0..<3 {
            for key in 0..<5000 { cache.keep([UInt8(truncatingIfNeeded: key + round)], for: key) }
        }
        XCTAssertEqual((0..<5000).filter(cache.contains), Array(4000..<5000))
        XCTAssertEqual(cache.value(for: 4999), [UInt8(truncatingIfNeeded: 4999 + 2)], "kept again in the last round")
    }

    /// A key whose hash is its value divided by 10: keys 0...9 share one hash.
    private struct Colliding: Hashable {
        let value: Int
        func hash(into hasher: inout Hasher) { hasher.combine(value / 10) }
    }

    func testKeepsAtMostKeysPerHash_andCountsDroppedOnesOut() {
        let cache = ByteBoundedCache<Colliding, [UInt8]>(capacityBytes: 1000, keysPerHash: 3) { $0.count }
        for v in 0..<6 { cache.keep([UInt8(v)], for: Colliding(value: v)) }
        XCTAssertEqual((0..<6).filter { cache.contains(Colliding(value: $0)) }, [0, 1, 2], "three of one hash")
        XCTAssertEqual(cache.keep([9], for: Colliding(value: 4)), [9], "not kept, still handed back")
        cache.keep([1], for: Colliding(value: 10))
        XCTAssertTrue(cache.contains(Colliding(value: 10)), "another hash has room")
        // Dropping one of the three (the cache full of others) makes room for another key of that hash.
        for v in 100..<(100 + 5) { cache.keep([UInt8](repeating: 0, count: 249), for: Colliding(value: v * 10)) }
        XCTAssertFalse(cache.contains(Colliding(value: 0)), "the oldest dropped")
        cache.keep([5], for: Colliding(value: 5))
        XCTAssertTrue(cache.contains(Colliding(value: 5)), "a dropped key's place is free again")
    }

    /// A frame (a generation) of more values than fit keeps what fits without pushing out what it used or
    /// kept; the next generation may push out what it has not used. `remove` drops one value.
    func testKeepSparingGeneration_neverDropsWhatThisGenerationUsed() {
        let cache = ByteBoundedCache<Int, [UInt8]>(capacityBytes: 100) { $0.count }
        let value = [UInt8](repeating: 0, count: 24)
        cache.beginGeneration()
        for k in 0..<4 { XCTAssertTrue(cache.keepSparingGeneration(value, for: k), "\(k) fits") }
        XCTAssertFalse(cache.fitsSparingGeneration(24))
        XCTAssertFalse(cache.keepSparingGeneration(value, for: 4), "room only by dropping this generation's values")
        XCTAssertEqual(cache.count, 4)
        cache.beginGeneration()
        for k in [0, 2, 3] { XCTAssertNotNil(cache.value(for: k)) }
        XCTAssertTrue(cache.fitsSparingGeneration(24), "1 was not used in this generation")
        XCTAssertTrue(cache.keepSparingGeneration(value, for: 4))
        XCTAssertEqual((0..<5).filter(cache.contains), [0, 2, 3, 4], "the unused one dropped")
        XCTAssertFalse(cache.keepSparingGeneration(value, for: 4), "already kept")
        XCTAssertNil(cache.value(for: 2, ifCurrent: { _ in false }), "a value found stale is dropped")
        XCTAssertEqual((0..<5).filter(cache.contains), [0, 3, 4])
        XCTAssertTrue(cache.keepSparingGeneration(value, for: 5), "the removed one's room")
    }

    /// A value found stale by its caller is dropped with its bytes, unless it was replaced meanwhile.
    func testDropIfStale_dropsOnlyTheValueFoundStale() {
        let cache = cache(capacity: 100)
        cache.keep([1, 2, 3], for: 7)
        cache.drop(7) { $0 == [9] }
        XCTAssertTrue(cache.contains(7), "a value the caller did not find stale stays")
        cache.drop(7) { $0 == [1, 2, 3] }
        XCTAssertFalse(cache.contains(7))
        cache.drop(8) { _ in true }
        XCTAssertEqual(cache.count, 0)
        for key in 0..<4 { cache.keep([UInt8](repeating: 0, count: 25), for: key) }
        XCTAssertEqual(cache.count, 4, "the dropped value's bytes are free again")
    }
}
