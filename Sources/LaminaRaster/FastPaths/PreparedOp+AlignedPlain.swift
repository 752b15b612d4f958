import CLaminaKernels
import Foundation
import LaminaGeometry
import LaminaGraph

/// Aligned copies without tint or clips: a group's, a masked layer's or a rasterized layer's pass composited
/// at its opacity, texel for pixel.
extension PreparedOp {
    /// An aligned copy without tint or clips (a group's opacity, a masked or rasterized layer's pass): each
    /// pixel is a function of its texel, its mask texel's alpha and the destination pixel alone, computed as
    /// `runAligned`'s general loop computes it, so a run of equal inputs (a flat colour over a flat background) is
    /// blended once and stored.
    func runAlignedPlain(_ texels: UnsafePointer<UInt8>, level: TextureSampler.Level,
                         mask: TextureSampler.Level?, inverts: Bool, offset: (Int, Int), xs: Range<Int>,
                         _ ys: Range<Int>, _ target: BlendTarget, opacity: Double, tint: SIMD4<Double>) {
        let raw = UnsafeRawPointer(texels)
        // With a mask the rows compute each pixel and read no table.
        let bytes = mask != nil ? PreparedOp.noTable : alignedTable ?? PreparedOp.plainTable(opacity: opacity, tint: tint)
        bytes.withUnsafeBufferPointer { table in
            guard let table = table.baseAddress else { return }
            if mask == nil, vectorKernels {
                return runAlignedPlainVector(raw, table: table, level: level, offset: offset, xs: xs, ys, target)
            }
            runAlignedPlainRows(raw, table: table, level: level, mask: mask, inverts: inverts, offset: offset, xs: xs,
                                ys, target, opacity: opacity, tint: tint)
        }
    }

    /// Without a mask a channel's source byte follows from that channel's texel byte alone, with the per-pixel
    /// operations in their order, `(unit * opacity) * tint` quantized: a table per channel, `k << 8 | v`.
    static func plainTable(opacity: Double, tint: SIMD4<Double>) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 1024)
        for v in 0..<256 {
            var c = SIMD4(repeating: Blend.unitTable[v])
            c *= opacity
            c *= tint
            for k in 0..<4 { bytes[k << 8 | v] = Blend.quantize(c[k]) }
        }
        return bytes
    }

    /// The table `runAlignedPlainRows` is handed with a mask, where it reads none.
    static let noTable = [UInt8](repeating: 0, count: 1024)

    /// `runAlignedPlain`'s rows without a mask, eight pixels at a time in C (`lamina_map_over_row_avx2`): each
    /// texel through `table` and source-over, integer for integer `runAlignedPlainRows`' bytes.
    private func runAlignedPlainVector(_ raw: UnsafeRawPointer, table: UnsafePointer<UInt8>,
                                       level: TextureSampler.Level, offset: (Int, Int), xs: Range<Int>,
                                       _ ys: Range<Int>, _ target: BlendTarget) {
        for y in ys {
            let ty = y - offset.1
            guard ty >= 0, ty < level.height else { continue }
            let texels = (raw + (ty * level.width + xs.lowerBound - offset.0) * 4).assumingMemoryBound(to: UInt32.self)
            let out = target.base + (y * target.width + xs.lowerBound) * 4
            lamina_map_over_row_avx2(texels, table, out, xs.count)
        }
    }

    /// `runAlignedPlain`'s rows; `table` holds each channel's source byte by texel byte when there is no mask.
    private func runAlignedPlainRows(_ raw: UnsafeRawPointer, table: UnsafePointer<UInt8>, level: TextureSampler.Level,
                                     mask: TextureSampler.Level?, inverts: Bool, offset: (Int, Int), xs: Range<Int>,
                                     _ ys: Range<Int>, _ target: BlendTarget, opacity: Double, tint: SIMD4<Double>) {
        let unit = target.unit
        for y in ys {
            let ty = y - offset.1
            guard ty >= 0, ty < level.height else { continue }
            let rowOffset = (ty * level.width - offset.0) * 4
            let row = raw + rowOffset
            let out = UnsafeMutableRawPointer(target.base + y * target.width * 4)
            var lastSource: UInt32 = 0, lastMask: UInt8 = 0, lastDestination: UInt32 = 0, lastResult: UInt32 = 0
            var remembered = false
            var x = xs.lowerBound
            while x < xs.upperBound {
                defer { x += 1 }
                if remembered, mask == nil {
                    x = Self.repeatRun(from: x, to: xs.upperBound, row: row, out: out, source: lastSource,
                                       destination: lastDestination, result: lastResult)
                    guard x < xs.upperBound else { break }
                }
                // Four empty texels at once (a group's pass is transparent between its layers).
                while x + 4 <= xs.upperBound,
                      row.loadUnaligned(fromByteOffset: x * 4, as: UInt64.self)
                        | row.loadUnaligned(fromByteOffset: x * 4 + 8, as: UInt64.self) == 0 {
                    x += 4
                }
                guard x < xs.upperBound else { break }
                let s = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                let sp = UInt32(littleEndian: s)
                guard sp >> 24 != 0 else { continue }
                let m = mask.map { $0.pixels[rowOffset + x * 4 + 3] } ?? 0
                let d = out.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                if mask == nil, !(remembered && s == lastSource && d == lastDestination) {
                    // A source of zero bytes leaves the destination as it is, as the skipped blend did.
                    let b = SIMD4(table[Int(sp & 0xFF)], table[256 | Int(sp >> 8 & 0xFF)], table[512 | Int(sp >> 16 & 0xFF)],
                                  table[768 | Int(sp >> 24)])
                    (lastSource, lastDestination, remembered) = (s, d, true)
                    lastResult = Blend.over(b, d, table: target.over)
                } else if !(remembered && s == lastSource && m == lastMask && d == lastDestination) {
                    var c = SIMD4(unit[Int(sp & 0xFF)], unit[Int(sp >> 8 & 0xFF)], unit[Int(sp >> 16 & 0xFF)], unit[Int(sp >> 24)])
                    c *= opacity
                    if mask != nil {
                        let k = unit[Int(m)]
                        c *= inverts ? 1 - k : k
                    }
                    c *= tint
                    let drawn = c.w > 0 || c.x > 0 || c.y > 0 || c.z > 0
                    (lastSource, lastMask, lastDestination, remembered) = (s, m, d, true)
                    lastResult = drawn ? target.blended(c, over: d) : d
                }
                out.storeBytes(of: lastResult, toByteOffset: x * 4, as: UInt32.self)
            }
        }
    }

    /// Stores `result` four pixels at a time from column `x` while the texels repeat `source` and the
    /// destination pixels `destination` (`runAlignedPlainRows`' remembered pair); returns where that stops.
    @inline(__always)
    private static func repeatRun(from x: Int, to end: Int, row: UnsafeRawPointer, out: UnsafeMutableRawPointer,
                                  source: UInt32, destination: UInt32, result: UInt32) -> Int {
        let source = UInt64(source) | UInt64(source) << 32
        let destination = UInt64(destination) | UInt64(destination) << 32
        let result = UInt64(result) | UInt64(result) << 32
        var x = x
        while x + 4 <= end,
              row.loadUnaligned(fromByteOffset: x * 4, as: UInt64.self) == source,
              row.loadUnaligned(fromByteOffset: x * 4 + 8, as: UInt64.self) == source,
              out.loadUnaligned(fromByteOffset: x * 4, as: UInt64.self) == destination,
              out.loadUnaligned(fromByteOffset: x * 4 + 8, as: UInt64.self) == destination {
            out.storeBytes(of: result, toByteOffset: x * 4, as: UInt64.self)
            out.storeBytes(of: result, toByteOffset: x * 4 + 8, as: UInt64.self)
            x += 4
        }
        return x
    }
}
