import Foundation
import LaminaText

/// CATextLayer's keys. `string` is a plain string, null, or an attributed string: a list of runs
/// `{"text", "font", "fontSize", "foregroundColor", "underline"}`. A font that names a file is resolved against
/// the scene's directory and loaded now, so a missing or corrupt font file refuses the scene at its pointer; a
/// family that is not installed is not an error (Fontconfig's substitute is drawn, and the CLI warns).
extension SceneReader {
    static let attributedRunKeys = ["text", "font", "fontSize", "foregroundColor", "underline"]

    func text(_ f: ObjectFields, _ t: TextLayer) throws {
        try f.set("string", &t.stringValue) { v, p in
            switch v {
            case .null: return nil
            case .array: return nil
            default: return try checkedString(v.string(at: p), at: p)
            }
        }
        if case .array(let items)? = f["string"] {
            let p = f.pointer / "string"
            t.attributedString = try items.enumerated().compactMap { i, item in try attempt { try attributedRun(item, at: p / i) } }
            let bytes = t.attributedString?.reduce(0) { $0 + $1.text.utf8.count } ?? 0
            guard bytes <= TextLimits.maxStringBytes else {
                throw SceneError(p, "attributed string of \(bytes) bytes; a text layer takes at most "
                    + "\(TextLimits.maxStringBytes) bytes (1 MiB)")
            }
        }
        try f.set("font", &t.fontValue) { try fontReference($0.string(at: $1), at: $1) }
        try f.set("fontSize", &t.fontSize) { try $0.nonNegative(at: $1) }
        try f.set("foregroundColor", &t.foregroundColor) { try $0.optionalColor(at: $1) }
        try f.set("alignmentMode", &t.alignmentMode) { try $0.name(TextLayer.AlignmentMode.self, at: $1, what: "alignment mode") }
        try f.set("wrapped", &t.isWrapped) { try $0.bool(at: $1) }
        try f.set("truncationMode", &t.truncationMode) { try $0.name(TextLayer.TruncationMode.self, at: $1, what: "truncation mode") }
    }

    private func checkedString(_ s: String, at p: JSONPointer) throws -> String {
        let bytes = s.utf8.count
        guard bytes <= TextLimits.maxStringBytes else {
            throw SceneError(p, "string of \(bytes) bytes; a text layer takes at most \(TextLimits.maxStringBytes) bytes (1 MiB)")
        }
        return s
    }

    private func attributedRun(_ v: JSONValue, at p: JSONPointer) throws -> TextLayer.AttributedRun {
        if case .string(let s) = v { return TextLayer.AttributedRun(try checkedString(s, at: p)) }
        let f = try fields(v, at: p, what: "a run of an attributed string: a string or an object with \"text\"")
        try f.rejectUnknown(Self.attributedRunKeys)
        if !f.has("text"), f.misspelling(of: "text", among: Self.attributedRunKeys) != nil { throw SceneErrorLog.Reported() }
        let text = try f.require("text", missing: "a run of an attributed string needs \"text\"") { try $0.string(at: $1) }
        var run = TextLayer.AttributedRun(text)
        try f.set("font", &run.font) { try fontReference($0.string(at: $1), at: $1) }
        try f.set("fontSize", &run.fontSize) { try $0.nonNegative(at: $1) }
        try f.set("foregroundColor", &run.foregroundColor) { try $0.optionalColor(at: $1) }
        try f.set("underline", &run.underline) { try $0.bool(at: $1) }
        return run
    }

    /// A family stays as written; a font file (a path, or a name ending .ttf, .otf, .ttc) becomes an absolute
    /// path against the scene's directory and is loaded now, so FreeType's refusal is reported here.
    private func fontReference(_ s: String, at p: JSONPointer) throws -> String {
        guard !s.isEmpty else { throw SceneError(p, "empty font name") }
        guard s.utf8.count <= 4096 else { throw SceneError(p, "font name of \(s.utf8.count) bytes; at most 4096") }
        guard TextFonts.isFile(s) else { return s }
        let url = s.hasPrefix("/") ? URL(fileURLWithPath: s)
            : (baseURL ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).appendingPathComponent(s)
        let path = url.standardizedFileURL.path
        do {
            _ = try TextEngine.shared.resolve(font: path)
        } catch {
            throw SceneError(p, "\(error)")
        }
        return path
    }
}
