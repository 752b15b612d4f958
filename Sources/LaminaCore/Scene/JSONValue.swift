import Foundation
import LaminaGeometry

/// A JSON document as a tree of values (`JSONParser`).
///
/// The scene decoder walks this tree instead of `Decodable` models so that every error can name its place as
/// a JSON pointer and say what it found, and so that unknown keys can be reported with a suggestion. An
/// object keeps its members in document order (`JSONObject`), but compares as unordered, as JSON objects
/// are; the decoder visits keys in a fixed order of its own. No case is boxed: arrays and objects hold
/// their elements in their own storage, so a number or a string costs no allocation of its own.
enum JSONValue: Equatable {
    case object(JSONObject)
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

/// An RFC 6901 JSON pointer: `/layers/0/sublayers/2/shadowOffset`.
///
/// Made for every value the decoder reads and printed only for refusals, so it is cheap to extend: its tokens
/// are a chain of shared nodes, and the last token may wait outside the chain (`p / key` allocates nothing
/// when `p` has no waiting token; `ObjectFields` keeps its object's pointer that way).
struct JSONPointer: CustomStringConvertible, Equatable {
    private final class Node {
        let parent: Node?
        let token: String
        init(parent: Node?, token: String) { self.parent = parent; self.token = token }
    }

    private let base: Node?
    private let waiting: String?

    static let root = JSONPointer()

    init(tokens: [String] = []) {
        var node: Node?
        for t in tokens { node = Node(parent: node, token: t) }
        base = node
        waiting = nil
    }

    private init(base: Node?, waiting: String?) { self.base = base; self.waiting = waiting }

    /// The same pointer with no token waiting outside the chain.
    var settled: JSONPointer {
        guard let waiting else { return self }
        return JSONPointer(base: Node(parent: base, token: waiting), waiting: nil)
    }

    static func / (p: JSONPointer, key: String) -> JSONPointer { JSONPointer(base: p.settled.base, waiting: key) }
    static func / (p: JSONPointer, index: Int) -> JSONPointer { p / String(index) }

    /// The reference tokens, outermost first.
    var tokens: [String] {
        var out: [String] = waiting.map { [$0] } ?? []
        var node = base
        while let n = node { out.append(n.token); node = n.parent }
        return out.reversed()
    }

    /// The pointer text; `~` is written `~0` and `/` is written `~1`, as RFC 6901 requires.
    var description: String {
        tokens.map { "/" + Echo.clipped($0).replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }
            .joined()
    }

    static func == (a: JSONPointer, b: JSONPointer) -> Bool { a.tokens == b.tokens }
}
