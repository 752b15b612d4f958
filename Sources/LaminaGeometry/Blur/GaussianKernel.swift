import Foundation

/// The Gaussian every blur pass defines (`PassContent.blur`): exp(-i^2 / (2 sigma^2)) sampled at integer
/// offsets out to r = ceil(3 sigma), normalised to sum 1 in double precision (summed left to right over
/// -r ... r). One function for the CPU's blur, the GPU's exact kernel and the pyramid's error bound, so the
/// three use the same numbers.
public enum GaussianKernel {
    /// ceil(3 sigma), clamped to `limit`; 0 for sigma <= 0.
    public static func radius(sigma: Double, limit: Int = PixelLimit.max) -> Int {
        guard sigma > 0 else { return 0 }
        return Int(pixels: 3 * sigma, .up, in: 0...limit)
    }

    /// The weights of offsets -r ... r (index i is offset i - r), r = `radius(sigma:limit:)`; [1] for
    /// sigma <= 0.
    public static func weights(sigma: Double, limit: Int = PixelLimit.max) -> [Double] {
        guard sigma > 0 else { return [1] }
        let r = radius(sigma: sigma, limit: limit)
        let w = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let sum = w.reduce(0, +)
        return w.map { $0 / sum }
    }
}
