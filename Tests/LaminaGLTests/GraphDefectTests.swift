import Foundation
import LaminaCore
@testable import LaminaGL
import LaminaImage
import LaminaRaster
import LaminaTestSupport
import XCTest
import LaminaGraph
import LaminaGeometry

/// A render graph that breaks its contract is refused before it runs, by both renderers alike, with the same
/// `RenderGraphDefect` (a planner bug reads the same on the CPU and the GPU).
final class GraphDefectTests: XCTestCase {
    private func defectsAlike(_ graph: RenderGraph, _ expected: String, file: StaticString = #filePath,
                              line: UInt = #line) throws {
        XCTAssertEqual(graph.defect?.description, "invalid render graph: " + expected, file: file, line: line)
        var cpuError: Error?, gpuError: Error?
        XCTAssertThrowsError(try CPURenderer(threads: 1).render(graph), file: file, line: line) { cpuError = $0 }
        XCTAssertThrowsError(try GLTestSupport.renderer().render(graph), file: file, line: line) { gpuError = $0 }
        XCTAssertEqual(cpuError as? RenderGraphDefect, graph.defect, file: file, line: line)
        XCTAssertEqual(gpuError as? RenderGraphDefect, graph.defect, file: file, line: line)
    }

    func testAPassReadBeforeItIsRendered_isRefusedAlikeByBothRenderers() throws {
        let draw = TextureDraw(source: .pass(PassID(5)))
        let op = DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: 8, height: 8)), paint: .texture(draw), transform: .identity,
                        bounds: TestGraphs.full(8, 8))
        try defectsAlike(TestGraphs.canvas([op], width: 8, height: 8), "pass#0 reads pass#5 before it is rendered")
    }

    func testABlurOfALaterPass_andAMissingImage_areRefused() throws {
        let blur = Pass(id: PassID(0), reason: .shadowBlur, label: "blur", width: 8, height: 8,
                        content: .blur(source: PassID(1), sigma: 2, method: .exact))
        try defectsAlike(TestGraphs.canvas([], width: 8, height: 8, before: [blur]),
                         "pass#0 blurs pass#1 before it is rendered")
        let image = TextureDraw(source: .image(ImageID(0)))
        let op = DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: 8, height: 8)), paint: .texture(image), transform: .identity,
                        bounds: TestGraphs.full(8, 8))
        try defectsAlike(TestGraphs.canvas([op], width: 8, height: 8), "pass#0 reads image#0, which has no pixels")
    }

    func testAValidGraph_hasNoDefect() {
        XCTAssertNil(TestGraphs.shapes().defect)
    }
}
