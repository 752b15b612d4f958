/// Deflate's bit order: values least significant bit first, Huffman codes most significant bit first.
struct BitWriter {
    private var bytes: [UInt8] = []
    private var accumulator: UInt32 = 0
    private var used = 0

    /// Appends the low `n` bits of `value`, least significant first.
    mutating func write(_ value: UInt32, _ n: Int) {
        for i in 0..<n { push(value >> UInt32(i) & 1) }
    }

    /// Appends an `n`-bit Huffman code, most significant bit first.
    mutating func code(_ value: UInt32, _ n: Int) {
        for i in stride(from: n - 1, through: 0, by: -1) { push(value >> UInt32(i) & 1) }
    }

    private mutating func push(_ bit: UInt32) {
        accumulator |= bit << UInt32(used)
        used += 1
        if used == 8 { bytes.append(UInt8(accumulator)); accumulator = 0; used = 0 }
    }

    /// The bytes written, the last one padded with zero bits.
    mutating func finish() -> [UInt8] {
        if used > 0 { bytes.append(UInt8(accumulator)); accumulator = 0; used = 0 }
        return bytes
    }
}
