import CGLES
import Dispatch
import Foundation
import LaminaGraph
import LaminaGeometry

/// **Upload method** (`PathCoverageMethod.upload`, the default on every driver): the CPU renderer's
/// rasterizer (`PathRasterizer`) computes each fill's coverage, the fills spread over every core, and each is
/// uploaded into its slot of the atlas page as 32-bit floats. On llvmpipe the "GPU" is this same CPU, and
/// the trapezoids' fragments (an instanced quad per piece, a float blend per texel) cost more than the
/// CPU's rows, which touch only the pixels edges pass through and fill interiors as spans. The coverage is
/// then the CPU renderer's to the bit (R32F; an R16F page rounds it to 11 bits, as drawn trapezoids would).
extension PathCoverage {
    /// Rasterizes `items` on the CPU and uploads each into its slot of `atlas`'s pages (acquired); returns
    /// the slots of the fills that cover something.
    func uploadCoverage(_ items: [Item], atlas: CoverageAtlas) throws -> [Int: Slot] {
        let coverages = coverages(of: items)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        var slots: [Int: Slot] = [:]
        for (k, item) in items.enumerated() {
            guard let made = coverages[k] else { continue }
            let coverage = made.floats
            let slot = atlas.slots[k], page = pages[slot.page]
            glBindTexture(GLenum(GL_TEXTURE_2D), page.texture.id)
            try coverage.withUnsafeBytes { bytes in
                try gl("glTexSubImage2D(path coverage \(item.bounds.width)x\(item.bounds.height))") {
                    glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(slot.x), GLint(slot.y), GLsizei(item.bounds.width),
                                    GLsizei(item.bounds.height), GLenum(GL_RED), GLenum(GL_FLOAT), bytes.baseAddress)
                }
            }
            slots[item.op] = Slot(texture: page.texture, x: slot.x, y: slot.y, pieces: made.pieces)
        }
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        return slots
    }

    /// Each item's coverage over its bounds (row-major), nil for one that covers nothing; the items are
    /// dealt round-robin to one rasterizer per core, so the result is the same for any count of cores.
    static func rasterize(_ items: [Item]) -> [[Float]?] {
        var out = [[Float]?](repeating: nil, count: items.count)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, items.count))
        out.withUnsafeMutableBufferPointer { out in
            let out = out
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                var rasterizer = PathRasterizer()
                for k in stride(from: worker, to: items.count, by: workers) {
                    let item = items[k]
                    let (coverage, any) = rasterizer.coverageAndAny(of: item.lines, rule: item.rule, clip: item.bounds)
                    if any { out[k] = coverage }
                }
            }
        }
        return out
    }
}
