import Foundation
import LaminaGeometry
import LaminaImage

/// Writing pixels: premultiplied source-over of 8-bit pixels, as every GPU's RGBA8 target blends.
///
/// A blend first puts the source on the 8-bit grid, each component as a store would (`quantize`, ties up),
/// then adds the destination's share in whole steps: `s + round(d * (255 - a) / 255)` for source byte s,
/// source alpha byte a and destination byte d. That is what blend hardware computes from a source already
/// on the grid (the shaders put it there, store.glsl's `storeValue`); an NVIDIA H100 does it exactly, and
/// where a driver's 8-bit blend approximates the division (llvmpipe's), the shader blends through
/// framebuffer fetch with the same rounding (`RasterTuning.fetchBlend`). The quotient's fraction is j / 255,
/// never a half, so no float error decides it. What changes between the functions here is only how: the
/// destination's share is looked up (`overTable`), and an opaque colour over a span is one 32-bit pattern
/// stored per pixel instead of four blends.
enum Blend {
    /// `Double(i) / 255` for every byte value `i`, computed once: a texel's byte as the samplers read it.
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

    /// `overTable[a << 8 | d]` = `round(d * (255 - a) / 255)`: what is left of destination byte d under a
    /// source of alpha byte a, in whole steps (`(d * (255 - a) + 127) / 255`: the quotient is never a half).
    static let overTable: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256 * 256)
        for a in 0..<256 {
            for d in 0..<256 { table[a << 8 | d] = UInt8((d * (255 - a) + 127) / 255) }
        }
        return UnsafePointer(table)
    }()

    /// The pixel (4 bytes in memory order, as one 32-bit access loads it) that source bytes `s` (alpha
    /// `s.w`) make over the pixel `dst`: per channel `s + round(d * (255 - a) / 255)`, held to 255 (a source
    /// brighter than its alpha).
    @inline(__always)
    static func over(_ s: SIMD4<UInt8>, _ dst: UInt32) -> UInt32 { over(s, dst, table: overTable) }

    /// `over(s, dst)` with `overTable` given: a loop that holds the pointer reads the table without the
    /// lazy global's once-check per pixel.
    @inline(__always)
    static func over(_ s: SIMD4<UInt8>, _ dst: UInt32, table: UnsafePointer<UInt8>) -> UInt32 {
        let d = UInt32(littleEndian: dst)
        let row = table + Int(s.w) << 8
        return pattern(r: sum(s.x, row[Int(d & 0xFF)]), g: sum(s.y, row[Int(d >> 8 & 0xFF)]),
                       b: sum(s.z, row[Int(d >> 16 & 0xFF)]), a: sum(s.w, row[Int(d >> 24)]))
    }

    @inline(__always)
    static func sum(_ a: UInt8, _ b: UInt8) -> UInt8 {
        let (v, o) = a.addingReportingOverflow(b)
        return o ? 255 : v
    }

    /// A premultiplied colour's bytes as a store makes them (`quantize` per component).
    @inline(__always)
    static func bytes(_ c: SIMD4<Double>) -> SIMD4<UInt8> {
        SIMD4(quantize(c.x), quantize(c.y), quantize(c.z), quantize(c.w))
    }

    /// `bytes(c)` for a colour whose components lie in 0 ... 1 (or past 1 by rounding, as a bilinear mix
    /// of texels can), without a branch per component: `v * 255 + tieBias` is rounded to nearest-even by
    /// adding 2^52, whose low bits then hold it; that is `quantize`'s `round(t)` (half up) except at an
    /// exact half, where nil sends the caller to `bytes`. Nil too when a component is not in range.
    @inline(__always)
    static func unitBytes(_ c: SIMD4<Double>) -> SIMD4<UInt8>? {
        let t = c * 255 + StoreRounding.tieBias
        let shifted = t + 0x1p52
        guard !any((t - (shifted - 0x1p52) .== 0.5) .| (t .>= 255.5) .| .!(t .>= 0)) else { return nil }
        return SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(shifted, to: SIMD4<UInt64>.self))
    }

    /// The 4 bytes of one pixel packed so that a 32-bit store writes them in memory order r, g, b, a on
    /// either byte order (`PixelFill.pattern`).
    static func pattern(r: UInt8, g: UInt8, b: UInt8, a: UInt8) -> UInt32 { PixelFill.pattern(r: r, g: g, b: b, a: a) }

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
    /// `Blend.overTable`, read once.
    let over: UnsafePointer<UInt8>

    init(base: UnsafeMutablePointer<UInt8>, width: Int) {
        self.base = base
        self.width = width
        unit = Blend.unitTable
        over = Blend.overTable
    }

    /// Source-over of a premultiplied colour at (x, y): the colour's bytes (`Blend.unitBytes` where it answers,
    /// else `Blend.bytes`: the same bytes) over the pixel's (`Blend.over`).
    @inline(__always)
    func blend(_ src: SIMD4<Double>, x: Int, y: Int) {
        let p = UnsafeMutableRawPointer(base + (y * width + x) * 4)
        let pixel = Blend.over(Blend.unitBytes(src) ?? Blend.bytes(src), p.loadUnaligned(as: UInt32.self), table: over)
        p.storeBytes(of: pixel, as: UInt32.self)
    }

    /// The pixel `blend(src, x:y:)` makes of the pixel `dst` (both as 4 bytes in memory order, as loaded
    /// and stored with one 32-bit access), kept in registers so that a caller can store the pixel in one
    /// access instead of reading back four byte stores.
    @inline(__always)
    func blended(_ src: SIMD4<Double>, over dst: UInt32) -> UInt32 {
        Blend.over(Blend.unitBytes(src) ?? Blend.bytes(src), dst, table: over)
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
    func blend(_ src: SIMD4<Double>, xs: Range<Int>, y: Int) { blend(bytes: Blend.bytes(src), xs: xs, y: y) }

    /// Blends a source already rounded to bytes over the columns `xs` of row `y` (`Blend.over`).
    @inline(__always)
    func blend(bytes: SIMD4<UInt8>, xs: Range<Int>, y: Int) {
        let p = UnsafeMutableRawPointer(base + y * width * 4)
        for x in xs {
            p.storeBytes(of: Blend.over(bytes, p.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self), table: over),
                         toByteOffset: x * 4, as: UInt32.self)
        }
    }

    /// Blends one translucent colour over the columns `xs` of row `y`, computing each distinct destination
    /// pixel once: neighbouring pixels are often alike (a background, an earlier fill), and the blend of a
    /// colour is a function of the destination pixel alone.
    @inline(__always)
    func blendRun(_ src: SIMD4<Double>, xs: Range<Int>, y: Int) {
        guard !xs.isEmpty else { return }
        let p = UnsafeMutableRawPointer(base + (y * width + xs.lowerBound) * 4)
        let bytes = Blend.bytes(src)
        var lastIn = p.loadUnaligned(as: UInt32.self)
        var lastOut = Blend.over(bytes, lastIn, table: over)
        for i in 0..<xs.count {
            let d = p.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
            if d != lastIn {
                lastIn = d
                lastOut = Blend.over(bytes, d, table: over)
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
        PixelFill.store(pattern, count: rows.count * width, at: UnsafeMutableRawPointer(base + rows.lowerBound * width * 4))
    }
}
