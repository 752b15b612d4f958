import LaminaGeometry
import LaminaGraph

/// Ops copied from their kept regions (`KeptDrawAtlas`).
extension PassBatcher {
    /// An op's kept region and its page, and what the region was made over (`OpaqueBackdrop`; nil: alone,
    /// over transparent pixels).
    struct KeptCopy {
        let slot: KeptDrawAtlas.Slot
        let page: RenderTarget
        var backdrop: DrawBackdrop? = nil
    }

    /// The op whose pieces are `pieces` (its own: where it can draw anything; never solids, which are not
    /// kept) as a texel copy of its kept region: texel = pixel - the op's corner + the region's corner, read
    /// from the page as an atlas slot (clamped to the region), colour and coverage one, no clips (the region
    /// holds them already), not opaque.
    ///
    /// A region made over a backdrop holds the pass's final bytes over the op's whole bounds, opaque: it is
    /// copied whole, one piece of its own (`prepare` does not cut the op, and `pieces` is empty), by
    /// `ShaderKey.opaqueCopy`, without blending, and hides what earlier ops drew there as an opaque solid
    /// does (`Prepared.copiesOpaque`).
    mutating func keptCopy(_ kept: KeptCopy, pieces: Range<Int>) -> Prepared {
        let b = kept.slot.bounds
        var record = QuadRecord()
        record.color = SIMD4(1, 1, 1, 1)
        record.params[3] = depth
        let offset = records.count
        guard kept.backdrop != nil else {
            record.src = SIMD4(Float(-b.x0), Float(-b.y0), 1, 1)
            record.tex = SIMD4(Float(kept.slot.x), Float(kept.slot.y), Float(b.width), Float(b.height))
            record.append(to: &records)
            var key = ShaderKey(kind: .texel)
            key.atlas = true
            return Prepared(key: key, texture: kept.page.texture, mask: nil, coverage: nil, record: offset, pieces: pieces,
                            bounds: b, opaque: false)
        }
        // texel = pixel + (region corner - op corner), over the page's size (quad.vert's OPAQUE_COPY).
        record.src = SIMD4(Float(kept.slot.x - b.x0), Float(kept.slot.y - b.y0), 0, 0)
        record.tex = SIMD4(Float(kept.page.width), Float(kept.page.height), 0, 0)
        record.append(to: &records)
        let start = pieceStore.count
        pieceStore.append(OpSplitter.Piece(bounds: b, solid: true))
        var key = ShaderKey(kind: .texel)
        key.opaqueCopy = true
        return Prepared(key: key, texture: kept.page.texture, mask: nil, coverage: nil, record: offset,
                        pieces: start..<pieceStore.count, bounds: b, opaque: true, copiesOpaque: true)
    }
}
