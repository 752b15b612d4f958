import CFreeType
import LaminaImage

/// Draws laid-out lines into a backing store: each glyph's coverage from FreeType through a cache keyed by
/// face, pixel size, glyph and quarter-pixel position (Core Text positions glyphs at subpixel offsets too),
/// composited source-over in the run's colour, premultiplied; underlines as exact-area rectangles.
final class GlyphCache {
    private struct Key: Hashable {
        var face: Int32
        var size: FT_F26Dot6
        var glyph: UInt32
        var phase: UInt8
    }
    private var glyphs: [Key: GlyphBitmap] = [:]
    private var bytes = 0

    func bitmap(face: FontFace, size: FT_F26Dot6, glyph: UInt32, qx: Int, qy: Int) throws -> GlyphBitmap {
        let key = Key(face: Int32(face.id), size: size, glyph: glyph, phase: UInt8(qx * 4 + qy))
        if let g = glyphs[key] { return g }
        let g = try face.rasterize(glyph: glyph, pixelSize: size, dx: Double(qx) / 4, dy: Double(qy) / 4)
        if bytes + g.coverage.count > TextLimits.glyphCacheBytes { glyphs.removeAll(); bytes = 0 }
        glyphs[key] = g
        bytes += g.coverage.count
        return g
    }
}

struct TextRasterizer {
    let box: TextBox
    let faces: [FontFace]
    let cache: GlyphCache
    var image: Image

    init(box: TextBox, faces: [FontFace], cache: GlyphCache) {
        self.box = box; self.faces = faces; self.cache = cache
        let size = box.pixelSize
        image = Image(width: size.width, height: size.height)
    }

    mutating func draw(_ line: Line) throws {
        let s = box.scale
        var pen = line.x
        var underline: (span: Int, from: Double)? = nil
        for c in line.visualOrder() {
            let attributes = box.spans[c.span].attributes
            if let u = underline, u.span != c.span { drawUnderline(u.span, u.from, pen, line); underline = nil }
            if underline == nil, attributes.underline { underline = (c.span, pen) }
            if let color = attributes.color, color.alpha > 0 {
                let size = FT_F26Dot6((attributes.fontSize * s * 64).rounded())
                var gx = pen
                for g in line.glyphs[c.glyphs] {
                    try drawGlyph(g, x: (gx + g.dx) * s, y: (line.baseline - g.dy) * s, size: size, color: color)
                    gx += g.advance
                }
            }
            pen += c.advance + (c.isSpace ? line.spaceStretch : 0)
        }
        if let u = underline { drawUnderline(u.span, u.from, pen, line) }
    }

    private mutating func drawGlyph(_ g: ShapedGlyph, x: Double, y: Double, size: FT_F26Dot6, color: TextColor) throws {
        guard x.isFinite, y.isFinite, size > 0, abs(x) < 1e9, abs(y) < 1e9 else { return }
        // Whole pixels and a quarter-pixel phase; glyphs far outside the store are not rasterized at all.
        let qx = Int((x * 4).rounded(.down)), qy = Int((y * 4).rounded(.down))
        let px = qx >> 2, py = qy >> 2, ox = qx & 3, oy = qy & 3
        let reach = Int(Double(size) / 64 * 3) + 2
        guard px + reach >= 0, px - reach < image.width, py + reach >= 0, py - reach < image.height else { return }
        guard faces.indices.contains(Int(g.face)) else { return }
        let face = faces[Int(g.face)]
        let bm = try cache.bitmap(face: face, size: size, glyph: g.glyph, qx: ox, qy: oy)
        composite(bm, at: px + bm.left, py - bm.top, color: color)
    }

    /// Source-over of `color` x coverage, premultiplied, rounded to nearest.
    private mutating func composite(_ bm: GlyphBitmap, at x0: Int, _ y0: Int, color: TextColor) {
        let c0 = max(0, -x0), c1 = min(bm.width, image.width - x0)
        let r0 = max(0, -y0), r1 = min(bm.height, image.height - y0)
        guard c0 < c1, r0 < r1 else { return }
        let a = color.alpha
        let pr = color.red * a, pg = color.green * a, pb = color.blue * a
        let w = image.width
        bm.coverage.withUnsafeBufferPointer { coverage in
        image.pixels.withUnsafeMutableBufferPointer { px in
            for row in r0..<r1 {
                let src = row * bm.width
                var d = ((y0 + row) * w + x0 + c0) * 4
                for col in c0..<c1 {
                    let cov = coverage[src + col]
                    if cov != 0 { blend(px, d, Double(cov) / 255, pr, pg, pb, a) }
                    d += 4
                }
            }
        }
        }
    }

    /// Underlines the span from `x0` to `x1` (points) at the font's underline position and thickness.
    private mutating func drawUnderline(_ span: Int, _ x0: Double, _ x1: Double, _ line: Line) {
        let attributes = box.spans[span].attributes
        guard let color = attributes.color, color.alpha > 0, x1 > x0,
              faces.indices.contains(lineFace(span, line)) else { return }
        let face = faces[lineFace(span, line)]
        let k = attributes.fontSize / face.unitsPerEm
        let thickness = face.underlineThickness * k
        let center = line.baseline - face.underlinePosition * k
        fillRect(x0 * box.scale, (center - thickness / 2) * box.scale, x1 * box.scale,
                 (center + thickness / 2) * box.scale, color: color)
    }

    private func lineFace(_ span: Int, _ line: Line) -> Int {
        for c in line.clusters where c.span == span {
            if let g = line.glyphs[c.glyphs].first { return Int(g.face) }
        }
        return -1
    }

    /// Fills a pixel-space rectangle with exact-area coverage at its fractional edges.
    private mutating func fillRect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, color: TextColor) {
        let cx0 = max(0, x0), cx1 = min(Double(image.width), x1)
        let cy0 = max(0, y0), cy1 = min(Double(image.height), y1)
        guard cx0 < cx1, cy0 < cy1 else { return }
        let a = color.alpha
        let pr = color.red * a, pg = color.green * a, pb = color.blue * a
        let w = image.width
        let colFirst = Int(cx0.rounded(.down)), colLast = Int(cx1.rounded(.up)) - 1
        let rowFirst = Int(cy0.rounded(.down)), rowLast = Int(cy1.rounded(.up)) - 1
        image.pixels.withUnsafeMutableBufferPointer { px in
            for row in rowFirst...rowLast {
                let cy = min(cy1, Double(row + 1)) - max(cy0, Double(row))
                for col in colFirst...colLast {
                    let cx = min(cx1, Double(col + 1)) - max(cx0, Double(col))
                    let cov = cx * cy
                    if cov > 0 { blend(px, (row * w + col) * 4, cov, pr, pg, pb, a) }
                }
            }
        }
    }
}

/// dst = src x coverage + dst x (1 - alpha x coverage), on premultiplied 8-bit RGBA, rounded to nearest.
@inline(__always)
private func blend(_ px: UnsafeMutableBufferPointer<UInt8>, _ d: Int, _ cov: Double,
                   _ r: Double, _ g: Double, _ b: Double, _ a: Double) {
    let keep = 1 - a * cov
    px[d] = UInt8(min(255, roundedHalfUp(r * cov * 255 + Double(px[d]) * keep)))
    px[d + 1] = UInt8(min(255, roundedHalfUp(g * cov * 255 + Double(px[d + 1]) * keep)))
    px[d + 2] = UInt8(min(255, roundedHalfUp(b * cov * 255 + Double(px[d + 2]) * keep)))
    px[d + 3] = UInt8(min(255, roundedHalfUp(a * cov * 255 + Double(px[d + 3]) * keep)))
}

/// `v.rounded()` (to nearest, halves away from zero) for 0 <= v < 2^52, without the C library call: the
/// fraction v - trunc(v) is exact there, so comparing it with 0.5 rounds exactly as `round` does.
@inline(__always)
private func roundedHalfUp(_ v: Double) -> Double {
    let t = v.rounded(.towardZero)
    return v - t >= 0.5 ? t + 1 : t
}
