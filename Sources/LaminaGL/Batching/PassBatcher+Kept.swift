import LaminaGeometry

/// Ops copied from their kept regions (`KeptDrawAtlas`).
extension PassBatcher {
    /// An op's kept region and its page.
    struct KeptCopy {
        let slot: KeptDrawAtlas.Slot
        let page: RenderTarget
    }

    /// The op whose pieces are `pieces` (its own: where it can draw anything; never solids, which are not
    /// kept) as a texel copy of its kept region: texel = pixel - the op's corner + the region's corner, read
    /// from the page as an atlas slot (clamped to the region), colour and coverage one, no clips (the region
    /// holds them already), not opaque.
    mutating func keptCopy(_ kept: KeptCopy, pieces: Range<Int>) -> Prepared {
        let b = kept.slot.bounds
        var record = QuadRecord()
        record.color = SIMD4(1, 1, 1, 1)
        record.params[3] = depth
        record.src = SIMD4(Float(-b.x0), Float(-b.y0), 1, 1)
        record.tex = SIMD4(Float(kept.slot.x), Float(kept.slot.y), Float(b.width), Float(b.height))
        let offset = records.count
        record.append(to: &records)
        var key = ShaderKey(kind: .texel)
        key.atlas = true
        return Prepared(key: key, texture: kept.page.texture, mask: nil, coverage: nil, record: offset, pieces: pieces,
                        bounds: b, opaque: false)
    }
}
