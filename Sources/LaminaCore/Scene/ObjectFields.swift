import Foundation

/// A JSON object being decoded: its fields, its pointer, and the unknown-key check.
///
/// Keys are visited in the decoder's own order, never the document's (JSON objects are unordered);
/// `SceneDecoder` sorts the refusals into document order afterwards.
///
/// With a `log` (as the decoder makes them, `SceneReader.fields`), a bad key is noted there and the key's
/// default kept (`set`, `read`), and every unknown key is noted; without one, the first refusal is thrown.
struct ObjectFields {
    let values: JSONObject
    let pointer: JSONPointer
    let log: SceneErrorLog?
    /// One bit per key present, from its length and first and last bytes (`keyBit`): a lookup of a key whose
    /// bit is clear is answered without hashing. The reader asks a layer for every key its type knows, and
    /// most are absent (decoding 100 000 cards spent a sixth of its time hashing names of absent keys).
    private let keyBits: UInt64

    /// The object at `p`, or an error saying that `what` (e.g. "a layer object") was expected.
    init(_ value: JSONValue, at p: JSONPointer, what: String, log: SceneErrorLog? = nil) throws {
        guard case .object(let fields) = value else { throw value.fail(p, expected: what) }
        values = fields
        pointer = p.settled
        self.log = log
        var bits: UInt64 = 0
        for key in fields.keys { bits |= ObjectFields.keyBit(key) }
        keyBits = bits
    }

    @inline(__always)
    static func keyBit(_ key: String) -> UInt64 {
        let bits = key.utf8.withContiguousStorageIfAvailable { b -> UInt64 in
            let first = b.first ?? 0, last = b.last ?? 0
            return 1 << UInt64((b.count &* 7 &+ Int(first) &* 3 &+ Int(last)) & 63)
        }
        if let bits { return bits }
        let utf8 = key.utf8
        let first = utf8.first ?? 0, last = utf8.last ?? 0
        return 1 << UInt64((utf8.count &* 7 &+ Int(first) &* 3 &+ Int(last)) & 63)
    }

    subscript(key: String) -> JSONValue? {
        keyBits & ObjectFields.keyBit(key) == 0 ? nil : values[key]
    }

    func has(_ key: String) -> Bool { self[key] != nil }

    /// Parses `key` when present and stores it in `target`; absent keys, and refused ones when logging, keep
    /// the model's default.
    func set<T>(_ key: String, _ target: inout T, _ parse: (JSONValue, JSONPointer) throws -> T) throws {
        if let v = try read(key, parse) { target = v }
    }

    /// Parses `key` when present; nil when absent, or (when logging) refused and noted.
    func read<T>(_ key: String, _ parse: (JSONValue, JSONPointer) throws -> T) throws -> T? {
        guard let v = self[key] else { return nil }
        guard let log else { return try parse(v, pointer / key) }
        do {
            return try parse(v, pointer / key)
        } catch let e as SceneError {
            try log.note(e)
        } catch is SceneErrorLog.Reported {}
        return nil
    }

    /// Parses `key`, which must be present: absent, `missing` is thrown; refused (and noted, when logging),
    /// `SceneErrorLog.Reported` is, so that the value it belongs to is dropped without a second refusal.
    func require<T>(_ key: String, missing: @autoclosure () -> String,
                    _ parse: (JSONValue, JSONPointer) throws -> T) throws -> T {
        guard has(key) else { throw SceneError(pointer, missing()) }
        guard let v = try read(key, parse) else { throw SceneErrorLog.Reported() }
        return v
    }

    /// The unknown key of this object that looks like a misspelling of `key` (`KeySuggestion` finds `key` the
    /// nearest of `known` to it), if any: a missing key it stands for needs no refusal of its own.
    func misspelling(of key: String, among known: [String]) -> String? {
        values.keys.sorted().first { !known.contains($0) && KeySuggestion.nearest(to: $0, in: known) == key }
    }

    /// Notes `error` when logging, else throws it: a refusal the object survives (its default is used).
    func refuse(_ error: SceneError) throws {
        guard let log else { throw error }
        try log.note(error)
    }

    /// Refuses each key (in sorted order) that is not in `known`, suggesting the nearest known key (the first
    /// only, when not logging); `elsewhere` may explain a key that is valid in another context (another layer type).
    func rejectUnknown(_ known: [String], elsewhere: (String) -> String? = { _ in nil }) throws {
        try rejectUnknown(KnownKeys(known), elsewhere: elsewhere)
    }

    /// The same, with the known keys' set made once (a layer type's, `LayerKind.knownKeys`).
    func rejectUnknown(_ known: KnownKeys, elsewhere: (String) -> String? = { _ in nil }) throws {
        guard !values.keys.allSatisfy(known.set.contains) else { return }
        for key in values.keys.sorted() where !known.set.contains(key) {
            var message = "unknown key"
            if let note = elsewhere(key) ?? KeySuggestion.habit(key, in: known.set) {
                message += "; \(note)"
            } else if let near = KeySuggestion.nearest(to: key, in: known.list) {
                message += "; did you mean \"\(near)\"?"
            }
            try refuse(SceneError(pointer / key, message))
        }
    }

    /// Refuses `a` and `b` together (noted when logging; both are then read).
    func rejectTogether(_ a: String, _ b: String, why: String) throws {
        if has(a), has(b) { try refuse(SceneError(pointer / a, "\"\(a)\" cannot be combined with \"\(b)\"; \(why)")) }
    }
}

/// The keys an object may have: in the order suggestions are looked for, and as a set for the check.
struct KnownKeys {
    let list: [String]
    let set: Set<String>
    init(_ list: [String]) { self.list = list; set = Set(list) }
}
