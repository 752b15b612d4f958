import Foundation

/// A JSON object being decoded: its fields, its pointer, and the unknown-key check.
///
/// Keys are visited in the decoder's own order, never the document's (JSON objects are unordered), so the
/// same document always gives the same first error.
struct ObjectFields {
    let values: [String: JSONValue]
    let pointer: JSONPointer

    /// The object at `p`, or an error saying that `what` (e.g. "a layer object") was expected.
    init(_ value: JSONValue, at p: JSONPointer, what: String) throws {
        guard case .object(let fields) = value else { throw value.fail(p, expected: what) }
        values = fields
        pointer = p.settled
    }

    subscript(key: String) -> JSONValue? { values[key] }

    func has(_ key: String) -> Bool { values[key] != nil }

    /// Parses `key` when present and stores it in `target`; absent keys keep the model's default.
    func set<T>(_ key: String, _ target: inout T, _ parse: (JSONValue, JSONPointer) throws -> T) throws {
        if let v = values[key] { target = try parse(v, pointer / key) }
    }

    /// Parses `key` when present.
    func read<T>(_ key: String, _ parse: (JSONValue, JSONPointer) throws -> T) throws -> T? {
        guard let v = values[key] else { return nil }
        return try parse(v, pointer / key)
    }

    /// Refuses the first key (in sorted order) that is not in `known`, suggesting the nearest known key;
    /// `elsewhere` may explain a key that is valid in another context (another layer type).
    func rejectUnknown(_ known: [String], elsewhere: (String) -> String? = { _ in nil }) throws {
        try rejectUnknown(KnownKeys(known), elsewhere: elsewhere)
    }

    /// The same, with the known keys' set made once (a layer type's, `LayerKind.knownKeys`).
    func rejectUnknown(_ known: KnownKeys, elsewhere: (String) -> String? = { _ in nil }) throws {
        guard !values.keys.allSatisfy(known.set.contains) else { return }
        guard let key = values.keys.sorted().first(where: { !known.set.contains($0) }) else { return }
        var message = "unknown key"
        if let note = elsewhere(key) {
            message += "; \(note)"
        } else if let near = KeySuggestion.nearest(to: key, in: known.list) {
            message += "; did you mean \"\(near)\"?"
        }
        throw SceneError(pointer / key, message)
    }

    /// Refuses `a` and `b` together.
    func rejectTogether(_ a: String, _ b: String, why: String) throws {
        if has(a), has(b) { throw SceneError(pointer / a, "\"\(a)\" cannot be combined with \"\(b)\"; \(why)") }
    }
}

/// The keys an object may have: in the order suggestions are looked for, and as a set for the check.
struct KnownKeys {
    let list: [String]
    let set: Set<String>
    init(_ list: [String]) { self.list = list; set = Set(list) }
}
