import Foundation
import LaminaGeometry

/// The planner's choice of how the GPU blurs each pass, and how far that blur reaches: part of the blur
/// contract, because the planner must leave room for it (`ShadowAtlas` pads each proxy by the reach).
///
/// The CPU renderer blurs every sigma exactly (`PassContent.blur`). The GPU can do the same (the exact
/// separable kernel, 2 (2 ceil(3 sigma) + 1) fetches a pixel, growing with the radius) or blur through a
/// pyramid: the pass down-sampled k times (`BlurMethod.Downsample`), a kernel of a reduced sigma fitted to
/// the exact one (`PyramidKernel`) on a target 4^k times smaller, bilinear reconstruction up. `choose` takes, per blur, the cheapest method
/// whose computed bound (`BlurErrorBound`) keeps the blurred pass within `target` of the exact one, so the
/// two renderers' passes differ by at most one step; where no pyramid meets it and the exact kernel fits
/// the renderer's exact blur (`RendererCapabilities.maxExactBlurRadius`), the exact kernel.
///
/// Every function takes the capabilities of the renderers the graph is for; a renderer reports them
/// (`Renderer.capabilities`) and the planner passes them on, so nothing here knows what a GPU compiles.
public enum BlurPyramid {
    /// The largest bound `choose` accepts, in 1/255 steps. Below 0.5, one blurred pass's bytes stay within
    /// one of the CPU's (whose own blur is within 1/510 of a step of the exact one before its last rounding,
    /// `BlurIntermediate`); but shadows overlap, and each composite rounds, so the target is half that: two
    /// overlapping shadows at their worst still sum to under half a step. At 0.45 (its value before the
    /// fitted kernels) the planner spent the kernels' gain on cheaper pyramids bounded at 0.35 to 0.45, and
    /// a random scene of three overlapping shadows (seed 2041, scene 738) differed by 3. Holding only a unit
    /// edge to 0.25 and the rest to 0.45 let text and image shadows take cheap pyramids again, and the
    /// random scenes whose worst pixel is 2 apart went from 5-14 to 36-52 in 2 000.
    public static let target = 0.25
    /// What storing a level adds, in 1/255 steps: the GPU keeps a gray pass's levels in 16-bit fixed point
    /// (half of 1/255 of a step, `blur_wide.frag`) and an RGBA pass's as 32-bit floats (less).
    public static let levelRounding = 0.5 / 255
    /// Pyramids whose reduced sigma is below this (texels) are not considered: too few texels per sigma
    /// for the reduced kernel to be worth its bound.
    static let smallestReducedSigma = 1.5
    /// Nor those above this: the reduced kernel's radius, ceil(3 sigma') for the fitted kernel as for the
    /// Gaussian, must fit the renderer's exact blur (`maxExactBlurRadius`), and the bound models the kernel
    /// the renderer runs.
    static func largestReducedSigma(_ capabilities: RendererCapabilities) -> Double {
        Double(capabilities.maxExactBlurRadius) / 3
    }
    /// The deepest pyramid bounded (2^8 pixels a texel): bounding one costs 2^levels phases of its kernel.
    static let deepestLevel = 8
    /// The deepest pyramid at all: a blur too wide for any bounded one is still blurred, through the
    /// shallowest level whose reduced kernel fits, with its bound unknown (`BlurMethod.unknownBound`).
    public static let deepestUnbounded = 40

    /// Values computed per (sigma, key): chosen methods by content, reaches by method. A scene meets a few
    /// sigmas, and each choice bounds a dozen candidates; the shadow atlas asks the reach for every shadow.
    private static let cache = LockedTable<PerSigma<Fitted<BlurContent>>, BlurMethod>(capacity: 4096)
    private static let reaches = LockedTable<PerSigma<BlurMethod>, Int>(capacity: 4096)
    private struct PerSigma<Key: Hashable>: Hashable {
        var sigma: UInt64, key: Key
        init(_ sigma: Double, _ key: Key) { self.sigma = sigma.bitPattern; self.key = key }
    }
    private struct Fitted<Key: Hashable>: Hashable { var key: Key, capabilities: RendererCapabilities }

    /// The method for a blur of `sigma` pixels over `content`: the cheapest (estimated fetches per pixel,
    /// `cost`) whose bound is at most `target`; when none is, the exact kernel if it fits, else the
    /// pyramid with the smallest bound, else (sigma beyond 21 x 2^8) the shallowest pyramid whose reduced
    /// kernel fits, its bound unknown.
    public static func choose(sigma: Double, content: BlurContent,
                              capabilities: RendererCapabilities = .laminaRenderers) -> BlurMethod {
        guard sigma > 0, sigma.isFinite else { return .exact }
        let key = PerSigma(sigma, Fitted(key: content, capabilities: capabilities))
        if let known = cache.get(key) { return known }
        let exactFits = Int(pixels: 3 * sigma, .up, in: 0...PixelLimit.max) <= capabilities.maxExactBlurRadius
        var best: (cost: Double, method: BlurMethod)? = exactFits ? (cost(sigma: sigma, method: .exact), .exact) : nil
        var fallback: BlurMethod?
        for m in candidates(sigma: sigma, capabilities: capabilities).flatMap({ kernels($0, sigma: sigma, content: content) }) {
            if m.bound <= target {
                let c = cost(sigma: sigma, method: m)
                if best.map({ c < $0.cost || (c == $0.cost && m.bound < $0.method.bound) }) ?? true { best = (c, m) }
            } else if fallback.map({ m.bound < $0.bound }) ?? true {
                fallback = m
            }
        }
        let chosen = best?.method ?? fallback ?? unbounded(sigma: sigma, capabilities: capabilities)
        cache.set(key, chosen)
        return chosen
    }

    /// `method` with each reduced kernel, the fitted one and the Gaussian, with its bound for `content`.
    /// The fit wins for shapes (by half or more); for any content, where the bound is the worst input's
    /// (noise), the Gaussian's can be the tighter at three levels and more, and a box level's staircase can
    /// leave either the better.
    static func kernels(_ method: BlurMethod, sigma: Double, content: BlurContent) -> [BlurMethod] {
        [BlurMethod.ReducedKernel.fitted, .gaussian].map { kernel -> BlurMethod in
            var m = method
            m.reducedKernel = kernel
            m.bound = BlurErrorBound.bound(sigma: sigma, method: m, content: content, levelRounding: levelRounding)
            return m
        }
    }

    /// The shallowest box pyramid whose reduced kernel fits the renderer's exact blur, for a sigma too wide to
    /// bound (its 2^levels phases would take too long to profile); the exact kernel if none does.
    static func unbounded(sigma: Double, capabilities: RendererCapabilities) -> BlurMethod {
        for k in 1...deepestUnbounded {
            // k 2x2 boxes add (4^k - 1) / 12 (a uniform over 2^k pixels), in closed form: too deep to build.
            let f = pow(2.0, Double(k))
            let reduced = reducedSigma(sigma: sigma, levels: k, downsampleVariance: (f * f - 1) / 12)
            if reduced <= largestReducedSigma(capabilities) {
                return BlurMethod(levels: k, downsample: .box, reducedSigma: reduced, bound: BlurMethod.unknownBound)
            }
        }
        return .exact
    }

    /// Every pyramid worth bounding for `sigma`: each filter at each depth up to `deepestLevel` whose reduced
    /// sigma is within `smallestReducedSigma` ... `largestReducedSigma`, the reduced sigma corrected for the
    /// variance the down-sampling and the bilinear reconstruction add (a tent of half-width 2^k, variance
    /// 4^k / 6), its kernel fitted to the exact one through the pyramid (`PyramidKernel`); `choose` weighs
    /// it with the Gaussian instead (`kernels`).
    public static func candidates(sigma: Double,
                                  capabilities: RendererCapabilities = .laminaRenderers) -> [BlurMethod] {
        let largest = largestReducedSigma(capabilities)
        var out: [BlurMethod] = []
        for filter in [BlurMethod.Downsample.box, .binomial] {
            for k in 1...deepestLevel {
                let reduced = reducedSigma(sigma: sigma, levels: k,
                                           downsampleVariance: downsampleVariance(levels: k, filter: filter))
                guard reduced >= smallestReducedSigma else { break }
                guard reduced <= largest else { continue }
                out.append(BlurMethod(levels: k, downsample: filter, reducedSigma: reduced, reducedKernel: .fitted,
                                      bound: 0))
            }
        }
        return out
    }

    /// The sigma at level `levels` (texels of 2^levels pixels) whose blur, after down-sampling that adds
    /// `downsampleVariance` and the bilinear reconstruction's tent (variance 4^k / 6), has variance sigma^2.
    static func reducedSigma(sigma: Double, levels: Int, downsampleVariance: Double) -> Double {
        let f = pow(2.0, Double(levels))
        return (max(sigma * sigma - (downsampleVariance + f * f / 6), 0.25)).squareRoot() / f
    }

    /// The variance (px^2 at full size) `levels` down-samplings with `filter` add.
    static func downsampleVariance(levels: Int, filter: BlurMethod.Downsample) -> Double {
        let (start, w) = BlurErrorBound.downsampleKernel(levels: levels, filter: filter)
        let mean = w.enumerated().reduce(0) { $0 + Double(start + $1.offset) * $1.element }
        return w.enumerated().reduce(0) { $0 + pow(Double(start + $1.offset) - mean, 2) * $1.element }
    }

    /// Estimated texel fetches per full-size pixel: the exact kernel's two directions; or the down-samples
    /// (4 or 16 a texel, a quarter as many texels each level), the reduced kernel on 4^-k of the pixels and
    /// the bilinear reconstruction's four.
    public static func cost(sigma: Double, method: BlurMethod) -> Double {
        func taps(_ s: Double) -> Double { 2 * (2 * (3 * s).rounded(.up) + 1) }
        guard method.levels > 0 else { return taps(sigma) }
        let area = pow(4.0, Double(method.levels))
        let perTexel: Double = method.downsample == .box ? 4 : 16
        return perTexel * (1 - 1 / area) / 3 + taps(method.reducedSigma) / area + 4
    }

    /// The farthest a blur of `sigma` by `method` carries a pixel's value, in pixels, on either backend;
    /// remembered per (sigma, method), as the shadow atlas asks it for every shadow.
    public static func reach(sigma: Double, method: BlurMethod) -> Int {
        let exact = Int(pixels: 3 * sigma, .up, in: 0...PixelLimit.max)
        guard method.levels > 0 else { return exact }
        if let known = reaches.get(PerSigma(sigma, method)) { return known }
        let reach = max(exact, BlurErrorBound.profile(sigma: sigma, method: method).reach)
        reaches.set(PerSigma(sigma, method), reach)
        return reach
    }

    /// The method's description for `lamina plan`.
    public static func describe(_ m: BlurMethod) -> String {
        guard m.levels > 0 else { return "GPU: exact kernel" }
        let bound = m.bound < 0 ? "bound not computed" : "bound " + String(format: "%.2f", m.bound) + "/255"
        let kernel = m.reducedKernel == .fitted ? "fitted kernel" : "Gaussian"
        return "GPU: \(m.downsample.rawValue) pyramid, \(m.levels) level\(m.levels == 1 ? "" : "s"), reduced sigma "
            + String(format: "%.2f", m.reducedSigma) + " (\(kernel)), " + bound
    }
}
