/// What a scene asks for that Lamina decodes but does not draw yet, so that a render never drops part of a
/// scene without a word: one warning per kind, with the JSON pointer of the first layer that has it.
///
/// The CLI prints these on standard error before rendering (`warning: ...`), and `--strict` makes any of them
/// an error (exit 1). Kept in one place so that the list shrinks as the layer types are built.
public struct UnrenderedFeature: Equatable, CustomStringConvertible, Sendable {
    /// What is not drawn.
    public var what: String
    /// The first layer that has it, as the scene file spells it.
    public var firstPointer: String
    /// How many layers have it.
    public var count: Int

    public var description: String {
        let more = count > 1 ? " (and \(count - 1) more)" : ""
        return "\(firstPointer): \(what) not drawn: Lamina decodes it but does not render it yet\(more)"
    }

    /// Every kind of unrendered feature in `scene`, in the order first met (depth first, sublayers before masks).
    public static func find(in scene: Scene) -> [UnrenderedFeature] {
        var found: [UnrenderedFeature] = []
        func note(_ what: String, _ pointer: String) {
            if let i = found.firstIndex(where: { $0.what == what }) { found[i].count += 1 } else {
                found.append(UnrenderedFeature(what: what, firstPointer: pointer, count: 1))
            }
        }
        func visit(_ layer: Layer, _ pointer: String) {
            if let what = unrendered(layer) { note(what, pointer) }
            for (i, child) in layer.sublayers.enumerated() { visit(child, pointer + "/sublayers/\(i)") }
            if let mask = layer.mask { visit(mask, pointer + "/mask") }
        }
        for (i, child) in scene.root.sublayers.enumerated() { visit(child, "/layers/\(i)") }
        return found
    }

    /// What of `layer` is not drawn, or nil when everything it asks for is.
    static func unrendered(_ layer: Layer) -> String? {
        switch layer {
        case let text as TextLayer where !(text.string ?? "").isEmpty:
            return "a text layer's string"
        default:
            return nil
        }
    }
}
