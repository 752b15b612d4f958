import Foundation
import LaminaGeometry

/// A JSON document as a tree of values, decoded by Foundation's `JSONDecoder` (never by hand).
///
/// The scene decoder walks this tree instead of `Decodable` models so that every error can name its place as
/// a JSON pointer and say what it found, and so that unknown keys can be reported with a suggestion. Objects
/// are unordered (as JSON objects are); the decoder visits keys in a fixed order of its own.
indirect enum JSONValue: Equatable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// What this value is, as an error message says it: "a number", "an array of 3 elements", ...
    var kindDescription: String {
        switch self {
        case .object: return "an object"
        case .array(let a): return a.count == 1 ? "an array of 1 element" : "an array of \(a.count) elements"
        case .string(let s): return "the string \(Echo.quoted(s))"
        case .number: return "a number"
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }
}

/// A value Foundation could scan but not represent, such as `1e400` or a string with a lone surrogate escape.
struct UnrepresentableJSONValue: Error {
    let codingPath: [CodingKey]
}

/// A coding key for any object key or array index.
private struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init?(stringValue: String) { self.stringValue = stringValue; self.intValue = nil }
    init?(intValue: Int) { self.stringValue = String(intValue); self.intValue = intValue }
}

extension JSONValue: Decodable {
    /// Decodes any JSON value; nested values are decoded through their containers so that an error deep
    /// inside keeps its coding path instead of being swallowed by a failed type guess.
    init(from decoder: Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var fields: [String: JSONValue] = [:]
            for key in keyed.allKeys {
                fields[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key)
            }
            self = .object(fields)
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !unkeyed.isAtEnd { items.append(try unkeyed.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null; return }
        if let b = try? single.decode(Bool.self) { self = .bool(b); return }
        if let d = try? single.decode(Double.self) { self = .number(d); return }
        if let s = try? single.decode(String.self) { self = .string(s); return }
        throw UnrepresentableJSONValue(codingPath: decoder.codingPath)
    }
}

/// An RFC 6901 JSON pointer: `/layers/0/sublayers/2/shadowOffset`.
struct JSONPointer: CustomStringConvertible, Equatable {
    var tokens: [String] = []

    static let root = JSONPointer()

    static func / (p: JSONPointer, key: String) -> JSONPointer { JSONPointer(tokens: p.tokens + [key]) }
    static func / (p: JSONPointer, index: Int) -> JSONPointer { JSONPointer(tokens: p.tokens + [String(index)]) }

    /// The pointer text; `~` is written `~0` and `/` is written `~1`, as RFC 6901 requires.
    var description: String {
        tokens.map { "/" + Echo.clipped($0).replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }
            .joined()
    }

    init(tokens: [String] = []) { self.tokens = tokens }

    init(codingPath: [CodingKey]) {
        tokens = codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    }
}
