/// Lines from paragraphs: breaking (when wrapped), stacking from the top of the box (each line's height is its
/// largest ascent, descent and leading, as Core Text's), truncating, and aligning.
struct Typesetter {
    let box: TextBox
    let shaper: Shaper
    /// The faces loaded so far, by id (fallbacks can load more while shaping).
    let faces: () -> [FontFace]

    private var paragraphs: [Paragraph] = []
    /// For each line: its paragraph and its clusters there.
    private var sources: [(paragraph: Int, range: Range<Int>)] = []

    init(box: TextBox, shaper: Shaper, faces: @escaping () -> [FontFace]) {
        self.box = box; self.shaper = shaper; self.faces = faces
    }

    mutating func run(_ texts: [ParagraphText]) throws -> [Line] {
        var lines: [Line] = []
        var top = 0.0
        var more = false
        outer: for text in texts {
            var paragraph = try shaper.shape(text.scalars, spanOf: text.spanOf)
            if text.scalars.isEmpty { paragraph.span = text.span }
            paragraphs.append(paragraph)
            let ranges = box.wrapped ? LineBreaker.wrap(paragraph.clusters, width: box.width)
                : [0..<paragraph.clusters.count]
            for (i, r) in ranges.enumerated() {
                // Lines wholly below the box are not laid out; the box clips them anyway.
                if top >= box.height, !lines.isEmpty { more = true; break outer }
                var line = Line()
                line.append(paragraph.clusters[r], from: paragraph)
                line.isRightToLeft = paragraph.isRightToLeft
                line.endsParagraph = i == ranges.count - 1
                setMetrics(&line, span: paragraph.span)
                line.baseline = top + line.ascent
                top = line.baseline + line.descent + line.leading
                lines.append(line)
                sources.append((paragraphs.count - 1, r))
            }
        }
        try truncate(&lines, more: more)
        for i in lines.indices { align(&lines[i]) }
        return lines
    }

    /// The line's height from the faces its glyphs use at their sizes, or its span's face when it is empty.
    private func setMetrics(_ line: inout Line, span: Int) {
        let faces = self.faces()
        var ascent = 0.0, descent = 0.0, leading = 0.0
        var any = false
        func take(_ f: FontFace, _ size: Double) {
            let k = size / f.unitsPerEm
            ascent = max(ascent, f.ascender * k)
            descent = max(descent, f.descender * k)
            leading = max(leading, f.lineGap * k)
            any = true
        }
        for c in line.clusters {
            let size = box.spans[c.span].attributes.fontSize
            for g in line.glyphs[c.glyphs] where faces.indices.contains(Int(g.face)) { take(faces[Int(g.face)], size) }
        }
        if !any, shaper.spanFaces.indices.contains(span) {
            take(shaper.spanFaces[span], box.spans[span].attributes.fontSize)
        }
        line.ascent = ascent; line.descent = descent; line.leading = leading
    }

    /// Ellipses where the text does not fit: unwrapped, each line wider than the box; wrapped, the last line
    /// that fits the box's height, when text follows it, takes the rest of its paragraph and ends in one.
    private mutating func truncate(_ lines: inout [Line], more: Bool) throws {
        guard box.truncation != .none, !lines.isEmpty else { return }
        if !box.wrapped {
            for i in lines.indices where lines[i].width > box.width + 1e-9 {
                let (p, r) = sources[i]
                lines[i] = try truncated(Array(paragraphs[p].clusters[r]), of: paragraphs[p], like: lines[i])
            }
            return
        }
        var last = 0
        for (i, l) in lines.enumerated() where l.baseline + l.descent <= box.height + 1e-9 { last = i }
        guard more || last < lines.count - 1 else { return }
        let (p, r) = sources[last]
        let rest = Array(paragraphs[p].clusters[r.lowerBound...])
        lines[last] = try truncated(rest, of: paragraphs[p], like: lines[last])
        lines.removeLast(lines.count - last - 1)
    }

    private func truncated(_ clusters: [Cluster], of paragraph: Paragraph, like original: Line) throws -> Line {
        let near = clusters.first?.span ?? paragraph.span
        var ellipsis = try shaper.shape(["\u{2026}"], spanOf: [near])
        for i in ellipsis.clusters.indices { ellipsis.clusters[i].level = paragraph.isRightToLeft ? 1 : 0 }
        let width = ellipsis.clusters.reduce(0) { $0 + $1.advance }
        let (head, tail) = LineBreaker.truncate(clusters, width: box.width, ellipsis: width, mode: box.truncation)
        var line = Line()
        line.append(clusters[head], from: paragraph)
        line.append(ellipsis.clusters, from: ellipsis)
        line.append(clusters[tail], from: paragraph)
        line.isRightToLeft = original.isRightToLeft
        line.endsParagraph = true
        line.isTruncated = true
        line.ascent = original.ascent; line.descent = original.descent; line.leading = original.leading
        line.baseline = original.baseline
        return line
    }

    /// Places the line by alignmentMode; justified lines (wrapped, not a paragraph's last) stretch their spaces.
    private func align(_ line: inout Line) {
        let width = line.width
        var mode = box.alignment
        if mode == .justified {
            var end = line.clusters.count
            while end > 0, line.clusters[end - 1].isSpace { end -= 1 }
            let spaces = line.clusters[0..<end].filter(\.isSpace).count
            if box.wrapped, !line.endsParagraph, spaces > 0, box.width > width {
                line.spaceStretch = (box.width - width) / Double(spaces)
                line.x = 0
                return
            }
            mode = .natural
        }
        if mode == .natural { mode = line.isRightToLeft ? .right : .left }
        switch mode {
        case .right: line.x = box.width - width
        case .center: line.x = (box.width - width) / 2
        default: line.x = 0
        }
    }
}
