import Foundation

/// Where values begin in a JSON document (already parsed, so well formed), to put refusals in document order.
///
/// The decoder reads an object's keys in an order of its own (JSON objects are unordered, and some keys
/// depend on others), so its refusals are sorted afterwards by the byte offset of the value each pointer
/// names, or of its deepest ancestor in the document (a missing key's object). One pass over the document,
/// descending only into the containers on some refusal's path.
enum JSONLocator {
    /// `errors` sorted by where their values begin in `bytes`; equal places keep the order met.
    static func documentOrder(_ errors: [SceneError], in bytes: [UInt8]) -> [SceneError] {
        guard errors.count > 1 else { return errors }
        let offsets = self.offsets(of: errors.map { tokens(of: $0.pointer) }, in: bytes)
        return errors.indices.sorted { (offsets[$0], $0) < (offsets[$1], $1) }.map { errors[$0] }
    }

    /// The tokens of an RFC 6901 pointer (`~1` is `/`, `~0` is `~`).
    static func tokens(of pointer: String) -> [String] {
        guard !pointer.isEmpty else { return [] }
        return pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// A trie of the wanted paths: each node lists the pointers that end at it.
    private final class Node {
        var children: [String: Node] = [:]
        var ids: [Int] = []
    }

    /// For each token path, the offset of its value, or of its deepest ancestor present.
    static func offsets(of paths: [[String]], in bytes: [UInt8]) -> [Int] {
        let root = Node()
        for (id, path) in paths.enumerated() {
            var node = root
            for token in path {
                if let next = node.children[token] { node = next } else {
                    let next = Node()
                    node.children[token] = next
                    node = next
                }
            }
            node.ids.append(id)
        }
        var scanner = Scanner(b: bytes, found: [Int](repeating: 0, count: paths.count))
        scanner.skipBlanks()
        scanner.visit(root)
        return scanner.found
    }

    private struct Scanner {
        let b: [UInt8]
        var found: [Int]
        var i = 0

        /// At the value starting at `i`: records it for `node`'s pointers (and, until found deeper, for its
        /// descendants'), then reads or skips its members.
        mutating func visit(_ node: Node) {
            let start = i
            assign(node, start)
            guard !node.children.isEmpty, i < b.count, b[i] == UInt8(ascii: "{") || b[i] == UInt8(ascii: "[") else {
                skipValue(); return
            }
            let isObject = b[i] == UInt8(ascii: "{")
            i += 1
            var index = 0
            while true {
                skipBlanks()
                guard i < b.count else { return }
                if b[i] == UInt8(ascii: "}") || b[i] == UInt8(ascii: "]") { i += 1; return }
                if b[i] == UInt8(ascii: ",") { i += 1; continue }
                var token = String(index)
                if isObject {
                    token = readString()
                    skipBlanks()
                    i += 1 // the colon
                    skipBlanks()
                }
                if let child = node.children[token] { visit(child) } else { skipValue() }
                index += 1
            }
        }

        /// Records `offset` for every pointer at or below `node` (deeper values found later overwrite it).
        mutating func assign(_ node: Node, _ offset: Int) {
            for id in node.ids { found[id] = offset }
            for child in node.children.values { assign(child, offset) }
        }

        mutating func skipBlanks() {
            while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
        }

        /// The string at `i` (a key), unescaped; `i` ends past its closing quote.
        mutating func readString() -> String {
            let start = i
            i += 1
            var escaped = false
            while i < b.count, b[i] != UInt8(ascii: "\"") {
                if b[i] == UInt8(ascii: "\\") { escaped = true; i += 1 }
                i += 1
            }
            i = min(i + 1, b.count)
            let raw = Data(b[start..<i])
            guard escaped else { return String(decoding: raw.dropFirst().dropLast(), as: UTF8.self) }
            return (try? JSONSerialization.jsonObject(with: raw, options: .fragmentsAllowed)) as? String ?? ""
        }

        /// Steps over the value at `i`: a string, a container (to its matching close) or a scalar.
        mutating func skipValue() {
            guard i < b.count else { return }
            if b[i] == UInt8(ascii: "\"") { _ = readString(); return }
            var depth = 0
            while i < b.count {
                let c = b[i]
                if c == UInt8(ascii: "\"") { _ = readString(); if depth == 0 { return }; continue }
                if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") { depth += 1 }
                if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
                    if depth == 0 { return }
                    depth -= 1
                    if depth == 0 { i += 1; return }
                }
                if depth == 0, c == UInt8(ascii: ",") { return }
                i += 1
            }
        }
    }
}
