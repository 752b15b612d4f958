import Foundation

/// A JSON document as the structure-aware mutator edits it.
///
/// Unlike Foundation's parsers, this keeps what a hostile scene may contain and a normal parser would lose:
/// object members stay in document order and may repeat a key (how the decoder treats duplicates is part of
/// what is fuzzed), and a number token that no `Double` holds exactly (`1e999`, `-0`, 30 digits) survives as
/// `raw` text, written back verbatim.
indirect enum FuzzJSON: Equatable {
    /// One `"key": value` pair of an object.
    struct Member: Equatable {
        var key: String
        var value: FuzzJSON
    }

    case object([Member])
    case array([FuzzJSON])
    case string(String)
    case number(Double)
    /// A number token written as is; may be one JSON refuses (`NaN`), which is the point.
    case raw(String)
    case bool(Bool)
    case null

    /// The members of an object, or nil.
    var members: [Member]? {
        if case .object(let m) = self { return m }
        return nil
    }

    /// The value of the first member named `key`, for objects.
    subscript(key: String) -> FuzzJSON? {
        members?.first { $0.key == key }?.value
    }

    /// Parses `bytes` as one JSON value (whitespace around it allowed); nil when it is not JSON or nests
    /// deeper than `maxDepth`.
    static func parse(_ bytes: [UInt8], maxDepth: Int = 600) -> FuzzJSON? {
        var parser = FuzzJSONParser(bytes: bytes, maxDepth: maxDepth)
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipSpace()
        return parser.index == bytes.count ? value : nil
    }

    /// The compact JSON text of this value, as UTF-8 bytes.
    func serialized() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        write(into: &out)
        return out
    }

    private func write(into out: inout [UInt8]) {
        switch self {
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, m) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                FuzzJSON.writeString(m.key, into: &out)
                out.append(UInt8(ascii: ":"))
                m.value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .string(let s): FuzzJSON.writeString(s, into: &out)
        case .number(let x): out += Array(FuzzJSON.numberText(x).utf8)
        case .raw(let token): out += Array(token.utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .null: out += Array("null".utf8)
        }
    }

    /// A finite number as JSON text: integers without a fraction, others in Swift's shortest round-trip form
    /// (`1e-300`, `1e+20`, `-0.0`, all valid JSON). Non-finite values, which JSON cannot hold, become `0`.
    static func numberText(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        if x == x.rounded(), abs(x) < 1e15, !(x == 0 && x.sign == .minus) { return String(Int64(x)) }
        return "\(x)"
    }

    private static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
