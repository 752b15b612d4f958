import Foundation
import LaminaCore
import LaminaGL
import LaminaGraph
import LaminaImage
import XCTest

/// Helpers shared by the GPU tests. A renderer that cannot start fails the test with EGL's reasons; GL is
/// never skipped silently.
public enum GLTestSupport {
    /// One renderer for the whole test run: EGL start-up and shader compilation are paid once.
    nonisolated(unsafe) private static var shared: GPURenderer?
    nonisolated(unsafe) private static var startError: Error?

    public static func renderer(file: StaticString = #filePath, line: UInt = #line) throws -> GPURenderer {
        if let r = shared { return r }
        if let e = startError { XCTFail("EGL/GL did not start: \(e)", file: file, line: line); throw e }
        do {
            let r = try GPURenderer()
            shared = r
            return r
        } catch {
            startError = error
            XCTFail("EGL/GL did not start: \(error)", file: file, line: line)
            throw error
        }
    }

    nonisolated(unsafe) private static var byPathCoverage: [PathCoverageMethod: GPURenderer] = [:]

    /// One renderer per path coverage method for the whole test run, whatever the driver would choose (the
    /// path coverage tests check each method).
    public static func renderer(pathCoverage method: PathCoverageMethod) throws -> GPURenderer {
        if let r = byPathCoverage[method] { return r }
        var options = RenderOptions()
        options.pathCoverage = method
        let r = try GPURenderer(options: options)
        byPathCoverage[method] = r
        return r
    }

    public static func rgba(_ img: Image, _ x: Int, _ y: Int) -> [Int] { img.rgba(x, y) }

    /// Asserts pixel (x, y) is `expected` within `tolerance` per channel (the shared `assertPixel`).
    public static func assertPixel(_ img: Image, _ x: Int, _ y: Int, _ expected: [Int], tolerance: Int = 0,
                                   _ what: String = "", file: StaticString = #filePath, line: UInt = #line) {
        LaminaTestSupport.assertPixel(img, x, y, expected, tolerance: tolerance, what, file: file, line: line)
    }

    /// Largest channel difference and the number of pixels differing by more than `threshold`; on failure
    /// writes actual, expected and a difference image next to the temporary directory and names them.
    public static func compare(_ actual: Image, _ expected: Image, maxDiff: Int, name: String,
                        file: StaticString = #filePath, line: UInt = #line) -> Int {
        guard actual.width == expected.width, actual.height == expected.height else {
            XCTFail("\(name): sizes differ", file: file, line: line)
            return Int.max
        }
        var worst = 0, over = 0
        var diffImage = Image(width: actual.width, height: actual.height)
        for i in stride(from: 0, to: actual.pixels.count, by: 4) {
            var d = 0
            for k in 0..<4 { d = max(d, abs(Int(actual.pixels[i + k]) - Int(expected.pixels[i + k]))) }
            worst = max(worst, d)
            if d > maxDiff { over += 1 }
            let v = UInt8(min(255, d * 32))
            diffImage.pixels[i] = v; diffImage.pixels[i + 3] = 255
        }
        if over > 0 {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-gl-tests")
            try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try? PNG.write(actual, to: dir.appendingPathComponent("\(name)-actual.png"))
            try? PNG.write(expected, to: dir.appendingPathComponent("\(name)-expected.png"))
            try? PNG.write(diffImage, to: dir.appendingPathComponent("\(name)-diff.png"))
            XCTFail("\(name): \(over) pixels differ by more than \(maxDiff) (largest \(worst)); images in \(dir.path)",
                    file: file, line: line)
        }
        return worst
    }
}
