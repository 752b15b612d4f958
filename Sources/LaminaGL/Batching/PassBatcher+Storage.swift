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
