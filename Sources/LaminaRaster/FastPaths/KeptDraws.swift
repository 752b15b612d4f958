import CLaminaKernels
import LaminaGeometry
import LaminaGraph
import LaminaImage

/// Draws' source bytes kept between frames (`CPUFastPaths.keptDraws`): an operation drawn again unchanged
/// (the same fill, border, path, gradient or image, through the same map, clips and bounds) blends the bytes
/// its earlier frame made over the target, instead of computing its coverage and paint again. What a warm
/// frame of unchanged layers pays is their compositing, as in a compositor's raster cache (Flutter keeps a
/// picture drawn in consecutive frames as an image, WebRender its picture tiles).
///
/// Why the bytes cannot move: every operation but one that adds (`TextureDraw.adds`) rounds each pixel's
/// colour to bytes and blends them source-over (`Blend.over`), and that colour depends on the operation
/// alone, which its `DrawIdentity` holds whole, and on the texels of the image it samples, kept by
/// identity. Drawn over transparent pixels an operation leaves its source bytes (`s + round(0 * (255 - a) / 255) = s`), so that
/// is how the kept bytes are made; where it draws nothing it leaves zero bytes, which `Blend.over` leaves the
/// destination under. A draw that samples an earlier pass (a group's opacity, a mask, a shadow's blur) is
/// never kept: a pass's pixels are its own frame's (a pass that recurs is kept whole, `RetainPolicy`).
///
/// Kept on a draw's second sighting (a draw seen once may be one frame's alone: `lamina render`, a layer
/// that moves every frame), so a single frame pays a hash and two table lookups per draw (and makes the
/// bytes of a draw it repeats). Runs of one opaque colour are kept as that colour, the other pixels as bytes.
/// Bounded like the renderer's other kept work: 128 MiB in four caches, with the keys' paths, least recently
/// used first out, no draw over a quarter of its cache (8 MiB) kept, and nothing a frame takes pushed out by
/// what it keeps. Thread-safe: operations are prepared on every core.
final class KeptDraws: Sendable {
    /// Columns `x0 ..< x1` of a row (from the bounds' left): one opaque colour (`start` < 0, `pattern`),
    /// or source bytes from `pixels[start...]`.
    struct Segment {
        let x0: Int32
        let x1: Int32
        let start: Int32
        let pattern: UInt32
    }

    /// One draw's segments, row after row.
    final class Draw: @unchecked Sendable {
        /// Row `r`'s segments are `segments[rows[r] ..< rows[r + 1]]`.
        let rows: [Int32]
        let segments: [Segment]
        let pixels: [UInt32]
        /// The image the bytes were sampled from: an identifier can be reused once its object is freed, so the
        /// bytes are taken only while this image is the one drawn.
        weak var bitmap: Bitmap?
        /// The bytes its key holds (paths' points), weighed with it.
        let keyBytes: Int

        init(rows: [Int32], segments: [Segment], pixels: [UInt32], bitmap: Bitmap?, keyBytes: Int) {
            self.rows = rows
            self.segments = segments
            self.pixels = pixels
            self.bitmap = bitmap
            self.keyBytes = keyBytes
        }

        var bytes: Int {
            256 + keyBytes + rows.count * 4 + segments.count * MemoryLayout<Segment>.stride + pixels.count * 4
        }
    }

    /// Four caches of 32 MiB, a draw's by its hash, so that the workers preparing a pass seldom wait for
    /// each other's lookups.
    static let shards = 4, capacityBytes = 128 << 20
    /// The shortest run of one opaque colour kept as that colour, and the shortest run of empty pixels that
    /// ends a segment of bytes.
    static let shortestRun = 8

    private let caches = (0..<shards).map { _ in
        ByteBoundedCache<Hashed, Draw>(capacityBytes: capacityBytes / shards, keysPerHash: 8) { $0.bytes }
    }

    /// A key with its hash, computed once for the sightings, the shard and the cache's table.
    private struct Hashed: Hashable {
        let key: DrawIdentity
        let hash: Int
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        static func == (a: Hashed, b: Hashed) -> Bool { a.hash == b.hash && a.key == b.key }
    }
    private let seen = Sightings()
    /// Draws made but not kept (too large with their segments, a key not equal to itself): not made again.
    private let refused = Sightings()

    /// The kept bytes of the draw `key` over `bounds` (of an image `bitmap`, when it samples one): kept ones;
    /// made now by `draw` (every row of the draw over a target that holds the bounds' pixels) and kept when
    /// the draw was seen before; else nil (draw it).
    func draw(_ key: DrawIdentity, bounds: PixelRect, bitmap: Bitmap?, draw: (BlendTarget) -> Void) -> Draw? {
        let hashed = Hashed(key: key, hash: key.hashValue)
        let cache = caches[Int(UInt(bitPattern: hashed.hash) >> 7 % UInt(KeptDraws.shards))]
        // Bytes kept for another image at a freed one's address are dropped and made again.
        if let hit = cache.value(for: hashed, ifCurrent: { $0.bitmap === bitmap }) { return hit }
        // A draw not seen before is only noted; one that cannot be kept is not made again.
        guard seen.sightedBefore(hashed.hash), !refused.contains(hashed.hash) else { return nil }
        let limit = KeptDraws.capacityBytes / KeptDraws.shards / 4
        guard bounds.width * bounds.height * 4 <= limit, cache.fitsSparingGeneration(bounds.width * 4) else {
            return nil
        }
        let made = KeptDraws.make(bounds: bounds, bitmap: bitmap, keyBytes: key.pathBytes, draw: draw)
        if !cache.keepSparingGeneration(made, for: hashed), made.bytes > limit || hashed != hashed {
            // Too large with its segments and key, or a key that is not equal to itself (a NaN in a clip's map).
            refused.note(hashed.hash)
        }
        // Another worker may have kept the same draw meanwhile: what is kept is equal, but this one is drawn.
        return made
    }

    /// Starts a frame: what it takes from the caches is not pushed out by what it keeps
    /// (`ByteBoundedCache.keepSparingGeneration`), so a frame of more draws than fit keeps what fits and
    /// takes it again next frame instead of making every draw anew.
    func beginFrame() {
        for cache in caches { cache.beginGeneration() }
    }

    /// How many draws are kept (tests).
    var count: Int { caches.reduce(0) { $0 + $1.count } }

    /// Hashes of draws seen lately, to keep a draw on its second sighting: 256 Ki slots in 16 shards, each
    /// slot holding the last hash that fell on it (a draw whose slot another took since is kept a frame later,
    /// or, when two draws take turns at a slot every frame, not at all; two draws of one hash are told apart
    /// by the cache, which compares whole keys). 2 MiB.
    private final class Sightings: @unchecked Sendable {
        private static let shards = 16, slotsPerShard = 16384
        private let locks = (0..<shards).map { _ in AdaptiveLock() }
        private let slots = UnsafeMutablePointer<Int>.allocate(capacity: shards * slotsPerShard)

        init() { slots.initialize(repeating: 0, count: Sightings.shards * Sightings.slotsPerShard) }
        deinit { slots.deallocate() }

        /// Whether `hash` was noted before (and notes it).
        func sightedBefore(_ hash: Int) -> Bool { at(hash) { slot in defer { slot = hash }; return slot == hash } }

        /// Whether `hash` is noted.
        func contains(_ hash: Int) -> Bool { at(hash) { $0 == hash } }

        /// Notes `hash`.
        func note(_ hash: Int) { at(hash) { $0 = hash } }

        private func at<T>(_ hash: Int, _ body: (inout Int) -> T) -> T {
            let bits = UInt(bitPattern: hash)
            let shard = Int(bits % UInt(Sightings.shards))
            let slot = shard * Sightings.slotsPerShard + Int(bits / UInt(Sightings.shards) % UInt(Sightings.slotsPerShard))
            locks[shard].lock()
            defer { locks[shard].unlock() }
            return body(&slots[slot])
        }
    }

    /// A draw's segments: the draw made over transparent pixels, then cut into runs.
    private static func make(bounds: PixelRect, bitmap: Bitmap?, keyBytes: Int, draw: (BlendTarget) -> Void) -> Draw {
        let width = bounds.width
        var made = [UInt32](repeating: 0, count: width * bounds.height)
        made.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            // Rows `width` pixels apart, placed so that pixel (x, y) of the bounds is the buffer's pixel
            // (x - x0, y - y0); the draw writes inside its bounds only.
            draw(BlendTarget(base: base - (bounds.y0 * width + bounds.x0) * 4, width: width))
        }
        var rows: [Int32] = [0], segments: [Segment] = [], pixels: [UInt32] = []
        rows.reserveCapacity(bounds.height + 1)
        for start in stride(from: 0, to: made.count, by: width) {
            cut(made[start..<start + width], into: &segments, pixels: &pixels)
            rows.append(Int32(segments.count))
        }
        return Draw(rows: rows, segments: segments, pixels: pixels, bitmap: bitmap, keyBytes: keyBytes)
    }

    /// Cuts one row into segments: runs of one opaque colour at least `shortestRun` long, and between them
    /// bytes, split where `shortestRun` empty pixels or more lie.
    private static func cut(_ row: ArraySlice<UInt32>, into segments: inout [Segment], pixels: inout [UInt32]) {
        let first = row.startIndex, end = row.endIndex
        /// Where the run of pixels equal to `row[i]` from `i` ends.
        func runEnd(_ i: Int) -> Int {
            var e = i + 1
            while e < end, row[e] == row[i] { e += 1 }
            return e
        }
        var x = first
        while x < end {
            if row[x] == 0 { x += 1; continue }
            if UInt32(littleEndian: row[x]) >> 24 == 0xFF, runEnd(x) - x >= shortestRun {
                let e = runEnd(x)
                segments.append(Segment(x0: Int32(x - first), x1: Int32(e - first), start: -1, pattern: row[x]))
                x = e
                continue
            }
            var e = x
            while e < end {
                let r = runEnd(e)
                if r - e >= shortestRun, row[e] == 0 || UInt32(littleEndian: row[e]) >> 24 == 0xFF { break }
                e = r
            }
            segments.append(Segment(x0: Int32(x - first), x1: Int32(e - first), start: Int32(pixels.count), pattern: 0))
            pixels.append(contentsOf: row[x..<e])
            x = e
        }
    }

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
    /// Takes this draw's bytes from `draws`, or makes and keeps them on its second sighting (`KeptDraws`):
    /// any draw of operation `op` (with `border` when the two are drawn as one) but one that adds or
    /// samples an earlier pass.
    func keep(in draws: KeptDraws, op: DrawOp, border: DrawOp?, graph: RenderGraph) {
        var bitmap: Bitmap?
        if let t = op.texture {
            guard !t.adds, t.mask == nil, case .image(let id) = t.source, let image = graph.image(id)?.bitmap else {
                return
            }
            bitmap = image
        }
        guard !bounds.isEmpty, bounds.x0 >= 0, bounds.y0 >= 0 else { return }
        let key = DrawIdentity(op: op, border: border, image: bitmap.map(ObjectIdentifier.init))
        let rows = bounds.y0..<bounds.y1
        keptDraw = draws.draw(key, bounds: bounds, bitmap: bitmap) { target in
            let scratch = BandScratch(width: bounds.width)
            defer { scratch.deallocate() }
            run(rows: rows, target: target, scratch: scratch)
        }
    }

    /// Draws the rows `ys` from kept bytes: each row's segments, less the hidden columns, stored (one opaque
    /// colour) or blended (bytes) over the target.
    func runKept(_ draw: KeptDraws.Draw, _ ys: Range<Int>, _ target: BlendTarget, hidden: Hidden) {
        let vector = vectorKernels, table = target.over
        draw.pixels.withUnsafeBufferPointer { pixels in
            draw.segments.withUnsafeBufferPointer { segments in
                let source = pixels.baseAddress
                for y in ys {
                    let r = y - bounds.y0
                    let lo = Int(draw.rows[r]), hi = Int(draw.rows[r + 1])
                    guard lo < hi else { continue }
                    let runs = hidden.runs(y: y)
                    let out = UnsafeMutableRawPointer(target.base + y * target.width * 4)
                    for s in segments[lo..<hi] {
                        let xs = bounds.x0 + Int(s.x0)..<bounds.x0 + Int(s.x1)
                        hidden.forEachVisible(xs, runs: runs) { visible in
                            if s.start < 0 {
                                target.store(s.pattern, xs: visible, y: y)
                            } else if let source {
                                KeptDraws.over(source + (Int(s.start) + visible.lowerBound - xs.lowerBound),
                                               out + visible.lowerBound * 4, count: visible.count, vector: vector,
                                               table: table)
                            }
                        }
                    }
                }
            }
        }
    }
}
