import Foundation
import LaminaCore
import LaminaImage
import LaminaRaster
import XCTest
import LaminaGraph

// Shared by the test targets (LaminaTestSupport): scenes built in code, CPU renders, pixel assertions.

/// Builds a scene in code, the way the book's listings build layer trees.
public func makeScene(width: Double, height: Double, scale: Double = 1, background: Color = .clear,
               _ build: (Layer) -> Void) -> Scene {
    let scene = Scene(width: width, height: height, scale: scale, background: background)
    build(scene.root)
    return scene
}

/// Plans and renders a scene on the CPU reference renderer.
public func renderCPU(_ scene: Scene) throws -> Image {
    try CPURenderer().render(try Planner().plan(scene))
}

/// Asserts that the CPU renderer's fast paths change no byte of `scene` (`CPURenderer(fastPaths:)`).
public func assertFastPathsChangeNothing(_ scene: Scene, _ what: String = "", file: StaticString = #filePath,
                                  line: UInt = #line) throws {
    let graph = try Planner().plan(scene)
    let fast = try CPURenderer(fastPaths: true).render(graph)
    let general = try CPURenderer(fastPaths: false).render(graph)
    let cmp = try ImageComparison(fast, general)
    XCTAssertEqual(cmp.maxDifference, 0, "\(what)\(cmp.differingPixels) pixels differ", file: file, line: line)
}

/// A layer with a frame and a background colour.
public func layer(_ frame: CGRect, _ color: Color? = nil) -> Layer {
    let l = Layer()
    l.frame = frame
    l.backgroundColor = color
    return l
}

extension Image {
    /// Premultiplied components of (x, y) as Ints, for readable assertions.
    public func rgba(_ x: Int, _ y: Int) -> [Int] {
        let p = pixel(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }
}

/// Asserts that a pixel is within `tolerance` of `expected` on every channel.
public func assertPixel(_ image: Image, _ x: Int, _ y: Int, _ expected: [Int], tolerance: Int = 0,
                 _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    let actual = image.rgba(x, y)
    let worst = zip(actual, expected).map { abs($0 - $1) }.max() ?? 0
    XCTAssertLessThanOrEqual(worst, tolerance, "pixel (\(x), \(y)) is \(actual), expected \(expected) \(message)",
                             file: file, line: line)
}
