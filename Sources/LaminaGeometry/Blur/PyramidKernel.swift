import Foundation

/// The weights a pyramid blurs its reduced level with (`BlurMethod.ReducedKernel`).
///
/// Why not the Gaussian of the reduced sigma: the blur every pass defines is the Gaussian cut at
/// ceil(3 sigma) (`GaussianKernel`), and a pyramid cannot cut where that kernel cuts: its reduced kernel's
/// tails are smeared by the down-sampling and the reconstruction, so the pyramid puts about 4e-4 of its
/// weight beyond 3 sigma that the exact kernel does not, and takes it from the shoulder. That error has one
/// sign, the same at every phase and in every blur: a shape's shadow came out up to 0.1 of a step darker at
/// 1 to 3 sigma outside the shape, and where three shadows' tails overlap their roundings stepped the same
/// way (`BlurErrorBound`'s model shows it; matching the variance instead makes it worse).
///
/// The fitted kernel is the one, of the Gaussian's radius ceil(3 sigma'), whose
/// pyramid's step responses are nearest the exact kernel's in least squares over every output phase: with
/// b_p the response of output phase p to reduced tap 0 (the down-sampling's weights, reconstructed
/// bilinearly), the effective kernel at phase p is K_p(o) = sum_m w_m b_p(o - m h), its step error
/// D_p(o) = sum_{o' <= o} (K_p - G)(o'), and w minimises sum_p sum_o D_p(o)^2 subject to sum w = 1. Step
/// errors, not kernel errors, because they are what a shape's blur shows (the bound's `range`); fitting
/// the kernels' own squares leaves a box level worse than the Gaussian. For a difference x of sum 0,
/// sum_o (running sum of x)^2 = -1/2 sum_i sum_j |i - j| x_i x_j, so the normal equations are Toeplitz in
/// m - m' (`selfEnergy`) and a fit costs the phases times the down-sampling kernel's length, not times the
/// exact kernel's. What is left is the phases' own spread, which no kernel shared by all phases removes,
/// and the exact kernel's cut at 3 sigma, which a pyramid cannot make. The mean step error over phases,
/// binomial levels: sigma 8 0.105 -> 0.042 of a step, 12 0.067 -> 0.030, 24 0.088 -> 0.029, 64 0.074 ->
/// 0.021; a box level at sigma 16 0.044 -> 0.025.
///
/// Why not wider: one more tap each side would take the mean step error at sigma 8 from 0.042 to 0.028 of a
/// step, but it widens every pyramid blur's reach by 2^levels pixels, and the shadow atlas pads each proxy
/// by the reach: shadow-alpha-200's atlas grew 28 % and its frame 12 % slower on llvmpipe (48 -> 55 ms). At
/// the Gaussian's radius the fit costs nothing at render time.
public enum PyramidKernel {
    /// The fitted weights of reduced offsets -R ... R (index i is offset i - R), R = ceil(3 reducedSigma)
    /// (`radius`), for a pyramid of `levels` levels down-sampled by `downsample` standing for the exact
    /// blur of `sigma`. Symmetric, summing to 1; some tail weights are slightly negative. Nil when the fit
    /// cannot be solved (never seen; the caller then takes the Gaussian).
    public static func fitted(sigma: Double, levels: Int, downsample: BlurMethod.Downsample,
                              reducedSigma: Double) -> [Double]? {
        let key = Key(sigma: sigma.bitPattern, levels: levels, downsample: downsample,
                      reduced: reducedSigma.bitPattern)
        if let known = memo.get(key) { return known }
        let weights = solve(sigma: sigma, levels: levels, downsample: downsample, reducedSigma: reducedSigma)
        memo.set(key, weights)
        return weights
    }

    /// The deepest pyramid fitted (2^12 phases) and the widest reduced kernel (the GPU's shaders hold 63).
    static let maxLevels = 12
    static let maxRadius = 1024

    /// The radius of the fitted kernel for `reducedSigma`.
    public static func radius(reducedSigma: Double) -> Int {
        GaussianKernel.radius(sigma: reducedSigma)
    }

    private struct Key: Hashable {
        var sigma: UInt64, levels: Int, downsample: BlurMethod.Downsample, reduced: UInt64
    }

    private static let memo = LockedTable<Key, [Double]?>(capacity: 1024)

    /// Output phase p's response to reduced tap 0: weights `values` over fine offsets from `start`.
    struct PhaseResponse { var start: Int; var values: [Double] }

    /// Every phase's response (`PhaseResponse`), with the same geometry as `BlurErrorBound.profile`.
    static func responses(levels: Int, downsample: BlurMethod.Downsample) -> [PhaseResponse] {
        let h = 1 << levels
        let (dStart, down) = BlurErrorBound.downsampleKernel(levels: levels, filter: downsample)
        return (0..<h).map { phase in
            let (c0, f) = BlurErrorBound.reconstruction(phase: phase, factor: h)
            var values = [Double](repeating: 0, count: down.count + h)
            for (i, v) in down.enumerated() {
                values[i] += (1 - f) * v
                values[i + h] += f * v
            }
            return PhaseResponse(start: dStart + c0 * h - phase, values: values)
        }
    }

    private static func solve(sigma: Double, levels: Int, downsample: BlurMethod.Downsample,
                              reducedSigma: Double) -> [Double]? {
        // Plans are public and decodable, so a method may come from anywhere: fit only pyramids the planner
        // could choose (levels and radius within the GPU's bounds) standing for a blur no wider than they
        // reach, which bounds every allocation here by the pyramid's own extent.
        guard (1...maxLevels).contains(levels), reducedSigma > 0, reducedSigma <= Double(maxRadius) / 3,
              sigma > 0, sigma.isFinite else { return nil }
        let h = 1 << levels
        let r = radius(reducedSigma: reducedSigma)
        guard GaussianKernel.radius(sigma: sigma) <= (2 * r + 4) * h + 64 else { return nil }
        let phases = responses(levels: levels, downsample: downsample)
        let exact = GaussianKernel.weights(sigma: sigma)
        let gram = selfEnergy(phases, stride: h, through: 2 * r)
        let cross = crossEnergy(phases, with: exact, stride: h, radius: r)
        // Folded unknowns v_j = w_j = w_-j, j = 0 ... r (column j is the sum of columns j and -j), and the
        // constraint's multiplier: [-S a; a^T 0] [v; lambda] = [-V; 1], a = (1, 2, 2, ...).
        let n = r + 1
        var system = [[Double]](repeating: [Double](repeating: 0, count: n + 2), count: n + 1)
        for j in 0..<n {
            let signs = j == 0 ? [0] : [j, -j]
            for k in 0..<n {
                let others = k == 0 ? [0] : [k, -k]
                system[j][k] = -signs.reduce(0) { acc, s in others.reduce(acc) { $0 + gram[abs(s - $1)] } }
            }
            system[j][n] = j == 0 ? 1 : 2
            system[j][n + 1] = -signs.reduce(0) { $0 + cross[$1 + r] }
            system[n][j] = j == 0 ? 1 : 2
        }
        system[n][n + 1] = 1
        guard let v = LinearSolve.solve(&system), v.count == n + 1 else { return nil }
        let half = Array(v[0..<n])
        let weights = Array(half.reversed().dropLast()) + half
        return weights.allSatisfy({ $0.isFinite }) ? weights : nil
    }

    /// S(s) = sum over phases of sum_a sum_b |a - b + s h| b_p(a) b_p(b), s = 0 ... `through`: the
    /// energy form's Gram entries, Toeplitz in m - m'. Past a response's length it is s h (times its
    /// squared sum, 1).
    private static func selfEnergy(_ phases: [PhaseResponse], stride h: Int, through: Int) -> [Double] {
        let moments = phases.map { AbsoluteMoments(values: $0.values, start: 0) }
        return (0...through).map { s in
            zip(phases, moments).reduce(0.0) { total, pair in
                let (p, m) = pair
                let shift = s * h
                guard shift < p.values.count else { return total + Double(shift) * m.sum * m.sum }
                var sum = 0.0
                for (a, v) in p.values.enumerated() where v != 0 { sum += v * m.at(a + shift) }
                return total + sum
            }
        }
    }

    /// V(m) = sum over phases of sum_o sum_j |o - j| b_p(o - m h) G(j), m = -radius ... radius (index
    /// m + radius): the phases' responses added on the fine grid first (Q), then read against
    /// Psi(t) = sum_j |t - j| G(j).
    private static func crossEnergy(_ phases: [PhaseResponse], with exact: [Double], stride h: Int,
                                    radius: Int) -> [Double] {
        let lo = phases.map(\.start).min() ?? 0
        let hi = phases.map { $0.start + $0.values.count }.max() ?? 0
        var q = [Double](repeating: 0, count: max(hi - lo, 0))
        for p in phases { for (j, v) in p.values.enumerated() { q[p.start - lo + j] += v } }
        let psi = AbsoluteMoments(values: exact, start: -(exact.count / 2))
        return (-radius...radius).map { m in
            var sum = 0.0
            for (t, v) in q.enumerated() where v != 0 { sum += v * psi.at(lo + t + m * h) }
            return sum
        }
    }
}

/// sum_j |t - j| v_j for weights v over offsets start ... start + count - 1, at any whole t in O(1):
/// t (P0 - (S0 - P0)) - (P1 - (S1 - P1)), with P0, P1 the running sums of v_j and j v_j up to t.
struct AbsoluteMoments {
    let start: Int
    let sum: Double
    private let firstMoment: Double
    private let p0: [Double], p1: [Double]

    init(values: [Double], start: Int) {
        self.start = start
        var a = 0.0, b = 0.0
        var p0 = [Double](), p1 = [Double]()
        p0.reserveCapacity(values.count); p1.reserveCapacity(values.count)
        for (i, v) in values.enumerated() {
            a += v; b += Double(start + i) * v
            p0.append(a); p1.append(b)
        }
        self.p0 = p0; self.p1 = p1; sum = a; firstMoment = b
    }

    func at(_ t: Int) -> Double {
        let i = t - start
        let (below0, below1) = i < 0 ? (0.0, 0.0) : (i >= p0.count ? (sum, firstMoment) : (p0[i], p1[i]))
        let x = Double(t)
        return x * (below0 - (sum - below0)) - (below1 - (firstMoment - below1))
    }
}

/// Dense linear systems, small (a fitted kernel's, at most 65 unknowns): Gaussian elimination with partial
/// pivoting on the augmented matrix [A | b].
enum LinearSolve {
    /// The solution of the augmented system (n rows of n + 1 columns), or nil when A is singular.
    static func solve(_ m: inout [[Double]]) -> [Double]? {
        let n = m.count
        guard n > 0, m.allSatisfy({ $0.count == n + 1 }) else { return nil }
        let scale = m.joined().reduce(0) { max($0, abs($1)) }
        guard scale > 0, scale.isFinite else { return nil }
        for col in 0..<n {
            var pivot = col
            for row in (col + 1)..<n where abs(m[row][col]) > abs(m[pivot][col]) { pivot = row }
            guard abs(m[pivot][col]) > scale * 1e-15 else { return nil }
            m.swapAt(col, pivot)
            for row in (col + 1)..<n {
                let factor = m[row][col] / m[col][col]
                if factor == 0 { continue }
                for k in col...n { m[row][k] -= factor * m[col][k] }
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var s = m[row][n]
            for k in (row + 1)..<n { s -= m[row][k] * x[k] }
            x[row] = s / m[row][row]
        }
        return x
    }
}
