/// Nearest-key suggestions for unknown keys ("did you mean ...?").
///
/// Uses the optimal-string-alignment form of the Damerau-Levenshtein distance, so a swapped pair of letters
/// (`conrnerRadius`) costs one edit like a typo does. A suggestion is offered only when the distance is at
/// most a third of the candidate's length (at least 1, at most 3), or when only letter case differs.
public enum KeySuggestion {
    /// The known key closest to `key`, or nil when none is close enough to be a plausible typo.
    public static func nearest(to key: String, in known: [String]) -> String? {
        // A key more than `maxEdits` characters longer than every candidate is no typo of any: the distance
        // is at least the difference in length. Checking that first keeps a 2 MB key from costing anything.
        let longest = known.map(\.utf8.count).max() ?? 0
        guard key.utf8.count <= 4 * (longest + maxEdits) else { return nil }
        let chars = Array(key)
        guard chars.count <= longest + maxEdits else { return nil }
        var best: (key: String, distance: Int)?
        for candidate in known {
            if candidate.lowercased() == key.lowercased() { return candidate }
            let limit = max(1, min(maxEdits, candidate.count / 3))
            guard abs(chars.count - candidate.count) <= limit else { continue }
            let d = distance(chars, Array(candidate))
            if d <= limit, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.key
    }

    /// The most edits a suggestion may be away from the key.
    static let maxEdits = 3

    /// Optimal string alignment distance between `a` and `b`, in O(|b|) memory (three rows of the matrix).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var older = [Int](repeating: 0, count: b.count + 1)   // row i - 2
        var previous = Array(0...b.count)                     // row i - 1
        var current = [Int](repeating: 0, count: b.count + 1) // row i
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], older[j - 2] + 1)
                }
            }
            swap(&older, &previous)
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension KeySuggestion {
    /// Keys written from another API's habit (UIKit, SVG, CSS), the key a scene names the property with, and why.
    /// Offered only where that key is one the object takes.
    static let habits: [String: (key: String, why: String)] = [
        "alpha": ("opacity", "UIView's alpha is CALayer's opacity"),
        "clipsToBounds": ("masksToBounds", "UIView's clipsToBounds is CALayer's masksToBounds"),
        "isHidden": ("hidden", "the scene drops UIKit's \"is\""),
        "center": ("position", "UIView's center is CALayer's position, with the default anchorPoint"),
        "children": ("sublayers", "a layer's children are its sublayers"),
        "layers": ("sublayers", "only the document's top level has \"layers\"; a layer's children are its sublayers"),
        "background": ("backgroundColor", "a layer's colour is its backgroundColor"),
        "textColor": ("foregroundColor", "CATextLayer's text colour is its foregroundColor"),
        "color": ("foregroundColor", "CATextLayer's text colour is its foregroundColor"),
        "fontName": ("font", "CATextLayer's font is a family name or a font file"),
        "fontFamily": ("font", "CATextLayer's font is a family name or a font file"),
        "alignment": ("alignmentMode", "CATextLayer's alignment is its alignmentMode"),
        "textAlignment": ("alignmentMode", "CATextLayer's alignment is its alignmentMode"),
        "fill": ("fillColor", "SVG's fill is CAShapeLayer's fillColor"),
        "stroke": ("strokeColor", "SVG's stroke is CAShapeLayer's strokeColor"),
        "strokeWidth": ("lineWidth", "SVG's stroke-width is CAShapeLayer's lineWidth"),
        "rotation": ("transform", "a rotation is a transform step, e.g. [{\"rotateDegrees\": [30, 0, 0, 1]}]"),
    ]

    /// "did you mean ...?" for `key` when a habit explains it and `known` takes the key it means, else nil.
    static func habit(_ key: String, in known: Set<String>) -> String? {
        guard let (meant, why) = habits[key], known.contains(meant) else { return nil }
        return "did you mean \"\(meant)\"? (\(why))"
    }
}
