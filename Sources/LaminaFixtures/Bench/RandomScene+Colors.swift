import LaminaGraph
import LaminaGeometry

extension SplitMix64 {
    /// A colour as users write them: half the components whole 8-bit steps (`k / 255`), half the decimals
    /// 0.1, 0.3, 0.5, 0.7 and 0.9, which are exactly the short decimals that land on a tie between two steps
    /// (0.9 x 255 = 229.5). Ties are where two renderers that round differently part by one over a whole
    /// fill, so the random scenes meet them often; `lamina parity` shows such a step in its mean difference.
    mutating func sceneColor(alpha: Double = 1) -> Color {
        func component() -> Double {
            if unit() < 0.5 { return whole(40, 235) / 255 }
            return [0.1, 0.3, 0.5, 0.7, 0.9][Int(whole(0, 4))]
        }
        return Color(red: component(), green: component(), blue: component(), alpha: alpha)
    }
}
