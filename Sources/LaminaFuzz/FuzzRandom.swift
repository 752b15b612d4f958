/// SplitMix64: the mutator's only source of randomness, seeded from libFuzzer's per-call seed so that a
/// mutation is reproducible from that seed.
struct FuzzRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<n`; 0 when `n` is not positive.
    mutating func below(_ n: Int) -> Int {
        n > 0 ? Int(next() % UInt64(n)) : 0
    }

    /// True one time in `n`.
    mutating func chance(_ n: Int) -> Bool { below(n) == 0 }

    /// A uniformly drawn element of `items`, which must not be empty.
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// A double in `range`.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
    }
}
