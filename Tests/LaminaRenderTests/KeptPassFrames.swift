import Foundation
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest

/// Three frames of one graph on a fresh renderer of `backend`: none of `keys` (passes kept once they recur,
/// `RetainPolicy`) is kept after the first, all are after the second, and the three frames have the same
/// bytes. Then a frame of `next` on that renderer, with the bytes a fresh renderer draws of it (`change`
/// names it). `what` names the passes in the messages. Returns the third frame and the next one.
func assertKeptFromTheSecondFrame(_ graph: RenderGraph, keys: [PassRetainKey], backend: Backend, what: String,
                                  then next: RenderGraph, change: String, file: StaticString = #filePath,
                                  line: UInt = #line) throws -> (third: Image, next: Image) {
    let renderer = try backend.renderer(options: .default)
    let first = try renderer.render(graph)
    XCTAssertFalse(keys.contains(where: renderer.retains), "\(backend): a \(what) seen once is not kept",
                   file: file, line: line)
    let second = try renderer.render(graph)
    XCTAssertTrue(keys.allSatisfy(renderer.retains), "\(backend): a \(what) seen twice running is kept",
                  file: file, line: line)
    let third = try renderer.render(graph)
    XCTAssertEqual(try ImageComparison(first, second).maxDifference, 0, "\(backend)", file: file, line: line)
    XCTAssertEqual(try ImageComparison(first, third).maxDifference, 0, "\(backend): drawn from kept \(what)s",
                   file: file, line: line)
    let after = try renderer.render(next)
    let fresh = try backend.renderer(options: .default).render(next)
    XCTAssertEqual(try ImageComparison(after, fresh).maxDifference, 0, "\(backend): \(change)", file: file, line: line)
    return (third, after)
}
