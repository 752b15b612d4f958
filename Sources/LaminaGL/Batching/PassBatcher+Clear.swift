import LaminaGeometry
import LaminaGraph

/// A pass's clear drawn as pieces under its ops (`PassBatcher.clearBelow`, `DrawnRegions`): a whole clear
/// makes a software rasterizer visit every tile of the target, drawn pieces only the tiles they cover.
extension PassBatcher {
    /// The rectangles to clear and the clear colour's bytes (`ClearColor.bytes`, what a clear stores).
    struct ClearPieces {
        let rects: [PixelRect]
        let bytes: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)
    }

    /// The opaque list's instances of `clear`'s rectangles, cut by the ops' opaque pieces (`grid`, when the
    /// pass culls), with the colour's exact steps k / 255 (whatever its alpha: the opaque list is drawn
    /// without blending, so each piece stores its bytes), at `depth`; and their pixels.
    static func clearInstances(_ clear: ClearPieces, grid: inout OccluderGrid?, depth: Float,
                               quantizes: Bool) -> (floats: [Float], pixels: Int) {
        var record = QuadRecord()
        let b = clear.bytes
        record.color = SIMD4(Float(b.r), Float(b.g), Float(b.b), Float(b.a)) / 255
        if quantizes { for i in 0..<4 { record.color[i] = RasterTuning.exactOnLinear(record.color[i]) } }
        record.params[3] = depth
        var recordFloats: [Float] = []
        record.append(to: &recordFloats)
        var floats: [Float] = [], pixels = 0, pieces: [PixelRect] = []
        for r in clear.rects {
            pieces.removeAll(keepingCapacity: true)
            if grid?.visible(r, into: &pieces) == nil { pieces.append(r) }
            for piece in pieces {
                floats.append(piece)
                floats += recordFloats
                pixels += piece.area
            }
        }
        return (floats, pixels)
    }
}
