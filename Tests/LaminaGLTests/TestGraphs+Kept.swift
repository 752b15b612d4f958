import LaminaCore
@testable import LaminaFixtures
import LaminaGL
import LaminaGraph
import LaminaImage
import XCTest

/// What the kept-draw tests share: their renderers, their images and the bench scenes they draw.
extension TestGraphs {
    /// A renderer that keeps draws or not (`RenderOptions.keepsDraws`), and composites over backdrops or not
    /// (`keepsComposites`).
    static func keptDrawsRenderer(keeps: Bool, composites: Bool) throws -> GPURenderer {
        var options = RenderOptions()
        options.keepsDraws = keeps
        options.keepsComposites = composites
        return try GPURenderer(options: options)
    }

    /// The plan of the bench scene `name` (`BenchScenes.suite`), or nil, a failure recorded, when there is none.
    static func benchGraph(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> RenderGraph? {
        guard let bench = BenchScenes.suite.first(where: { $0.name == name }) else {
            XCTFail("no bench scene \(name)", file: file, line: line)
            return nil
        }
        return try Planner().plan(bench.makeScene())
    }

    /// A 40x24 image of varied colours and alphas from `seed`, its texels at (x, y) transparent where
    /// `transparent` says.
    static func noiseBitmap(seed: UInt32, origin: String, transparent: (Int, Int) -> Bool) -> Bitmap {
        var img = Image(width: 40, height: 24)
        var state = seed
        func next() -> UInt8 { state = state &* 1_664_525 &+ 1_013_904_223; return UInt8(state >> 24) }
        for y in 0..<24 {
            for x in 0..<40 {
                let a = transparent(x, y) ? 0 : next()
                img.setPixel(x: x, y: y, (min(next(), a), min(next(), a), min(next(), a), a))
            }
        }
        return Bitmap(image: img, origin: origin)
    }
}
