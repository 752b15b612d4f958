import LaminaGeometry

extension PassBatcher {
    /// The arrays a batcher fills, handed from one frame's batcher to the next (`GLResources`) so that a
    /// frame reuses their storage instead of growing fresh arrays (on 10 000 layers, reallocation copies and
    /// fresh pages were a quarter of the batcher's time).
    struct Storage {
        var instances: [Float] = []
        var spare: [Open] = []
        var opaque: [Float] = []
        var records: [Float] = []
        var pieceStore: [OpSplitter.Piece] = []
        var visibleRects: [PixelRect] = []
    }
}

extension PassBatcher {
    /// A blur pass kept at its reduced pyramid level: the full size the graph knows, the factor, and
    /// whether the level is packed (a gray pass, two pixels to a texel in 16-bit fixed point: `BlurRunner.runReduced`).
    struct Reduction {
        let width: Int, height: Int, factor: Int
        var packed = false
    }
}
