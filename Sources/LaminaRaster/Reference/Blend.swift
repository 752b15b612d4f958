import Foundation
import LaminaGeometry

/// Writing pixels: premultiplied source-over, each blend rounded to 8 bits as the GPU's RGBA8 target stores
/// it.
///
/// Every function here computes exactly the bytes of the plain formula
/// `quantize(src + Double(dst) / 255 * (1 - src.a))` (the renderer's contract); what changes is only how:
/// the quotient `Double(dst) / 255` is looked up instead of divided, the rounding avoids libm's `round`,
/// and an opaque colour over a span is one 32-bit pattern stored per pixel instead of four blends.
enum Blend {
    /// `Double(i) / 255` for every byte value `i`: the same quotients the blend divides out, computed once.
    /// A pointer to storage that lives as long as the process, so hot loops read it without bounds checks
    /// or retains.
    static let unitTable: UnsafePointer<Double> = {
        let table = UnsafeMutablePointer<Double>.allocate(capacity: 256)
        for i in 0..<256 { table[i] = Double(i) / 255 }
        return UnsafePointer(table)
    }()

    /// Added to every value in 1/255 steps before it is rounded to 8 bits (`StoreRounding`, the GPU's
    /// `TIE_BIAS`): exact ties round up on both renderers.
    static let tieBias = StoreRounding.tieBias

    /// A component in 0...1 scaled to 8 bits: the byte every store of both renderers makes of it
    /// (`StoreRounding.byte`, `round(v * 255 + tieBias)` clamped to 0...255).
    @inline(__always)
    static func quantize(_ v: Double) -> UInt8 { StoreRounding.byte(v) }

    /// The 4 bytes of one pixel packed so that a 32-bit store writes them in memory order r, g, b, a on
    /// either byte order.
    static func pattern(r: UInt8, g: UInt8, b: UInt8, a: UInt8) -> UInt32 {
        UInt32(littleEndian: UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24)
    }

    /// The pixel an opaque colour (alpha >= 1) stores: its components quantized, alpha 255.
    static func opaquePattern(_ c: SIMD4<Double>) -> UInt32 {
        pattern(r: quantize(c.x), g: quantize(c.y), b: quantize(c.z), a: 255)
    }
}

/// A target's pixels as the draw loops see them: a raw base pointer (no bounds checks, no retains), the
/// row length, and the quotient table of `Blend`.
///
/// Callers keep every access inside the target; the band scheduler and the operations' pixel bounds
/// guarantee it, as they did for the buffer pointer this replaces.
struct BlendTarget {
    let base: UnsafeMutablePointer<UInt8>
    let width: Int
    let unit: UnsafePointer<Double>

    init(base: UnsafeMutablePointer<UInt8>, width: Int) {
        self.base = base
        self.width = width
        unit = Blend.unitTable
    }

    /// Source-over of a premultiplied colour at (x, y), each component rounded to 8 bits.
    @inline(__always)
    func blend(_ src: SIMD4<Double>, x: Int, y: Int) {
        let p = base + (y * width + x) * 4
        let inv = 1 - src.w
        p[0] = Blend.quantize(src.x + unit[Int(p[0])] * inv)
        p[1] = Blend.quantize(src.y + unit[Int(p[1])] * inv)
        p[2] = Blend.quantize(src.z + unit[Int(p[2])] * inv)
        p[3] = Blend.quantize(src.w + unit[Int(p[3])] * inv)
    }

    /// The pixel `blend(src, x:y:)` makes of the pixel `dst` (both as 4 bytes in memory order, as loaded
    /// and stored with one 32-bit access): the same four roundings, kept in registers so that a caller can
    /// store the pixel in one access instead of reading back four byte stores.
    @inline(__always)
    func blended(_ src: SIMD4<Double>, over dst: UInt32) -> UInt32 {
        let d = UInt32(littleEndian: dst)
        let inv = 1 - src.w
        return Blend.pattern(r: Blend.quantize(src.x + unit[Int(d & 0xFF)] * inv),
                             g: Blend.quantize(src.y + unit[Int(d >> 8 & 0xFF)] * inv),
                             b: Blend.quantize(src.z + unit[Int(d >> 16 & 0xFF)] * inv),
                             a: Blend.quantize(src.w + unit[Int(d >> 24)] * inv))
    }

    /// Stores one pixel pattern (an opaque colour's bytes) over the columns `xs` of row `y`.
    @inline(__always)
    func store(_ pattern: UInt32, xs: Range<Int>, y: Int) {
        guard !xs.isEmpty else { return }
        let p = UnsafeMutableRawPointer(base + (y * width + xs.lowerBound) * 4)
        for i in 0..<xs.count { p.storeBytes(of: pattern, toByteOffset: i * 4, as: UInt32.self) }
    }

    /// Blends one translucent colour over the columns `xs` of row `y`.
    @inline(__always)
    func blend(_ src: SIMD4<Double>, xs: Range<Int>, y: Int) {
        for x in xs { blend(src, x: x, y: y) }
    }

    /// Blends one translucent colour over the columns `xs` of row `y`, computing each distinct destination
    /// pixel once: neighbouring pixels are often alike (a background, an earlier fill), and the blend of a
    /// colour is a function of the destination pixel alone.
    @inline(__always)
    func blendRun(_ src: SIMD4<Double>, xs: Range<Int>, y: Int) {
        guard !xs.isEmpty else { return }
        let p = UnsafeMutableRawPointer(base + (y * width + xs.lowerBound) * 4)
        var lastIn = p.loadUnaligned(as: UInt32.self)
        var lastOut = blended(src, over: lastIn)
        for i in 0..<xs.count {
            let d = p.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
            if d != lastIn {
                lastIn = d
                lastOut = blended(src, over: d)
            }
            p.storeBytes(of: lastOut, toByteOffset: i * 4, as: UInt32.self)
        }
    }

    /// Clears the pixels `xs` of rows `rows` to transparent.
    func clear(rows: Range<Int>, xs: Range<Int>) {
        for y in rows { (base + (y * width + xs.lowerBound) * 4).update(repeating: 0, count: xs.count * 4) }
    }

    /// Adds the bytes of `other` (a target of the same size) to these, over the pixels `xs` of rows `rows`,
    /// each channel held to 255: `TextureDraw.adds`, in whole bytes, as the GPU's blender adds them.
    func add(_ other: BlendTarget, rows: Range<Int>, xs: Range<Int>) {
        for y in rows {
            let d = base + (y * width + xs.lowerBound) * 4, s = other.base + (y * width + xs.lowerBound) * 4
            for i in 0..<xs.count * 4 { d[i] = UInt8(min(255, Int(d[i]) + Int(s[i]))) }
        }
    }

    /// Stores `pattern` over whole rows: a pass's clear colour, written band by band.
    func fill(_ pattern: UInt32, rows: Range<Int>) {
        guard !rows.isEmpty, width > 0 else { return }
        let p = UnsafeMutableRawPointer(base + rows.lowerBound * width * 4)
        for i in 0..<rows.count * width { p.storeBytes(of: pattern, toByteOffset: i * 4, as: UInt32.self) }
    }
}
