import Foundation
@testable import LaminaGraph
@testable import LaminaGeometry
import XCTest

/// `BlurErrorBound` against a pyramid computed directly (levels, reduced kernel, bilinear reconstruction,
/// written here independently of the bound's kernel algebra), in one dimension and in double precision, so
/// what is checked is the bound's arithmetic; `GPUBlurTests` checks the GPU against it in two dimensions.
final class BlurErrorBoundTests: XCTestCase {
    /// One row blurred by `method`, standing for the blur of `sigma`, the long way, with zero outside.
    static func pyramid(_ row: [Double], sigma: Double, method: BlurMethod) -> [Double] {
        var level = row
        for _ in 0..<method.levels {
            let n = method.downsample == .box ? (level.count + 1) / 2 : level.count / 2 + 1
            func at(_ i: Int) -> Double { i >= 0 && i < level.count ? level[i] : 0 }
            level = (0..<n).map { c in
                method.downsample == .box ? 0.5 * (at(2 * c) + at(2 * c + 1))
                    : (at(2 * c - 1) + 3 * at(2 * c) + 3 * at(2 * c + 1) + at(2 * c + 2)) / 8
            }
        }
        let blurred = convolve(level, method.reducedWeights(sigma: sigma))
        let h = Double(1 << method.levels)
        func coarse(_ i: Int) -> Double { i >= 0 && i < blurred.count ? blurred[i] : 0 }
        return (0..<row.count).map { x in
            let u = (Double(x) + 0.5) / h - 0.5
            let i = Int(u.rounded(.down))
            let f = u - Double(i)
            return (1 - f) * coarse(i) + f * coarse(i + 1)
        }
    }

    static func exact(_ row: [Double], sigma: Double) -> [Double] {
        convolve(row, GaussianKernel.weights(sigma: sigma))
    }

    /// `row` convolved with symmetric weights over offsets -r ... r, zero outside.
    static func convolve(_ row: [Double], _ g: [Double]) -> [Double] {
        let r = g.count / 2
        return (0..<row.count).map { x in
            var s = 0.0
            for (j, w) in g.enumerated() where x + j - r >= 0 && x + j - r < row.count { s += w * row[x + j - r] }
            return s
        }
    }

    /// Every candidate at a sweep of sigmas: the largest 1D error on bumps (one rise, one fall) of random
    /// widths and positions stays within `range`, on random 0...1 rows within `positive`; and the bumps
    /// come within a third of `range` (the bound is not loose by orders of magnitude).
    func testProfile_boundsThePyramidsRealError() {
        var rng = SplitMix64(seed: 152)
        for sigma in [5.0, 8, 12, 16, 24, 40, 64] {
            for method in BlurPyramid.candidates(sigma: sigma) where method.levels <= 4 {
                let p = BlurErrorBound.profile(sigma: sigma, method: method)
                let pad = p.reach + 2
                var worstBump = 0.0, worstAny = 0.0
                for trial in 0..<24 {
                    let width = trial < 12 ? Int.random(in: 1...(8 * Int(sigma)), using: &rng) : 2 * pad + 40
                    let n = 2 * pad + width + 17
                    var row = [Double](repeating: 0, count: n)
                    let start = pad + Int.random(in: 0...16, using: &rng)
                    for i in start..<min(n - pad, start + width) { row[i] = 1 }
                    if trial % 3 == 0 { row[start] = 0.37; row[min(n - pad, start + width) - 1] = 0.71 }
                    worstBump = max(worstBump, Self.largestDifference(row, sigma: sigma, method: method))
                    var noise = [Double](repeating: 0, count: n)
                    for i in pad..<(n - pad) { noise[i] = Double(Int.random(in: 0...255, using: &rng)) / 255 }
                    worstAny = max(worstAny, Self.largestDifference(noise, sigma: sigma, method: method))
                }
                let label = "sigma \(sigma), \(method.downsample) k=\(method.levels)"
                XCTAssertLessThanOrEqual(worstBump, p.range + 1e-9, label)
                XCTAssertGreaterThan(worstBump, p.range / 3, "\(label): the bump bound is far from tight")
                XCTAssertLessThanOrEqual(worstAny, p.positive + 1e-9, label)
            }
        }
    }

    static func largestDifference(_ row: [Double], sigma: Double, method: BlurMethod) -> Double {
        let a = pyramid(row, sigma: sigma, method: method), b = exact(row, sigma: sigma)
        return zip(a, b).map { abs($0 - $1) }.max() ?? 0
    }

    /// The planner's choice keeps shapes' blurs within the target from sigma 1 to 256, through a pyramid
    /// from sigma 8; arbitrary content too, by the exact kernel or a binomial pyramid (whose band-limited
    /// levels hardly alias, so its bound holds for any input), until the exact kernel no longer fits.
    func testChoose_meetsTheTarget_forShapesAndAnyContent() {
        for sigma in [1.0, 2, 3.5, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32, 48, 64, 100, 256] {
            let m = BlurPyramid.choose(sigma: sigma, content: .shapes(variation: 1))
            XCTAssertLessThanOrEqual(m.bound, BlurPyramid.target, "sigma \(sigma)")
            if sigma >= 8 { XCTAssertGreaterThan(m.levels, 0, "sigma \(sigma) should take a pyramid") }
            let any = BlurPyramid.choose(sigma: sigma, content: .anyContent)
            if 3 * sigma <= Double(RendererCapabilities.laminaRenderers.maxExactBlurRadius) {
                XCTAssertLessThanOrEqual(any.bound, BlurPyramid.target, "sigma \(sigma), any content")
            } else {
                XCTAssertGreaterThan(any.levels, 0, "sigma \(sigma): the exact kernel does not fit")
            }
            XCTAssertTrue(any.levels == 0 || any.downsample == .binomial || any.bound > BlurPyramid.target,
                          "sigma \(sigma): only a binomial pyramid bounds any content")
        }
        // Every choice from sigma 21.5 to 2 500 runs a reduced kernel the GPU's shaders hold (radius 63), and the
        // widest blurs still take a pyramid (their bound not computed), never a truncated exact kernel.
        for sigma in [21.5, 22, 63.9, 91, 187, 700, 2500] {
            for content in [BlurContent.shapes(variation: 1), .anyContent] {
                let m = BlurPyramid.choose(sigma: sigma, content: content)
                XCTAssertLessThanOrEqual((3 * m.reducedSigma).rounded(.up), Double(RendererCapabilities.laminaRenderers.maxExactBlurRadius), "sigma \(sigma)")
                if 3 * sigma > Double(RendererCapabilities.laminaRenderers.maxExactBlurRadius) { XCTAssertGreaterThan(m.levels, 0, "sigma \(sigma)") }
            }
        }
        let widest = BlurPyramid.choose(sigma: 1e6, content: .anyContent)
        XCTAssertGreaterThan(widest.levels, 8)
        XCTAssertEqual(widest.bound, BlurMethod.unknownBound)
        // A ring rises twice, so its bound doubles and may need a gentler pyramid.
        let ring = BlurPyramid.choose(sigma: 16, content: .shapes(variation: 2))
        XCTAssertLessThanOrEqual(ring.bound, BlurPyramid.target)
    }

    /// The bound's 2D form: twice the 1D range for one bump per row and column, twice `positive` for any
    /// content, and half a step per stored 8-bit level.
    func testBound_combinesTheProfileAsDocumented() throws {
        let method = try XCTUnwrap(BlurPyramid.candidates(sigma: 20).first)
        let p = BlurErrorBound.profile(sigma: 20, method: method)
        XCTAssertEqual(BlurErrorBound.bound(sigma: 20, method: method, content: .shapes(variation: 1)),
                       2 * 255 * p.range, accuracy: 1e-9)
        XCTAssertEqual(BlurErrorBound.bound(sigma: 20, method: method, content: .anyContent),
                       2 * 255 * p.positive, accuracy: 1e-9)
        XCTAssertEqual(BlurErrorBound.bound(sigma: 20, method: method, content: .anyContent, levelRounding: 0.5),
                       2 * 255 * p.positive + 0.5 * Double(method.levels + 2), accuracy: 1e-9)
        XCTAssertEqual(BlurErrorBound.bound(sigma: 20, method: .exact, content: .anyContent), 0)
    }
}
