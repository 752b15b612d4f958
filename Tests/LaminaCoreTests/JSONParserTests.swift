import Foundation
import LaminaGeometry
@testable import LaminaCore
import XCTest

/// The scene decoder's JSON parser: RFC 8259 values exactly (numbers correctly rounded, every escape),
/// trailing commas accepted, and every refusal positioned.
final class JSONParserTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    private func assertRefused(_ text: String, line: Int? = nil, column: Int? = nil, pointer: String? = nil,
                               _ gist: String, file: StaticString = #filePath, lineNumber: UInt = #line) {
        XCTAssertThrowsError(try parse(text), file: file, line: lineNumber) { error in
            guard let e = error as? SceneError else { return XCTFail("\(error)", file: file, line: lineNumber) }
            if let line { XCTAssertEqual(e.line, line, "\(e)", file: file, line: lineNumber) }
            if let column { XCTAssertEqual(e.column, column, "\(e)", file: file, line: lineNumber) }
            if let pointer { XCTAssertEqual(e.pointer, pointer, "\(e)", file: file, line: lineNumber) }
            XCTAssertTrue(e.message.contains(gist), "\"\(e.message)\" lacks \"\(gist)\"", file: file, line: lineNumber)
        }
    }

    /// Random decimals and exponents, read as `Double(_:)` (the standard library's correctly rounded
    /// conversion) reads them: the fast path for short decimals gives the same bits.
    /// Objects keep their members in document order; past `JSONObject.indexedCount` members lookups go
    /// through an index, which must find every key, refuse a repeated one and follow removals.
    func testObjects_smallAndIndexed() throws {
        for count in [1, 5, JSONObject.indexedCount, JSONObject.indexedCount + 1, 40] {
            let members = (0..<count).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
            guard case .object(let o) = try parse("{\(members)}") else { return XCTFail("not an object") }
            XCTAssertEqual(o.count, count)
            XCTAssertEqual(o.keys, (0..<count).map { "k\($0)" })
            for k in 0..<count { XCTAssertEqual(o["k\(k)"], .number(Double(k)), "\(count) members, key \(k)") }
            XCTAssertNil(o["k\(count)"])
            let repeated = members + ", \"k\(count - 1)\": 0"
            assertRefused("{\(repeated)}", "duplicate key \"k\(count - 1)\"")
            guard count > 1 else { continue }
            var edited = o
            edited["k0"] = nil
            edited["new"] = .bool(true)
            edited["k\(count - 1)"] = .null
            XCTAssertNil(edited["k0"])
            XCTAssertEqual(edited["new"], .bool(true))
            XCTAssertEqual(edited["k\(count - 1)"], .null)
            for k in 1..<max(1, count - 1) { XCTAssertEqual(edited["k\(k)"], .number(Double(k)), "after removal, key \(k)") }
            XCTAssertEqual(edited.count, count)
        }
        // Equality ignores order, as JSON's does.
        XCTAssertEqual(try parse(#"{"a": 1, "b": [2]}"#), try parse(#"{"b": [2], "a": 1}"#))
        XCTAssertNotEqual(try parse(#"{"a": 1, "b": [2]}"#), try parse(#"{"a": 1, "c": [2]}"#))
    }

    func testNumbers_areCorrectlyRounded() throws {
        var rng = SplitMix64(seed: 7001)
        for _ in 0..<20_000 {
            let digits = Int(rng.next() % 19) + 1
            var text = (rng.next() % 2 == 0 ? "-" : "") + String(Int(rng.next() % 9) + 1)
            for _ in 1..<digits { text += String(rng.next() % 10) }
            let point = Int(rng.next() % UInt64(digits + 1))
            if point > 0, point < digits {
                let k = text.index(text.endIndex, offsetBy: -point)
                text.insert(".", at: k)
            }
            if rng.next() % 4 == 0 { text += "e" + String(Int(rng.next() % 60) - 30) }
            guard case .number(let v) = try parse(text) else { return XCTFail(text) }
            XCTAssertEqual(v.bitPattern, Double(text)?.bitPattern, text)
        }
        XCTAssertEqual(try parse("0.1"), .number(0.1))
        XCTAssertEqual(try parse("-0"), .number(-0.0))
        XCTAssertEqual(try parse("1E2"), .number(100))
    }

    func testStrings_unescapeEverything() throws {
        XCTAssertEqual(try parse(#""a\"b\\c\/d\b\f\n\r\t""#), .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        XCTAssertEqual(try parse(#""\u00e9\u4E2D\ud83d\ude00""#), .string("é中😀"))
        XCTAssertEqual(try parse("\"é中😀\""), .string("é中😀"))
        assertRefused(#"{"a": "\ud800x"}"#, pointer: "/a", "cannot be represented")
        assertRefused(#"["\q"]"#, column: 3, "unknown escape")
        assertRefused("[\"a\tb\"]", column: 4, "control character")
    }

    func testStructure_trailingCommas_andRefusals() throws {
        assertRefused("[1, 2,]", line: 1, column: 6, "a trailing comma before \"]\"")
        assertRefused(#"{"a": true, "b": null,}"#, line: 1, column: 22, "a trailing comma before \"}\"")
        assertRefused("[1,\n  2,\n  ]", line: 2, column: 4, "no comma after an array's last element")
        assertRefused("[1, 2,, 3]", column: 7, "unexpected \",\" where a value was expected")
        assertRefused(#"{"a": 1 "b": 2}"#, column: 9, "comma")
        assertRefused(#"{"a" 1}"#, column: 6, "colon")
        assertRefused(#"{1: 2}"#, column: 2, "object key")
        assertRefused("[01]", column: 2, "leading zero")
        assertRefused("[1.]", column: 4, "digit after the point")
        assertRefused("[1] 2", column: 5, "after the document's value")
        assertRefused(#"{"a": 1, "a": 2}"#, column: 10, "duplicate key \"a\"")
        assertRefused("[nan]", column: 2, "unexpected word \"nan\"")
        assertRefused("{\"a\": [1,\n 2", line: 1, column: 7, "never closed")
        assertRefused("", line: 1, "the document ends")
        XCTAssertNoThrow(try parse(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)))
        assertRefused(String(repeating: "[", count: 513) + String(repeating: "]", count: 513), column: 513, "nested more than 512")
    }

    /// Random documents printed by Foundation and read back: the values that were printed.
    func testRandomDocuments_matchFoundation() throws {
        var rng = SplitMix64(seed: 7002)
        func random(_ depth: Int) -> Any {
            switch rng.next() % (depth > 3 ? 4 : 6) {
            case 0: return Double(Int64(bitPattern: rng.next()) % 1_000_000) / Double(1 + rng.next() % 1000)
            case 1: return ["x", "é", "a\"b", "\\", "\n", "中文", ""][Int(rng.next() % 7)] + String(rng.next() % 100)
            case 2: return rng.next() % 2 == 0
            case 3: return NSNull()
            case 4: return (0..<Int(rng.next() % 5)).map { _ in random(depth + 1) }
            default:
                var d: [String: Any] = [:]
                for k in 0..<Int(rng.next() % 5) { d["k\(k)-\(rng.next() % 3)"] = random(depth + 1) }
                return d
            }
        }
        func value(_ any: Any) -> JSONValue {
            switch any {
            case let d as [String: Any]: return .object(JSONObject(d.map { ($0.key, value($0.value)) }))
            case let a as [Any]: return .array(a.map(value))
            case let s as String: return .string(s)
            case let b as Bool: return .bool(b)
            case let n as Double: return .number(n)
            default: return .null
            }
        }
        for _ in 0..<300 {
            let doc: [String: Any] = ["root": random(0)]
            let data = try JSONSerialization.data(withJSONObject: doc)
            XCTAssertEqual(try JSONParser.parse([UInt8](data)), value(doc), String(decoding: data, as: UTF8.self))
        }
    }
}
