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
/// The fitted kernel is the one, of radius ceil(3 sigma') + `extraRadius`, whose pyramid is nearest the exact
/// kernel in least squares over every output phase: with b_p the response of output phase p to reduced tap 0
/// (the down-sampling's weights, reconstructed bilinearly), the effective kernel at phase p is
/// K_p(o) = sum_m w_m b_p(o - m h), and w minimises sum_p sum_o (K_p(o) - G(o))^2 subject to sum w = 1.
/// The normal equations are Toeplitz in m - m' (`A`), folded for symmetry, so a fit costs the phases times
/// the down-sampling kernel's length, not times the exact kernel's. What is left is the phases' own spread,
/// which no kernel shared by all phases can remove: at sigma 8 (binomial, one level) the largest step error
/// falls from 0.11 to 0.025 of a step, at sigma 64 (three levels) from 0.09 to 0.05.
public enum PyramidKernel {
    /// Taps beyond ceil(3 sigma') the fit may use: the smeared tail needs about two.
    public static let extraRadius = 2

    /// The fitted weights of reduced offsets -R ... R (index i is offset i - R), R = ceil(3 reducedSigma) +
    /// `extraRadius`, for a pyramid of `levels` levels down-sampled by `downsample` standing for the exact
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

    /// The radius of the fitted kernel for `reducedSigma`.
    public static func radius(reducedSigma: Double) -> Int {
        GaussianKernel.radius(sigma: reducedSigma) + extraRadius
    }

    private struct Key: Hashable {
        var sigma: UInt64, levels: Int, downsample: BlurMethod.Downsample, reduced: UInt64
    }

    private static let memo = LockedTable<Key, [Double]?>()

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
        guard levels > 0, reducedSigma > 0 else { return nil }
        let h = 1 << levels
        let r = radius(reducedSigma: reducedSigma)
        let phases = responses(levels: levels, downsample: downsample)
        let exact = GaussianKernel.weights(sigma: sigma)
        let gram = autocorrelation(phases, stride: h, through: 2 * r)
        let rhs = correlation(phases, with: exact, stride: h, radius: r)
        // Folded unknowns v_j = w_j = w_-j, j = 0 ... r: column j is the sum of columns j and -j.
        let n = r + 1
        var system = [[Double]](repeating: [Double](repeating: 0, count: n + 2), count: n + 1)
        func a(_ s: Int) -> Double { abs(s) < gram.count ? gram[abs(s)] : 0 }
        for j in 0..<n {
            let signs = j == 0 ? [0] : [j, -j]
            for k in 0..<n {
                let others = k == 0 ? [0] : [k, -k]
                system[j][k] = signs.reduce(0) { acc, s in others.reduce(acc) { $0 + a(s - $1) } }
            }
            system[j][n] = j == 0 ? 1 : 2                      // the constraint's multiplier
            system[j][n + 1] = signs.reduce(0) { $0 + rhs[$1 + r] }
            system[n][j] = j == 0 ? 1 : 2                      // sum w = v_0 + 2 sum v_j = 1
        }
        system[n][n + 1] = 1
        guard let v = LinearSolve.solve(&system), v.count == n + 1 else { return nil }
        let half = Array(v[0..<n])
        let weights = Array(half.reversed().dropLast()) + half
        return weights.allSatisfy({ $0.isFinite }) ? weights : nil
    }

    /// A(s) = sum over phases and offsets of b_p(o) b_p(o + s h), s = 0 ... `through`.
    private static func autocorrelation(_ phases: [PhaseResponse], stride h: Int, through: Int) -> [Double] {
        (0...through).map { s in
            phases.reduce(0.0) { total, p in
                var sum = 0.0
                let shift = s * h
                if shift < p.values.count {
                    for j in 0..<(p.values.count - shift) { sum += p.values[j] * p.values[j + shift] }
                }
                return total + sum
            }
        }
    }

    /// c(m) = sum over phases and offsets of b_p(o - m h) G(o), m = -radius ... radius (index m + radius):
    /// through Q(t) = sum_p b_p(t), the phases' responses added on the fine grid first.
    private static func correlation(_ phases: [PhaseResponse], with exact: [Double], stride h: Int,
                                    radius: Int) -> [Double] {
        let lo = phases.map(\.start).min() ?? 0
        let hi = phases.map { $0.start + $0.values.count }.max() ?? 0
        var q = [Double](repeating: 0, count: max(hi - lo, 0))
        for p in phases { for (j, v) in p.values.enumerated() { q[p.start - lo + j] += v } }
        let g = exact.count / 2
        return (-radius...radius).map { m in
            var sum = 0.0
            for (t, v) in q.enumerated() where v != 0 {
                let o = lo + t + m * h
                if abs(o) <= g { sum += v * exact[o + g] }
            }
            return sum
        }
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

/// A table shared by every caller in the process, guarded by a lock, emptied past 1 024 entries.
final class LockedTable<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var table: [Key: Value] = [:]

    func get(_ key: Key) -> Value? {
        lock.lock(); defer { lock.unlock() }
        return table[key]
    }

    func set(_ key: Key, _ value: Value) {
        lock.lock(); defer { lock.unlock() }
        if table.count > 1024 { table.removeAll() }
        table[key] = value
    }
}
