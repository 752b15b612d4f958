import Foundation

/// CAMediaTimingFunction: a cubic Bézier from (0, 0) to (1, 1) through two control points, mapping an
/// animation's linear progress x to its paced progress y. Solved exactly enough that no 8-bit value moves:
/// x(s) is inverted by Newton steps, falling back to bisection, to 1e-12.
public struct TimingFunction: Sendable, Hashable {
    public let c1x: Double, c1y: Double, c2x: Double, c2y: Double

    /// Control points (c1x, c1y) and (c2x, c2y); the x coordinates are clamped to [0, 1], as Core Animation
    /// requires them there so the curve is a function of x.
    public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.c1x = min(1, max(0, c1x)); self.c1y = c1y
        self.c2x = min(1, max(0, c2x)); self.c2y = c2y
    }

    public static let linear = TimingFunction(0, 0, 1, 1)
    public static let easeIn = TimingFunction(0.42, 0, 1, 1)
    public static let easeOut = TimingFunction(0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionDefault`, the curve of implicit animations.
    public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

    /// The named functions by the names the scene format uses.
    public static let named: [String: TimingFunction] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInEaseOut": .easeInEaseOut, "default": .default,
    ]

    /// y at x (x clamped to [0, 1]).
    public func callAsFunction(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        if self == .linear { return x }
        return Self.bezier(solve(x), c1y, c2y)
    }

    /// One coordinate of the curve at parameter s, with end points 0 and 1.
    private static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    private static func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The parameter s whose x is `x` (x(s) increases on [0, 1] when both control x lie in [0, 1]).
    private func solve(_ x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = Self.bezier(s, c1x, c2x) - x
            if abs(error) < 1e-12 { return s }
            let d = Self.slope(s, c1x, c2x)
            guard abs(d) > 1e-9 else { break }
            s -= error / d
            guard s >= 0, s <= 1 else { break }
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<64 {
            let v = Self.bezier(s, c1x, c2x)
            if abs(v - x) < 1e-12 { return s }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }
}
