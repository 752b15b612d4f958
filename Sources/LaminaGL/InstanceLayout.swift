import CGLES

/// The per-instance record of `quad.vert`: eleven vec4 attributes, locations 0...10, divisor 1.
///
/// Kept in one place so the writer (`PassBatcher`) and the attribute setup (`PrimitiveDrawer`) agree.
enum InstanceLayout {
    static let vec4Count = 11
    static let floats = vec4Count * 4
    static let stride = floats * MemoryLayout<Float>.size
    /// Location of the per-vertex corner attribute (divisor 0).
    static let cornerLocation: GLuint = 11

    /// The kinds the fragment shader distinguishes (`primitive.frag`).
    enum Kind: Float {
        case fill = 0, border = 1, texture = 2, coverageMask = 3
        /// The interior of a split fill: coverage exactly 1 (see `OpSplitter`).
        case solid = 4
    }

    /// Flags of the texture draw (`params.z`).
    static let tinted: Float = 1
    static let masked: Float = 2

    /// Texels per clip record in the clip texture (see `ClipTable`).
    static let texelsPerClip = 6
}
