import CGLES
import LaminaGeometry

/// The stencil half of `PathCoverage`'s `.stencil` method: the winding number of each fill in the coverage
/// page's stencil buffer, the pixels its trapezoids' boundaries pass through marked there, and 1.0 covered
/// onto the unmarked pixels inside the fill. `PathCoverage` adds the exact trapezoid areas on the marked
/// pixels between `mark` and `cover` (why that is exact: `PathCoverage`'s comment).
///
/// **Stencil values.** The fan draws count the winding number modulo 128 in the low 7 bits (write mask
/// 0x7F, INCR_WRAP on front faces, DECR_WRAP on back faces); the mark draws then replace the whole value
/// of a marked pixel with 0x80, which no winding count reaches. So the area draws test `== 0x80` and the
/// covers test `(s & 0x7F) != 0` (nonZero) or `(s & 1) == 1` (evenOdd), both false on marked pixels. A fill
/// whose winding might reach 128 (`windingBound`) draws no fan and marks its whole rect instead: every
/// pixel of it takes the area path, as the `.trapezoids` method.
///
/// **Cost.** Per fill: one scissored fan draw (its triangles' area, a few times over for spirals and
/// stars), one scissored instanced mark draw (4 thin quads per trapezoid piece); per page: one upload, one
/// cover draw per rule (the fills' rects), trivial fragment shaders throughout.
final class StencilCover {
    /// A fill on the page: its rect in the pass and in the page, its records in the instance buffer, its rule
    /// and projected polylines.
    struct Fill {
        let bounds: PixelRect
        let slot: CoverageAtlas.Slot
        let first: Int, count: Int
        let rule: FillRule
        let lines: [Polyline]
    }

    /// The largest winding number the 7-bit count holds exactly.
    static let maximumWinding = 127

    private let solid: ShaderProgram
    private let edges: ShaderProgram
    private var positionVAO: GLuint = 0
    private var positions: GLuint = 0
    private var edgeVAO: GLuint = 0
    private var vertices: [Float] = []
    /// Draws issued so far (a profiling counter).
    private(set) var drawCalls = 0

    /// `instances` is `PathCoverage`'s trapezoid record buffer, which the mark draws read, and `corners` its
    /// unit-quad strip; both stay `PathCoverage`'s.
    init(instances: GLuint, corners: GLuint) throws {
        solid = try ShaderProgram(vertex: "coverage_stencil.vert", fragment: "coverage_solid.frag")
        edges = try ShaderProgram(vertex: "coverage_edge.vert", fragment: "coverage_solid.frag")
        glGenVertexArrays(1, &positionVAO)
        glGenBuffers(1, &positions)
        glBindVertexArray(positionVAO)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), positions)
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        glGenVertexArrays(1, &edgeVAO)
        glBindVertexArray(edgeVAO)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), corners)
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instances)
        for location in GLuint(1)...3 {
            glEnableVertexAttribArray(location)
            // Each record serves the 4 quads of its piece (coverage_edge.vert).
            glVertexAttribDivisor(location, 4)
        }
        glBindVertexArray(0)
        try GLCheck.check("StencilCover setup")
    }

    deinit {
        glDeleteVertexArrays(1, &positionVAO)
        glDeleteBuffers(1, &positions)
        glDeleteVertexArrays(1, &edgeVAO)
    }

    /// An upper bound of the winding number of `lines` about any point: a horizontal ray crosses each
    /// y-monotone chain of a closed polyline at most once, so its winding is at most half its chains, which
    /// are as many as the sign changes of its dy (cyclically, horizontal edges skipped). O(vertices).
    static func windingBound(_ lines: [Polyline]) -> Int {
        var bound = 0
        for line in lines {
            var signs: [Bool] = []
            for (a, b) in zip(line.points, line.points.dropFirst() + line.points.prefix(1)) where a.y != b.y {
                signs.append(b.y > a.y)
            }
            let changes = signs.indices.filter { signs[$0] != signs[($0 + 1) % signs.count] }.count
            bound += changes / 2
        }
        return bound
    }

    /// Where a page's vertices lie in the position buffer (float indices, 2 a vertex).
    private struct Layout {
        var fans: [Range<Int>] = []
        var whole = 0..<0, nonZero = 0..<0, evenOdd = 0..<0
    }
    private var layout = Layout()

    /// Builds and uploads the page's fan triangles (each polyline fanned from its first point, in page
    /// pixels: exact in float to a 1/1024 px) and rects: those of the fills marked whole, then the covers of
    /// each rule.
    private func upload(_ fills: [Fill]) throws {
        vertices.removeAll(keepingCapacity: true)
        layout = Layout()
        var whole: [Fill] = []
        for fill in fills {
            let start = vertices.count
            if StencilCover.windingBound(fill.lines) > StencilCover.maximumWinding {
                whole.append(fill)
            } else {
                let dx = Double(fill.slot.x - fill.bounds.x0), dy = Double(fill.slot.y - fill.bounds.y0)
                for line in PathRasterizer.clippedIfFar(fill.lines, to: fill.bounds) where line.points.count >= 3 {
                    let p = line.points.map { (Float(Double($0.x) + dx), Float(Double($0.y) + dy)) }
                    for i in 1..<(p.count - 1) {
                        vertices += [p[0].0, p[0].1, p[i].0, p[i].1, p[i + 1].0, p[i + 1].1]
                    }
                }
            }
            layout.fans.append(start..<vertices.count)
        }
        layout.whole = appendRects(whole)
        let covered = fills.filter { f in !whole.contains { $0.slot == f.slot } }
        layout.nonZero = appendRects(covered.filter { $0.rule == .nonZero })
        layout.evenOdd = appendRects(covered.filter { $0.rule == .evenOdd })
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), positions)
        vertices.withUnsafeBytes {
            glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        try GLCheck.check("StencilCover.upload(\(vertices.count / 2) vertices)")
    }

    /// Appends two triangles per fill over its rect in the page; returns their range.
    private func appendRects(_ fills: [Fill]) -> Range<Int> {
        let start = vertices.count
        for f in fills {
            let x0 = Float(f.slot.x), y0 = Float(f.slot.y)
            let x1 = x0 + Float(f.bounds.width), y1 = y0 + Float(f.bounds.height)
            vertices += [x0, y0, x1, y0, x0, y1, x0, y1, x1, y0, x1, y1]
        }
        return start..<vertices.count
    }

    /// Writes the winding numbers of `fills` into `page`'s stencil buffer (cleared by the caller, which has
    /// bound `page`), then marks their trapezoids' boundary pixels with 0x80 (`instances` holds the records,
    /// `stride` bytes each). Leaves colour writes off and the stencil test on.
    func mark(_ fills: [Fill], page: RenderTarget, instances: GLuint, stride: Int) throws {
        try upload(fills)
        glColorMask(GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE))
        glEnable(GLenum(GL_STENCIL_TEST))
        glEnable(GLenum(GL_SCISSOR_TEST))
        glStencilFunc(GLenum(GL_ALWAYS), 0, 0xFF)
        glStencilMask(0x7F)
        glStencilOpSeparate(GLenum(GL_FRONT), GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_INCR_WRAP))
        glStencilOpSeparate(GLenum(GL_BACK), GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_DECR_WRAP))
        glUseProgram(solid.id)
        glUniform2f(solid.uniform("u_targetSize"), Float(page.width), Float(page.height))
        glBindVertexArray(positionVAO)
        for (fill, fan) in zip(fills, layout.fans) where !fan.isEmpty {
            glScissor(GLint(fill.slot.x), GLint(fill.slot.y), GLsizei(fill.bounds.width), GLsizei(fill.bounds.height))
            try gl("glDrawArrays(fan, \(fan.count / 2) vertices)") {
                glDrawArrays(GLenum(GL_TRIANGLES), GLint(fan.lowerBound / 2), GLsizei(fan.count / 2))
            }
            drawCalls += 1
        }
        glStencilMask(0xFF)
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_REPLACE))
        glStencilFunc(GLenum(GL_ALWAYS), 0x80, 0xFF)
        // Rects lie exactly on their slots: no scissor (the last fan's would cut them).
        glDisable(GLenum(GL_SCISSOR_TEST))
        try drawRects(layout.whole)
        try markEdges(fills, page: page, instances: instances, stride: stride)
    }

    /// Writes 1.0 on the unmarked pixels of `fills` inside their fill (stencil test by rule), blending off.
    /// Leaves the stencil test off and colour writes on.
    func cover(page: RenderTarget) throws {
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glDisable(GLenum(GL_BLEND))
        glStencilMask(0)
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_KEEP))
        glUseProgram(solid.id)
        glUniform2f(solid.uniform("u_targetSize"), Float(page.width), Float(page.height))
        glBindVertexArray(positionVAO)
        glStencilFunc(GLenum(GL_NOTEQUAL), 0, 0x7F)
        try drawRects(layout.nonZero)
        glStencilFunc(GLenum(GL_EQUAL), 1, 0x01)
        try drawRects(layout.evenOdd)
        glStencilMask(0xFF)
        glDisable(GLenum(GL_STENCIL_TEST))
    }

    /// The stencil state of the area draws: only marked pixels, the stencil kept.
    func testMarked() {
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
        glStencilMask(0)
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_KEEP))
        glStencilFunc(GLenum(GL_EQUAL), 0x80, 0x80)
    }

    /// Draws the 4 boundary quads of each fill's trapezoid pieces, scissored to its rect.
    private func markEdges(_ fills: [Fill], page: RenderTarget, instances: GLuint, stride: Int) throws {
        glEnable(GLenum(GL_SCISSOR_TEST))
        glUseProgram(edges.id)
        glUniform2f(edges.uniform("u_targetSize"), Float(page.width), Float(page.height))
        glBindVertexArray(edgeVAO)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instances)
        for fill in fills where fill.count > 0 {
            let (b, s) = (fill.bounds, fill.slot)
            glScissor(GLint(s.x), GLint(s.y), GLsizei(b.width), GLsizei(b.height))
            glUniform2f(edges.uniform("u_offset"), Float(s.x), Float(s.y))
            // GLES 3.0 has no base instance: the instanced attributes start at the fill's first record.
            let base = fill.first * stride
            glVertexAttribPointer(1, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), GLsizei(stride), UnsafeRawPointer(bitPattern: base))
            glVertexAttribPointer(2, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), GLsizei(stride),
                                  UnsafeRawPointer(bitPattern: base + 8))
            glVertexAttribPointer(3, 3, GLenum(GL_FLOAT), GLboolean(GL_FALSE), GLsizei(stride),
                                  UnsafeRawPointer(bitPattern: base + 24))
            try gl("glDrawArraysInstanced(\(fill.count) trapezoid boundaries)") {
                glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(fill.count * 4))
            }
            drawCalls += 1
        }
    }

    /// Draws the vertices `range` (float indices) of the position buffer as triangles, if any.
    private func drawRects(_ range: Range<Int>) throws {
        guard !range.isEmpty else { return }
        try gl("glDrawArrays(rects, \(range.count / 2) vertices)") {
            glDrawArrays(GLenum(GL_TRIANGLES), GLint(range.lowerBound / 2), GLsizei(range.count / 2))
        }
        drawCalls += 1
    }
}
