import LaminaGeometry

/// One of `count` disjoint parts of a reftest suite, for spreading it over CI machines (`lamina test --shard
/// K/N`, or Bazel's `TEST_SHARD_INDEX` and `TEST_TOTAL_SHARDS`).
///
/// A test's part follows from its `Reftest.identity` alone (the scene's path as its list writes it), hashed
/// with FNV-1a and mixed by SplitMix64 (`SplitMix64(name:)`), so every machine, checkout and run puts it in
/// the same part whatever the order of the suite or the tests added around it; the parts are disjoint and
/// together are the suite. Lines of one list that test the same scene share a part.
public struct ReftestShard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based: 1...count.
    public let index: Int
    public let count: Int

    /// Nil unless `count` is at least 1 and `index` in 1...count.
    public init?(index: Int, count: Int) {
        guard count >= 1, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// `K/N` as the command line writes it; `description` gives it back.
    public var description: String { "\(index)/\(count)" }

    /// Reads `K/N` (1-based K), or says what is wrong with it.
    public static func parse(_ spec: String) -> Result<ReftestShard, ReftestShardError> {
        let parts = spec.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            return .failure(ReftestShardError("expected K/N, two whole numbers such as 2/3"))
        }
        guard n >= 1 else { return .failure(ReftestShardError("the shard count N must be 1 or more, found \(n)")) }
        guard let shard = ReftestShard(index: k, count: n) else {
            return .failure(ReftestShardError("the shard K is 1-based and must be in 1...\(n), found \(k)"))
        }
        return .success(shard)
    }

    /// Whether `test` belongs to this part.
    public func contains(_ test: Reftest) -> Bool {
        Self.part(of: test.identity, count: count) == index
    }

    /// The 1-based part of `count` that `identity` falls in.
    public static func part(of identity: String, count: Int) -> Int {
        guard count > 1 else { return 1 }
        var mixer = SplitMix64(name: identity)
        return Int(mixer.next() % UInt64(count)) + 1
    }
}

/// Why a shard's spelling was refused.
public struct ReftestShardError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
