/// One line laid out: its clusters (logical order, own glyph store), its vertical metrics and where it starts.
struct Line {
    var glyphs: [ShapedGlyph] = []
    var clusters: [Cluster] = []
    var ascent = 0.0
    var descent = 0.0
    var leading = 0.0
    /// The baseline's distance from the top of the box, in points.
    var baseline = 0.0
    /// The x of the line's visual left edge, in points.
    var x = 0.0
    /// Extra advance given to each interior space when the line is justified.
    var spaceStretch = 0.0
    var isRightToLeft = false
    var endsParagraph = false
    var isTruncated = false
    /// The line's characters in logical order (an ellipsis included), for tests and tools.
    var text = ""
    /// Where each cluster's characters start in `text`'s scalars.
    var clusterStarts: [Int] = []

    /// Width without trailing spaces.
    var width: Double { LineBreaker.inkedWidth(clusters) }

    /// Appends `clusters` of `paragraph`, copying their glyphs into this line's store.
    mutating func append<C: Collection>(_ source: C, from paragraph: Paragraph) where C.Element == Cluster {
        for var c in source {
            let first = glyphs.count
            glyphs.append(contentsOf: paragraph.glyphs[c.glyphs])
            c.glyphs = first..<glyphs.count
            clusters.append(c)
            clusterStarts.append(text.unicodeScalars.count)
            text.unicodeScalars.append(contentsOf: paragraph.scalars[c.characters])
        }
    }

    /// Clusters in visual order (Unicode's rule L2: from the highest level down to the lowest odd one, reverse
    /// every run at that level or above), without the spaces that end the line logically.
    func visualOrder() -> [Cluster] { visualIndices().map { clusters[$0] } }

    /// The indices of `visualOrder()`'s clusters.
    func visualIndices() -> [Int] {
        var end = clusters.count
        while end > 0, clusters[end - 1].isSpace { end -= 1 }
        var order = Array(0..<end)
        let levels = order.map { clusters[$0].level }
        guard let top = levels.max(), let lowOdd = levels.filter({ $0 % 2 == 1 }).min() else { return order }
        var level = top
        while level >= lowOdd {
            var i = 0
            while i < order.count {
                guard clusters[order[i]].level >= level else { i += 1; continue }
                var j = i
                while j < order.count, clusters[order[j]].level >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            if level == 0 { break }
            level -= 1
        }
        return order
    }
}

/// A text box laid out: its lines, top to bottom, in points from the box's top-left corner.
public struct TextLayout {
    var lines: [Line]
    let faces: [FontFace]

    /// The number of lines laid out (those at least partly inside the box).
    public var lineCount: Int { lines.count }
    /// Each line's baseline, in points from the top of the box.
    public var baselines: [Double] { lines.map(\.baseline) }
    /// Each line's visual left edge and width without trailing spaces, in points.
    public var lineExtents: [(x: Double, width: Double)] {
        lines.map { ($0.x, $0.width + $0.spaceStretch * Double(interiorSpaces($0))) }
    }
    /// Each line's characters in logical order, an ellipsis included, trailing spaces too.
    public var lineTexts: [String] { lines.map(\.text) }
    /// Each line's clusters' characters in visual order, left to right, without trailing spaces.
    public var visualClusters: [[String]] {
        lines.map { line in
            let scalars = Array(line.text.unicodeScalars)
            return line.visualIndices().map { k in
                let end = k + 1 < line.clusterStarts.count ? line.clusterStarts[k + 1] : scalars.count
                var s = ""
                s.unicodeScalars.append(contentsOf: scalars[line.clusterStarts[k]..<end])
                return s
            }
        }
    }
    /// The families of the faces each line's glyphs come from (fallbacks included), in order of first use.
    public var lineFamilies: [[String]] {
        lines.map { line in
            var out: [String] = []
            for g in line.glyphs where faces.indices.contains(Int(g.face)) {
                let name = faces[Int(g.face)].familyName
                if !out.contains(name) { out.append(name) }
            }
            return out
        }
    }

    func interiorSpaces(_ line: Line) -> Int {
        var end = line.clusters.count
        while end > 0, line.clusters[end - 1].isSpace { end -= 1 }
        return line.clusters[0..<end].filter(\.isSpace).count
    }
}
