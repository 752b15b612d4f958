import Foundation

/// The chunks of a PNG file's bytes, for tests that damage files in precise places.
///
/// Layout from the PNG specification §5.3: an 8-byte signature, then chunks of a 4-byte big-endian length,
/// a 4-byte type, the data, and a CRC-32 over type and data.
struct PNGChunks {
    struct Chunk {
        var type: String
        /// Offset of the chunk's length field in the file.
        var offset: Int
        var length: Int
        /// Offset of the chunk's data in the file.
        var dataOffset: Int { offset + 8 }
        /// Offset of the chunk's CRC in the file.
        var crcOffset: Int { dataOffset + length }
    }

    var bytes: [UInt8]

    init(_ data: Data) { bytes = [UInt8](data) }

    /// The chunks in file order; stops at the first that runs past the end.
    var chunks: [Chunk] {
        var result: [Chunk] = []
        var at = 8
        while at + 12 <= bytes.count {
            let length = Int(PNGChunks.readUInt32(bytes, at))
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            guard at + 12 + length <= bytes.count else { break }
            result.append(Chunk(type: type, offset: at, length: length))
            at += 12 + length
        }
        return result
    }

    /// The first chunk of `type`.
    func first(_ type: String) -> Chunk? { chunks.first { $0.type == type } }

    /// Recomputes the CRC of `chunk` so that only the damage a test intends remains.
    mutating func fixCRC(of chunk: Chunk) {
        let crc = PNGChunks.crc32(bytes[(chunk.offset + 4)..<chunk.crcOffset])
        for k in 0..<4 { bytes[chunk.crcOffset + k] = UInt8((crc >> (24 - 8 * UInt32(k))) & 0xFF) }
    }

    /// Writes a big-endian 32-bit value at `offset`.
    mutating func writeUInt32(_ value: UInt32, at offset: Int) {
        for k in 0..<4 { bytes[offset + k] = UInt8((value >> (24 - 8 * UInt32(k))) & 0xFF) }
    }

    var data: Data { Data(bytes) }

    static func readUInt32(_ b: [UInt8], _ at: Int) -> UInt32 {
        (UInt32(b[at]) << 24) | (UInt32(b[at + 1]) << 16) | (UInt32(b[at + 2]) << 8) | UInt32(b[at + 3])
    }

    /// CRC-32 as PNG uses it (ISO 3309, polynomial 0xEDB88320 reflected), bit by bit: fixtures are small.
    static func crc32<S: Sequence>(_ bytes: S) -> UInt32 where S.Element == UInt8 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = (c & 1) != 0 ? (0xEDB8_8320 ^ (c >> 1)) : (c >> 1) }
        }
        return c ^ 0xFFFF_FFFF
    }
}
