import Foundation

/// JSON text for values written into hand-assembled JSON lines (bench output, exported scenes).
public enum JSONText {
    /// `s` as a JSON string literal, quoted and escaped by Foundation's encoder.
    public static func quoted(_ s: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard let data = try? encoder.encode(s) else { return "\"\"" }
        return String(decoding: data, as: UTF8.self)
    }
}
