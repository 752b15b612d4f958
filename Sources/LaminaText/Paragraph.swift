/// One glyph as shaped: its id in its face, and its advance and offset in points (offsets y up, as fonts are).
struct ShapedGlyph {
    var glyph: UInt32
    var face: Int32
    var advance: Double
    var dx: Double
    var dy: Double
}

/// The smallest unit of text a line break or an ellipsis keeps whole: one or more characters and the glyphs
/// they shaped to (HarfBuzz's cluster), in logical order.
struct Cluster {
    /// The cluster's glyphs in `Paragraph.glyphs`, in visual order.
    var glyphs: Range<Int>
    var advance: Double
    /// Only whitespace: hangs past the end of a line and stretches when justified.
    var isSpace: Bool
    /// A line may start at this cluster (a break opportunity before it).
    var breakBefore: Bool
    /// The bidi embedding level: even is left-to-right, odd right-to-left.
    var level: UInt8
    /// The attributed run it came from.
    var span: Int
    /// Its characters, as indices into `Paragraph.scalars`.
    var characters: Range<Int>
}

/// A paragraph shaped: its clusters in logical order over one glyph store, and its base direction.
struct Paragraph {
    var scalars: [Unicode.Scalar] = []
    var glyphs: [ShapedGlyph] = []
    var clusters: [Cluster] = []
    var isRightToLeft = false
    /// The run whose attributes an empty paragraph's line takes its height from.
    var span: Int = 0
}

/// Character classes the itemizer, the bidi resolver and the line breaker use.
enum CharClass {
    /// Right-to-left scripts: Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic and their presentation forms.
    static func isRightToLeft(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }

    /// A strong direction: true right-to-left, false left-to-right, nil neutral (spaces, punctuation, symbols).
    /// Digits count as left-to-right, so a number inside Arabic keeps its order.
    static func strongDirection(_ s: Unicode.Scalar) -> Bool? {
        if s.isASCII { return isASCIIAlphanumeric(s) ? false : nil }
        if isRightToLeft(s) { return s.properties.isAlphabetic || s.properties.generalCategory == .otherLetter }
        if s.properties.isAlphabetic || s.properties.numericType == .decimal { return false }
        return nil
    }

    /// Marks and joiners that belong to the character before them (they take its font).
    static func isAttached(_ s: Unicode.Scalar) -> Bool {
        guard s.value >= 0x300 else { return false }  // no mark or joiner before the combining diacriticals
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return s.value == 0x200D || s.value == 0x200C || (0xFE00...0xFE0F).contains(s.value)
            || (0xE0100...0xE01EF).contains(s.value)
        }
    }

    /// Breaking whitespace (not the no-break spaces).
    static func isBreakingSpace(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00A0, 0x2007, 0x202F, 0xFEFF: return false
        case 0x09...0x0D, 0x20: return true
        case 0x00..<0x80: return false
        default: return s.properties.isWhitespace
        }
    }

    /// ASCII letters and digits: in ASCII, exactly the alphabetic and decimal characters.
    static func isASCIIAlphanumeric(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return false
        }
    }

    /// A decimal digit (Unicode's numeric type decimal).
    static func isDecimal(_ s: Unicode.Scalar) -> Bool {
        s.isASCII ? (0x30...0x39).contains(s.value) : s.properties.numericType == .decimal
    }

    /// Ideographs, kana, Hangul and CJK punctuation: a line may break between any two of them.
    static func isCJK(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x1100...0x11FF, 0x2E80...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFE30...0xFE4F,
             0xFF00...0xFFEF, 0x20000...0x3FFFF: return true
        default: return false
        }
    }

    /// Closing punctuation a line must not start with (a subset of UAX #14's CL, CP, EX, IS, NS classes).
    static let noBreakBefore: Set<UInt32> = Set(",.;:!?)]}%".unicodeScalars.map(\.value)
        + [0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF01, 0xFF1F, 0xFF09, 0x300D, 0x300F, 0x3009, 0x300B,
           0x3011, 0x201D, 0x2019, 0x30FC, 0x3005, 0x2026])
    /// Opening punctuation a line must not end with.
    static let noBreakAfter: Set<UInt32> = Set("([{".unicodeScalars.map(\.value)
        + [0xFF08, 0x300C, 0x300E, 0x3008, 0x300A, 0x3010, 0x201C, 0x2018])

    /// Whether a line may start at `scalars[i]` (a simplified UAX #14: after spaces, around CJK, after a hyphen
    /// between letters, after a zero-width space).
    static func breakBefore(_ scalars: [Unicode.Scalar], _ i: Int) -> Bool {
        guard i > 0 else { return false }
        let cur = scalars[i], prev = scalars[i - 1]
        if isBreakingSpace(cur) || isAttached(cur) { return false }
        if prev.value == 0x200B || isBreakingSpace(prev) { return true }
        if noBreakBefore.contains(cur.value) || noBreakAfter.contains(prev.value) { return false }
        if isCJK(prev) || isCJK(cur) { return true }
        if [0x2D, 0x2010, 0x2013].contains(prev.value), i >= 2, scalars[i - 2].properties.isAlphabetic,
           cur.properties.isAlphabetic || cur.properties.numericType != nil {
            return true
        }
        return false
    }
}
