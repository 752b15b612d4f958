import Foundation
import LaminaCore
import LaminaGL
import LaminaImage
import LaminaRaster
import LaminaTestSupport
import XCTest
import LaminaGraph

/// Extreme but valid values (±1e7 in numeric keys, scales compounded through nesting, degenerate
/// replicator and gradient geometry) planned and rendered on both backends: every scene renders a whole
/// canvas or is refused with an error, and none traps (a trap ends the test process, failing the run).
final class ExtremeValueRenderTests: XCTestCase {
    private static let card = "\"backgroundColor\": \"red\", \"cornerRadius\": 8, \"borderWidth\": 2, \"shadowOpacity\": 1, \"shadowRadius\": 3"

    private static var scenes: [(String, String)] {
        var out: [(String, String)] = []
        for v in ["1e7", "-1e7", "1e-7", "0"] {
            out.append(("frame \(v)", "[{\"frame\": [\(v), \(v), \(v), \(v)], \(card)}]"))
            out.append(("offset \(v)", "[{\"frame\": [10, 10, 50, 40], \"shadowOffset\": [\(v), \(v)], \(card)}]"))
            out.append(("radius \(v)", "[{\"frame\": [10, 10, 50, 40], \"cornerRadius\": \(v), \"backgroundColor\": \"blue\"}]"))
            out.append(("shadowRadius \(v)", "[{\"frame\": [10, 10, 50, 40], \"backgroundColor\": \"blue\", \"shadowOpacity\": 1, \"shadowRadius\": \(v)}]"))
            out.append(("rasterize \(v)", "[{\"frame\": [10, 10, 50, 40], \"shouldRasterize\": true, \"rasterizationScale\": \(v), \(card)}]"))
            out.append(("m34 \(v)", "[{\"frame\": [10, 10, 50, 40], \"transform\": [{\"m34\": \(v)}, {\"rotateDegrees\": [60, 0, 1, 0]}], \(card)}]"))
            out.append(("replicator \(v)", "[{\"type\": \"replicator\", \"instanceCount\": 20, \"instanceTransform\": [{\"translate\": [\(v), 3, 0]}, {\"scale\": [1.5, 1.5, 1]}], \"sublayers\": [{\"frame\": [0, 0, 10, 10], \(card)}]}]"))
            out.append(("gradient \(v)", "[{\"type\": \"gradient\", \"frame\": [10, 10, 60, 40], \"gradientType\": \"conic\", \"colors\": [\"red\", \"blue\"], \"locations\": [\(v), 1], \"startPoint\": [\(v), 0.5], \"endPoint\": [\(v), \(v)]}]"))
        }
        let steps = "[{\"scale\": [1e7, 1e7, 1]}, {\"scale\": [1e7, 1e7, 1]}, {\"scale\": [1e7, 1e7, 1]}]"
        out.append(("compounded scales", "[{\"frame\": [10, 10, 50, 40], \"sublayerTransform\": \(steps), \"masksToBounds\": true, \"opacity\": 0.5, \"sublayers\": [{\"frame\": [0, 0, 1, 1], \(card)}, {\"frame\": [0, 0, 1e-7, 1e-7], \"backgroundColor\": \"green\"}]}]"))
        out.append(("singular instances", "[{\"type\": \"replicator\", \"instanceCount\": 5, \"instanceTransform\": [{\"scale\": [0, 0, 0]}], \"sublayers\": [{\"frame\": [10, 10, 20, 20], \(card)}]}]"))
        return out
    }

    func testExtremeScenes_renderOrAreRefused_onBothBackends() throws {
        let gpu = try GLTestSupport.renderer()
        let limits = ResourceLimits(maxMemoryBytes: 256 << 20, maxPassSide: 4096, maxPathSegments: 200_000)
        var rendered = 0, refused = 0
        for (name, layers) in ExtremeValueRenderTests.scenes {
            let json = "{\"format\": \"lamina-scene/1\", \"canvas\": {\"width\": 120, \"height\": 90, \"scale\": 2}, \"layers\": \(layers)}"
            let scene: Scene
            do { scene = try SceneDecoder().decode(Data(json.utf8)) } catch { refused += 1; continue }
            let graph: RenderGraph
            do { graph = try Planner(limits: limits).plan(scene) } catch is PlanError { refused += 1; continue }
            let a = try CPURenderer().render(graph)
            let b = try gpu.render(graph)
            XCTAssertEqual(a.width, 240, name)
            XCTAssertEqual(b.width, 240, name)
            rendered += 1
        }
        XCTAssertGreaterThan(rendered, 25, "most extreme scenes render (\(refused) refused)")
    }
}
