import Foundation

/// Upper bounds on what an exact blur (`PassContent.blur`) can output, so the planner can skip a shadow
/// whose every byte would be zero instead of allocating and blurring passes for it.
///
/// The blur's weights are `exp(-i^2 / (2 sigma^2)) / S` for |i| <= r = ceil(3 sigma), with S their sum, so
/// no weight exceeds w0 = 1 / S. A shape whose coverage is nonzero on at most W columns gives a horizontal
/// sum of at most min(1, W w0); the 8-bit rounding between the directions adds at most 0.5/255; the
/// vertical pass over at most H rows multiplies by at most min(1, H w0). The blurred pass is then rounded to
/// 8 bits (v8), and the shadow composited with colour alpha a changes no destination byte when
/// a * v8 < 0.5: source-over moves a channel by at most a * v8 (of 255), which rounds away.
enum GaussianBound {
    /// The largest weight of the exact kernel of `sigma`, from below-bounding its sum: the kernel is
    /// decreasing in |i|, so sum_{i=0}^{r} f(i) >= integral_0^r f, and S >= sigma sqrt(2 pi) erf(r / (sigma sqrt 2)) - 1.
    static func maxWeight(sigma: Double) -> Double {
        guard sigma > 0, sigma.isFinite else { return 1 }
        let r = (3 * sigma).rounded(.up)
        let sumBelow = sigma * (2 * Double.pi).squareRoot() * erf(r / (sigma * 2.0.squareRoot())) - 1
        return sumBelow > 1 ? 1 / sumBelow : 1
    }

    /// True when a blur of `sigma` over a shape covering at most `width` x `height` pixels, composited with
    /// colour alpha `alpha`, changes no byte of its target (see the type's comment for the derivation).
    static func blurIsInvisible(sigma: Double, width: Int, height: Int, alpha: Double) -> Bool {
        let w0 = maxWeight(sigma: sigma)
        let horizontal = min(1, Double(width) * w0) + 0.5 / 255
        let vertical = min(1, horizontal) * min(1, Double(height) * w0)
        let stored = (255 * vertical).rounded()
        return alpha * stored < 0.5
    }
}
