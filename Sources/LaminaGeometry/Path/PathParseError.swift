import Foundation

/// An SVG path-data string that could not be parsed: where, what was expected, and what was there.
///
/// The message reads `at offset 7: expected a number after "L", found "x"`; the offset counts characters
/// from the start of the string, so it points at the offending character in an editor.
public struct PathParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The character offset of the problem, counted from 0.
    public var offset: Int
    /// What the parser needed at that point, e.g. `a number after "L"`.
    public var expected: String
    /// What it found instead: a quoted character or `end of data`.
    public var found: String

    public init(offset: Int, expected: String, found: String) {
        self.offset = offset; self.expected = expected; self.found = found
    }

    public var description: String { "at offset \(offset): expected \(expected), found \(found)" }
}
