import Foundation
import LaminaGeometry

/// A JSON document's bytes into a `JSONValue`, in one pass, every refusal positioned.
///
/// Foundation's parsers were the first choice and are not used: on Linux they read a 25 MB scene of
/// 100 000 layers in 2 s (`JSONSerialization`) to 5 s (`JSONDecoder` into `JSONValue`), and they report a
/// syntax error without a position, a duplicate key not at all. This parser reads the same scene about
/// twenty times faster and refuses, at the byte where it is found (a line and column), everything the
/// scene format refuses: malformed JSON, nesting deeper than `JSONSyntax.maxDepth`, unterminated strings,
/// unclosed arrays and objects, bare words, invalid UTF-8, control characters in strings and duplicate
/// keys; a value that cannot be represented (a number beyond ±1.8e308, a lone surrogate escape) is named
/// by its JSON pointer. RFC 8259's grammar, strictly: a trailing comma before `]` or `}` is refused (editors and
/// JSON Schema validators refuse it too), at the comma.
struct JSONParser {
    /// A step of the path to the value being read: a key, or an index (formatted only for an error).
    private enum Step {
        case key(String)
        case index(Int)

        var token: String {
            switch self {
            case .key(let k): return k
            case .index(let n): return String(n)
            }
        }
    }

    let b: [UInt8]
    var i = 0
    var depth = 0
    /// The keys and indices down to the value being read, for the pointer of an unrepresentable value.
    private var path: [Step] = []
    /// An array read ahead (`JSONParser+Split.swift`): at `open` its elements are taken and reading resumes
    /// past `close`.
    var readAhead: ReadAhead?

    struct ReadAhead {
        var open: Int
        var close: Int
        var depth: Int
        var items: [JSONValue]
    }

    init(_ bytes: [UInt8]) { b = bytes }

    /// The value of the whole document, or a `SceneError` where it is refused. A large document's longest
    /// array is read on every core first (`readLongestArrayAhead`); any refusal there reads the document
    /// again in one pass, so the error reported is the one the single pass finds.
    static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var p = JSONParser(bytes)
        p.readAhead = readLongestArrayAhead(bytes)
        p.skipBlanks()
        let value = try p.value()
        p.skipBlanks()
        guard p.i == bytes.count else { throw p.unexpected("after the document's value") }
        return value
    }

    mutating func value() throws -> JSONValue {
        guard i < b.count else { throw endOfDocument("a value") }
        switch b[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): return try word()
        default: throw unexpected("where a value was expected")
        }
    }

    private mutating func object() throws -> JSONValue {
        let open = i
        try enter(open)
        defer { depth -= 1 }
        i += 1
        var fields = JSONObject()
        while true {
            skipBlanks()
            guard i < b.count else { throw unclosed(open) }
            if b[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
            guard b[i] == UInt8(ascii: "\"") else { throw unexpected("where an object key (a string) was expected") }
            let keyStart = i
            let key = try string(isKey: true)
            guard !fields.contains(key) else {
                throw JSONSyntax.error(b, at: keyStart, "duplicate key \(Echo.quoted(key)) in one object (JSON objects "
                    + "name each key once; which value would win is not defined)")
            }
            skipBlanks()
            guard i < b.count else { throw unclosed(open) }
            guard b[i] == UInt8(ascii: ":") else { throw unexpected("where a colon after the key was expected") }
            i += 1
            skipBlanks()
            path.append(.key(key))
            fields.append(key, try value())
            path.removeLast()
            guard try separator(closing: UInt8(ascii: "}"), open: open) else { i += 1; return .object(fields) }
        }
    }

    private mutating func array() throws -> JSONValue {
        let open = i
        try enter(open)
        defer { depth -= 1 }
        if let ahead = readAhead, ahead.open == open, ahead.depth == depth {
            readAhead = nil
            i = ahead.close + 1
            return .array(ahead.items)
        }
        i += 1
        var items: [JSONValue] = []
        while true {
            skipBlanks()
            guard i < b.count else { throw unclosed(open) }
            if b[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            path.append(.index(items.count))
            items.append(try value())
            path.removeLast()
            guard try separator(closing: UInt8(ascii: "]"), open: open) else { i += 1; return .array(items) }
        }
    }

    /// After a member: true past a comma (another member follows); false at the closing bracket, left for the
    /// caller to step over. A comma followed by the closing bracket is refused at the comma.
    mutating func separator(closing: UInt8, open: Int) throws -> Bool {
        skipBlanks()
        guard i < b.count else { throw unclosed(open) }
        if b[i] == closing { return false }
        let close = closing == UInt8(ascii: "]") ? "\"]\"" : "\"}\""
        guard b[i] == UInt8(ascii: ",") else { throw unexpected("where a comma or \(close) was expected") }
        let comma = i
        i += 1
        skipBlanks()
        if i < b.count, b[i] == closing {
            let what = closing == UInt8(ascii: "]") ? "array's last element" : "object's last member"
            throw JSONSyntax.error(b, at: comma, "malformed JSON: a trailing comma before \(close); JSON allows no comma "
                + "after an \(what), so remove it")
        }
        return true
    }

    private mutating func enter(_ open: Int) throws {
        depth += 1
        if depth > JSONSyntax.maxDepth {
            throw JSONSyntax.error(b, at: open, "arrays and objects are nested more than \(JSONSyntax.maxDepth) deep")
        }
    }

    /// The string whose opening quote is at `i`; `isKey` only words an error.
    private mutating func string(isKey: Bool = false) throws -> String {
        let start = i
        i += 1
        var plain = true
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") { break }
            if c == UInt8(ascii: "\\") { plain = false; i += 2; continue }
            if c < 0x20 {
                throw JSONSyntax.error(b, at: i, "malformed JSON: a control character (0x\(String(c, radix: 16, uppercase: true))) "
                    + "inside a string; write it as an escape such as \\n")
            }
            if c >= 0x80 { plain = false }
            i += 1
        }
        guard i < b.count else { throw JSONSyntax.error(b, at: start, "unterminated string") }
        let end = i
        i += 1
        if plain { return String(decoding: b[(start + 1)..<end], as: UTF8.self) }
        try JSONSyntax.checkUTF8(b, from: start + 1, to: end)
        return try unescaped(from: start + 1, to: end)
    }

    /// The text of `b[from..<to]` (valid UTF-8) with its escapes replaced.
    private func unescaped(from: Int, to: Int) throws -> String {
        var out: [UInt8] = []
        out.reserveCapacity(to - from)
        var k = from
        while k < to {
            let c = b[k]
            guard c == UInt8(ascii: "\\") else { out.append(c); k += 1; continue }
            guard k + 1 < to else { throw JSONSyntax.error(b, at: k, "malformed JSON: an escape at the end of a string") }
            let e = b[k + 1]
            k += 2
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(k)
                k += 4
                if (0xD800..<0xDC00).contains(scalar), k + 1 < to, b[k] == UInt8(ascii: "\\"), b[k + 1] == UInt8(ascii: "u"),
                   case let low = try hex4(k + 2), (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    k += 6
                }
                guard let u = Unicode.Scalar(scalar) else { throw unrepresentable() }
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default:
                throw JSONSyntax.error(b, at: k - 2, "malformed JSON: unknown escape \\\(Character(Unicode.Scalar(e)))")
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The four hexadecimal digits at `k`, as a number.
    private func hex4(_ k: Int) throws -> UInt32 {
        guard k + 4 <= b.count else { throw JSONSyntax.error(b, at: k - 2, "malformed JSON: \\u needs four hexadecimal digits") }
        var v: UInt32 = 0
        for c in b[k..<(k + 4)] {
            let d: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default: throw JSONSyntax.error(b, at: k - 2, "malformed JSON: \\u needs four hexadecimal digits")
            }
            v = v << 4 | UInt32(d)
        }
        return v
    }

    /// A number by RFC 8259's grammar, correctly rounded.
    /// A number, read as the grammar is checked: the digits of one without exponent gather into an integer
    /// on the way, and where it has at most 15 digits that integer over a power of ten is the correctly
    /// rounded value (Clinger's fast path: both are exact doubles); anything else is read by
    /// `correctlyRounded`.
    private mutating func number() throws -> Double {
        let start = i
        var negative = false
        if b[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        guard i < b.count, isDigit(b[i]) else { throw unexpected("in a number (a digit was expected)") }
        var mantissa: UInt64 = 0, digits = 0, fraction = 0
        if b[i] == UInt8(ascii: "0") {
            i += 1
            digits = 1
            if i < b.count, isDigit(b[i]) { throw JSONSyntax.error(b, at: start, "malformed JSON: a number with a leading zero") }
        } else {
            while i < b.count, isDigit(b[i]) {
                mantissa = mantissa &* 10 &+ UInt64(b[i] &- UInt8(ascii: "0"))
                digits += 1
                i += 1
            }
        }
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            guard i < b.count, isDigit(b[i]) else { throw unexpected("in a number (a digit after the point was expected)") }
            while i < b.count, isDigit(b[i]) {
                mantissa = mantissa &* 10 &+ UInt64(b[i] &- UInt8(ascii: "0"))
                digits += 1
                fraction += 1
                i += 1
            }
        }
        var simple = true
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            simple = false
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            guard i < b.count, isDigit(b[i]) else { throw unexpected("in a number's exponent (a digit was expected)") }
            while i < b.count, isDigit(b[i]) { i += 1 }
        }
        // The integer wraps past 19 digits, but it is only read below 16.
        if simple, digits <= 15, fraction < JSONParser.powersOfTen.count {
            let v = Double(mantissa) / JSONParser.powersOfTen[fraction]
            return negative ? -v : v
        }
        guard let v = JSONParser.correctlyRounded(b, start..<i), v.isFinite else { throw unrepresentable() }
        return v
    }

    /// The C library's correctly rounded reading (in the "C" locale) of a number the grammar accepted, from a
    /// NUL-terminated copy on the stack (no string is made: most long numbers are colours written to 16 or
    /// 17 digits).
    static func correctlyRounded(_ bytes: [UInt8], _ range: Range<Int>) -> Double? {
        guard range.count < 512 else { return Double(String(decoding: bytes[range], as: UTF8.self)) }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: range.count + 1) { buffer -> Double? in
            var k = 0
            for j in range { buffer[k] = CChar(bitPattern: bytes[j]); k += 1 }
            buffer[k] = 0
            guard let base = buffer.baseAddress else { return nil }
            var end: UnsafeMutablePointer<CChar>?
            let previous = uselocale(JSONParser.cLocale)
            defer { uselocale(previous) }
            let v = strtod(base, &end)
            return end == base + range.count ? v : nil
        }
    }

    /// The "C" locale, whose decimal point is "." whatever the process's locale says.
    nonisolated(unsafe) private static let cLocale = newlocale(1 << LC_NUMERIC, "C", nil)

    private static let powersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { acc, _ in acc * 10 } }

    /// `true`, `false` or `null`; any other bare word is refused by name.
    private mutating func word() throws -> JSONValue {
        let start = i
        while i < b.count, isWordByte(b[i]) { i += 1 }
        switch String(decoding: b[start..<i], as: UTF8.self) {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        case let w:
            throw JSONSyntax.error(b, at: start, "unexpected word \(Echo.quoted(w)); strings need double quotes, and the "
                + "literals are true, false and null")
        }
    }

    mutating func skipBlanks() {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }

    private func unexpected(_ context: String) -> SceneError {
        guard i < b.count else { return endOfDocument("more") }
        let c = b[i]
        let shown = c >= 0x20 && c < 0x7F ? "\"\(Character(Unicode.Scalar(c)))\"" : "byte 0x\(String(c, radix: 16, uppercase: true))"
        return JSONSyntax.error(b, at: i, "malformed JSON: unexpected \(shown) \(context)")
    }

    private func endOfDocument(_ expected: String) -> SceneError {
        let last = b.lastIndex { !$0.isBlank } ?? 0
        return JSONSyntax.error(b, at: last, "malformed JSON: the document ends where \(expected) was expected")
    }

    private func unclosed(_ open: Int) -> SceneError {
        let kind = b[open] == UInt8(ascii: "[") ? "array" : "object"
        return JSONSyntax.error(b, at: open, "this \(kind) is never closed (the document ends first)")
    }

    private func unrepresentable() -> SceneError {
        SceneError(JSONPointer(tokens: path.map(\.token)),
                   "value cannot be represented (a number beyond ±1.8e308, or a string with an invalid \\u escape)")
    }

    private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    private func isWordByte(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || isDigit(c) || c == UInt8(ascii: "_")
    }
}

private extension UInt8 {
    var isBlank: Bool { self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09 }
}
