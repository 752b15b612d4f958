import Foundation
import LaminaCore
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaGL
@testable import LaminaFixtures
import LaminaGraph
import LaminaGeometry

/// Programs specialised to their op's map (`ShaderKey.MapForm`, `RenderOptions.specialisesMaps`): which form
/// each transform takes, that the batcher picks it, and that every form draws the projective map's bytes.
final class MapFormGPUTests: XCTestCase {
    private static func form(_ t: Transform3D) throws -> ShaderKey.MapForm {
        ShaderKey.MapForm(try XCTUnwrap(ProjectiveMap(t)).g)
    }

    /// A turn about the y axis seen in perspective (m34 = -1/500, as a sublayer transform gives it), then `t`.
    static func perspective(_ angle: Double, then t: Transform3D) -> Transform3D {
        var eye = Transform3D.identity
        eye.m34 = -1.0 / 500
        return Transform3D.rotation(angle, 0, 1, 0).concatenating(eye).concatenating(t)
    }

    func testForms_ofTransforms() throws {
        XCTAssertEqual(try Self.form(.identity), .translation)
        XCTAssertEqual(try Self.form(.translation(-3.25, 1e4 + 0.5)), .translation)
        XCTAssertEqual(try Self.form(.scale(2, 2)), .affine, "a scale is affine, not a translation")
        XCTAssertEqual(try Self.form(.scale(-1, 1)), .affine)
        XCTAssertEqual(try Self.form(Transform3D.rotation(0.3, 0, 0, 1).concatenating(.translation(5, 7))), .affine)
        XCTAssertEqual(try Self.form(Self.perspective(0.4, then: .identity)), .projective)
        var homogeneous = Transform3D.identity
        homogeneous.m44 = 2
        XCTAssertEqual(try Self.form(homogeneous), .projective, "W = 2 everywhere: the division is not by 1")
        XCTAssertEqual(try Self.form(Transform3D.scale(1e-7, 1e-7)), .projective, "G past 2^20: products may overflow")
    }

    /// The batch of a card under a translation, a scale and a perspective: each its form's program, and
    /// the projective one for all when the option is off; a fill and its border share a program.
    func testBatches_takeTheirOpsForm_unlessSwitchedOff() throws {
        let perspective = Self.perspective(0.2, then: .translation(60, 60))
        for (t, form) in [(Transform3D.translation(10.5, 3), ShaderKey.MapForm.translation),
                          (.scale(1.5, 1.5), .affine), (perspective, .projective)] {
            for specialises in [true, false] {
                var batcher = PassBatcher(resolve: { _, _ in throw GLError.invalidGraph("no textures here") },
                                          resolvePass: { _ in throw GLError.invalidGraph("no passes here") })
                batcher.specialisesMaps = specialises
                let ops = PassBatcherTests.card(20, 20, PremultipliedColor(r: 0.5, g: 0, b: 0, a: 0.5))
                    .map { var op = $0; op.transform = t; op.bounds = TestGraphs.full(200, 200); return op }
                let keys = try batcher.batches(for: ops, passBounds: TestGraphs.full(200, 200)).blended.map(\.key)
                    .filter(\.usesMap)
                XCTAssertFalse(keys.isEmpty)
                for key in keys {
                    XCTAssertEqual(key.map, specialises ? form : .projective, "\(form), specialised: \(specialises)")
                    XCTAssertEqual(key.defines.contains("TRANSLATION_MAP"), specialises && form == .translation)
                    XCTAssertEqual(key.defines.contains("AFFINE_MAP"), specialises && form == .affine)
                }
            }
        }
    }

    /// Cards, rings, pictures and gradients under translations to fractional and far positions, scales that
    /// are not powers of two, rotations, shears and a perspective: drawn by the specialised programs and by
    /// the projective one, to the same bytes.
    static func transformedShapes(seed: UInt64) -> RenderGraph {
        var state = seed &+ 1
        func unit() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let bitmap = TestGraphs.noiseBitmap(seed: 3, origin: "test:map-forms") { x, _ in x == 0 }
        let images = [ImageResource(id: ImageID(0), bitmap: bitmap)]
        let stops = [GradientPaint.Stop(location: 0, color: Color(red: 1, green: 0.5, blue: 0, alpha: 0.7)),
                     GradientPaint.Stop(location: 0.4, color: Color(red: 0.2, green: 0.9, blue: 0.3, alpha: 1)),
                     GradientPaint.Stop(location: 1, color: Color(red: 0, green: 0.2, blue: 1, alpha: 0.9))]
        var ops: [DrawOp] = []
        for i in 0..<40 {
            let shape = RoundedRect(rect: CGRect(x: -20, y: -15, width: 40 + unit() * 10, height: 30),
                                    radius: [0, 3.5, 8][i % 3], corners: .all, curve: .circular)
            let x = 20 + unit() * 200, y = 20 + unit() * 150
            var t: Transform3D
            switch i % 5 {
            case 0: t = .translation(x + 0.37, y + 0.61)
            case 1: t = Transform3D.scale(1 / 3 + unit(), 0.7).concatenating(.translation(x, y))
            case 2: t = Transform3D.rotation(unit() * 3, 0, 0, 1).concatenating(.translation(x, y))
            case 3:
                t = Transform3D.identity
                (t.m21, t.m41, t.m42) = (0.35, x, y)
            default: t = perspective(0.5, then: .translation(x, y))
            }
            let color = PremultipliedColor(r: 0.6 * unit(), g: 0.3, b: 0.5, a: 0.8)
            let paint: DrawOp.Paint
            switch i % 4 {
            case 0: paint = .solid(color)
            case 1:
                // Linear sampling, and trilinear through the general sampler (its level from the Jacobian).
                let min: ContentsFilter = i % 8 == 1 ? .linear : .trilinear
                paint = .texture(TextureDraw(source: .image(ImageID(0)), minFilter: min, magFilter: .linear))
            case 2: paint = .gradient(GradientPaint(kind: [.axial, .radial][i % 2], start: CGPoint(x: -20, y: 0),
                                                    end: CGPoint(x: 20, y: 10), stops: stops))
            default: paint = .solid(TestGraphs.green)
            }
            let bounds = TestGraphs.full(260, 220)
            ops.append(DrawOp(shape: .roundedRect(shape), paint: paint, transform: t, bounds: bounds))
            if i % 2 == 0 {
                ops.append(DrawOp(shape: .ring(shape, width: 2.5), paint: .solid(TestGraphs.blue), transform: t,
                                  bounds: bounds))
            }
        }
        return TestGraphs.canvas(ops, width: 260, height: 220, images: images, clear: TestGraphs.white)
    }

    func testSpecialisedMaps_drawTheProjectiveMapsBytes() throws {
        var graphs: [(String, RenderGraph)] = (0..<3).map { ("transformed-\($0)", Self.transformedShapes(seed: $0)) }
        for url in ParityCorpus.sceneFiles() {
            graphs.append((url.lastPathComponent, try Planner().plan(try SceneDecoder().decode(contentsOf: url))))
        }
        let generator = RandomScene()
        for index in 0..<8 {
            let scene = try SceneDecoder().decode(Data(generator.json(seed: 404, index: index).utf8))
            graphs.append(("random-404-\(index)", try Planner().plan(scene)))
        }
        let linear = try GLTestSupport.renderer(), general = try GPURenderer(platform: nil, tuning: .general)
        for r in [linear, general] {
            let saved = r.options
            defer { r.options = saved }
            for (name, graph) in graphs {
                r.options.specialisesMaps = true
                let specialised = try r.render(graph)
                r.options.specialisesMaps = false
                let cmp = try ImageComparison(specialised, r.render(graph))
                XCTAssertEqual(cmp.maxDifference, 0, "\(name): \(cmp.differingPixels) pixels differ")
            }
        }
    }
}
