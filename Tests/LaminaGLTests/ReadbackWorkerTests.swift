import Foundation
import LaminaCore
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaGL
import LaminaGraph
import LaminaGeometry

/// The canvas read back by two threads (`ReadbackWorker`) is the canvas read back by one: every row in
/// its place, on any GPU (the split is forced on here; on llvmpipe it is the default).
final class ReadbackWorkerTests: XCTestCase {
    /// One 2-pixel band of colour per pair of rows, so a row read into the wrong place, or a half left
    /// unread, changes bytes; odd heights make the halves unequal.
    static func bands(width: Int, height: Int) -> RenderGraph {
        var ops: [DrawOp] = []
        for y in stride(from: 0, to: height, by: 2) {
            let k = Double(y / 2 % 251) / 255
            let color = PremultipliedColor(r: k, g: 1 - k, b: Double(y % 7) / 7, a: 1)
            let rect = CGRect(x: 0, y: Double(y), width: Double(width), height: 2)
            ops.append(DrawOp(shape: .roundedRect(RoundedRect(rect: rect, radius: 0, corners: .all, curve: .circular)), paint: .solid(color),
                              transform: .identity, bounds: PixelRect(x0: 0, y0: y, x1: width, y1: min(height, y + 2))))
        }
        return TestGraphs.canvas(ops, width: width, height: height, clear: TestGraphs.white)
    }

    func testSplitReadback_equalsOneThread() throws {
        var tuning = try GLTestSupport.renderer().tuning ?? .general
        tuning.splitsReadback = true
        var options = RenderOptions()
        options.splitsReadback = false
        let one = try GPURenderer(platform: nil, tuning: tuning, options: options)
        let two = try GPURenderer(platform: nil, tuning: tuning)
        XCTAssertTrue(two.splitsReadback, "the worker started (else the comparison below is of one thread twice)")
        XCTAssertFalse(one.splitsReadback)
        for (w, h) in [(700, 501), (1024, 1024), (513, 600)] {
            XCTAssertGreaterThanOrEqual(w * h, FrameExecutor.splitPixels, "large enough to be split")
            let graph = Self.bands(width: w, height: h)
            let split = try two.render(graph)
            XCTAssertEqual(GLTestSupport.compare(split, try one.render(graph), maxDiff: 0, name: "readback-\(w)x\(h)"),
                           0)
            // The rows on both sides of the split, and the last row, hold their band's colour.
            for y in [h / 2 - 1, h / 2, h - 1] {
                let band = y - y % 2, k = band / 2 % 251
                let blue = Int((Double(band % 7) / 7 * 255).rounded())
                GLTestSupport.assertPixel(split, w / 3, y, [k, 255 - k, blue, 255], tolerance: 1, "row \(y) of \(w)x\(h)")
            }
        }
    }
}
