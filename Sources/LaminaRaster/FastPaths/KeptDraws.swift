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
/// Bounded like the renderer's other kept work: 128 MiB in eight caches, with the keys' paths, least recently
/// used first out, no draw over a quarter of its cache (4 MiB) kept, and nothing a frame takes pushed out by
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
        /// Row `r`'s segments are `segments[rows[2 r] ..< rows[2 r + 1]]`: a row whose pixels are those of the
        /// row above shares its segments (and their bytes), so the straight stretch of a card is kept once,
        /// and drawing it reads one row's bytes again rather than a new row's from memory.
        let rows: [Int32]
        let segments: [Segment]
        let pixels: [UInt32]
        /// The draw the bytes were made for.
        let identity: DrawIdentity
        /// The image the bytes were sampled from: an identifier can be reused once its object is freed, so the
        /// bytes are taken only while this image is the one drawn.
        weak var bitmap: Bitmap?
        /// The pixels the draw stores opaque without reading them (`PreparedOp.opaqueRect`), so that a frame
        /// that takes the bytes finds what they hide without preparing the operation.
        let opaqueRect: PixelRect?

        init(rows: [Int32], segments: [Segment], pixels: [UInt32], identity: DrawIdentity, bitmap: Bitmap?,
             opaqueRect: PixelRect?) {
            self.rows = rows
            self.segments = segments
            self.pixels = pixels
            self.identity = identity
            self.bitmap = bitmap
            self.opaqueRect = opaqueRect
        }

        /// Its bytes with its identity's (an operation or two and their paths' points).
        var bytes: Int {
            256 + 2 * MemoryLayout<DrawOp>.stride + identity.pathBytes + rows.count * 4
                + segments.count * MemoryLayout<Segment>.stride + pixels.count * 4
        }
    }

    /// Four caches of 32 MiB, a draw's by its hash, so that the workers preparing a pass seldom wait for
    /// each other's lookups (a 1920 x 1080 draw, 8 294 400 bytes, is still under a quarter of one).
    static let shards = 4, capacityBytes = 128 << 20
    /// The shortest run of one opaque colour kept as that colour, and the shortest run of empty pixels that
    /// ends a segment of bytes.
    static let shortestRun = 8

    /// Draws by their identity's hash (`DrawIdentity.hash(op:image:)`), one a hash: a lookup compares the one
    /// draw kept under the hash with the operation where it lies, so a frame copies no operation to find its
    /// kept bytes. Two draws of one hash (paths that differ only in points the hash does not sample, a path
    /// changing such points every frame) keep the first: the other is drawn as if never seen (`make` makes
    /// nothing under a hash that holds another draw), not made again every frame.
    private let caches = (0..<shards).map { _ in
        ByteBoundedCache<Int, Draw>(capacityBytes: capacityBytes / shards) { $0.bytes }
    }
    private let seen = Sightings()
    /// Draws made but not kept (too large with their segments, a key not equal to itself): not made again.
    private let refused = Sightings()

    private func cache(_ hash: Int) -> ByteBoundedCache<Int, Draw> {
        caches[Int(UInt(bitPattern: hash) >> 7 % UInt(KeptDraws.shards))]
    }

    /// The bytes kept under the identity hash `hash` (marked as just used), or nil: the caller checks that
    /// they were made for its draw (`DrawIdentity.matches`, and its image by identity), outside the cache's
    /// lock, and drops them when they were made for another image at a freed one's address
    /// (`drop(_:stale:)`); bytes of another draw of the hash stay.
    func kept(_ hash: Int) -> Draw? {
        cache(hash).value(for: hash)
    }

    /// Drops `draw`, kept under `hash` but made for another image at a freed one's address (made again by
    /// `make`), unless another thread has replaced it meanwhile.
    func drop(_ hash: Int, stale draw: Draw) {
        cache(hash).drop(hash) { $0 === draw }
    }

    /// The bytes of the draw `identity` (of hash `hash`) over `bounds`, made now by `draw` (every row of the
    /// draw over a target that holds the bounds' pixels) and kept, when the draw was seen before and is not
    /// kept (`kept`) and no other draw is kept under the hash; else nil (draw it). `opaqueRect` is the draw's (`PreparedOp.opaqueRect`), kept with
    /// the bytes.
    func make(_ hash: Int, identity: () -> DrawIdentity, bounds: PixelRect, bitmap: Bitmap?,
              opaqueRect: PixelRect?, draw: (BlendTarget) -> Void) -> Draw? {
        // A draw not seen before is only noted; one that cannot be kept is not made again.
        guard seen.sightedBefore(hash), !refused.contains(hash) else { return nil }
        let cache = cache(hash), limit = KeptDraws.capacityBytes / KeptDraws.shards / 4
        guard !cache.contains(hash), bounds.width * bounds.height * 4 <= limit,
              cache.fitsSparingGeneration(bounds.width * 4) else {
            return nil
        }
        let identity = identity()
        // A key that is not equal to itself (a NaN in a clip's map) would never be found.
        guard identity == identity else {
            refused.note(hash)
            return nil
        }
        let made = KeptDraws.make(bounds: bounds, identity: identity, bitmap: bitmap, opaqueRect: opaqueRect, draw: draw)
        if !cache.keepSparingGeneration(made, for: hash), made.bytes > limit {
            // Too large with its segments and key.
            refused.note(hash)
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
    /// or, when two draws take turns at a slot every frame, not at all; a draw is taken only after a whole
    /// comparison with the draw its bytes were made for). 2 MiB.
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
    private static func make(bounds: PixelRect, identity: DrawIdentity, bitmap: Bitmap?, opaqueRect: PixelRect?,
                             draw: (BlendTarget) -> Void) -> Draw {
        let width = bounds.width
        var made = [UInt32](repeating: 0, count: width * bounds.height)
        made.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            // Rows `width` pixels apart, placed so that pixel (x, y) of the bounds is the buffer's pixel
            // (x - x0, y - y0); the draw writes inside its bounds only.
            draw(BlendTarget(base: base - (bounds.y0 * width + bounds.x0) * 4, width: width))
        }
        var rows: [Int32] = [], segments: [Segment] = [], pixels: [UInt32] = []
        rows.reserveCapacity(bounds.height * 2)
        for start in stride(from: 0, to: made.count, by: width) {
            if start > 0, made[start - width..<start] == made[start..<start + width] {
                rows.append(rows[rows.count - 2])
                rows.append(rows[rows.count - 2])
                continue
            }
            rows.append(Int32(segments.count))
            cut(made[start..<start + width], into: &segments, pixels: &pixels)
            rows.append(Int32(segments.count))
        }
        return Draw(rows: rows, segments: segments, pixels: pixels, identity: identity, bitmap: bitmap,
                    opaqueRect: opaqueRect)
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
