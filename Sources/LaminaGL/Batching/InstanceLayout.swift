import CGLES

/// The record of one quad, as the batcher writes it (an instance) and as `quad.vert` reads it (the same
/// record on each of the quad's four vertices, after its bounds).
///
/// Kept in one place so the writer (`PassBatcher`) and the attribute setup (`PrimitiveDrawer`) agree.
///
/// On a software rasterizer, vertices and not instanced arrays: Mesa's llvmpipe runs its vertex pipeline once
/// per instance, about 4 microseconds for a four-vertex instance, which for a frame of 4 000 small pieces
/// cost more than their fragments. Four vertices per quad and a shared index buffer draw a batch as one
/// vertex run there. A GPU draws the instances as they are (`RasterTuning.instanced`, `quad.vert`'s
/// INSTANCED): a quarter of the bytes, and no copies for the CPU to write.
/// What `quad.vert` reads of a quad after its pixel rect, field by field (attribute locations 1 to 10, in
/// this order). The batcher fills one per op (`PassBatcher.prepare`) and copies it after each piece's rect;
/// tests read instances back through `init(_:)`, by name.
struct QuadRecord: Equatable {
    /// Row 0 of the op's pixel -> local map (`ProjectiveMap`), then its ExactEdges record plus one (0: none).
    var map0 = SIMD4<Float>()
    /// Row 1 of the map, then the whole pixel its pixels are counted from (`MapOrigin.packed`).
    var map1 = SIMD4<Float>()
    /// Row 2 of the map for pixels counted from that origin (`ProjectiveMap.row2(from:)`), then the op's
    /// first clip record (`ClipTable`).
    var map2 = SIMD4<Float>()
    /// The w test (m14, m24, m44), then the clip count x 16 plus the edge antialiasing bits (`EdgeMask`).
    var w = SIMD4<Float>()
    /// Shape or destination rect: minX, minY, maxX, maxY.
    var rect = SIMD4<Float>()
    /// Corner radii: minXMinY, maxXMinY, minXMaxY, maxXMaxY.
    var radii = SIMD4<Float>()
    /// Premultiplied colour or multiplier; for a border, the fill under the ring.
    var color = SIMD4<Float>()
    /// Border width (or `ShaderKey.noInnerEdge`), lod bias (for a draw whose level is given, the level),
    /// flags (`InstanceLayout.tinted` ... `edgesFirst`), depth.
    var params = SIMD4<Float>()
    /// Source rect (unit); a coverage mask's atlas offset and hard edges; a border's ring colour.
    var src = SIMD4<Float>()
    /// Texture width, height, filters (min + 4 x mag), levels; a gradient's record.
    var tex = SIMD4<Float>()

    static let floats = 40
    /// Where `color` starts in the floats.
    static let colorOffset = 6 * 4

    init() {}

    /// The record from its `floats` floats (as `append(to:)` wrote them).
    init(_ f: ArraySlice<Float>) {
        let b = f.startIndex
        func v(_ i: Int) -> SIMD4<Float> { SIMD4(f[b + 4 * i], f[b + 4 * i + 1], f[b + 4 * i + 2], f[b + 4 * i + 3]) }
        (map0, map1, map2, w, rect) = (v(0), v(1), v(2), v(3), v(4))
        (radii, color, params, src, tex) = (v(5), v(6), v(7), v(8), v(9))
    }

    func append(to floats: inout [Float]) {
        for v in [map0, map1, map2, w, rect, radii, color, params, src, tex] { floats.append(v) }
    }
}

enum InstanceLayout {
    /// An instance record: bounds (x0, y0, x1, y1) then a `QuadRecord` (`attributeCount` vec4s).
    static let vec4Count = 11
    static let floats = vec4Count * 4

    /// Instance `i` of `instances`: its pixel rect and its record.
    static func instance(_ i: Int, of instances: [Float]) -> (bounds: SIMD4<Float>, record: QuadRecord) {
        let o = i * floats
        return (SIMD4(instances[o], instances[o + 1], instances[o + 2], instances[o + 3]),
                QuadRecord(instances[(o + 4)..<(o + floats)]))
    }

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
    /// A trilinear draw's level of detail, decided for the whole draw, is `params.y` (`TextureSampling`).
    static let levelGiven: Float = 8
    /// A nearest-filtered draw's texel lattices (`TexelLattice`) are the clip-table record `map0.w` names, or,
    /// with `edgesFirst`, the record after that one (which holds the draw's `ExactEdges`).
    static let hasLattice: Float = 16
    static let edgesFirst: Float = 32

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
