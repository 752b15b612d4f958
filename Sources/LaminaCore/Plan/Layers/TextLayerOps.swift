import LaminaImage
import LaminaText
import LaminaGraph

/// CATextLayer: its text is drawn into a backing store of bounds x contentsScale pixels (LaminaText: Fontconfig,
/// FreeType, HarfBuzz), which then stands in for the layer's contents, as Core Animation's display does. Both
/// renderers therefore sample the same bytes: a store at contentsScale 1 on a 2x canvas is magnified and soft,
/// at 2 it is sharp, and shadows, masks and group opacity see the text's alpha like any contents.
struct TextLayerEmitter: LayerEmitter {
    let layer: TextLayer
    /// The backing store when there is text; `contents` otherwise, as a text layer with no string shows.
    func contentsBitmap(_ builder: GraphBuilder) -> Bitmap? {
        layer.hasText ? builder.textBackingStore(layer) : layer.contentsValue
    }
    var snapsContentsToPixels: Bool { true }
}

/// A text layer's last backing store and the box it drew, so a plan of an unchanged layer takes it without
/// looking the box up in the store cache.
struct DrawnTextStore {
    let box: TextBox
    let bitmap: Bitmap
}

extension GraphBuilder {
    /// The text layer's backing store, made once per layer and shared between layers that draw the same box;
    /// an unchanged layer's store is the one it holds (`TextLayer.drawnStore`).
    /// A store over the pass side limit or the memory budget, or text the engine refuses, fails the plan at
    /// the layer's pointer.
    func textBackingStore(_ layer: TextLayer) -> Bitmap? {
        let key = ObjectIdentifier(layer)
        if let known = textStores[key] { return known }
        var store: Bitmap?
        let box = Self.textBox(layer)
        // An unchanged layer takes the store it holds without hashing its box (the layers sharing a box find
        // the same store through theirs, or through `textStoresByBox`).
        if let drawn = layer.drawnStore, drawn.box == box {
            if let (w, h) = admitTextStore(box), drawn.bitmap.width == w, drawn.bitmap.height == h { store = drawn.bitmap }
        } else if let shared = textStoresByBox[box] {
            store = shared
        } else if let (w, h) = admitTextStore(box) {
            do {
                let bitmap = try BackingStores.text.value(for: box) {
                    if let drawn = prefetchedText.removeValue(forKey: box) { return drawn }
                    return Bitmap(image: try TextEngine.shared.render(box), origin: "a text layer's backing store")
                }
                layer.drawnStore = DrawnTextStore(box: box, bitmap: bitmap)
                if bitmap.width == w, bitmap.height == h {
                    store = bitmap
                    textStoresByBox[box] = store
                }
            } catch {
                refuse("\(error)")
            }
        }
        textStores[key] = .some(store)
        return store
    }

    /// The store's size when it fits the bounds (a side at most the pass limit, the bytes within the budget
    /// left), else nil with the plan refused.
    private func admitTextStore(_ box: TextBox) -> (Int, Int)? {
        guard failure == nil else { return nil }
        let (w, h) = box.pixelSize
        guard w > 0, h > 0 else { return nil }
        let side = limits.maxPassSide
        guard w <= side, h <= side else {
            refuse("text layer's backing store is \(w)x\(h) pixels (bounds x contentsScale), over the \(side)-pixel limit on a side")
            return nil
        }
        let bytes = ResourceLimits.imageBytes(width: w, height: h)
        guard chargedBytes + bytes <= limits.maxMemoryBytes else {
            refuse("text layer's backing store (\(w)x\(h)) needs \(formatBytes(bytes)), over the \(formatBytes(limits.maxMemoryBytes)) budget")
            return nil
        }
        do { try TextEngine.validate(box) } catch {
            refuse("\(error)")
            return nil
        }
        return (w, h)
    }

    /// What the layer draws, as the text engine takes it.
    static func textBox(_ layer: TextLayer) -> TextBox {
        func color(_ c: Color?) -> TextColor? {
            c.map { TextColor(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha) }
        }
        let spans: [TextSpan]
        if let runs = layer.attributedString {
            spans = runs.map {
                TextSpan($0.text, TextAttributes(font: $0.font, fontSize: $0.fontSize, color: color($0.foregroundColor),
                                                 underline: $0.underline))
            }
        } else {
            spans = [TextSpan(layer.stringValue ?? "", TextAttributes(font: layer.fontValue, fontSize: layer.fontSize,
                                                               color: color(layer.foregroundColor)))]
        }
        return TextBox(spans: spans, width: Double(layer.bounds.width), height: Double(layer.bounds.height),
                       scale: layer.contentsScale, alignment: alignment(layer.alignmentMode), wrapped: layer.isWrapped,
                       truncation: truncation(layer.truncationMode))
    }

    /// The engine's alignment for the layer's, case for case (a switch, not a string compare per plan).
    static func alignment(_ mode: TextLayer.AlignmentMode) -> TextAlignment {
        switch mode {
        case .natural: return .natural
        case .left: return .left
        case .right: return .right
        case .center: return .center
        case .justified: return .justified
        }
    }

    /// The engine's truncation for the layer's, case for case.
    static func truncation(_ mode: TextLayer.TruncationMode) -> TextTruncation {
        switch mode {
        case .none: return .none
        case .start: return .start
        case .middle: return .middle
        case .end: return .end
        }
    }
}
