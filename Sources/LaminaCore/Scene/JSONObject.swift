import Foundation

/// A JSON object's members in document order: the keys and values side by side, looked up by scanning
/// the keys (a scene's objects have a handful: a layer's frame, colours and radii), or through an index
/// past `indexedCount` members.
///
/// A dictionary per object cost every member a hash on insertion and every read another: decoding 100 000
/// cards spent more time hashing keys than reading numbers. Keys compare as Swift strings (a short key is
/// held inline, so comparing two is comparing two words). Equality ignores order, as JSON's does.
struct JSONObject: Equatable, Sequence {
    private(set) var keys: [String] = []
    private(set) var values: [JSONValue] = []
    /// Each key's position, kept once the object has more than `indexedCount` members.
    private var index: [String: Int]?

    /// Members up to which lookups scan the keys.
    static let indexedCount = 16

    init() {}

    /// An object of `members`, in that order; a repeated key keeps its last value.
    init(_ members: [(String, JSONValue)]) {
        for (key, value) in members { self[key] = value }
    }

    var count: Int { keys.count }
    /// The first member in document order.
    var first: (key: String, value: JSONValue)? { keys.isEmpty ? nil : (keys[0], values[0]) }
    var isEmpty: Bool { keys.isEmpty }

    /// The position of `key` among the members, if present.
    func position(of key: String) -> Int? {
        if let index { return index[key] }
        return keys.firstIndex(of: key)
    }

    func contains(_ key: String) -> Bool { position(of: key) != nil }

    /// Adds a member whose key is not present yet (the parser checks; `subscript` replaces).
    mutating func append(_ key: String, _ value: JSONValue) {
        keys.append(key)
        values.append(value)
        if index != nil {
            index?[key] = keys.count - 1
        } else if keys.count > JSONObject.indexedCount {
            var built: [String: Int] = [:]
            built.reserveCapacity(keys.count * 2)
            for (i, k) in keys.enumerated() { built[k] = i }
            index = built
        }
    }

    /// The value of `key`; setting nil removes the member, setting a value replaces it in place or appends it.
    subscript(key: String) -> JSONValue? {
        get { position(of: key).map { values[$0] } }
        set {
            switch (position(of: key), newValue) {
            case (let i?, let v?):
                values[i] = v
            case (let i?, nil):
                keys.remove(at: i)
                values.remove(at: i)
                if index != nil {
                    var built: [String: Int] = [:]
                    for (j, k) in keys.enumerated() { built[k] = j }
                    index = built
                }
            case (nil, let v?):
                append(key, v)
            case (nil, nil):
                break
            }
        }
    }

    func makeIterator() -> AnyIterator<(key: String, value: JSONValue)> {
        var i = 0
        return AnyIterator {
            guard i < keys.count else { return nil }
            defer { i += 1 }
            return (keys[i], values[i])
        }
    }

    static func == (a: JSONObject, b: JSONObject) -> Bool {
        guard a.count == b.count else { return false }
        for (i, key) in a.keys.enumerated() where b[key] != a.values[i] { return false }
        return true
    }
}
