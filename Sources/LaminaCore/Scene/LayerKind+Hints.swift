import Foundation

/// What a scene's author is likely to have meant when a layer's type or key is refused: Core Animation's class
/// names for the types, and keys written from UIKit's, SVG's or CSS's habits (`KeySuggestion.habits`).
extension LayerKind {
    /// Every key some layer type accepts: what a layer of a refused type is checked against.
    static let allKeys = KnownKeys(commonKeys + allCases.flatMap(\.specificKeys).reduce(into: [String]()) { keys, key in
        if !keys.contains(key) { keys.append(key) }
    })

    /// A Core Animation class name (`CATextLayer`, `CAShapeLayer`, also `TextLayer` or `Text`) as the type it
    /// names, with the sentence that says so; the type is nil for a class Lamina does not draw (`CAEmitterLayer`).
    /// Nil when `name` is no such name.
    static func coreAnimationName(_ name: String) -> (kind: LayerKind?, note: String)? {
        var base = Substring(name)
        if base.hasPrefix("CA") { base = base.dropFirst(2) }
        if base.hasSuffix("Layer") { base = base.dropLast(5) }
        let lower = base.lowercased()
        let types = allCases.map(\.rawValue).joined(separator: ", ")
        if unsupported.contains(lower) {
            return (nil, "Lamina does not draw \(lower) layers (Core Animation's CA\(base)Layer); the types are \(types)")
        }
        let kind = lower.isEmpty ? LayerKind.layer : LayerKind(rawValue: lower)
        guard let kind, name != kind.rawValue else { return nil }
        return (kind, "did you mean \"\(kind.rawValue)\"? (a scene names a type without Core Animation's \"CA\" "
            + "and \"Layer\"; the types are \(types))")
    }

    /// Core Animation's layer classes that Lamina does not draw, as their names read without "CA" and "Layer".
    static let unsupported: Set<String> = ["emitter", "metal", "eagl", "avplayer", "tiled", "avsamplebufferdisplay"]

    /// A note for an unknown `key` on a layer of type `kind` that another type's habit explains, or nil.
    static func habit(_ key: String, kind: LayerKind) -> String? {
        switch key {
        case "text" where kind == .text:
            return "did you mean \"string\"? (a text layer's text is its \"string\", as CATextLayer's is)"
        case "text":
            return "text is drawn by a text layer, in its \"string\": {\"type\": \"text\", \"string\": \"...\"}"
        default:
            return nil
        }
    }
}
