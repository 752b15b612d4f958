import LaminaText
import LaminaGeometry

/// What a scene will draw differently from what it asks for, so that a render never departs from a scene
/// without a word: one warning per kind, with the JSON pointer of the first place that has it and a count.
///
/// Today that is a font family that is not installed (Fontconfig's substitute is drawn), a CAEmitterLayer
/// (its particles are not drawn), and a radial gradient with distinct centres in a drawing (drawn concentric). The CLI prints these
/// on standard error before rendering (`warning: ...`), and `--strict` makes any of them an error (exit 1).
public struct SceneWarning: Equatable, CustomStringConvertible, Sendable {
    /// What departs from the scene, and how.
    public var what: String
    /// The first place that has it, as a JSON pointer into the scene file.
    public var firstPointer: String
    /// How many places have it.
    public var count: Int

    public var description: String {
        let more = count > 1 ? " (and \(count - 1) more)" : ""
        return "\(firstPointer): \(what)\(more)"
    }

    /// Every kind of warning in `scene`, in the order first met (depth first, sublayers before masks).
    public static func find(in scene: Scene) -> [SceneWarning] {
        var found: [SceneWarning] = []
        func note(_ what: String, _ pointer: String) {
            if let i = found.firstIndex(where: { $0.what == what }) { found[i].count += 1 } else {
                found.append(SceneWarning(what: what, firstPointer: pointer, count: 1))
            }
        }
        func visit(_ layer: Layer, _ pointer: String) {
            for (what, at) in warnings(layer) { note(what, pointer + at) }
            for (i, child) in layer.sublayersValue.enumerated() { visit(child, pointer + "/sublayers/\(i)") }
            if let mask = layer.mask { visit(mask, pointer + "/mask") }
        }
        for (i, child) in scene.root.sublayersValue.enumerated() { visit(child, "/layers/\(i)") }
        return found
    }

    /// The warnings of `layer` alone, each with the pointer of its key relative to the layer.
    static func warnings(_ layer: Layer) -> [(String, String)] {
        drawingWarnings(layer) + fontWarnings(layer)
    }

    /// A text layer's fonts that are not installed.
    static func fontWarnings(_ layer: Layer) -> [(String, String)] {
        guard let text = layer as? TextLayer, text.hasText else { return [] }
        var fonts: [(String, String)] = []
        if let runs = text.attributedString {
            for (i, run) in runs.enumerated() where !run.text.isEmpty { fonts.append((run.font, "/string/\(i)/font")) }
        } else {
            fonts.append((text.fontValue, "/font"))
        }
        return fonts.compactMap { font, at in
            guard !TextFonts.isFile(font) else { return nil }
            do {
                let r = try TextEngine.shared.resolve(font: font)
                return r.isExact ? nil : ("font \(Echo.quoted(font)) is not installed; drawn with \(Echo.quoted(r.family)), Fontconfig's match", at)
            } catch {
                return ("font \(Echo.quoted(font)) cannot be used: \(error)", at)
            }
        }
    }
}
