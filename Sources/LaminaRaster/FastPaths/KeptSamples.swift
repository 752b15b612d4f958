import CLaminaKernels
import LaminaGeometry
import LaminaGraph
import LaminaImage

/// Bilinear grid draws' source pixels kept between frames (`CPUFastPaths.keptSamples`): an image or a text
/// layer's store drawn again where it was, with the same opacity and modulation, takes the bytes its
/// earlier frame sampled and blends them over the target, instead of mixing four texels a pixel again.
///
/// Why the bytes cannot move: a plain grid draw (`LinearGrid.Rows.plain`, no clips, no tint colour) rounds
/// each pixel's colour to bytes and blends those source-over (`Blend.over`), and the colour depends only on
/// what `Key` holds and on the image's texels. Drawn over transparent pixels the draw leaves its source bytes
/// (`s + round(0 * (255 - a) / 255) = s`), so that is how the kept bytes are made; where it draws nothing it
/// leaves zero bytes, which `Blend.over` leaves the destination under, as the skipped pixel did.
///
/// Kept on a draw's second sighting (a draw seen once may be one frame's alone: `lamina render`, a layer that
/// moves every frame), so a single frame pays a set lookup per draw. Bounded like the renderer's other kept
/// work: 64 MiB, least recently used first out, no draw over a quarter of it kept. Thread-safe: operations are
/// prepared on every core.
final class KeptSamples: Sendable {
    /// What decides a plain grid draw's source bytes besides the texels: the grid (its map, bounds, edges,
    /// rects, filters and image) and its kind, the opacity and the modulation.
    struct Key: Hashable, Sendable {
        let grid: LinearGrid.Key
        /// A nearest grid (`TexelGrid`) rather than a bilinear one (`LinearGrid`).
        let nearest: Bool
        let opacity: UInt64
        let modulate: SIMD4<UInt64>
    }

    /// One draw's source bytes over its bounds, row after row (zero where it draws nothing), and per row the
    /// columns (from the bounds' left) between its first and last drawn pixel.
    final class Samples: @unchecked Sendable {
        let pixels: [UInt32]
        let width: Int
        let extents: [SIMD2<Int32>]
        /// The image the bytes were sampled from: an identifier can be reused once its object is freed, so the
        /// bytes are taken only while this image is the one drawn.
        weak var bitmap: Bitmap?

        init(pixels: [UInt32], width: Int, extents: [SIMD2<Int32>], bitmap: Bitmap?) {
            self.pixels = pixels
            self.width = width
            self.extents = extents
            self.bitmap = bitmap
        }

        var bytes: Int { 96 + pixels.count * 4 + extents.count * 8 }
    }

    static let capacityBytes = 64 << 20

    private let cache = ByteBoundedCache<Key, Samples>(capacityBytes: capacityBytes) { $0.bytes }
    /// Draws seen once, to keep on their second sighting; about 160 bytes a key, 2 MiB.
    private let seen = ByteBoundedCache<Key, Bool>(capacityBytes: 2 << 20) { _ in MemoryLayout<Key>.stride + 64 }

    /// The kept source bytes of the plain grid draw of `t` (`nearest` or bilinear; `transform`, `affine`,
    /// `bounds` and `edgeAA` as its grid was made), modulated by `tint`: kept ones; made now by `draw` (the
    /// draw's every row over a target that holds the bounds' pixels) and kept when the draw was seen before;
    /// else nil (draw it).
    func samples(_ t: PreparedOp.PreparedTexture, nearest: Bool, transform: Transform3D, affine: Bool,
                 bounds: PixelRect, edgeAA: EdgeMask, tint: SIMD4<Double>, draw: (BlendTarget) -> Void) -> Samples? {
        guard let bitmap = t.sampler.bitmap, let level = t.sampler.levels.first, !bounds.isEmpty else { return nil }
        let key = Key(grid: LinearGrid.Key(transform: transform, t, size: SIMD2(level.width, level.height), affine: affine,
                                           bounds: bounds, edgeAA: edgeAA, image: ObjectIdentifier(bitmap)),
                      nearest: nearest, opacity: t.draw.opacity.bitPattern,
                      modulate: SIMD4(tint.x.bitPattern, tint.y.bitPattern, tint.z.bitPattern, tint.w.bitPattern))
        if let hit = cache.value(for: key), hit.bitmap === bitmap { return hit }
        guard seen.value(for: key) != nil else {
            seen.keep(true, for: key)
            return nil
        }
        // A draw too large to keep would be sampled twice every frame.
        guard bounds.width * bounds.height * 4 <= KeptSamples.capacityBytes / 4 else { return nil }
        return cache.keep(KeptSamples.make(bounds: bounds, bitmap: bitmap, draw: draw), for: key)
    }

    /// A draw's source bytes: the draw made over transparent pixels.
    private static func make(bounds: PixelRect, bitmap: Bitmap, draw: (BlendTarget) -> Void) -> Samples {
        let width = bounds.width
        var pixels = [UInt32](repeating: 0, count: width * bounds.height)
        pixels.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            // Rows `width` pixels apart, placed so that pixel (x, y) of the bounds is the buffer's pixel
            // (x - x0, y - y0); the draw writes inside its bounds only.
            draw(BlendTarget(base: base - (bounds.y0 * width + bounds.x0) * 4, width: width))
        }
        return Samples(pixels: pixels, width: width, extents: extents(pixels, width: width), bitmap: bitmap)
    }

    /// Per row of `pixels` (`width` a row), the columns from its first non-zero pixel to past its last one.
    private static func extents(_ pixels: [UInt32], width: Int) -> [SIMD2<Int32>] {
        stride(from: 0, to: pixels.count, by: width).map { start in
            let row = pixels[start..<start + width]
            guard let first = row.firstIndex(where: { $0 != 0 }), let last = row.lastIndex(where: { $0 != 0 }) else {
                return SIMD2(0, 0)
            }
            return SIMD2(Int32(first - start), Int32(last - start + 1))
        }
    }

    /// How many draws' source bytes are kept (tests).
    var count: Int { cache.count }

    /// `Blend.over` of `count` source pixels over the target's pixels at `out`: eight at a time in C where
    /// the processor has AVX2 (`lamina_over_row_avx2`), else one at a time; the same bytes either way.
    @inline(__always)
    static func over(_ source: UnsafePointer<UInt32>, _ out: UnsafeMutableRawPointer, count: Int, vector: Bool,
                     table: UnsafePointer<UInt8>) {
        if vector {
            lamina_over_row_avx2(source, out.assumingMemoryBound(to: UInt8.self), count)
            return
        }
        for i in 0..<count where source[i] != 0 {
            let s = UInt32(littleEndian: source[i])
            let bytes = SIMD4(UInt8(s & 0xFF), UInt8(s >> 8 & 0xFF), UInt8(s >> 16 & 0xFF), UInt8(s >> 24))
            let d = out.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
            out.storeBytes(of: Blend.over(bytes, d, table: table), toByteOffset: i * 4, as: UInt32.self)
        }
    }
}

extension PreparedOp {
    /// The source bytes of this draw of `t` through its grid, when it is a plain one (no clips, no tint
    /// colour, a nearest grid without a colour table) and `samples` keeps or now makes them.
    func keptSamples(_ samples: KeptSamples, _ t: PreparedTexture, transform: Transform3D,
                     affine: Bool) -> KeptSamples.Samples? {
        guard clips.isEmpty, t.draw.tint == nil else { return nil }
        let tint = modulate ?? SIMD4(1, 1, 1, 1)
        let ys = bounds.y0..<bounds.y1
        if let grid = texelGrid, grid.tinted == nil {
            return samples.samples(t, nearest: true, transform: transform, affine: affine, bounds: bounds,
                                   edgeAA: edgeAA, tint: tint) { target in
                runGridUntinted(grid, t, ys, target, tint: tint, hidden: Hidden())
            }
        }
        if let grid = linearGrid {
            return samples.samples(t, nearest: false, transform: transform, affine: affine, bounds: bounds,
                                   edgeAA: edgeAA, tint: tint) { target in
                runLinearGrid(grid, t, ys, target, tint: tint, hidden: Hidden())
            }
        }
        return nil
    }

    /// Draws a plain grid draw from its kept source bytes (`KeptSamples`): each row's drawn columns, less the
    /// hidden ones, blended over the target.
    func runKept(_ samples: KeptSamples.Samples, _ ys: Range<Int>, _ target: BlendTarget, hidden: Hidden) {
        let vector = vectorKernels
        samples.pixels.withUnsafeBufferPointer { pixels in
            guard let pixels = pixels.baseAddress else { return }
            for y in ys {
                let extent = samples.extents[y - bounds.y0]
                guard extent.x < extent.y else { continue }
                let row = pixels + (y - bounds.y0) * samples.width
                let out = UnsafeMutableRawPointer(target.base + y * target.width * 4)
                hidden.forEachVisibleRun(bounds.x0 + Int(extent.x)..<bounds.x0 + Int(extent.y), y: y) { xs in
                    KeptSamples.over(row + (xs.lowerBound - bounds.x0), out + xs.lowerBound * 4, count: xs.count,
                                     vector: vector, table: target.over)
                }
            }
        }
    }
}
