/// Nearest-key suggestions for unknown keys ("did you mean ...?").
///
/// Uses the optimal-string-alignment form of the Damerau-Levenshtein distance, so a swapped pair of letters
/// (`conrnerRadius`) costs one edit like a typo does. A suggestion is offered only when the distance is at
/// most a third of the candidate's length (at least 1, at most 3), or when only letter case differs.
enum KeySuggestion {
    /// The known key closest to `key`, or nil when none is close enough to be a plausible typo.
    static func nearest(to key: String, in known: [String]) -> String? {
        var best: (key: String, distance: Int)?
        for candidate in known {
            if candidate.lowercased() == key.lowercased() { return candidate }
            let d = distance(Array(key), Array(candidate))
            let limit = max(1, min(3, candidate.count / 3))
            if d <= limit, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.key
    }

    /// Optimal string alignment distance between `a` and `b`.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
