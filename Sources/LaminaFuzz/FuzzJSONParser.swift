import Foundation

/// A recursive-descent reader of RFC 8259 JSON into `FuzzJSON`; every failure is nil, never a trap.
struct FuzzJSONParser {
    let bytes: [UInt8]
    let maxDepth: Int
    var index = 0

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// The value starting at the next non-space byte.
    mutating func value(depth: Int) -> FuzzJSON? {
        guard depth <= maxDepth else { return nil }
        skipSpace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(FuzzJSON.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func literal(_ word: String, _ value: FuzzJSON) -> FuzzJSON? {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else { return nil }
        index += w.count
        return value
    }

    private mutating func object(depth: Int) -> FuzzJSON? {
        index += 1
        var members: [FuzzJSON.Member] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let v = value(depth: depth + 1) else { return nil }
            members.append(.init(key: key, value: v))
            skipSpace()
            guard index < bytes.count else { return nil }
            index += 1
            if bytes[index - 1] == UInt8(ascii: "}") { return .object(members) }
            guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
        }
    }

    private mutating func array(depth: Int) -> FuzzJSON? {
        index += 1
        var items: [FuzzJSON] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            guard let v = value(depth: depth + 1) else { return nil }
            items.append(v)
            skipSpace()
            guard index < bytes.count else { return nil }
            index += 1
            if bytes[index - 1] == UInt8(ascii: "]") { return .array(items) }
            guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
        }
    }

    /// The one-letter escapes: `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`.
    static let escapes: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C,
                                          0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]

    /// A string literal; escapes are decoded, a `\u` escape that is not a scalar by itself (a surrogate, even
    /// one of a pair) becomes U+FFFD.
    private mutating func string() -> String? {
        index += 1
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
            raw.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let c = bytes[index]
            index += 1
            if c == UInt8(ascii: "\"") { flush(); return String(scalars) }
            guard c == UInt8(ascii: "\\") else { raw.append(c); continue }
            guard index < bytes.count else { return nil }
            let e = bytes[index]
            index += 1
            if let s = FuzzJSONParser.escapes[e] { raw.append(s); continue }
            guard e == UInt8(ascii: "u"), let unit = hex4() else { return nil }
            flush()
            scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count, let s = String(bytes: bytes[index..<index + 4], encoding: .ascii),
              let v = UInt32(s, radix: 16) else { return nil }
        index += 4
        return v
    }

    /// A number token; one a `Double` cannot hold finitely is kept as `raw` text.
    private mutating func number() -> FuzzJSON? {
        let start = index
        let allowed = Array("+-.0123456789eE".utf8)
        while index < bytes.count, allowed.contains(bytes[index]) { index += 1 }
        guard index > start, let text = String(bytes: bytes[start..<index], encoding: .ascii) else { return nil }
        if let x = Double(text), x.isFinite, !(x == 0 && text.hasPrefix("-")) { return .number(x) }
        return .raw(text)
    }
}
