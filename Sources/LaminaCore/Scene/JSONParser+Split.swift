import Foundation

/// Reading a large document on every core: a structure scan finds the array with the most elements (a scene's
/// layers), its elements are read in chunks at once, and the single pass then takes them when it meets the
/// array. Each chunk is read by the same strict grammar, so a read-ahead that succeeds is the value the single
/// pass would read; any refusal in a chunk drops the read-ahead, and the single pass reads the document and
/// reports its error exactly as it would have.
extension JSONParser {
    /// Documents smaller than this are read in one pass.
    static let splitMinimumBytes = 1 << 20
    /// Arrays with fewer elements than this are read in one pass.
    static let splitMinimumElements = 256
    /// Arrays nested deeper than this are not considered (a scene's layer lists sit at depth 2 to 4).
    static let splitMaximumDepth = 8

    private struct Refused: Error {}

    /// An array found by the scan: its brackets' offsets, its depth (the root's container is 1), and the
    /// offsets of the commas between its elements.
    struct ScannedArray {
        var open: Int
        var close = 0
        var depth: Int
        var commas: [Int] = []
    }

    /// The longest array's elements read ahead on every core, or nil when the document is small, the machine
    /// has one core, or any chunk is refused.
    static func readLongestArrayAhead(_ bytes: [UInt8]) -> ReadAhead? {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard cores > 1, bytes.count >= splitMinimumBytes, let longest = scanLongestArray(bytes),
              longest.commas.count + 1 >= splitMinimumElements else { return nil }
        let elements = longest.commas.count + 1
        let chunks = min(cores * 4, elements)
        let ranges: [Range<Int>] = (0..<chunks).map { c in
            let first = c * elements / chunks, last = (c + 1) * elements / chunks
            let start = first == 0 ? longest.open + 1 : longest.commas[first - 1] + 1
            let end = last == elements ? longest.close : longest.commas[last - 1]
            return start..<end
        }
        let results = UnsafeMutableBufferPointer<[JSONValue]?>.allocate(capacity: chunks)
        results.initialize(repeating: nil)
        defer { results.deinitialize().deallocate() }
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            var parser = JSONParser(bytes)
            parser.i = ranges[c].lowerBound
            parser.depth = longest.depth
            results[c] = try? parser.elements(until: ranges[c].upperBound)
        }
        var items: [JSONValue] = []
        items.reserveCapacity(elements)
        for chunk in results {
            guard let chunk else { return nil }
            items.append(contentsOf: chunk)
        }
        return ReadAhead(open: longest.open, close: longest.close, depth: longest.depth, items: items)
    }

    /// Values separated by commas from `i` up to exactly `end` (blanks around them allowed).
    private mutating func elements(until end: Int) throws -> [JSONValue] {
        var items: [JSONValue] = []
        while true {
            skipBlanks()
            items.append(try value())
            skipBlanks()
            if i == end { return items }
            guard i < end, b[i] == UInt8(ascii: ",") else { throw Refused() }
            i += 1
        }
    }

    /// The array with the most elements at depth `splitMaximumDepth` or less, by a scan that knows only
    /// strings (with their escapes) and brackets; nil when the brackets do not balance.
    static func scanLongestArray(_ bytes: [UInt8]) -> ScannedArray? {
        bytes.withUnsafeBufferPointer { b -> ScannedArray? in
            var isArray: [Bool] = []
            var open: [ScannedArray] = []
            var best: ScannedArray?
            var k = 0
            let n = b.count
            while k < n {
                switch b[k] {
                case UInt8(ascii: "\""):
                    k += 1
                    while k < n, b[k] != UInt8(ascii: "\"") { k += b[k] == UInt8(ascii: "\\") ? 2 : 1 }
                case UInt8(ascii: "["):
                    isArray.append(true)
                    if isArray.count <= splitMaximumDepth { open.append(ScannedArray(open: k, depth: isArray.count)) }
                case UInt8(ascii: "{"):
                    isArray.append(false)
                case UInt8(ascii: "]"):
                    guard isArray.popLast() == true else { return nil }
                    if isArray.count < splitMaximumDepth, var done = open.popLast() {
                        done.close = k
                        if done.commas.count > best?.commas.count ?? -1 { best = done }
                    }
                case UInt8(ascii: "}"):
                    guard isArray.popLast() == false else { return nil }
                case UInt8(ascii: ","):
                    if isArray.last == true, isArray.count <= splitMaximumDepth { open[open.count - 1].commas.append(k) }
                default:
                    break
                }
                k += 1
            }
            return isArray.isEmpty ? best : nil
        }
    }
}
