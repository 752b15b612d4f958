import Foundation
import LaminaGeometry
import LaminaGraph

/// The cubic keyframe modes' curve: a Kochanek-Bartels (tension, continuity, bias) Hermite spline through the
/// values, component by component; the ends repeat their value as the missing neighbour. With every
/// parameter 0 it is the Catmull-Rom spline.
enum KochanekBartels {
    /// The value on segment `i` (from value i to value i + 1) at `s` in 0...1; nil for values without
    /// components (transforms, booleans), which move linearly.
    static func value(_ k: LayerAnimation.Keyframes, segment i: Int, at s: Double) -> AnimatableValue? {
        let v = k.values
        let n = v.count
        guard let p1 = v[i].components, let p2 = v[i + 1].components,
              let p0 = v[max(0, i - 1)].components, let p3 = v[min(n - 1, i + 2)].components,
              [p0.count, p2.count, p3.count].allSatisfy({ $0 == p1.count }) else { return nil }
        func parameter(_ list: [Double]?, _ j: Int) -> Double { list.flatMap { j < $0.count ? $0[j] : nil } ?? 0 }
        let (t1, c1, b1) = (parameter(k.tension, i), parameter(k.continuity, i), parameter(k.bias, i))
        let (t2, c2, b2) = (parameter(k.tension, i + 1), parameter(k.continuity, i + 1), parameter(k.bias, i + 1))
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        var out = [Double](repeating: 0, count: p1.count)
        for j in 0..<p1.count {
            // The tangent leaving value i and the one arriving at value i + 1.
            let outgoing = (1 - t1) * (1 + b1) * (1 + c1) / 2 * (p1[j] - p0[j]) + (1 - t1) * (1 - b1) * (1 - c1) / 2 * (p2[j] - p1[j])
            let incoming = (1 - t2) * (1 + b2) * (1 - c2) / 2 * (p2[j] - p1[j]) + (1 - t2) * (1 - b2) * (1 + c2) / 2 * (p3[j] - p2[j])
            out[j] = h00 * p1[j] + h10 * outgoing + h01 * p2[j] + h11 * incoming
        }
        return v[i].withComponents(out)
    }
}
