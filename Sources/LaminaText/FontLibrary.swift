import CFontconfig
import CFreeType
import Foundation

/// How a `font` value was resolved: the file and face Lamina draws with, and whether it is the one asked for.
public struct FontResolution: Equatable, Sendable {
    /// What the scene asked for (a family, a PostScript-style name or a file).
    public var requested: String
    /// The font file drawn with and the face inside it.
    public var path: String
    public var index: Int
    /// The family of the face drawn with.
    public var family: String
    /// False when Fontconfig substituted another family (the requested one is not installed).
    public var isExact: Bool
}

/// FreeType's library, Fontconfig's matching and the loaded faces, shared by every layout. Not thread-safe on
/// its own: `TextEngine` holds its lock around every use.
final class FontLibrary {
    private var library: FT_Library?
    private var faces: [String: FontFace] = [:]
    /// Every face loaded, by `FontFace.id`.
    private(set) var facesByID: [FontFace] = []
    private var resolutions: [String: FontResolution] = [:]
    private var fallbacks: [UInt32: FontFace?] = [:]
    private var nextID = 0
    private var fontconfigReady = false

    init() throws {
        var lib: FT_Library?
        let err = FT_Init_FreeType(&lib)
        guard err == 0, let lib else { throw TextError.freeType("cannot start FreeType", err) }
        library = lib
    }

    deinit {
        faces.removeAll()
        facesByID.removeAll()
        if let library { FT_Done_FreeType(library) }
    }

    /// True for a `font` value that names a file rather than a family.
    static func isFilePath(_ spec: String) -> Bool {
        let lower = spec.lowercased()
        return spec.contains("/") || [".ttf", ".otf", ".ttc", ".otc"].contains { lower.hasSuffix($0) }
    }

    /// The face for `spec`: a font file path (absolute, or relative to the current directory) or a family.
    func face(for spec: String) throws -> FontFace {
        let r = try resolve(spec)
        return try face(path: r.path, index: r.index)
    }

    /// Loads (once) face `index` of the file at `path`.
    func face(path: String, index: Int) throws -> FontFace {
        let key = "\(index):\(path)"
        if let f = faces[key] { return f }
        guard let library else { throw TextError("FreeType is not running") }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            throw TextError("font file not found: \(path)")
        }
        // Only regular files (links followed): a device or pipe would be read without end.
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw TextError("font file \(path) is not a regular file")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= TextLimits.maxFontFileBytes else {
            throw TextError("font file \(path) is \(size) bytes, over the limit of \(TextLimits.maxFontFileBytes) bytes")
        }
        let f = try FontFace(id: nextID, path: path, index: index, library: library)
        nextID += 1
        faces[key] = f
        facesByID.append(f)
        return f
    }

    /// Where `spec` leads: a file as given, or Fontconfig's best match for the family and style it names.
    func resolve(_ spec: String) throws -> FontResolution {
        if let r = resolutions[spec] { return r }
        let r: FontResolution
        if Self.isFilePath(spec) {
            let path = URL(fileURLWithPath: spec).standardizedFileURL.path
            let f = try face(path: path, index: 0)
            r = FontResolution(requested: spec, path: path, index: 0, family: f.familyName, isExact: true)
        } else {
            r = try match(FontName(spec))
        }
        resolutions[spec] = r
        return r
    }

    /// A face that covers `scalar` when the run's own face does not (Core Text's cascade), or nil.
    func fallback(for scalar: Unicode.Scalar) -> FontFace? {
        if let known = fallbacks[scalar.value] { return known }
        var found: FontFace?
        if startFontconfig(), let pattern = FcPatternCreate() {
            defer { FcPatternDestroy(pattern) }
            FcPatternAddString(pattern, LAMINA_FC_FAMILY, "sans-serif")
            if let set = FcCharSetCreate() {
                FcCharSetAddChar(set, scalar.value)
                FcPatternAddCharSet(pattern, LAMINA_FC_CHARSET, set)
                FcCharSetDestroy(set)
            }
            if let m = bestMatch(pattern), let f = try? face(path: m.path, index: m.index), f.covers(scalar) {
                found = f
            }
        }
        fallbacks[scalar.value] = .some(found)
        return found
    }

    private func startFontconfig() -> Bool {
        if !fontconfigReady { fontconfigReady = FcInit() != 0 }
        return fontconfigReady
    }

    private func match(_ name: FontName) throws -> FontResolution {
        guard startFontconfig() else { throw TextError("cannot start Fontconfig to find font \"\(name.spec)\"") }
        guard let pattern = FcPatternCreate() else { throw TextError("out of memory finding font \"\(name.spec)\"") }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, LAMINA_FC_FAMILY, name.family)
        FcPatternAddInteger(pattern, LAMINA_FC_WEIGHT, Int32(name.weight))
        FcPatternAddInteger(pattern, LAMINA_FC_SLANT, Int32(name.slant))
        FcPatternAddBool(pattern, LAMINA_FC_SCALABLE, 1)
        guard let m = bestMatch(pattern) else {
            throw TextError("no font found for \"\(name.spec)\": Fontconfig knows no scalable font on this machine")
        }
        let exact = Self.sameFamily(m.family, name.family)
        return FontResolution(requested: name.spec, path: m.path, index: m.index, family: m.family, isExact: exact)
    }

    private func bestMatch(_ pattern: OpaquePointer) -> (path: String, index: Int, family: String)? {
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let found = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(found) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(found, LAMINA_FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(found, LAMINA_FC_INDEX, 0, &index)
        var family: UnsafeMutablePointer<FcChar8>?
        let familyName = FcPatternGetString(found, LAMINA_FC_FAMILY, 0, &family) == FcResultMatch
            ? family.map { String(cString: $0) } ?? "" : ""
        return (String(cString: file), Int(index), familyName)
    }

    static func sameFamily(_ a: String, _ b: String) -> Bool {
        func key(_ s: String) -> String { s.lowercased().filter { !$0.isWhitespace } }
        return key(a) == key(b)
    }
}

/// A family name as Core Text takes it: `"Helvetica"`, `"Helvetica Neue"`, or a PostScript-style name with a
/// style suffix (`"Helvetica-Bold"`, `"Menlo-Italic"`), mapped to Fontconfig's weight and slant.
struct FontName {
    var spec: String
    var family: String
    var weight: Int = 80  // FC_WEIGHT_REGULAR
    var slant: Int = 0    // FC_SLANT_ROMAN

    init(_ spec: String) {
        self.spec = spec
        family = spec
        guard let dash = spec.lastIndex(of: "-") else { return }
        var style = spec[spec.index(after: dash)...].lowercased()
        let base = String(spec[..<dash])
        guard !base.isEmpty else { return }
        var known = false
        for (suffix, s) in [("italic", 100), ("oblique", 110)] where style.hasSuffix(suffix) {
            slant = s; style.removeLast(suffix.count); known = true
        }
        let weights: [String: Int] = ["": 80, "regular": 80, "roman": 80, "book": 75, "thin": 0, "ultralight": 40,
                                      "extralight": 40, "light": 50, "medium": 100, "semibold": 180,
                                      "demibold": 180, "bold": 200, "extrabold": 205, "heavy": 210, "black": 210]
        if let w = weights[style], known || !style.isEmpty {
            weight = w
            family = base
        } else if known, style.isEmpty {
            family = base
        }
    }
}
