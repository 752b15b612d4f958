import Foundation
@testable import LaminaGraph
@testable import LaminaGeometry
import XCTest

/// The pyramid's fitted reduced kernel (`PyramidKernel`): what it is, and the one-signed error it removes.
final class PyramidKernelTests: XCTestCase {
    /// The binomial pyramids the planner takes for shapes, sigma 8 to 64.
    static let pyramids: [(sigma: Double, levels: Int)] = [(8, 1), (12, 1), (16, 1), (24, 2), (32, 2), (48, 3), (64, 3)]

    static func method(sigma: Double, levels: Int, kernel: BlurMethod.ReducedKernel) throws -> BlurMethod {
        var m = try XCTUnwrap(BlurPyramid.candidates(sigma: sigma).first { $0.downsample == .binomial && $0.levels == levels })
        m.reducedKernel = kernel
        return m
    }

    func testFittedKernel_isSymmetric_sumsToOne_asWideAsTheGaussian() throws {
        for (sigma, levels) in Self.pyramids {
            let m = try Self.method(sigma: sigma, levels: levels, kernel: .fitted)
            let w = try XCTUnwrap(PyramidKernel.fitted(sigma: sigma, levels: levels, downsample: .binomial,
                                                       reducedSigma: m.reducedSigma))
            XCTAssertEqual(w.count, 2 * PyramidKernel.radius(reducedSigma: m.reducedSigma) + 1)
            XCTAssertEqual(w.count, GaussianKernel.weights(sigma: m.reducedSigma).count)
            XCTAssertEqual(w.reduce(0, +), 1, accuracy: 1e-12, "sigma \(sigma)")
            for i in 0..<w.count { XCTAssertEqual(w[i], w[w.count - 1 - i], "sigma \(sigma), tap \(i)") }
            XCTAssertEqual(m.reducedWeights(sigma: sigma), w)
        }
    }

    /// The mean over output phases of the step-response error (a white half-plane's blur, one dimension),
    /// in steps, at its largest over offsets: the part of the pyramid's error that has the same sign in
    /// every blur, so that overlapping shadows' roundings step together. With the reduced level blurred by
    /// the Gaussian of the reduced sigma it is 0.05 to 0.11 of a step (the pyramid cannot cut its kernel at
    /// 3 sigma as the exact one is cut: it moves weight from the shoulder into the tail); fitted, 0.021 to
    /// 0.042.
    func testFittedKernel_removesTheOneSignedError() throws {
        for (sigma, levels) in Self.pyramids {
            let gaussian = try Self.meanStepError(sigma: sigma, method: Self.method(sigma: sigma, levels: levels, kernel: .gaussian))
            let fitted = try Self.meanStepError(sigma: sigma, method: Self.method(sigma: sigma, levels: levels, kernel: .fitted))
            XCTAssertGreaterThan(gaussian, 0.045, "sigma \(sigma): the Gaussian's one-signed error")
            XCTAssertLessThan(fitted, 0.045, "sigma \(sigma)")
            XCTAssertLessThan(fitted, gaussian / 2, "sigma \(sigma)")
            print(String(format: "sigma %2.0f, %d levels: mean step error %.3f (Gaussian) -> %.3f (fitted)",
                         sigma, levels, gaussian, fitted))
        }
    }

    /// The bound the planner works with falls as well, for every binomial candidate up to 3 levels whose
    /// reduced sigma is 3 texels or more. (Below, the phases' own spread is most of the error, and the fit,
    /// least squares over the kernel, can leave the worst phase a little worse: sigma 16 through 3 levels,
    /// reduced sigma 1.9, 0.0067 against 0.0064.)
    func testFittedKernel_tightensTheBound() throws {
        for (sigma, _) in Self.pyramids {
            for m in BlurPyramid.candidates(sigma: sigma)
            where m.downsample == .binomial && m.levels <= 3 && m.reducedSigma >= 3 {
                var g = m
                g.reducedKernel = .gaussian
                let fitted = BlurErrorBound.profile(sigma: sigma, method: m).range
                let gaussian = BlurErrorBound.profile(sigma: sigma, method: g).range
                XCTAssertLessThan(fitted, gaussian, "sigma \(sigma), \(m.levels) levels")
            }
        }
    }

    /// Rows 0 ... 0 1 ... 1 with the step at every phase of the coarsest level, blurred the long way
    /// (`BlurErrorBoundTests.pyramid`) and exactly; the largest |mean difference| over the offsets from
    /// the step, in steps.
    static func meanStepError(sigma: Double, method: BlurMethod) -> Double {
        let h = 1 << method.levels
        let reach = BlurPyramid.reach(sigma: sigma, method: method) + 2 * h
        var sums = [Double](repeating: 0, count: 2 * reach)
        for phase in 0..<h {
            let edge = 2 * reach + phase, fall = edge + 2 * reach + h   // the fall is out of the offsets' reach
            var row = [Double](repeating: 0, count: fall + 2 * reach)
            for i in edge..<fall { row[i] = 1 }
            let a = BlurErrorBoundTests.pyramid(row, sigma: sigma, method: method)
            let b = BlurErrorBoundTests.exact(row, sigma: sigma)
            for o in 0..<(2 * reach) { sums[o] += a[edge - reach + o] - b[edge - reach + o] }
        }
        return sums.map { abs($0) / Double(h) * 255 }.max() ?? 0
    }
}

extension PyramidKernelTests {
    /// A plan written before fitted kernels ran the Gaussian, and decodes so; a fitted method round-trips.
    func testPlanJSON_withoutTheKernel_decodesAsTheGaussian() throws {
        let old = #"{"levels": 1, "downsample": "binomial", "reducedSigma": 3.96, "bound": 0.44}"#
        let decoded = try JSONDecoder().decode(BlurMethod.self, from: Data(old.utf8))
        XCTAssertEqual(decoded.reducedKernel, .gaussian)
        XCTAssertEqual(decoded.reducedWeights(sigma: 8), GaussianKernel.weights(sigma: 3.96))
        let fitted = try Self.method(sigma: 8, levels: 1, kernel: .fitted)
        XCTAssertEqual(try JSONDecoder().decode(BlurMethod.self, from: JSONEncoder().encode(fitted)), fitted)
    }
}

extension PyramidKernelTests {
    /// A method from a decoded plan may hold anything: past the pyramids the planner could choose, or for a
    /// blur far wider than the pyramid reaches, no fit is made (the Gaussian is used), so nothing here
    /// allocates by the input's numbers.
    func testOutlandishMethods_areNotFitted() {
        XCTAssertNil(PyramidKernel.fitted(sigma: 1e12, levels: 1, downsample: .binomial, reducedSigma: 4))
        XCTAssertNil(PyramidKernel.fitted(sigma: 64, levels: 40, downsample: .box, reducedSigma: 4))
        XCTAssertNil(PyramidKernel.fitted(sigma: 64, levels: 2, downsample: .box, reducedSigma: 1e9))
        XCTAssertNil(PyramidKernel.fitted(sigma: .nan, levels: 1, downsample: .box, reducedSigma: 4))
        XCTAssertNotNil(PyramidKernel.fitted(sigma: 8, levels: 1, downsample: .binomial, reducedSigma: 3.96))
    }
}
