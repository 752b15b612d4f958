import Foundation
import LaminaCore
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaGL
import LaminaGraph

/// The batcher's arrays carried from frame to frame (`PassBatcher.Storage`): a frame drawn after other
/// frames has the bytes of the same frame drawn by a fresh renderer, and the storage is really carried.
final class BatcherStorageTests: XCTestCase {
    func testFramesAfterOtherFrames_haveAFreshRenderersBytes() throws {
        let graphs = [FastPathTests.bigShapes(), TestGraphs.shapes(), FastPathTests.bigShapes()]
        let fresh = try graphs.map { try GPURenderer().render($0) }
        let renderer = try GPURenderer()
        for (i, graph) in graphs.enumerated() {
            let image = try renderer.render(graph)
            XCTAssertEqual(GLTestSupport.compare(image, fresh[i], maxDiff: 0, name: "frame \(i)"), 0)
        }
        XCTAssertGreaterThan(renderer.batcherStorage.instances.capacity, 0, "the instances' storage is kept")
        XCTAssertTrue(renderer.batcherStorage.instances.isEmpty, "kept emptied")
    }
}
