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

    /// Texels per clip record in the clip texture (see `ClipTable`).
    static let texelsPerClip = 6

    /// Writes the four vertices of each instance in `instances` into `vertices` (replacing its contents):
    /// corners (x0, y0), (x1, y0), (x0, y1), (x1, y1), each followed by the record's attributes.
    static func expand(_ instances: [Float], into vertices: inout [Float]) {
        let count = instances.count / floats
        vertices.removeAll(keepingCapacity: true)
        vertices.reserveCapacity(count * 4 * vertexFloats)
        instances.withUnsafeBufferPointer { src in
            for i in 0..<count {
                let r = src[(i * floats)..<((i + 1) * floats)]
                let b = r.startIndex, attributes = r[(b + 4)...]
                for (x, y) in [(b, b + 1), (b + 2, b + 1), (b, b + 3), (b + 2, b + 3)] {
                    vertices.append(src[x]); vertices.append(src[y])
                    vertices.append(contentsOf: attributes)
                }
            }
        }
    }
}
