import CGLES

/// The record of one quad, as the batcher writes it (an instance) and as `quad.vert` reads it (the same
/// record on each of the quad's four vertices, after its bounds).
///
/// Kept in one place so the writer (`PassBatcher`) and the attribute setup (`PrimitiveDrawer`) agree.
///
/// Why vertices and not instanced arrays: Mesa's llvmpipe runs its vertex pipeline once per instance, about
/// 4 microseconds for a four-vertex instance, which for a frame of 4 000 small pieces cost more than their
/// fragments. Four vertices per quad and a shared index buffer draw a batch as one vertex run; a hardware
/// GPU is indifferent to the 4x larger vertex stream (170 bytes a vertex).
enum InstanceLayout {
    /// An instance record: bounds (x0, y0, x1, y1) then `attributeCount` vec4s.
    static let vec4Count = 11
    static let floats = vec4Count * 4

    /// The vec4 attributes after the bounds, at locations 1...10 (`quad.vert`).
    static let attributeCount = vec4Count - 1
    /// A vertex: its pixel position (location 0), then the record's vec4s.
    static let vertexFloats = 2 + attributeCount * 4
    static let vertexStride = vertexFloats * MemoryLayout<Float>.size

    /// Location of the blur passes' per-vertex corner attribute (`fullscreen.vert`).
    static let cornerLocation: GLuint = 11

    /// Flags of the texture draw (`params.z`).
    static let tinted: Float = 1
    static let masked: Float = 2
    /// With `masked`: multiplied by one minus the mask's alpha (`TextureDraw.invertsMask`).
    static let maskInverted: Float = 4

    /// Texels per clip record in the clip texture (see `ClipTable`).
    static let texelsPerClip = 6

    /// Writes the four vertices of each instance in `instances` into `vertices` (replacing its contents):
    /// corners (x0, y0), (x1, y0), (x0, y1), (x1, y1), each followed by the record's attributes.
    static func expand(_ instances: [Float], into vertices: inout [Float]) {
        let count = instances.count / floats
        // Resized, not refilled: every float is written below, and a frame's buffer is reused by the next.
        let n = count * 4 * vertexFloats
        if vertices.count > n { vertices.removeLast(vertices.count - n) }
        if vertices.count < n { vertices += [Float](repeating: 0, count: n - vertices.count) }
        instances.withUnsafeBufferPointer { src in
            vertices.withUnsafeMutableBufferPointer { dst in
                guard let s = src.baseAddress, let d = dst.baseAddress else { return }
                for i in 0..<count {
                    let r = s + i * floats
                    for corner in 0..<4 {
                        let v = d + (i * 4 + corner) * vertexFloats
                        v[0] = r[corner & 1 == 0 ? 0 : 2]
                        v[1] = r[corner & 2 == 0 ? 1 : 3]
                        (v + 2).update(from: r + 4, count: floats - 4)
                    }
                }
            }
        }
    }
}
