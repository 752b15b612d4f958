import Foundation

/// A scene the decoder refuses: where (a JSON pointer, or a line and column for malformed JSON) and why.
///
/// The description is `"/layers/0/opacity: opacity must be in 0...1, found 2"`; the CLI prefixes the file
/// path. Every refusal in scene decoding is this one type, so callers map it to exit code 1 in one place.
public struct SceneError: Error, CustomStringConvertible, Equatable {
    /// The RFC 6901 pointer of the offending value; empty for the document itself.
    public var pointer: String
    /// What was expected and what was found.
    public var message: String
    /// For malformed JSON: the 1-based line and column (in characters) of the problem.
    public var line: Int?
    public var column: Int?

    public init(pointer: String, message: String, line: Int? = nil, column: Int? = nil) {
        self.pointer = pointer; self.message = message; self.line = line; self.column = column
    }

    init(_ pointer: JSONPointer, _ message: String) {
        self.init(pointer: pointer.description, message: message)
    }

    public var description: String {
        if let line, let column { return "line \(line), column \(column): \(message)" }
        return pointer.isEmpty ? message : "\(pointer): \(message)"
    }
}
