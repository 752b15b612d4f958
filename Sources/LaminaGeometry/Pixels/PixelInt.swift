/// The one conversion from floating point to integer pixels.
///
/// `Int(x)` traps on NaN, infinities and values beyond Int's range, and input reaches every pixel bound
/// the planner computes (a scale of 1e7 compounded three times is 1e21). Every conversion of a value that
/// input can reach goes through `Int(pixels:)`, which rounds, clamps into ±`PixelLimit.max` (far beyond
/// any canvas, and small enough that sums and products of two such values fit in 64 bits) and maps NaN to 0.
public enum PixelLimit {
    /// The largest magnitude a converted pixel coordinate or count takes: 2^26.
    public static let max = 1 << 26
}

extension Int {
    /// `x` rounded by `rule` and clamped into `range`; NaN gives 0 clamped into `range`. Inlined, so a
    /// constant `rule` folds (the path rasterizer converts twice per span; out of line it was 8% of a
    /// stroke-heavy frame).
    @inlinable @inline(__always)
    public init(pixels x: Double, _ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero,
                in range: ClosedRange<Int> = -PixelLimit.max...PixelLimit.max) {
        let lo = Double(range.lowerBound), hi = Double(range.upperBound)
        if x.isNaN {
            self = Swift.min(Swift.max(0, range.lowerBound), range.upperBound)
        } else {
            let r = x.rounded(rule)
            self = r <= lo ? range.lowerBound : (r >= hi ? range.upperBound : Int(r))
        }
    }
}

extension Double {
    /// `rounded(.down)` by truncation for values within ±2^52, the same double (-0.0 and whole values are
    /// returned as they are): x86-64 without SSE4.1 has no instruction for it, and libm's `floor` is a call.
    /// Other values, NaN and the infinities take `rounded(.down)`.
    @inlinable @inline(__always)
    public var floored: Double {
        guard abs(self) < 0x1p52 else { return rounded(.down) }
        let t = Double(Int64(self))
        return t == self ? self : (t > self ? t - 1 : t)
    }
}
