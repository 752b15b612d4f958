import Foundation
import LaminaGeometry

/// A JSON document's bytes into a `JSONValue` (`JSONParser`), and the positions its refusals carry.
enum JSONSyntax {
    /// Deepest nesting of arrays and objects accepted.
    static let maxDepth = 512

    /// Parses `data` into a value tree, or throws a `SceneError` with a line and column (or, for a value
    /// that cannot be represented, its JSON pointer).
    static func parse(_ data: Data) throws -> JSONValue {
        try JSONParser.parse([UInt8](data))
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

    private static func isBlank(_ c: UInt8) -> Bool {
        c == UInt8(ascii: " ") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") || c == UInt8(ascii: "\t")
    }
}
