import CGLES
import Foundation
import LaminaCore

/// Coverage of a pass's path fills (shape fills, strokes, shadowPath shapes, path masks), computed on the
/// GPU with the CPU's coverage model: the exact area of the fill inside each pixel under its fill rule.
///
/// **Method.** Each fill's projected polylines are cut into trapezoids by `PathTrapezoids` (LaminaCore,
/// shared geometry: resolution-independent, nothing rasterized on the CPU). Before the pass's draws, all of
/// its fills' trapezoids are drawn instanced (`coverage_trapezoid.vert`/`.frag`) into the pass's coverage
/// atlas (`CoverageAtlas`), each fill scissored to its rect: a conservative quad per trapezoid, whose
/// fragments compute the exact area of the trapezoid in their pixel and add it (blending ONE, ONE), so each
/// texel ends up holding the fill's area in that pixel. `PassBatcher` then draws each fill with the
/// `coverageMask` program, reading its texels (clamped to 0...1; a hard-edged fill takes 1 where the area is
/// at least one half, as `PathFill.drawn`).
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
/// **Rejected.** Uploading the CPU's coverage as an R8 texture (what this replaced): exact to the R8
/// rounding but a CPU rasterization per fill per frame. Stencil-then-cover alone: the stencil resolves the
/// winding number per sample, so edge pixels get sample-counted coverage (1/4 to 1/16 steps with MSAA, 0 or
/// 1 with one sample), several 8-bit steps from the exact area; a stencil pass for interiors with the
/// trapezoid areas only on edge pixels was not built or measured.
final class PathCoverage {
    /// Where an op's coverage lies: its page's texture and the texel of its bounds' origin.
    struct Slot {
        let texture: GLTexture
        let x: Int, y: Int
    }

    /// GL_R32F or GL_R16F; nil where neither can be rendered to and blended.
    let format: Int32?
    private let program: ShaderProgram
    private let pool: TargetPool
    private var vao: GLuint = 0
    private var corners: GLuint = 0
    private var instances: GLuint = 0
    private var decomposer = PathTrapezoids()
    private var records: [Float] = []
    /// This pass's atlas pages, returned to the pool by `releasePages` once the pass is drawn.
    private var pages: [RenderTarget] = []
    /// Instanced draws issued so far (a profiling counter).
    private(set) var drawCalls = 0

    static let floatsPerTrapezoid = 9
    /// Trapezoids are cut into pieces at most this many rows tall, at rows that are multiples of it.
    static let rowsPerPiece = 8

    /// The coverage format for a context with GL `extensions` (see the type's comment).
    static func format(extensions: Set<String>) -> Int32? {
        if extensions.contains("GL_EXT_color_buffer_float") && extensions.contains("GL_EXT_float_blend") { return GL_R32F }
        if extensions.contains("GL_EXT_color_buffer_half_float") || extensions.contains("GL_EXT_color_buffer_float") {
            return GL_R16F
        }
        return nil
    }

    init(pool: TargetPool, format: Int32?) throws {
        self.pool = pool
        self.format = format
        program = try ShaderProgram(vertex: "coverage_trapezoid.vert", fragment: "coverage_trapezoid.frag")
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
        try GLCheck.check("PathCoverage setup")
    }

    deinit {
        glDeleteVertexArrays(1, &vao)
        glDeleteBuffers(1, &corners)
        glDeleteBuffers(1, &instances)
        pages.forEach(pool.release)
    }

    /// Renders the coverage of every path op of `ops` within `passBounds` and returns where each lies, by
    /// op index (none for a fill that covers nothing). Leaves blending and the scissor test off and no
    /// vertex array bound; the caller binds its own framebuffer and viewport afterwards.
    func render(_ ops: [DrawOp], passBounds: PixelRect, maxTextureSize: Int) throws -> [Int: Slot] {
        records.removeAll(keepingCapacity: true)
        var items: [(op: Int, bounds: PixelRect, count: Int, first: Int)] = []
        for (i, op) in ops.enumerated() {
            guard case .path(let fill) = op.kind else { continue }
            let b = op.bounds.intersection(passBounds)
            guard !b.isEmpty else { continue }
            let trapezoids: [PathTrapezoid]
            do {
                trapezoids = try decomposer.decompose(fill.projected(through: op.transform), rule: fill.rule, clip: b)
            } catch let limit as PathTrapezoids.LimitExceeded {
                throw GLError.limit("op \(i): \(limit)")
            }
            guard !trapezoids.isEmpty else { continue }
            let first = records.count / PathCoverage.floatsPerTrapezoid
            for t in trapezoids { appendRecords(t, origin: b) }
            items.append((i, b, records.count / PathCoverage.floatsPerTrapezoid - first, first))
        }
        guard !items.isEmpty else { return [:] }
        guard let format else {
            throw GLError.unsupported("path coverage renders to R32F (GL_EXT_color_buffer_float and GL_EXT_float_blend) "
                                      + "or R16F (GL_EXT_color_buffer_half_float); this context has neither")
        }
        let atlas = CoverageAtlas(sizes: items.map { ($0.bounds.width, $0.bounds.height) }, width: passBounds.width,
                                  maxHeight: maxTextureSize)
        try upload()
        defer {
            glDisable(GLenum(GL_BLEND))
            glDisable(GLenum(GL_SCISSOR_TEST))
            glBindVertexArray(0)
        }
        var slots: [Int: Slot] = [:]
        for (p, height) in atlas.pageHeights.enumerated() {
            let page = try pool.acquire(width: atlas.width, height: height, format: format)
            pages.append(page)
            try draw(items.indices.filter { atlas.slots[$0].page == p }.map { k in
                (bounds: items[k].bounds, slot: atlas.slots[k], first: items[k].first, count: items[k].count)
            }, into: page)
            for k in items.indices where atlas.slots[k].page == p {
                slots[items[k].op] = Slot(texture: page.texture, x: atlas.slots[k].x, y: atlas.slots[k].y)
            }
        }
        return slots
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

    /// Clears `page` and adds each fill's trapezoids into its rect (scissored there, so a footprint
    /// reaching past the rect never touches a neighbour).
    private func draw(_ fills: [(bounds: PixelRect, slot: CoverageAtlas.Slot, first: Int, count: Int)],
                      into page: RenderTarget) throws {
        page.bind()
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glDisable(GLenum(GL_DEPTH_TEST))
        glEnable(GLenum(GL_BLEND))
        glBlendEquation(GLenum(GL_FUNC_ADD))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
        glEnable(GLenum(GL_SCISSOR_TEST))
        glUseProgram(program.id)
        glUniform2f(program.uniform("u_targetSize"), Float(page.width), Float(page.height))
        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instances)
        let stride = GLsizei(PathCoverage.floatsPerTrapezoid * MemoryLayout<Float>.size)
        for fill in fills {
            let (b, s) = (fill.bounds, fill.slot)
            glScissor(GLint(s.x), GLint(s.y), GLsizei(b.width), GLsizei(b.height))
            glUniform2f(program.uniform("u_offset"), Float(s.x), Float(s.y))
            // GLES 3.0 has no base instance: the instanced attributes start at the fill's first record.
            let base = fill.first * Int(stride)
            glVertexAttribPointer(1, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: base))
            glVertexAttribPointer(2, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: base + 8))
            glVertexAttribPointer(3, 3, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: base + 24))
            try gl("glDrawArraysInstanced(\(fill.count) trapezoids)") {
                glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(fill.count))
            }
            drawCalls += 1
        }
    }
}
