import Foundation

/// How a renderer that may approximate (the GPU) computes one blur pass; the CPU reference always blurs
/// exactly (`PassContent.blur`). Chosen per blur by the planner (`BlurPyramid.choose`), with the bound it
/// guarantees, and printed by `lamina plan`.
public struct BlurMethod: Codable, Hashable, Sendable {
    /// How each pyramid level is made from the one below.
    public enum Downsample: String, Codable, Sendable {
        /// A 2x2 box: four fetches a texel, a staircase the reconstruction must smooth.
        case box
        /// The binomial [1 3 3 1] / 8 in both directions (texels 2c - 1 ... 2c + 2): sixteen fetches a texel,
        /// but it band-limits the level, so the reduced blur aliases far less.
        case binomial
    }

    /// The weights the reduced level is blurred with.
    public enum ReducedKernel: String, Codable, Sendable {
        /// The Gaussian of `reducedSigma` (`GaussianKernel`): plans written before fitted kernels, pyramids
        /// too deep to bound, and those the Gaussian bounds better (`BlurPyramid.kernels`).
        case gaussian
        /// Fitted to the exact kernel of the blur's sigma through the whole pyramid (`PyramidKernel`), with
        /// the Gaussian's radius.
        case fitted
    }

    /// 0: the exact separable kernel. k > 0: the pyramid, the pass halved k times before blurring.
    public var levels: Int
    public var downsample: Downsample
    /// The Gaussian's sigma at the reduced level, in its texels (2^levels pixels each).
    public var reducedSigma: Double
    public var reducedKernel: ReducedKernel
    /// The largest difference from the exact Gaussian (real-valued, before the pass's final rounding), in
    /// 1/255 steps, for the blurred content's class (`BlurErrorBound`); 0 for the exact kernel.
    public var bound: Double

    public static let exact = BlurMethod(levels: 0, downsample: .box, reducedSigma: 0, bound: 0)
    /// The bound of a pyramid too deep to profile (`BlurPyramid.unbounded`): not computed.
    public static let unknownBound = -1.0

    public init(levels: Int, downsample: Downsample, reducedSigma: Double, reducedKernel: ReducedKernel = .gaussian,
                bound: Double) {
        self.levels = levels; self.downsample = downsample; self.reducedSigma = reducedSigma
        self.reducedKernel = reducedKernel; self.bound = bound
    }

    /// The reduced level's weights, offsets -R ... R, for this method standing for the blur of `sigma`: the
    /// fitted kernel (`PyramidKernel`) or the Gaussian of `reducedSigma`; [1] for the exact method. A
    /// renderer checks `reducedSigma` against its shaders' radius first (a decoded plan may hold anything).
    public func reducedWeights(sigma: Double) -> [Double] {
        guard levels > 0 else { return [1] }
        if reducedKernel == .fitted, let w = PyramidKernel.fitted(sigma: sigma, levels: levels, downsample: downsample,
                                                                   reducedSigma: reducedSigma) {
            return w
        }
        return GaussianKernel.weights(sigma: reducedSigma)
    }

    private enum CodingKeys: String, CodingKey { case levels, downsample, reducedSigma, reducedKernel, bound }

    /// Plans written before `reducedKernel` decode with the Gaussian they ran.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(levels: try c.decode(Int.self, forKey: .levels),
                  downsample: try c.decode(Downsample.self, forKey: .downsample),
                  reducedSigma: try c.decode(Double.self, forKey: .reducedSigma),
                  reducedKernel: try c.decodeIfPresent(ReducedKernel.self, forKey: .reducedKernel) ?? .gaussian,
                  bound: try c.decode(Double.self, forKey: .bound))
    }
}

/// What a blur pass holds, as far as its error bound needs to know.
public struct BlurContent: Hashable, Codable, Sendable {
    /// How far each row and each column of the pass rises in total (alpha, 0 ... 1 a step), within any
    /// span the blur reaches; infinity when unknown (any 8-bit content). A convex shape of alpha a rises
    /// a; a ring (a border without fill) rises twice.
    public var variation: Double

    /// Anything: the bound must hold for every 8-bit input.
    public static let anyContent = BlurContent(variation: .infinity)

    /// Shapes that each rise by at most `variation` along any row or column, alone within the blur's reach
    /// (the shadow atlas's proxies).
    public static func shapes(variation: Double) -> BlurContent {
        BlurContent(variation: variation.isFinite ? max(0, variation) : .infinity)
    }
}

/// A computed bound on how far the GPU's blur pyramid strays from the exact Gaussian: the down-sampling
/// filter applied `levels` times, the reduced kernel on the small level (`BlurMethod.reducedWeights`),
/// bilinear reconstruction back to full size (`BlurRunner`, `reduced_level.glsl`).
///
/// Every stage is linear, so output pixel x of one direction is sum_i K_x(i) s_i for an effective kernel
/// K_x that depends only on x's phase modulo 2^levels. This type builds those kernels exactly (in double
/// precision, from the same weights the shaders use) and compares each with the exact kernel G the CPU
/// applies; with d = K_x - G and D its running sum:
///
/// - any input in [0, 1]: |sum d_i s_i| <= sum of the positive d_i (`positive`), since sum d = 0;
/// - a row that starts and ends transparent and rises by v in total (v = a for a convex shape of alpha
///   a): summing by parts, the error is sum_j (s_j - s_{j-1}) D_j <= v (max D - min D) (`range`).
///
/// In two dimensions K_x (x) K_y - G (x) G = (K_x - G) (x) K_y + G (x) (K_y - G); K_y and G are averages,
/// which raise neither a row's total rise nor the range [0, 1], so the 2D bound is twice the 1D one. Each of
/// the k + 2 stored levels (k down-samples, the two blur directions) adds its storage's rounding
/// (`levelRounding`): 1/510 of a step for a gray pass's 16-bit fixed-point levels, 2^-24 for float ones
/// (the GPU blurs an RGBA pass exactly where its levels would be 8-bit).
///
/// The kernels are those of an unbounded pass. A pass has edges: a level keeps the texels whose fine pixels
/// lie in the pass, and the reconstruction reads texels past the level as transparent. The planner pads
/// what it blurs by ceil(3 sigma) + 1 or the blur's reach, so what is lost there is the Gaussian's tail
/// beyond 3 sigma; measured with shapes cut at both edges, pixels 3 sigma + 2 inside differ from the
/// unbounded model by at most 0.05/255 (sigma 20 to 91).
///
/// The bound is measured against `GPUBlurTests`' real differences over a sweep of sigmas and shapes. The
/// CPU's own blur keeps its intermediate in 16-bit fixed point (`BlurIntermediate`, within 1/510 of a step
/// of the exact sum), so a bound below 0.5 keeps the two renderers' blurred passes within one step of each
/// other, and the share of pixels that round apart is about the mean error in steps (`BlurAgreementTests`).
public enum BlurErrorBound {
    /// The 1D comparison of a method with the exact kernel, the worst over output phases.
    public struct Profile: Sendable, Equatable {
        /// max D - min D: the error for one rise and one fall of height 1.
        public var range: Double
        /// The sum of the positive d_i: the error for any input in [0, 1].
        public var positive: Double
        /// The farthest input pixel any output pixel reads, either side.
        public var reach: Int
    }

    /// The 2D bound, in 1/255 steps, on blurring `content` with `method` instead of exactly at `sigma`;
    /// `levelRounding` is the rounding each stored level adds (0 for float levels, 0.5 for 8-bit ones).
    public static func bound(sigma: Double, method: BlurMethod, content: BlurContent,
                             levelRounding: Double = 0) -> Double {
        guard method.levels > 0 else { return 0 }
        let p = profile(sigma: sigma, method: method)
        let v = content.variation
        // Rows start and end transparent (the pass is padded by the reach), so they fall as far as they rise:
        // summing by parts, each unit of rise meets at most max D and each unit of fall at least min D.
        let linear = 2 * 255 * (v.isFinite ? min(v * p.range, p.positive) : p.positive)
        return linear + levelRounding * Double(method.levels + 2)
    }

    /// The fine-pixel weights of level texel 0 after `levels` down-samplings: (offset of the first weight,
    /// weights). Texel c of the level reads the same weights shifted by c 2^levels.
    public static func downsampleKernel(levels: Int, filter: BlurMethod.Downsample) -> (start: Int, weights: [Double]) {
        var start = 0
        var weights: [Double] = [1]
        let taps: [(Int, Double)] = filter == .box ? [(0, 0.5), (1, 0.5)]
            : [(-1, 0.125), (0, 0.375), (1, 0.375), (2, 0.125)]
        for level in 0..<levels {
            let stride = 1 << level
            let lo = start + (taps.first?.0 ?? 0) * stride
            let hi = start + weights.count - 1 + (taps.last?.0 ?? 0) * stride
            var next = [Double](repeating: 0, count: hi - lo + 1)
            for (t, w) in taps {
                for (i, v) in weights.enumerated() { next[start + i + t * stride - lo] += w * v }
            }
            start = lo
            weights = next
        }
        return (start, weights)
    }

    /// Bilinear reconstruction of output pixel `phase` of each run of `factor`: it reads level texels c0 and
    /// c0 + 1 (relative to the run's texel) with weights 1 - f and f (`reduced_level.glsl`).
    public static func reconstruction(phase: Int, factor h: Int) -> (c0: Int, f: Double) {
        let u = (Double(phase) + 0.5) / Double(h) - 0.5
        let c0 = Int(u.rounded(.down))
        return (c0, u - Double(c0))
    }

    /// The method's comparison with the exact kernel of `sigma`, over every output phase.
    public static func profile(sigma: Double, method: BlurMethod) -> Profile {
        let h = 1 << method.levels
        let (dStart, down) = downsampleKernel(levels: method.levels, filter: method.downsample)
        let g = method.reducedWeights(sigma: sigma)
        let rr = g.count / 2
        // P: coarse texel 0 after the reduced blur, as weights over fine pixels from `pStart`.
        let pStart = dStart - rr * h
        var p = [Double](repeating: 0, count: (g.count - 1) * h + down.count)
        for (m, gm) in g.enumerated() {
            for (i, v) in down.enumerated() { p[m * h + i] += gm * v }
        }
        let exact = GaussianKernel.weights(sigma: sigma)
        let r = exact.count / 2
        var worst = Profile(range: 0, positive: 0, reach: r)
        for phase in 0..<h {
            let (c0, f) = reconstruction(phase: phase, factor: h)
            // Offsets from the output pixel: K reads P at c0 h + pStart - phase ... and one texel later.
            let kStart = c0 * h + pStart - phase
            let lo = min(kStart, -r), hi = max(kStart + p.count + h - 1, r)
            var running = 0.0, top = 0.0, bottom = 0.0, positive = 0.0
            for o in lo...hi {
                var k = 0.0
                let a = o - kStart, b = a - h
                if a >= 0, a < p.count { k += (1 - f) * p[a] }
                if b >= 0, b < p.count { k += f * p[b] }
                if k != 0 { worst.reach = max(worst.reach, abs(o)) }
                let d = k - (abs(o) <= r ? exact[o + r] : 0)
                running += d
                top = max(top, running); bottom = min(bottom, running)
                positive += max(d, 0)
            }
            worst.range = max(worst.range, top - bottom)
            worst.positive = max(worst.positive, positive)
        }
        return worst
    }
}
