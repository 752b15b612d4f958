import Foundation
import LaminaTestSupport
import XCTest
@testable import LaminaCore
@testable import LaminaGeometry
import LaminaGraph

/// The planner's resource model: checked pixel conversions, the memory and pass-size budget with the
/// layer's pointer in every refusal, path segment limits, and shadows whose every byte would be zero.
final class ResourceLimitTests: XCTestCase {
    private func plan(_ layers: String, canvas: String = "\"width\": 200, \"height\": 100",
                      limits: ResourceLimits = .default) throws -> RenderGraph {
        let json = "{\"format\": \"lamina-scene/1\", \"canvas\": {\(canvas)}, \"layers\": \(layers)}"
        return try Planner(limits: limits).plan(try SceneDecoder().decode(Data(json.utf8)))
    }

    private func assertRefused(_ layers: String, canvas: String = "\"width\": 200, \"height\": 100",
                               limits: ResourceLimits = .default, pointer: String, _ gist: String...,
                               file: StaticString = #filePath, line: UInt = #line) {
        do {
            _ = try plan(layers, canvas: canvas, limits: limits)
            XCTFail("expected a refusal at \(pointer)", file: file, line: line)
        } catch let e as PlanError {
            XCTAssertEqual(e.pointer, pointer, "\(e)", file: file, line: line)
            for g in gist { XCTAssertTrue(e.message.contains(g), "\"\(e.message)\" lacks \"\(g)\"", file: file, line: line) }
        } catch {
            XCTFail("unexpected error: \(error)", file: file, line: line)
        }
    }

    func testPixelConversion_clampsRoundsAndMapsNaN() {
        XCTAssertEqual(Int(pixels: 1e300), PixelLimit.max)
        XCTAssertEqual(Int(pixels: -Double.infinity), -PixelLimit.max)
        XCTAssertEqual(Int(pixels: .nan), 0)
        XCTAssertEqual(Int(pixels: .nan, in: 1...8), 1)
        XCTAssertEqual(Int(pixels: 2.5, .up), 3)
        XCTAssertEqual(Int(pixels: -2.5, .down), -3)
        XCTAssertEqual(Int(pixels: 1e21, .up, in: 0...8192), 8192)
    }

    /// The trap the issue found: three 1e7 scales compounded in a sublayerTransform reached `Int(...)`.
    func testCompoundedHugeScales_planWithoutTrapping() throws {
        let steps = "[{\"scale\": [1e7, 1e7, 1]}, {\"scale\": [1e7, 1e7, 1]}, {\"scale\": [1e7, 1e7, 1]}]"
        let child = "{\"frame\": [0, 0, 10, 10], \"backgroundColor\": \"blue\", \"shadowOpacity\": 1, \"shadowRadius\": 5, \"cornerRadius\": 3}"
        let graph = try plan("[{\"frame\": [10, 10, 100, 80], \"sublayerTransform\": \(steps), \"sublayers\": [\(child)]}]")
        XCTAssertEqual(graph.passes.last?.reason, .canvas)
    }

    /// Every numeric key at the decoder's extremes, alone, plans (or is refused by the budget) without
    /// trapping, and every pass of a plan stays within the pass side limit.
    func testExtremeValuesInEveryNumericKey_planOrAreRefused() throws {
        let keys = ["cornerRadius", "borderWidth", "shadowRadius", "opacity", "zPosition", "anchorPointZ",
                    "rasterizationScale", "minificationFilterBias", "contentsScale"]
        let pairs = ["frame", "position", "anchorPoint", "shadowOffset"]
        var outcomes = 0
        for value in ["1e7", "-1e7", "0", "1e-7"] {
            var variants = keys.map { "\"\($0)\": \(value)" }
            variants += pairs.map { $0 == "frame" ? "\"frame\": [\(value), \(value), \(value), \(value)]" : "\"\($0)\": [\(value), \(value)]" }
            variants += ["\"transform\": [{\"scale\": [\(value), \(value), 1]}, {\"m34\": \(value)}, {\"rotate\": [\(value), 1, 1, 0]}]",
                         "\"transform\": [{\"translate\": [\(value), \(value), \(value)]}, {\"m34\": -0.002}]"]
            for v in variants {
                let base = "\"frame\": [10, 10, 80, 60], \"backgroundColor\": \"red\", \"shadowOpacity\": 1, \"shadowRadius\": 3, \"borderWidth\": 2, \"cornerRadius\": 8, \"shouldRasterize\": true, \"masksToBounds\": true"
                let json = "[{\(base.replacingOccurrences(of: "\"frame\": [10, 10, 80, 60], ", with: v.hasPrefix("\"frame\"") ? "" : "\"frame\": [10, 10, 80, 60], ")), \(v), \"sublayers\": [{\"frame\": [0, 0, 20, 20], \"backgroundColor\": \"blue\", \"opacity\": 0.5}]}]"
                do {
                    let graph = try plan(json)
                    for pass in graph.passes {
                        XCTAssertLessThanOrEqual(max(pass.width, pass.height), ResourceLimits.default.maxPassSide, v)
                    }
                    outcomes += 1
                } catch is PlanError {
                    outcomes += 1
                } catch let e as SceneError where e.message.contains("unknown key") || e.message.contains("must") {
                    XCTFail("\(v): \(e)")
                } catch is SceneError {
                    outcomes += 1   // refused by the decoder (a range it checks), which is an answer too
                }
            }
        }
        XCTAssertGreaterThan(outcomes, 40)
    }

    func testPassesOverTheBudget_areRefusedWithTheLayersPointer() {
        let limits = ResourceLimits(maxMemoryBytes: 2 << 20, maxPassSide: 16384, maxPathSegments: 1000)
        let group = "{\"frame\": [0, 0, 150, 90], \"opacity\": 0.5, \"sublayers\": [{\"frame\": [0, 0, 150, 90], \"backgroundColor\": \"red\"}, {\"frame\": [20, 20, 100, 60], \"backgroundColor\": \"blue\"}]}"
        assertRefused("[{\"frame\": [0, 0, 10, 10]}, {\"frame\": [0, 0, 200, 100], \"sublayers\": [\(group)]}]",
                      canvas: "\"width\": 400, \"height\": 300, \"scale\": 2", limits: limits,
                      pointer: "/layers/1/sublayers/0", "groupOpacity pass", "over the 2 MB budget")
    }

    func testPassesOverTheSideLimit_areRefused() {
        let limits = ResourceLimits(maxMemoryBytes: 1 << 40, maxPassSide: 64, maxPathSegments: 1000)
        assertRefused("[{\"frame\": [0, 0, 100, 50], \"backgroundColor\": \"red\", \"shadowOpacity\": 1, \"shadowRadius\": 2, \"shadowPath\": \"M0 0 L100 0 L50 50 Z\"}]",
                      limits: limits, pointer: "/layers/0", "shadowShape pass", "64-pixel limit")
    }

    func testMaskPointers_nameTheMask() {
        let limits = ResourceLimits(maxMemoryBytes: 1 << 30, maxPassSide: 16384, maxPathSegments: 10)
        let mask = "{\"frame\": [0, 0, 50, 50], \"backgroundColor\": \"white\", \"cornerRadius\": 10, \"cornerCurve\": \"continuous\"}"
        assertRefused("[{\"frame\": [0, 0, 100, 50], \"backgroundColor\": \"red\", \"mask\": \(mask)}]", limits: limits,
                      pointer: "/layers/0/mask", "path segment limit")
    }

    /// Cards of one size with continuous corners share one flattening, but each is still charged: the
    /// segment limit counts every path drawn, not every distinct one. The shared polylines are the same
    /// values a path flattened on its own gives.
    func testRepeatedPaths_areFlattenedOnceAndChargedEachTime() throws {
        let card = "{\"frame\": [0, 0, 60, 40], \"backgroundColor\": \"red\", \"cornerRadius\": 12, \"cornerCurve\": \"continuous\"}"
        let one = try plan("[\(card)]")
        guard let op = one.passes.last.flatMap({ pass -> DrawOp? in
            if case .draw(let ops) = pass.content { return ops.first { if case .path = $0.shape { return true } else { return false } } }
            return nil
        }), case .path(let shape) = op.shape else { return XCTFail("a continuous card is a path fill") }
        let rounded = RoundedRect(rect: CGRect(x: 0, y: 0, width: 60, height: 40), radius: 12, corners: .all,
                                  curve: .continuous)
        let segments = Path(roundedRect: rounded).flattenedSegmentCount(tolerance: PathAccuracy.tolerance(scale: 1))
        let three = try plan("[\(card), \(card), \(card)]")
        if case .draw(let ops) = three.passes.last?.content {
            let paths = ops.compactMap { op -> PathShape? in if case .path(let p) = op.shape { return p } else { return nil } }
            XCTAssertEqual(paths.count, 3)
            XCTAssertTrue(paths.allSatisfy { $0 == shape })
        }
        // Room for two cards' segments, not three.
        let limits = ResourceLimits(maxMemoryBytes: 1 << 30, maxPassSide: 16384, maxPathSegments: 2 * segments + segments / 2)
        XCTAssertNoThrow(try plan("[\(card), \(card)]", limits: limits))
        assertRefused("[\(card), \(card), \(card)]", limits: limits, pointer: "/layers/2", "path segment limit")
    }

    /// 20 000 cubics with control points at 1e6 (a hang before) are refused at once by the segment limit.
    func testHugePaths_areRefusedBySegmentLimit() {
        let d = "M0 0 " + (0..<20000).map { "C 1e6 1e6 -1e6 1e6 \($0) 0" }.joined(separator: " ")
        assertRefused("[{\"frame\": [0, 0, 100, 100], \"shadowOpacity\": 1, \"shadowPath\": \"\(d)\"}]",
                      pointer: "/layers/0", "4000000 line segments")
    }

    /// The count the planner charges bounds the count flattening makes (open subpaths; closes add their
    /// edge), for fills and for strokes' coarser tight turns, and is near it.
    func testSegmentCount_boundsFlattening() throws {
        let path = try Path(svgPathData: "M0 0 C 10 40 20 -30 300 0 Q 50 90 10 10 L 5 5 M 100 100 C 0 0 1e3 1e3 7 7")
        for tolerance in [0.1, PathAccuracy.pixels] {
            for tight in [nil, PathAccuracy.tightTurns(strokeWidth: 40, tolerance: tolerance)] {
                let made = path.flattened(tolerance: tolerance, tightTurns: tight).reduce(0) { $0 + $1.points.count - 1 }
                let charged = path.flattenedSegmentCount(tolerance: tolerance, tightTurns: tight)
                XCTAssertLessThanOrEqual(made, charged, "tolerance \(tolerance), tight turns \(tight != nil)")
                XCTAssertLessThanOrEqual(charged, 2 * made + 30, "tolerance \(tolerance), tight turns \(tight != nil)")
            }
        }
    }

    /// The bound on the kernel's largest weight is never below the true one.
    func testMaxWeightBound_isAtLeastTheExactKernelsLargestWeight() {
        for sigma in [0.3, 0.5, 1, 2, 3.7, 10, 64, 300, 5000] {
            let r = Int((3 * sigma).rounded(.up))
            let sum = (-r...r).reduce(0.0) { $0 + exp(-Double($1 * $1) / (2 * sigma * sigma)) }
            XCTAssertGreaterThanOrEqual(GaussianBound.maxWeight(sigma: sigma), 1 / sum, "sigma \(sigma)")
            if sigma >= 10 {
                XCTAssertLessThanOrEqual(GaussianBound.maxWeight(sigma: sigma), 1.1 / sum, "sigma \(sigma) (tight)")
            }
        }
    }

    /// A shadow whose Gaussian spreads below half a byte everywhere costs nothing: no passes at all.
    func testInvisibleShadow_isSkipped_andVisibleOneIsNot() throws {
        for radius in ["1e6", "5000"] {
            let graph = try plan("[{\"frame\": [50, 20, 100, 60], \"backgroundColor\": \"red\", \"shadowOpacity\": 1, \"shadowRadius\": \(radius)}]")
            XCTAssertEqual(graph.passes.map(\.reason), [.canvas], "radius \(radius)")
        }
        let visible = try plan("[{\"frame\": [50, 20, 100, 60], \"backgroundColor\": \"red\", \"shadowOpacity\": 1, \"shadowRadius\": 40}]")
        XCTAssertEqual(visible.passes.count, 3)
        XCTAssertFalse(GaussianBound.blurIsInvisible(sigma: 40, width: 100, height: 60, alpha: 1))
        XCTAssertTrue(GaussianBound.blurIsInvisible(sigma: 5000, width: 100, height: 60, alpha: 1))
    }

    /// Layers at distinct fractional positions each need their own proxy; past `exactPhaseCells` proxies of
    /// one sigma their phases snap to sixteenths of a pixel, so the atlas stops growing with the layer count.
    func testAtlasPhases_snapPastTheExactLimit() throws {
        let count = ShadowAtlas.exactPhaseCells + 1500
        let cards = (0..<count).map { i -> String in
            let x = Double(i % 50) * 7 + Double(i) / Double(count), y = Double(i / 50) * 3 + Double(i % 7) / 7
            return "{\"frame\": [\(x), \(y), 20, 14], \"backgroundColor\": \"red\", \"cornerRadius\": 3, \"shadowOpacity\": 0.5, \"shadowRadius\": 2}"
        }
        let graph = try plan("[\(cards.joined(separator: ", "))]", canvas: "\"width\": 400, \"height\": 300")
        let shapes = graph.passes.filter { $0.reason == .shadowShape }.compactMap { pass -> Int? in
            pass.label.split(separator: " ").dropFirst(2).first.flatMap { Int($0) }
        }
        let steps = Int(ShadowAtlas.phaseSteps)
        XCTAssertGreaterThan(shapes.reduce(0, +), ShadowAtlas.exactPhaseCells)
        XCTAssertLessThanOrEqual(shapes.reduce(0, +), ShadowAtlas.exactPhaseCells + steps * steps)
        XCTAssertEqual(ShadowAtlas.snappedPhase(3.54), 3.5625)
        XCTAssertEqual(ShadowAtlas.snappedPhase(-0.01), 0)
    }

    /// The layers' own draws are charged by their bounds: past the limit the plan is refused at the layer
    /// that crossed it (a time bound: the fuzzer's sheared replicator covered 15 G pixels).
    func testDrawnPixels_overTheLimit_areRefusedAtTheLayer() throws {
        let limits = ResourceLimits(maxMemoryBytes: 1 << 30, maxPassSide: 16384, maxPathSegments: 1000,
                                    maxDrawnPixels: 50_000)
        let card = "{\"frame\": [0, 0, 200, 100], \"backgroundColor\": \"red\"}"
        XCTAssertNoThrow(try plan("[\(card), \(card)]", limits: limits), "40 000 pixels pass")
        assertRefused("[\(card), \(card), \(card)]", limits: limits, pointer: "/layers/2",
                      "cover over 50000 pixels", "limit on drawn pixels")
    }

    /// Path coverage is held while its pass is drawn (a Float a pixel on the CPU, an R32F texel on the GPU):
    /// many large path fills in one pass are refused naming the budget, not left to exhaust memory.
    func testPathCoverageOfAPass_overTheBudget_isRefused() throws {
        let shape = "{\"type\": \"shape\", \"frame\": [0, 0, 1000, 1000], \"fillColor\": \"red\", \"path\": \"M 0 0 L 1000 0 L 500 1000 Z\"}"
        let layers = "[" + Array(repeating: shape, count: 40).joined(separator: ", ") + "]"
        let canvas = "\"width\": 1000, \"height\": 1000"
        let limits = ResourceLimits(maxMemoryBytes: 64 << 20, maxPassSide: 4096, maxPathSegments: 1_000_000)
        XCTAssertNoThrow(try plan("[" + shape + "]", canvas: canvas, limits: limits), "one fill's 4 MB fits")
        assertRefused(layers, canvas: canvas, limits: limits, pointer: "", "path coverage while it is drawn", "budget")
    }
}
