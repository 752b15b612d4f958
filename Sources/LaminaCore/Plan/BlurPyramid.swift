import Foundation

/// How a GPU blurs a large sigma, and how far that blur reaches: part of the blur contract, because the
/// planner must leave room for it (`ShadowAtlas` pads each proxy by the reach).
///
/// The CPU renderer blurs every sigma exactly (`PassContent.blur`). The GPU renderer blurs sigma above
/// `exactLimit` through a pyramid: a 2x2 box down k times, the exact Gaussian at a reduced sigma on the
/// small target, bilinear reconstruction up. Its cost per pixel then stops growing with the radius, and it
/// stays within 3/255 of the exact blur (measured in `GPUBlurTests`).
public enum BlurPyramid {
    /// Above this sigma (pixels) the GPU uses the pyramid.
    public static let defaultExactLimit: Double = 4

    /// How many times a blur of `sigma` is halved before blurring, and the sigma used at that size.
    ///
    /// A 2x2 box at each level adds variance (4^k - 1) / 12 (px^2 at full size, a uniform over 2^k pixels)
    /// and the bilinear upsampling about 4^k / 6 (a tent of half-width 2^k); the reduced sigma subtracts
    /// both, so the composite kernel has the requested variance.
    public static func plan(sigma: Double, exactLimit: Double = defaultExactLimit)
        -> (levels: Int, reducedSigma: Double) {
        guard sigma > exactLimit else { return (0, sigma) }
        let k = Int(pixels: log2(sigma / exactLimit), .up, in: 0...40)
        let f = pow(2.0, Double(k))
        let extra = (f * f - 1) / 12 + (f * f - 1) / 6
        return (k, (max(sigma * sigma - extra, 0.25)).squareRoot() / f)
    }

    /// The farthest a blur of `sigma` carries a pixel's value, in pixels, on either backend: ceil(3 sigma)
    /// for the exact kernel; through the pyramid, up to 2^k - 1 pixels for the boxes, ceil(3 sigma') texels
    /// of 2^k pixels for the reduced kernel and one more texel for the bilinear reconstruction.
    public static func reach(sigma: Double, exactLimit: Double = defaultExactLimit) -> Int {
        let exact = Int(pixels: 3 * sigma, .up, in: 0...PixelLimit.max)
        let (k, reduced) = plan(sigma: sigma, exactLimit: exactLimit)
        guard k > 0 else { return exact }
        let f = 1 << k
        return max(exact, Int(pixels: 3 * reduced, .up, in: 0...PixelLimit.max) * f + 2 * f - 1)
    }
}
