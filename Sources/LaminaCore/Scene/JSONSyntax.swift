import Foundation
import LaminaGeometry

/// Turning a JSON document's bytes into a `JSONValue`, with positioned errors for malformed input.
///
/// Parsing is Foundation's. On this Foundation (swift-corelibs-foundation 6, whose `JSONDecoder` is
/// swift-foundation's) a syntax error reaches us only as "The given data was not valid JSON." with no
/// position and no underlying error, so:
/// - a byte-level pre-scan (not a parser: it only counts `[`/`{` outside strings, tracks whether it is
///   inside a string, and notes bare words) refuses nesting deeper than `maxDepth` before Foundation sees
///   it (Foundation's own limit is 512 with the same positionless error), and reports unterminated strings,
///   unclosed brackets and misspelt literals with a position;
/// - for any other syntax error the document is handed to `JSONSerialization`, whose messages carry
///   "around character N" (a byte offset), which becomes a line and column.
/// Both Foundation parsers accept trailing commas (`[1, 2,]`), so scenes may contain them.
enum JSONSyntax {
    /// Deepest nesting of arrays and objects accepted (Foundation's own limit is 512).
    static let maxDepth = 512

    /// Parses `data` into a value tree, or throws a `SceneError` with a line and column.
    static func parse(_ data: Data) throws -> JSONValue {
        let bytes = [UInt8](data)
        try prescan(bytes)
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let e as UnrepresentableJSONValue {
            throw SceneError(JSONPointer(codingPath: e.codingPath),
                             "value cannot be represented (a number beyond ±1.8e308, or a string with an invalid \\u escape)")
        } catch {
            throw locate(bytes, fallback: error)
        }
    }

    /// The byte loop described above: depth, unterminated strings, unclosed brackets, bare words.
    static func prescan(_ b: [UInt8]) throws {
        var stack: [Int] = []          // offsets of open brackets
        var keys: [Set<ArraySlice<UInt8>>] = []   // per open bracket, the keys an object has had so far
        var i = 0
        while i < b.count {
            let c = b[i]
            switch c {
            case UInt8(ascii: "\""):
                let start = i
                i += 1
                while i < b.count, b[i] != UInt8(ascii: "\"") {
                    i += b[i] == UInt8(ascii: "\\") ? 2 : 1
                }
                if i >= b.count { throw error(b, at: start, "unterminated string") }
                try checkUTF8(b, from: start + 1, to: i)
                try checkDuplicate(b, key: start, end: i, in: &keys)
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                stack.append(i)
                keys.append([])
                if stack.count > maxDepth {
                    throw error(b, at: i, "arrays and objects are nested more than \(maxDepth) deep")
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                _ = stack.popLast()
                _ = keys.popLast()
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                let start = i
                while i < b.count, isWordByte(b[i]) { i += 1 }
                let word = String(decoding: b[start..<i], as: UTF8.self)
                let isExponent = start > 0 && (word.hasPrefix("e") || word.hasPrefix("E")) && isDigit(b[start - 1])
                if !isExponent, !["true", "false", "null"].contains(word) {
                    throw error(b, at: start, "unexpected word \(Echo.quoted(word)); strings need double quotes, and the literals are true, false and null")
                }
                continue
            default:
                break
            }
            i += 1
        }
        if let open = stack.last {
            let kind = b[open] == UInt8(ascii: "[") ? "array" : "object"
            throw error(b, at: open, "this \(kind) is never closed (the document ends first)")
        }
    }

    /// Refuses an object key (the string from the quote at `key` to the one at `end`, followed by a colon) that
    /// the same object has had before: Foundation would keep one of the two silently.
    static func checkDuplicate(_ b: [UInt8], key: Int, end: Int, in keys: inout [Set<ArraySlice<UInt8>>]) throws {
        var after = end + 1
        while after < b.count, isBlank(b[after]) { after += 1 }
        guard after < b.count, b[after] == UInt8(ascii: ":"), !keys.isEmpty else { return }
        let name = b[(key + 1)..<end]
        guard keys[keys.count - 1].insert(name).inserted else {
            throw error(b, at: key, "duplicate key \(Echo.quoted(String(decoding: name, as: UTF8.self))) in one "
                + "object (JSON objects name each key once; which value would win is not defined)")
        }
    }

    /// Refuses a string whose bytes `b[from..<to]` are not UTF-8, at the first bad byte, saying whether it is
    /// an object key or a value and showing the string (escaped, bad bytes as U+FFFD, cut by `Echo`).
    static func checkUTF8(_ b: [UInt8], from: Int, to: Int) throws {
        var offset = from
        while offset < to, b[offset] < 0x80 { offset += 1 }
        guard offset < to else { return }
        var iterator = b[offset..<to].makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return
            case .error:
                var after = to + 1
                while after < b.count, isBlank(b[after]) { after += 1 }
                let role = after < b.count && b[after] == UInt8(ascii: ":") ? "an object key" : "a string value"
                let text = String(decoding: b[from..<to], as: UTF8.self)
                let hex = String(b[offset], radix: 16, uppercase: true)
                throw error(b, at: offset, "invalid UTF-8 (byte 0x\(hex)) in \(role) \(Echo.quoted(text))")
            }
        }
    }

    /// A positioned error for a syntax error the pre-scan did not catch, from JSONSerialization's message.
    static func locate(_ b: [UInt8], fallback: Error) -> SceneError {
        let message: String
        do {
            _ = try JSONSerialization.jsonObject(with: Data(b), options: [.fragmentsAllowed])
            message = "malformed JSON (\(fallback))"
        } catch {
            message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        }
        if let range = message.range(of: "around character ") {
            let digits = message[range.upperBound...].prefix { $0.isNumber }
            if let offset = Int(digits) {
                let what = String(message[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
                return error(b, at: offset, "malformed JSON: \(what.isEmpty ? "invalid value" : what.lowercased())")
            }
        }
        // No position (an end-of-file complaint): point at the last non-blank byte.
        let last = b.lastIndex { !isBlank($0) } ?? 0
        let text = message.hasSuffix(".") ? String(message.dropLast()) : message
        return error(b, at: last, "malformed JSON: \(text.prefix(1).lowercased() + text.dropFirst())")
    }

    /// A `SceneError` at the 1-based line and column (counted in characters) of byte `offset`.
    static func error(_ b: [UInt8], at offset: Int, _ message: String) -> SceneError {
        let (line, column) = position(b, offset)
        return SceneError(pointer: "", message: message, line: line, column: column)
    }

    /// The 1-based line and column of byte `offset`; columns count UTF-8 characters, not bytes.
    static func position(_ b: [UInt8], _ offset: Int) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in b.prefix(max(0, min(offset, b.count))) {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }

    private static func isWordByte(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || isDigit(c) || c == UInt8(ascii: "_")
    }
    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    private static func isBlank(_ c: UInt8) -> Bool {
        c == UInt8(ascii: " ") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") || c == UInt8(ascii: "\t")
    }
}
