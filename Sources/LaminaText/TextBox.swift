/// A colour as CATextLayer's foregroundColor gives it: straight (not premultiplied) RGBA in 0...1.
public struct TextColor: Equatable, Hashable, Sendable {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    public static let white = TextColor(red: 1, green: 1, blue: 1, alpha: 1)
    public static let black = TextColor(red: 0, green: 0, blue: 0, alpha: 1)
}

/// The attributes of one run of text: the font (a family or a font file), its size in points, its colour
/// (nil draws nothing, as a nil foregroundColor does) and an underline.
public struct TextAttributes: Equatable, Hashable, Sendable {
    public var font: String
    public var fontSize: Double
    public var color: TextColor?
    public var underline: Bool

    public init(font: String = "Helvetica", fontSize: Double = 36, color: TextColor? = .white, underline: Bool = false) {
        self.font = font; self.fontSize = fontSize; self.color = color; self.underline = underline
    }
}

/// A run of an attributed string: its text and attributes.
public struct TextSpan: Equatable, Hashable, Sendable {
    public var text: String
    public var attributes: TextAttributes

    public init(_ text: String, _ attributes: TextAttributes) {
        self.text = text; self.attributes = attributes
    }
}

/// CATextLayer's alignmentMode. `natural` is left for left-to-right paragraphs and right for right-to-left ones.
public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
    case natural, left, right, center, justified
}

/// CATextLayer's truncationMode: where an ellipsis replaces what does not fit.
public enum TextTruncation: String, Sendable, Hashable, CaseIterable {
    case none, start, middle, end
}

/// Everything that decides a text layer's backing store: the text, the box in points, the backing store's scale
/// and the paragraph options. Equal boxes draw equal bytes, so a planner can reuse one store for all of them.
public struct TextBox: Equatable, Hashable, Sendable {
    public var spans: [TextSpan]
    public var width: Double
    public var height: Double
    /// Backing-store pixels per point (the layer's contentsScale).
    public var scale: Double
    public var alignment: TextAlignment
    public var wrapped: Bool
    public var truncation: TextTruncation

    public init(spans: [TextSpan], width: Double, height: Double, scale: Double = 1,
                alignment: TextAlignment = .natural, wrapped: Bool = false, truncation: TextTruncation = .none) {
        self.spans = spans; self.width = width; self.height = height; self.scale = scale
        self.alignment = alignment; self.wrapped = wrapped; self.truncation = truncation
    }

    /// The backing store's size in pixels: the bounds times the scale, rounded up, as Core Animation sizes it.
    public var pixelSize: (width: Int, height: Int) {
        func side(_ points: Double) -> Int {
            let p = (points * scale).rounded(.up)
            return p.isFinite && p > 0 && p < Double(1 << 30) ? Int(p) : 0
        }
        return (side(width), side(height))
    }
}

/// The bounds every text input is held to; a layer over one is refused with an error naming it.
public enum TextLimits {
    /// The longest string, in UTF-8 bytes, of one text layer (all its runs together).
    public static let maxStringBytes = 1 << 20
    /// The largest glyph drawn, fontSize x contentsScale in pixels: FreeType renders each glyph whole.
    public static let maxGlyphPixels = 2048.0
    /// The largest font file loaded (the largest CJK collections are about 100 MB).
    public static let maxFontFileBytes = 512 << 20
    /// The most glyphs kept rasterized between layouts before the cache starts again.
    public static let glyphCacheBytes = 64 << 20
}
