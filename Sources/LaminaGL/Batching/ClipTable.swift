import LaminaGraph

/// Every clip of a frame, as records of `InstanceLayout.texelsPerClip` RGBA32F texels in one texture, and
/// every gradient's stops (`addGradient`), padded to whole records in the same texture.
///
/// An op refers to its clip stack by (first, count); identical stacks (siblings under one parent clip)
/// share one run of records, so the texture grows with distinct stacks, not with ops. A gradient op refers
/// to its record by index; equal gradients share one.
struct ClipTable {
    /// Texture width in texels, a power of two so the shader indexes with shifts (`u_clipsWidth`,
    /// `u_clipsShift`).
    static let width = 1024
    private(set) var floats: [Float] = []
    private var stacks: [[Clip]: Int] = [:]
    private var gradients: [GradientPaint: Int] = [:]
    var count: Int { floats.count / (InstanceLayout.texelsPerClip * 4) }

    /// The first record of `clips` (added now if this stack is new).
    mutating func add(_ clips: [Clip]) -> Int {
        if clips.isEmpty { return 0 }
        if let first = stacks[clips] { return first }
        let first = count
        for clip in clips { append(clip) }
        // A rect clip through a rotation or projection: its hard edges' record plus one in its first
        // texel's w (the stack's records stay contiguous, so the edge records follow them).
        for (k, clip) in clips.enumerated() {
            guard let edges = clip.exactEdges else { continue }
            let record = addExactEdges(edges)
            floats[(first + k) * InstanceLayout.texelsPerClip * 4 + 3] = Float(record + 1)
        }
        stacks[clips] = first
        return first
    }

    /// A record of `edges`' four integer edge functions (`ExactEdges.texels`, a texel each), zeros to a
    /// whole record; `primitive.frag`'s `exactInside` reads it.
    mutating func addExactEdges(_ edges: ExactEdges) -> Int {
        let record = count
        floats += edges.texels
        padToRecord()
        return record
    }

    /// A record of a nearest-filtered draw's texel lattices (`TexelLattice.texels`): the texture's in texels
    /// 0-2, the mask's in 3-5; `primitive.frag`'s `latticeTexel` reads them.
    mutating func addLattice(_ texels: TexelLattice, mask: TexelLattice?) -> Int {
        let record = count
        floats += texels.texels
        floats += mask?.texels ?? [Float](repeating: 0, count: 12)
        padToRecord()
        return record
    }

    /// The record of `paint` (added now if new): a header texel (kind, stop count, opacity, 1 / |axis|^2),
    /// the axis (start.xy, end.xy), then two texels a stop ((location, 1 / (location - previous), 0, 0);
    /// straight RGBA), zeros to a whole record.
    /// `primitive.frag`'s `gradientColor` reads it.
    mutating func addGradient(_ paint: GradientPaint) -> Int {
        if let record = gradients[paint] { return record }
        let record = count
        let dx = Double(paint.end.x) - Double(paint.start.x), dy = Double(paint.end.y) - Double(paint.start.y)
        let len2 = dx * dx + dy * dy
        floats += [Float(paint.kind.rawValue), Float(paint.stops.count), Float(paint.opacity), Float(len2 > 0 ? 1 / len2 : 0)]
        floats += [Float(paint.start.x), Float(paint.start.y), Float(paint.end.x), Float(paint.end.y)]
        let inverse = GradientPaint.inverseSpans(paint.stops.map(\.location))
        for (stop, inv) in zip(paint.stops, inverse) {
            let c = stop.color
            floats += [Float(stop.location), Float(inv), 0, 0, Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha)]
        }
        padToRecord()
        gradients[paint] = record
        return record
    }

    /// Zeros to the end of the last record.
    private mutating func padToRecord() {
        let perRecord = InstanceLayout.texelsPerClip * 4
        floats += [Float](repeating: 0, count: (perRecord - floats.count % perRecord) % perRecord)
    }

    private mutating func append(_ clip: Clip) {
        let r = clip.shape.rect
        guard let map = ProjectiveMap(clip.transform) else {
            // A clip seen edge-on covers nothing: W = -1 everywhere fails the W > 0 test.
            floats += [Float](repeating: 0, count: 20) + [0, 0, -1, 0]
            return
        }
        // Its pixels are counted from the whole pixel nearest its centre (`MapOrigin`), in the first two
        // rows' last lanes; the third row is G's for that origin.
        let origin = MapOrigin(nearest: map.pixel(x: Double(r.midX), y: Double(r.midY)))
        let g2 = map.row2(from: origin)
        floats += [map.g[0], map.g[1], map.g[2], 0, map.g[3], map.g[4], map.g[5], Float(origin.x), g2.x, g2.y, g2.z,
                   Float(origin.y)]
        floats += [Float(r.minX), Float(r.minY), Float(r.maxX), Float(r.maxY)]
        let s = clip.shape
        floats += [Float(s.minXMinY), Float(s.maxXMinY), Float(s.minXMaxY), Float(s.maxXMaxY)]
        floats += [map.wTest.0, map.wTest.1, map.wTest.2, Float(clip.edgeAA.rawValue)]
    }

    /// The records padded to whole texture rows (width x rows texels).
    func texels() -> (data: [Float], rows: Int) {
        let texels = max(1, count * InstanceLayout.texelsPerClip)
        let rows = (texels + ClipTable.width - 1) / ClipTable.width
        var data = floats
        data += [Float](repeating: 0, count: rows * ClipTable.width * 4 - data.count)
        return (data, rows)
    }
}
