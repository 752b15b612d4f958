import CHarfBuzz

/// Turns one paragraph of attributed text into clusters: it resolves directions (a two-level bidi: the
/// paragraph's direction from its first strong character, runs of the other direction one level deeper), picks
/// each character's face (the run's font, or a fallback that covers the character, as Core Text cascades),
/// and shapes each run of one face, size and direction with HarfBuzz.
struct Shaper {
    let library: FontLibrary
    /// The primary face of each span.
    let spanFaces: [FontFace]
    let spans: [TextAttributes]

    func shape(_ scalars: [Unicode.Scalar], spanOf: [Int]) throws -> Paragraph {
        var paragraph = Paragraph()
        paragraph.scalars = scalars
        paragraph.span = spanOf.first ?? 0
        guard !scalars.isEmpty else { return paragraph }
        let levels = Self.levels(scalars, rtl: &paragraph.isRightToLeft)
        let faceOf = faces(scalars, spanOf: spanOf)
        var utf8: [UInt8] = []
        var offsets: [Int] = []
        offsets.reserveCapacity(scalars.count + 1)
        for s in scalars {
            offsets.append(utf8.count)
            UTF8.encode(s) { utf8.append($0) }
        }
        offsets.append(utf8.count)
        var scalarAt = [Int32](repeating: -1, count: utf8.count + 1)
        for (i, o) in offsets.enumerated() { scalarAt[o] = Int32(i) }
        var start = 0
        while start < scalars.count {
            var end = start + 1
            while end < scalars.count, spanOf[end] == spanOf[start], faceOf[end] === faceOf[start],
                  levels[end] == levels[start] { end += 1 }
            try shapeRun(start..<end, utf8: utf8, offsets: offsets, scalarAt: scalarAt, scalars: scalars,
                         face: faceOf[start], span: spanOf[start], level: levels[start], into: &paragraph)
            start = end
        }
        return paragraph
    }

    /// Embedding levels, a two-level reading of the Unicode bidi algorithm: the paragraph's direction comes from
    /// its first strong character; letters of the other direction go one level deeper; a number takes the side of
    /// the letters before it (after right-to-left letters it reads left to right inside them, level 2, as rules
    /// W2 and I1 make Arabic numbers do); neutrals between two runs of one direction take it (numbers counting as
    /// the direction they follow, rule N1), other neutrals the paragraph's.
    static func levels(_ scalars: [Unicode.Scalar], rtl: inout Bool) -> [UInt8] {
        let strong = scalars.map(CharClass.strongDirection)
        let isNumber = scalars.map(CharClass.isDecimal)
        rtl = zip(strong, isNumber).first(where: { $0.0 != nil && !$0.1 }).flatMap { $0.0 } ?? false
        let base: UInt8 = rtl ? 1 : 0
        // The direction each character counts as for its neighbours: letters their own, numbers the letters'
        // before them (the paragraph's at its start).
        var side = [Bool?](repeating: nil, count: scalars.count)
        var out = [UInt8](repeating: base, count: scalars.count)
        var lastLetter = rtl
        for i in scalars.indices {
            guard let d = strong[i] else { continue }
            if isNumber[i] {
                side[i] = lastLetter
                out[i] = lastLetter ? 2 : (rtl ? 2 : 0)
            } else {
                side[i] = d
                lastLetter = d
                out[i] = d ? 1 : (rtl ? 2 : 0)
            }
        }
        var previous: Bool? = nil
        var i = 0
        while i < scalars.count {
            if let d = side[i] { previous = d; i += 1; continue }
            var j = i
            while j < scalars.count, side[j] == nil { j += 1 }
            let next: Bool? = j < scalars.count ? side[j] : nil
            let resolved = previous.flatMap { $0 == next ? $0 : nil } ?? rtl
            for k in i..<j { out[k] = resolved ? 1 : (rtl ? 2 : 0) }
            i = j
        }
        return out
    }

    /// Each character's face: its span's, a fallback covering it, or the span's (drawing .notdef) when none does.
    private func faces(_ scalars: [Unicode.Scalar], spanOf: [Int]) -> [FontFace] {
        var out: [FontFace] = []
        out.reserveCapacity(scalars.count)
        for (i, s) in scalars.enumerated() {
            let primary = spanFaces[spanOf[i]]
            if i > 0, CharClass.isAttached(s), spanOf[i - 1] == spanOf[i] { out.append(out[i - 1]); continue }
            if primary.covers(s) || s.properties.isWhitespace || s.value < 0x20 { out.append(primary); continue }
            out.append(library.fallback(for: s) ?? primary)
        }
        return out
    }

    private func shapeRun(_ range: Range<Int>, utf8: [UInt8], offsets: [Int], scalarAt: [Int32],
                          scalars: [Unicode.Scalar], face: FontFace, span: Int, level: UInt8,
                          into paragraph: inout Paragraph) throws {
        guard let buffer = hb_buffer_create() else { throw TextError("HarfBuzz cannot allocate a buffer") }
        defer { hb_buffer_destroy(buffer) }
        let startByte = offsets[range.lowerBound], endByte = offsets[range.upperBound]
        utf8.withUnsafeBufferPointer { p in
            p.baseAddress?.withMemoryRebound(to: CChar.self, capacity: utf8.count) { c in
                hb_buffer_add_utf8(buffer, c, Int32(utf8.count), UInt32(startByte), Int32(endByte - startByte))
            }
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_buffer_set_direction(buffer, level % 2 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_shape(face.hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return }
        let size = spans[span].fontSize
        let k = size / face.unitsPerEm
        // Glyphs grouped by cluster, clusters in ascending (logical) order; glyphs keep HarfBuzz's visual order.
        let order = (0..<Int(count)).map { (cluster: infos[$0].cluster, glyph: $0) }
            .sorted { ($0.cluster, $0.glyph) < ($1.cluster, $1.glyph) }
        var groups: [(cluster: UInt32, members: Range<Int>)] = []
        var i = 0
        while i < order.count {
            var j = i + 1
            while j < order.count, order[j].cluster == order[i].cluster { j += 1 }
            groups.append((order[i].cluster, i..<j))
            i = j
        }
        for (n, (c, glyphRange)) in groups.enumerated() {
            let first = paragraph.glyphs.count
            var advance = 0.0
            for g in order[glyphRange].map(\.glyph) {
                let a = Double(positions[g].x_advance) * k
                paragraph.glyphs.append(ShapedGlyph(glyph: infos[g].codepoint, face: Int32(face.id), advance: a,
                                                    dx: Double(positions[g].x_offset) * k,
                                                    dy: Double(positions[g].y_offset) * k))
                advance += a
            }
            let byteEnd = n + 1 < groups.count ? Int(groups[n + 1].cluster) : endByte
            let firstScalar = Int(scalarAt[Int(c)])
            let lastScalar = Int(scalarAt[byteEnd])
            let members = scalars[max(0, firstScalar)..<max(firstScalar, lastScalar)]
            paragraph.clusters.append(Cluster(
                glyphs: first..<paragraph.glyphs.count, advance: advance,
                isSpace: !members.isEmpty && members.allSatisfy(CharClass.isBreakingSpace),
                breakBefore: firstScalar >= 0 && CharClass.breakBefore(scalars, firstScalar),
                level: level, span: span, characters: max(0, firstScalar)..<max(firstScalar, lastScalar)))
        }
    }
}
