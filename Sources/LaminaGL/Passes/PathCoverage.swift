import CGLES
import Foundation
import LaminaGraph
import LaminaGeometry

/// Coverage of a pass's path fills (shape fills, strokes, shadowPath shapes, path masks), computed on the
/// GPU with the CPU's coverage model: the exact area of the fill inside each pixel under its fill rule.
///
/// **Which method.** `RenderOptions.pathCoverage`, else `PathCoverageMethod.standard`, the upload: the CPU's
/// own rasterizer computes the coverage on every core and the pages are uploaded (`PathCoverage+Upload.swift`;
/// on llvmpipe 500 stroked curves 148 -> 71 ms a frame, 300 filled shapes 56 -> 39; on an NVIDIA H200 a
/// first frame of the strokes 219 -> 33 ms, of the shapes 36 -> 27, because the trapezoids below are cut on
/// the CPU one fill after another).
///
/// **Trapezoid method** (`.trapezoids`). Each fill's projected polylines are cut into trapezoids by
/// `PathTrapezoids` (LaminaCore, shared geometry: resolution-independent, nothing rasterized on the CPU).
/// Before the pass's draws, all of its fills' trapezoids are drawn instanced (`coverage_trapezoid.vert`/
/// `.frag`) into the pass's coverage atlas (`CoverageAtlas`), each fill scissored to its rect: a
/// conservative quad per trapezoid, whose fragments compute the exact area of the trapezoid in their pixel and add it (blending ONE, ONE), so each
/// texel ends up holding the fill's area in that pixel. `PassBatcher` then draws each fill with the
/// `coverageMask` program, reading its texels (clamped to 0...1; a hard-edged fill takes 1 where the area is
/// at least one half, as `PathShape.drawn`).
///
/// **Accuracy.** The trapezoids are the CPU's coverage to 1e-12 where edges do not cross and within 1/256
/// of a pixel at crossings (`PathTrapezoids`); the GPU evaluates their areas in float32, on pieces of at most
/// 8 rows given from integer origins near them (`appendRecords`), to about 1e-6 of a pixel, and applies the
/// coverage unrounded. Measured: the corpus's path scenes differ from the CPU by at most 1, 300 of 300 random
/// scenes (seed 7) hold fuzzy(2, 0); with coordinates relative to the op's bounds alone (about 4e-6 on a
/// 200 px plane) one random scene's hard-edged piece flipped a pixel whose area was 0.499996.
///
/// **Format.** R32F where the context renders to it and blends it (GL_EXT_color_buffer_float and
/// GL_EXT_float_blend; llvmpipe has both), else R16F (GL_EXT_color_buffer_half_float or
/// GL_EXT_color_buffer_float, which blend 16-bit floats; an area to 11 bits, a few hundredths of an 8-bit
/// step), else a path fill fails with `GLError.unsupported` naming the extensions.
///
/// **Cost.** One target bind and clear per pass with paths, one instanced draw per fill, one fragment per
/// pixel of each piece's footprint (its rows exactly, and about a pixel either side of its slanted sides);
/// on the CPU, the sweep of `PathTrapezoids`, O(vertex bands x active edges), with no per-pixel work.
/// Measured on llvmpipe (2 cores, `lamina bench --backend gpu`, medians of 10, two interleaved rounds against
/// the R8 upload it replaced): 200 stroked and filled shape layers (350 fills, 1960x1120) 112 ms against
/// 95; key_corner_curve_continuous 6.5-6.9 against 5.1-5.2; key_shape_fill_stroke_dash 6.6-7.0 against
/// 6.6-6.9; combo_card_stack_scale2 34.6-36.7 against 33.3-35.1. The fills now share one texture, so the
/// pass's draws fell from 350 to 3, but the coverage costs more than the CPU's rows did; not yet profiled
/// (candidates: one instanced draw per fill, float blending on llvmpipe, the sweep).
///
/// **Stencil method** (`RenderOptions.pathCoverage = .stencil`, `StencilCover`; not the default, see
/// below). The page gets a stencil buffer, and per page: (1) each fill's projected polylines (`clippedIfFar`,
/// as the trapezoids) are drawn as triangle fans into the stencil, INCR_WRAP on front faces and DECR_WRAP on
/// back faces, colour writes off: the winding number (mod 128) at every pixel centre; (2) every pixel a
/// trapezoid piece's boundary passes through (its two sides, and its top and bottom segments unless they
/// lie on a pixel border) is set to 0x80 (`coverage_edge.vert`, conservative: its comment); (3) the
/// trapezoid draws above, with the stencil test `== 0x80` and a shader without `discard`; (4) one rect per
/// fill writes 1.0 where its rule holds on the count (`(s & 0x7F) != 0`, `(s & 1) == 1`; 0x80 fails both).
/// *Exact, no pixel counted twice or missed:* a marked pixel gets every trapezoid's area in it from (3) (each
/// piece's quad holds every pixel it meets with positive area, as in the trapezoid method) and nothing from
/// (4): the trapezoid method's value. An unmarked pixel has no trapezoid boundary in its open square, so each
/// trapezoid holds all of it or none; they are disjoint, so its area is 1 where its centre lies in the fill
/// and 0 elsewhere, which (4) writes from the count at the centre, exact there because every edge is at least
/// half a pixel away (fan vertices move by 1/256 px when snapped; a spoke shared by two fan triangles counts
/// once, GL's rasterization rules); (3) adds nothing there. So a pixel wholly inside one trapezoid but crossed
/// by another's side (a mid-row vertex, a thin stroke) is marked by that side and sums both areas. A count
/// that could reach 128 would wrap: a fill whose `StencilCover.windingBound` passes 127 marks its whole rect
/// instead. Tested: `StencilCoverageGPUTests` (interiors, holes under both rules, stars, overlapping
/// subpaths, thin strokes, mid-row joins, winding 130; within 1 of the CPU, 0 from the trapezoid method).
///
/// **Measured** (llvmpipe, 2 cores shared with other work; `lamina bench --backend gpu --runs 10`, medians,
/// rounds interleaved trapezoids, stencil, trapezoids, stencil). 200 stroked and filled shapes
/// (`paths-200-stroke-fill`, 350 fills): 119.5 and 116.6 ms against 251.9 and 238.9; fig6_01_shape_stick_figure
/// 1.26, 1.25 against 2.44, 2.45; key_shape_fill_stroke_dash 8.0, 8.5 against 10.8, 11.2;
/// key_corner_curve_continuous 7.3, 8.0 against 11.0, 11.9; combo_card_stack_scale2 35.9, 38.3 against 45.3,
/// 47.3. Parity is the same with both (`lamina parity Tests/Scenes`: 101 of 101, largest difference 1 on the
/// path scenes; `--random 300 --seed 7`: 300 of 300 within fuzzy(2, 0), largest 2 with each); the two give the same bytes on the
/// 200-shape scene. Where the stencil's time goes (`lamina profile`, warm frames, the same 200 shapes, stages
/// switched off one at a time in a scratch build): 52 ms with no coverage drawn, 80 with the trapezoids; the
/// stencil method 144: fans 17 ms, edge marks 44 (a triangle setup per quad, 4 quads per piece), areas on
/// marked pixels about 30, covers under 1. With `discard` in the area shader llvmpipe tests the stencil after
/// it, and the rejected fragments alone cost 40 ms (hence `KEEPS_FRAGMENTS`).
///
/// **Rejected.** The stencil method as the default: twice as slow on llvmpipe. Shape strokes and stars are
/// mostly edge: nearly every pixel the trapezoids cover is one a boundary passes through, so the areas are
/// still computed there and the fans and marks come on top. It would pay where fills have large interiors
/// and shading dominates triangle setup (a hardware GPU with many big fills); kept selectable for that and
/// for comparison. Uploading the CPU's coverage as an R8 texture (what the trapezoids replaced): exact to
/// the R8 rounding but a CPU rasterization per fill per frame; uploaded as R32F from the CPU's faster
/// cluster rasterizer on every core it is now every driver's default. Stencil-then-cover alone: the stencil resolves
/// the winding number per sample, so edge pixels get sample-counted coverage (1/4 to 1/16 steps with MSAA,
/// 0 or 1 with one sample), several 8-bit steps from the exact area.
final class PathCoverage {

    /// GL_R32F or GL_R16F; nil where neither can be rendered to and blended.
    let format: Int32?
    private let program: ShaderProgram
    let pool: TargetPool
    private var vao: GLuint = 0
    private var corners: GLuint = 0
    private var instances: GLuint = 0
    private var decomposer = PathTrapezoids()
    /// The stencil half of the `.stencil` method; nil for the others.
    private let stencil: StencilCover?
    /// Whether the CPU's rasterizer computes the coverage and the pages are uploaded (`.upload`).
    let uploads: Bool
    private var records: [Float] = []
    /// Coverage work kept between frames (PathCoverage+Kept.swift); nil where `RenderOptions` says not to.
    let kept: ByteBoundedCache<KeptKey, Kept>?
    /// This pass's atlas pages, returned to the pool by `releasePages` once the pass is drawn (or kept,
    /// `PathCoverage+KeptPages.swift`).
    var pages: [RenderTarget] = []
    /// Atlases kept for the next frame, and the frame count they are aged by.
    var keptPasses: [KeptPass] = []
    var frame = 0
    /// Draws issued so far (a profiling counter).
    var drawCalls: Int { areaDraws + (stencil?.drawCalls ?? 0) }
    private var areaDraws = 0

    static let floatsPerTrapezoid = 9
    /// Trapezoids are cut into pieces at most this many rows tall, at rows that are multiples of it.
    static let rowsPerPiece = 8

    init(pool: TargetPool, format: Int32?, method: PathCoverageMethod = .standard, keeps: Bool = true) throws {
        self.pool = pool
        self.format = format
        kept = keeps ? PathCoverage.makeKeptCache() : nil
        uploads = method == .upload
        // The stencil method's areas keep their fragments, so llvmpipe tests the stencil first (type comment).
        program = try ShaderProgram(vertex: "coverage_trapezoid.vert", fragment: "coverage_trapezoid.frag",
                                    defines: method == .stencil ? ["KEEPS_FRAGMENTS"] : [])
        glGenVertexArrays(1, &vao)
        glGenBuffers(1, &corners)
        glGenBuffers(1, &instances)
        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), corners)
        let strip: [Float] = [0, 0, 1, 0, 0, 1, 1, 1]
        strip.withUnsafeBytes { glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW)) }
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        glEnableVertexAttribArray(1)
        glEnableVertexAttribArray(2)
        glEnableVertexAttribArray(3)
        for location in GLuint(1)...3 { glVertexAttribDivisor(location, 1) }
        glBindVertexArray(0)
        stencil = method == .stencil ? try StencilCover(instances: instances, corners: corners) : nil
        try GLCheck.check("PathCoverage setup")
    }

    deinit {
        glDeleteVertexArrays(1, &vao)
        glDeleteBuffers(1, &corners)
        glDeleteBuffers(1, &instances)
        pages.forEach(pool.release)
    }

    /// Renders the coverage of every path op of `ops` within `passBounds` (but those at indices in
    /// `skipping`, copied from kept regions) and returns where each lies, by op index (none for a fill that
    /// covers nothing). Leaves blending and the scissor test off and no
    /// vertex array bound; the caller binds its own framebuffer and viewport afterwards. Without `keepsAtlas`
    /// (a kept draw's region made with its backdrop, `FrameExecutor.keptDraws`), no kept atlas is read or
    /// kept: the pages go back with `releasePages`.
    ///
    /// The atlas is laid out from the fills' bounds first; their trapezoids are then decomposed in order and
    /// drawn whenever the records would pass `recordLimit`, so a pass may hold any number of trapezoids with
    /// at most `recordLimit` records in memory (coverage adds, so a fill drawn in several rounds has the
    /// same areas).
    func render(_ ops: [DrawOp], passBounds: PixelRect, maxTextureSize: Int, skipping: Set<Int> = [],
                keepsAtlas: Bool = true) throws -> [Int: Slot] {
        records.removeAll(keepingCapacity: true)
        let items = PathCoverage.items(ops, passBounds: passBounds, skipping: skipping)
        guard !items.isEmpty else { return [:] }
        guard let format else {
            throw GLError.unsupported("path coverage renders to R32F (GL_EXT_color_buffer_float and GL_EXT_float_blend) "
                                      + "or R16F (GL_EXT_color_buffer_half_float); this context has neither")
        }
        defer {
            glDisable(GLenum(GL_BLEND))
            glDisable(GLenum(GL_SCISSOR_TEST))
            glDisable(GLenum(GL_STENCIL_TEST))
            glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
            glBindVertexArray(0)
        }
        if keepsAtlas, let slots = keptSlots(for: items, width: passBounds.width, maxHeight: maxTextureSize) { return slots }
        let atlas = CoverageAtlas(sizes: items.map { ($0.bounds.width, $0.bounds.height) }, width: passBounds.width,
                                  maxHeight: maxTextureSize)
        for height in atlas.pageHeights { pages.append(try pool.acquire(width: atlas.width, height: height, format: format)) }
        let slots = uploads ? try uploadCoverage(items, atlas: atlas) : try drawCoverage(items, atlas: atlas)
        if keepsAtlas { keepPages(for: items, slots: slots, width: passBounds.width, maxHeight: maxTextureSize) }
        return slots
    }

    /// Decomposes `items` into trapezoids (or takes their kept records) and draws them into `atlas`'s pages
    /// (acquired); returns the slots of the fills that cover something.
    private func drawCoverage(_ items: [Item], atlas: CoverageAtlas) throws -> [Int: Slot] {
        var cleared = Set<Int>()
        var pending: [StencilCover.Fill] = []
        var total = [Int](repeating: 0, count: items.count)
        for (k, item) in items.enumerated() {
            total[k] = try appendFill(item, slot: atlas.slots[k], pending: &pending, cleared: &cleared)
        }
        try flush(&pending, cleared: &cleared)
        // A fill with no trapezoid covers nothing: no slot, as its op draws nothing.
        var slots: [Int: Slot] = [:]
        for (k, item) in items.enumerated() where total[k] > 0 {
            let slot = atlas.slots[k]
            slots[item.op] = Slot(texture: pages[slot.page].texture, x: slot.x, y: slot.y)
        }
        return slots
    }

    /// Appends `item`'s trapezoid records (kept ones where there are, `PathCoverage+Kept.swift`), drawing
    /// what is pending first whenever the records would pass `recordLimit`, and adds the fills to draw to
    /// `pending`; returns how many trapezoid records the item has.
    private func appendFill(_ item: Item, slot: CoverageAtlas.Slot, pending: inout [StencilCover.Fill],
                            cleared: inout Set<Int>) throws -> Int {
        let limit = recordLimit * PathCoverage.floatsPerTrapezoid
        var first = records.count / PathCoverage.floatsPerTrapezoid, total = 0
        // What this fill has appended since `first`, as a fill to draw.
        func collect() {
            let count = records.count / PathCoverage.floatsPerTrapezoid - first
            guard count > 0 else { return }
            pending.append(StencilCover.Fill(bounds: item.bounds, slot: slot, first: first, count: count,
                                             rule: item.rule, lines: stencil == nil ? [] : item.lines))
            total += count
        }
        if let found = keptRecords(item), found.count <= limit {
            if records.count + found.count > limit { try flush(&pending, cleared: &cleared) }
            first = records.count / PathCoverage.floatsPerTrapezoid
            records += found
            collect()
            return total
        }
        var rounds = 1
        do {
            try appendTrapezoids(item.lines, rule: item.rule, clip: item.bounds, origin: item.bounds) {
                // The stencil method covers a fill's inside once, from all of its boundary: it cannot take a
                // fill in two rounds.
                if stencil != nil, records.count / PathCoverage.floatsPerTrapezoid > first {
                    throw PathTrapezoids.LimitExceeded(what: "trapezoid records in one fill (stencil method)",
                                                       limit: recordLimit)
                }
                collect()
                try flush(&pending, cleared: &cleared)
                first = 0
                rounds += 1
            }
        } catch let limit as PathTrapezoids.LimitExceeded {
            throw GLError.limit("path op \(item.op) of the pass: \(limit)")
        }
        if rounds == 1 { keep(records: records[(first * PathCoverage.floatsPerTrapezoid)...], for: item) }
        collect()
        return total
    }

    /// Uploads the records and draws `pending` into their pages (each page cleared before its first draw),
    /// then empties both.
    private func flush(_ pending: inout [StencilCover.Fill], cleared: inout Set<Int>) throws {
        guard !pending.isEmpty else { return }
        try upload()
        for p in Set(pending.map(\.slot.page)).sorted() {
            try draw(pending.filter { $0.slot.page == p }, into: pages[p], clear: cleared.insert(p).inserted)
        }
        pending.removeAll()
        records.removeAll(keepingCapacity: true)
    }

    /// Returns this pass's pages to the pool (after the pass's draws are issued: GL orders later writes to
    /// them after those reads).
    func releasePages() {
        pages.forEach(pool.release)
        pages.removeAll()
    }

    /// Appends the records of `t`'s pieces (`rowsPerPiece` rows at most), relative to `origin`'s corner.
    ///
    /// Float32 keeps a coordinate to half its ulp, about 4e-6 px at 100 px, so coordinates relative to the op
    /// put its area within a few 1e-6 of the CPU's, enough to flip a hard-edged pixel whose area is that close to
    /// one half (a random scene's split plane did). A piece's y is given from its first row, each edge's x from
    /// the integer left of its top, all exact integers in float, so every stored value is a few pixels at most
    /// (the piece is short) and the shader subtracts exact integers from it.
    /// The decomposer's cap on one decomposition's trapezoids (lowered by tests of the row split).
    var trapezoidLimit: Int {
        get { decomposer.trapezoidLimit }
        set { decomposer.trapezoidLimit = newValue }
    }

    /// The most trapezoid records held at once (36 bytes each: 150 MB): past it, what a pass has so far is
    /// drawn and its records dropped (`render`). Lowered by tests of the rounds.
    var recordLimit = PathCoverage.defaultRecordLimit
    static let defaultRecordLimit = 1 << 22

    /// Appends the records of `lines`' trapezoids within `clip`, calling `flush` first whenever the next
    /// trapezoid's pieces would take the records past `recordLimit` (`flush` draws them and empties
    /// `records`). Where one decomposition would pass `PathTrapezoids`' limits (a path with a million
    /// crossings), the clip's rows are cut in two halves, each decomposed alone: a decomposition is cut
    /// exactly to its clip's rows (not to its columns), so the halves' trapezoids cover disjoint rows and add
    /// up to the same coverage. Where one row alone is over those limits, the fill is refused with the limit
    /// named.
    private func appendTrapezoids(_ lines: [Polyline], rule: FillRule, clip: PixelRect, origin: PixelRect,
                                  flush: () throws -> Void) throws {
        let trapezoids: [PathTrapezoid]
        do {
            trapezoids = try decomposer.decompose(lines, rule: rule, clip: clip)
        } catch let limit as PathTrapezoids.LimitExceeded {
            guard clip.height > 1 else { throw limit }
            let mid = clip.y0 + clip.height / 2
            try appendTrapezoids(lines, rule: rule, clip: PixelRect(x0: clip.x0, y0: clip.y0, x1: clip.x1, y1: mid),
                                 origin: origin, flush: flush)
            try appendTrapezoids(lines, rule: rule, clip: PixelRect(x0: clip.x0, y0: mid, x1: clip.x1, y1: clip.y1),
                                 origin: origin, flush: flush)
            return
        }
        let rows = Double(PathCoverage.rowsPerPiece)
        for t in trapezoids {
            // Its pieces: one per block of `rowsPerPiece` rows it meets, at most.
            let pieces = Int(pixels: (t.bottom - t.top) / rows, .up, in: 0...PixelLimit.max) + 1
            if records.count > 0, records.count / PathCoverage.floatsPerTrapezoid + pieces > recordLimit { try flush() }
            appendRecords(t, origin: origin)
        }
    }

    private func appendRecords(_ t: PathTrapezoid, origin: PixelRect) {
        let x0 = Double(origin.x0), y0 = Double(origin.y0), rows = Double(PathCoverage.rowsPerPiece)
        let top = t.top - y0, bottom = t.bottom - y0, h = t.bottom - t.top
        var a = top
        while a < bottom {
            let b = min(bottom, (floor(a / rows) + 1) * rows)
            func x(_ xt: Double, _ xb: Double, _ y: Double) -> Double {
                y == top ? xt - x0 : y == bottom ? xb - x0 : xt - x0 + (xb - xt) * ((y - top) / h)
            }
            let la = x(t.leftTop, t.leftBottom, a), lb = x(t.leftTop, t.leftBottom, b)
            let ra = x(t.rightTop, t.rightBottom, a), rb = x(t.rightTop, t.rightBottom, b)
            let oy = floor(a), ol = floor(la), or = floor(ra)
            records += [Float(a - oy), Float(b - oy), Float(la - ol), Float(lb - ol), Float(ra - or), Float(rb - or),
                        Float(oy), Float(ol), Float(or)]
            a = b
        }
    }

    /// Uploads the pass's trapezoid records (respecified, so the driver may orphan the previous storage).
    private func upload() throws {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instances)
        records.withUnsafeBytes {
            glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        try GLCheck.check("PathCoverage.upload(\(records.count / PathCoverage.floatsPerTrapezoid) trapezoids)")
    }

    /// Clears `page` (its coverage only when `clear`: a later round adds to what earlier ones drew; its
    /// stencil always) and adds each fill's trapezoids into its rect (scissored there, so a footprint
    /// reaching past the rect never touches a neighbour); with the stencil method, only on the pixels
    /// `StencilCover` marks, which then covers the others.
    private func draw(_ fills: [StencilCover.Fill], into page: RenderTarget, clear: Bool) throws {
        if stencil != nil { try page.attachStencil() }
        page.bind()
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(0, 0, 0, 0)
        glStencilMask(0xFF)
        glClearStencil(0)
        let mask = (clear ? GLbitfield(GL_COLOR_BUFFER_BIT) : 0) | (stencil == nil ? 0 : GLbitfield(GL_STENCIL_BUFFER_BIT))
        if mask != 0 { glClear(mask) }
        glDisable(GLenum(GL_DEPTH_TEST))
        let stride = PathCoverage.floatsPerTrapezoid * MemoryLayout<Float>.size
        if let stencil {
            try stencil.mark(fills, page: page, instances: instances, stride: stride)
            stencil.testMarked()
        }
        try drawAreas(fills, page: page, stride: stride)
        try stencil?.cover(page: page)
    }

    /// Adds each fill's trapezoid areas (blending ONE, ONE) into its rect, scissored there.
    private func drawAreas(_ fills: [StencilCover.Fill], page: RenderTarget, stride: Int) throws {
        glEnable(GLenum(GL_BLEND))
        glBlendEquation(GLenum(GL_FUNC_ADD))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
        glEnable(GLenum(GL_SCISSOR_TEST))
        glUseProgram(program.id)
        glUniform2f(program.uniform("u_targetSize"), Float(page.width), Float(page.height))
        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instances)
        for fill in fills {
            let (b, s) = (fill.bounds, fill.slot)
            glScissor(GLint(s.x), GLint(s.y), GLsizei(b.width), GLsizei(b.height))
            glUniform2f(program.uniform("u_offset"), Float(s.x), Float(s.y))
            // GLES 3.0 has no base instance: the instanced attributes start at the fill's first record.
            let base = fill.first * stride, size = GLsizei(stride)
            glVertexAttribPointer(1, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), size, UnsafeRawPointer(bitPattern: base))
            glVertexAttribPointer(2, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), size, UnsafeRawPointer(bitPattern: base + 8))
            glVertexAttribPointer(3, 3, GLenum(GL_FLOAT), GLboolean(GL_FALSE), size, UnsafeRawPointer(bitPattern: base + 24))
            try gl("glDrawArraysInstanced(\(fill.count) trapezoids)") {
                glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(fill.count))
            }
            areaDraws += 1
        }
    }
}
