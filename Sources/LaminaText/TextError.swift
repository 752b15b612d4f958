import CFreeType

/// Why text could not be laid out or drawn: a font that cannot be found or loaded, or a size over a bound.
///
/// The planner and the scene decoder add the JSON pointer of the text layer; the description says what and why,
/// naming FreeType's error where FreeType refused.
public struct TextError: Error, CustomStringConvertible, Equatable, Sendable {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }

    /// FreeType's refusal of `what`, with its error code and name.
    static func freeType(_ what: String, _ code: FT_Error) -> TextError {
        TextError("\(what): FreeType error 0x\(String(code, radix: 16, uppercase: true)) (\(freeTypeErrorName(code)))")
    }

    /// The names FreeType gives its common errors (fterrdef.h); the rest by number.
    static func freeTypeErrorName(_ code: FT_Error) -> String {
        switch code {
        case 0x01: return "cannot open resource"
        case 0x02: return "unknown file format"
        case 0x03: return "broken file"
        case 0x04: return "invalid FreeType version"
        case 0x06: return "invalid argument"
        case 0x07: return "unimplemented feature"
        case 0x08: return "broken table"
        case 0x09: return "broken offset within table"
        case 0x10: return "invalid glyph index"
        case 0x11: return "invalid character code"
        case 0x12: return "unsupported glyph image format"
        case 0x14: return "invalid outline"
        case 0x17: return "invalid pixel size"
        case 0x40: return "out of memory"
        case 0x51: return "too many function definitions"
        case 0x55: return "stack overflow"
        case 0x8E: return "table missing"
        case 0x93: return "invalid table"
        default: return "see fterrdef.h"
        }
    }
}
