/// Input text as an error message repeats it: bounded and printable.
///
/// An error names what it refused, but the input is the user's (or an adversary's): a 1 MB colour name must
/// not become a 1 MB error line, and a NUL or an escape sequence must not reach a terminal raw. Every string
/// a decoding error echoes goes through `quoted` (or `clipped`, inside a pointer token).
public enum Echo {
    /// Characters of input text kept in an error message.
    public static let maxCharacters = 60

    /// `s` in double quotes, escaped, and cut after `maxCharacters` with its full size in bytes:
    /// `"aaaa…" (1000000 bytes)`.
    public static func quoted(_ s: String) -> String {
        let (text, cut) = escapedPrefix(s)
        return cut ? "\"\(text)…\" (\(s.utf8.count) bytes)" : "\"\(text)\""
    }

    /// `s` escaped and cut, without quotes (for JSON pointer tokens).
    public static func clipped(_ s: String) -> String {
        let (text, cut) = escapedPrefix(s)
        return cut ? "\(text)… (\(s.utf8.count) bytes)" : text
    }

    /// The first `maxCharacters` characters of `s` with control characters, quotes and backslashes escaped
    /// as Swift writes them (`\0`, `\n`, `\u{1B}`), and whether anything was cut.
    private static func escapedPrefix(_ s: String) -> (String, Bool) {
        var out = ""
        var count = 0
        for scalar in s.unicodeScalars {
            if count == maxCharacters { return (out, true) }
            count += 1
            switch scalar {
            case "\0": out += "\\0"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.generalCategory == .format {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return (out, false)
    }
}
