import Foundation

/// A scene the decoder refuses: where (a JSON pointer, or a line and column for malformed JSON) and why.
///
/// The description is `"/layers/0/opacity: opacity must be in 0...1, found 2"`; the CLI prefixes the file
/// path. Every refusal in scene decoding is this one type, so callers map it to exit code 1 in one place.
///
/// A decode reports every refusal it finds in one error: this value is the first (in document order), and
/// `additional` holds the others, up to the decoder's bound (`SceneDecoder.maxErrors`, 100 by default), past
/// which they are counted in `unlistedCount`. `all` lists them together; the description has one line each.
public struct SceneError: Error, CustomStringConvertible, Equatable {
    /// The RFC 6901 pointer of the offending value; empty for the document itself.
    public var pointer: String
    /// What was expected and what was found.
    public var message: String
    /// For malformed JSON: the 1-based line and column (in characters) of the problem.
    public var line: Int?
    public var column: Int?
    /// The decode's other refusals, in document order, after this one; empty when it found one.
    public var additional: [SceneError] = []
    /// Refusals found past the bound and not listed.
    public var unlistedCount = 0
    /// The bound on listed refusals that applied (`SceneDecoder.maxErrors`).
    public var listLimit = SceneDecoder.defaultMaxErrors
    /// Whether the decode stopped counting (at `SceneDecoder.maxErrorsCounted`): `unlistedCount` is then
    /// a lower bound.
    public var countStopped = false

    public init(pointer: String, message: String, line: Int? = nil, column: Int? = nil) {
        self.pointer = pointer; self.message = message; self.line = line; self.column = column
    }

    init(_ pointer: JSONPointer, _ message: String) {
        self.init(pointer: pointer.description, message: message)
    }

    /// One error listing `errors` (at least one), with `unlisted` more found past `limit`.
    public init(listing errors: [SceneError], unlisted: Int = 0, limit: Int = SceneDecoder.defaultMaxErrors) {
        let first = errors.first ?? SceneError(pointer: "", message: "the scene is refused")
        self.init(pointer: first.pointer, message: first.message, line: first.line, column: first.column)
        additional = errors.dropFirst().map(\.single)
        unlistedCount = unlisted
        listLimit = limit
    }

    /// Every refusal listed: this one, then `additional`.
    public var all: [SceneError] { [single] + additional }

    /// How many refusals the decode found, listed or not.
    public var count: Int { 1 + additional.count + unlistedCount }

    /// This refusal alone, without the others.
    var single: SceneError { SceneError(pointer: pointer, message: message, line: line, column: column) }

    /// The line saying how many were found past the bound, or nil when all are listed.
    public var unlistedNote: String? {
        guard unlistedCount > 0 else { return nil }
        let more = unlistedCount == 1 ? "1 more error" : "\(unlistedCount) more errors"
        guard countStopped else { return "and \(more) (the first \(listLimit) errors are listed)" }
        return "and at least \(more) (the first \(listLimit) errors are listed; a decode stops counting at "
            + "\(max(listLimit, SceneDecoder.maxErrorsCounted)))"
    }

    /// One refusal: `pointer: message`, or `line L, column C: message` for malformed JSON.
    public var summary: String {
        if let line, let column { return "line \(line), column \(column): \(message)" }
        return pointer.isEmpty ? message : "\(pointer): \(message)"
    }

    /// The refusals, one a line; one refusal reads as it always has.
    public var description: String { lines().joined(separator: "\n") }

    /// The refusals as lines, each after `prefix` (such as a file's path and ": "), then the note of how many
    /// more were found, if any.
    public func lines(prefix: String = "") -> [String] {
        (all.map(\.summary) + [unlistedNote].compactMap { $0 }).map { prefix + $0 }
    }
}
