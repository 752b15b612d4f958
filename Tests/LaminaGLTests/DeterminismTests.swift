import Foundation
import LaminaCore
import LaminaGL
import LaminaParity
import LaminaImage
import LaminaRaster
import LaminaTestSupport
import XCTest
import LaminaGraph

/// DESIGN.md, "Determinism": the same scene gives the same bytes on the same backend, every run.
///
/// Each scene is planned afresh and rendered twice by the same renderer, so pooled GPU targets, cached
/// textures and the CPU renderer's parallel bands are all reused between the two runs; a difference
/// writes both images and a heat map and names them. The scenes are a few small corpus scenes picked for
/// the features most likely to vary (see `ParityCorpus.determinismScenes`) plus the runner's own small
/// scenes, so the test stays within seconds on llvmpipe. A corpus scene's first render is shared with
/// the parity test, whichever runs first.
final class DeterminismTests: XCTestCase {
    func testCPURenderer_sameSceneTwice_givesIdenticalBytes() throws {
        let cpu = CPURenderer()
        try checkEveryScene(.cpu) { try cpu.render($0) }
    }

    func testGPURenderer_sameSceneTwice_givesIdenticalBytes() throws {
        let gpu = try GLTestSupport.renderer()
        try checkEveryScene(.gpu) { try gpu.render($0) }
    }

    func testCPURenderer_differentThreadCounts_giveIdenticalBytes() throws {
        let dir = try ParityTestScenes.write()
        defer { try? FileManager.default.removeItem(at: dir) }
        let one = CPURenderer(threads: 1), three = CPURenderer(threads: 3)
        for file in ParityTestScenes.valid {
            let graph = try Planner().plan(try SceneDecoder().decode(contentsOf: dir.appendingPathComponent(file)))
            assertIdentical(try one.render(graph), try three.render(graph), "\(file) (1 vs 3 threads)", backend: "cpu")
        }
    }

    /// Renders each scene a second time with `render` and compares with the first render; a corpus
    /// scene's first render is shared with the parity test through `ParityCorpus.firstRender`.
    private func checkEveryScene(_ backend: ParityCorpus.Backend, render: (RenderGraph) throws -> Image) throws {
        let dir = try ParityTestScenes.write()
        defer { try? FileManager.default.removeItem(at: dir) }
        let generated = ParityTestScenes.valid.map { dir.appendingPathComponent($0) }
        let corpus = ParityCorpus.determinismScenes()
        for file in generated + corpus {
            let name = ParityRunner.sceneName(file)
            func renderFile() throws -> Image { try render(try Planner().plan(try SceneDecoder().decode(contentsOf: file))) }
            let first = corpus.contains(file)
                ? try ParityCorpus.firstRender(file, on: backend, render: renderFile) : try renderFile()
            assertIdentical(first, try renderFile(), name, backend: backend.rawValue)
        }
    }

    private func assertIdentical(_ a: Image, _ b: Image, _ name: String, backend: String,
                                 file: StaticString = #filePath, line: UInt = #line) {
        guard a != b else { return }
        guard let comparison = try? ImageComparison(a, b, threshold: 0) else {
            return XCTFail("\(name) on \(backend): the two renders differ in size: \(a.width)x\(a.height) and "
                           + "\(b.width)x\(b.height)", file: file, line: line)
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-determinism-tests")
        var where_ = ""
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let stem = dir.appendingPathComponent("\(name)-\(backend)").path
            try PNG.write(a, to: URL(fileURLWithPath: stem + "-first.png"))
            try PNG.write(b, to: URL(fileURLWithPath: stem + "-second.png"))
            try PNG.write(comparison.heatMap(), to: URL(fileURLWithPath: stem + "-heat.png"))
            where_ = "; images \(stem)-{first,second,heat}.png"
        } catch {
            where_ = "; images could not be written: \(error)"
        }
        XCTFail("\(name) on \(backend): a second render differs from the first: largest channel difference "
                + "\(comparison.maxDifference), \(comparison.differingPixels) pixels differ\(where_)", file: file, line: line)
    }
}
