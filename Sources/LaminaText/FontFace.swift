import CFreeType
import CHarfBuzz
import Foundation

/// One loaded font: a FreeType face (outlines, rasterization, metrics) and a HarfBuzz font on the same file
/// (shaping), both in font units. Owned by `FontLibrary`, used only under its lock.
final class FontFace {
    /// The library's number for this face, part of the glyph cache's key.
    let id: Int
    let path: String
    let index: Int
    let familyName: String
    let face: FT_Face
    let hbFont: OpaquePointer
    let unitsPerEm: Double
    /// Typographic metrics in font units (hhea, as Core Text reads them): ascent up, descent down, both positive.
    let ascender: Double
    let descender: Double
    let lineGap: Double
    let underlinePosition: Double
    let underlineThickness: Double
    /// The 26.6 pixel size FreeType is set to now, so consecutive glyphs of one size set it once.
    private var currentSize: FT_F26Dot6 = -1

    init(id: Int, path: String, index: Int, library: FT_Library) throws {
        var faceOut: FT_Face?
        let err = FT_New_Face(library, path, FT_Long(index), &faceOut)
        guard err == 0, let face = faceOut else { throw TextError.freeType("cannot load font file \(path)", err) }
        let units = Double(face.pointee.units_per_EM)
        guard units > 0, face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            FT_Done_Face(face)
            throw TextError("cannot use font file \(path): not a scalable (outline) font")
        }
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            FT_Done_Face(face)
            throw TextError("cannot read font file \(path) for shaping")
        }
        let hbFace = hb_face_create(blob, UInt32(index))
        hb_blob_destroy(blob)
        guard let font = hb_font_create(hbFace) else {
            hb_face_destroy(hbFace)
            FT_Done_Face(face)
            throw TextError("cannot create a shaping font for \(path)")
        }
        hb_face_destroy(hbFace)
        let upem = Int32(face.pointee.units_per_EM)
        hb_font_set_scale(font, upem, upem)
        self.id = id
        self.path = path
        self.index = index
        self.face = face
        self.hbFont = font
        self.unitsPerEm = units
        self.familyName = face.pointee.family_name.map { String(cString: $0) } ?? (path as NSString).lastPathComponent
        let asc = Double(face.pointee.ascender), desc = -Double(face.pointee.descender)
        self.ascender = asc
        self.descender = desc
        self.lineGap = max(0, Double(face.pointee.height) - asc - desc)
        self.underlinePosition = Double(face.pointee.underline_position)
        self.underlineThickness = max(Double(face.pointee.underline_thickness), units / 20)
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(face)
    }

    /// True when the font maps `scalar` to a glyph of its own.
    func covers(_ scalar: Unicode.Scalar) -> Bool {
        FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
    }

    /// Rasterizes `glyph` at `pixelSize` (26.6), its origin moved by (`dx`, `dy`) pixels (y down), to 8-bit
    /// coverage. Unhinted, as Core Text draws: the outline as designed, FreeType's exact-area rasterizer.
    func rasterize(glyph: UInt32, pixelSize: FT_F26Dot6, dx: Double, dy: Double) throws -> GlyphBitmap {
        if pixelSize != currentSize {
            let err = FT_Set_Char_Size(face, 0, pixelSize, 72, 72)
            guard err == 0 else { throw TextError.freeType("cannot size font \(familyName)", err) }
            currentSize = pixelSize
        }
        var err = FT_Load_Glyph(face, glyph, LAMINA_FT_LOAD_OUTLINE)
        guard err == 0, let slot = face.pointee.glyph else {
            throw TextError.freeType("cannot load glyph \(glyph) of \(familyName)", err)
        }
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return .empty }
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos((dx * 64).rounded()), FT_Pos((-dy * 64).rounded()))
        err = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
        guard err == 0 else { throw TextError.freeType("cannot rasterize glyph \(glyph) of \(familyName)", err) }
        let bm = slot.pointee.bitmap
        let w = Int(bm.width), h = Int(bm.rows), pitch = Int(bm.pitch)
        guard w > 0, h > 0, let buffer = bm.buffer else { return .empty }
        var coverage = [UInt8](repeating: 0, count: w * h)
        for row in 0..<h {
            let src = pitch >= 0 ? buffer + row * pitch : buffer + (h - 1 - row) * (-pitch)
            for col in 0..<w { coverage[row * w + col] = src[col] }
        }
        return GlyphBitmap(left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                           width: w, height: h, coverage: coverage)
    }
}

/// A glyph's 8-bit coverage; `left` and `top` place its first column and row from the pen (top is up).
struct GlyphBitmap {
    var left: Int
    var top: Int
    var width: Int
    var height: Int
    var coverage: [UInt8]

    static let empty = GlyphBitmap(left: 0, top: 0, width: 0, height: 0, coverage: [])
}
