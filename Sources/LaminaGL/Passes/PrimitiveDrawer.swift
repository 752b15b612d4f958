import CGLES

/// Draws batches of instances with `quad.vert` + `primitive.frag`; owns the programs, the vertex array,
/// the vertex and index buffers and the clip texture, and frees them in `deinit`.
final class PrimitiveDrawer {
    /// The variants of `primitive.frag` built so far, by key. A variant is compiled the first time a batch
    /// needs it (a renderer meets a handful), so the warm-up frame pays for the ones a scene uses.
    private var programs: [ShaderKey: ShaderProgram] = [:]
    private var vao: GLuint = 0
    private var vertexBuffer: GLuint = 0
    private var indexBuffer: GLuint = 0
    /// Quads the index buffer covers: (4k, 4k+1, 4k+2), (4k+2, 4k+1, 4k+3) for each quad k.
    private var indexedQuads = 0
    /// The pass's vertices, reused from pass to pass.
    private var vertices: [Float] = []
    private var clipTexture: GLuint = 0
    private var clipRows = 0
    /// Draw calls issued so far (a profiling counter).
    private(set) var drawCalls = 0
    /// How records travel and how many quads a draw takes (`RasterTuning`).
    let tuning: RasterTuning
    /// Where the pass's pixel (0, 0) lies in the bound target, in whole pixels: (0, 0) but while a draw is
    /// made into a kept page (`KeptDrawAtlas`), whose viewport is moved by as much.
    var pixelOffset = (x: 0, y: 0)

    init(tuning: RasterTuning = .general) throws {
        self.tuning = tuning
        glGenVertexArrays(1, &vao)
        glGenBuffers(1, &vertexBuffer)
        glGenBuffers(1, &indexBuffer)
        glGenTextures(1, &clipTexture)
        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        // The element array binding is vertex-array state (GLES 3.0 §2.10), set once here.
        glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), indexBuffer)
        if tuning.instanced {
            for i in 0...InstanceLayout.attributeCount {
                glEnableVertexAttribArray(GLuint(i))
                glVertexAttribDivisor(GLuint(i), 1)
            }
            pointInstanceAttributes(at: 0)
        } else {
            let stride = GLsizei(InstanceLayout.vertexStride)
            glEnableVertexAttribArray(0)
            glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, nil)
            for i in 1...InstanceLayout.attributeCount {
                glEnableVertexAttribArray(GLuint(i))
                glVertexAttribPointer(GLuint(i), 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                      UnsafeRawPointer(bitPattern: 8 + (i - 1) * 16))
            }
        }
        glBindVertexArray(0)
        // Float textures are sampled with texelFetch only: RGBA32F is not filterable in GLES 3.0
        // (Table 3.13), so NEAREST keeps the texture complete.
        glBindTexture(GLenum(GL_TEXTURE_2D), clipTexture)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        try GLCheck.check("PrimitiveDrawer setup")
        // The variants every card scene uses, built now so that their compile errors surface at setup.
        for key in [ShaderKey(kind: .solid), ShaderKey(kind: .solid, blended: tuning.quantizesOpaqueSolids),
                    ShaderKey(kind: .fill, rounded: true)] { _ = try program(key) }
    }

    /// The program of `key`, built and given its sampler units on first use; its record travels as the
    /// tuning says (`RasterTuning.smoothRecords`).
    func program(_ key: ShaderKey) throws -> ShaderProgram {
        if let p = programs[key] { return p }
        let record = tuning.smoothRecords ? ["SMOOTH_RECORDS"] : []
        let p = try ShaderProgram(vertex: "quad.vert", fragment: key.opaqueCopy ? "opaque_copy.frag" : "primitive.frag",
                                  defines: key.defines + record,
                                  vertexDefines: record + (tuning.instanced ? ["INSTANCED"] : [])
                                    + (key.opaqueCopy ? ["OPAQUE_COPY"] : []))
        glUseProgram(p.id)
        glUniform1i(p.uniform("u_texture"), 0)
        glUniform1i(p.uniform("u_mask"), 1)
        glUniform1i(p.uniform("u_clips"), 2)
        glUniform1i(p.uniform("u_coverage"), 3)
        glUniform1i(p.uniform("u_clipsWidth"), GLint(ClipTable.width))
        glUniform1i(p.uniform("u_clipsShift"), GLint(ClipTable.width.trailingZeroBitCount))
        try GLCheck.check("primitive.frag \((key.defines + record).joined(separator: " ")) setup")
        programs[key] = p
        return p
    }

    deinit {
        glDeleteVertexArrays(1, &vao)
        glDeleteBuffers(1, &vertexBuffer)
        glDeleteBuffers(1, &indexBuffer)
        glDeleteTextures(1, &clipTexture)
    }

    /// Uploads a pass's instances (as they are where the tuning draws instances, else as four vertices
    /// each) and its clips (the buffer is respecified, so the driver can orphan the previous pass's storage
    /// instead of waiting for draws that still read it).
    func upload(instances: [Float], clips: ClipTable) throws {
        if !tuning.instanced {
            InstanceLayout.expand(instances, into: &vertices)
            try ensureIndices(quads: instances.count / InstanceLayout.floats)
        }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        (tuning.instanced ? instances : vertices).withUnsafeBytes {
            glBufferData(GLenum(GL_ARRAY_BUFFER), max(16, $0.count), $0.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        // Most passes (shadow shapes, masks) have no clip: keep the texture as it is, nothing reads it.
        guard clips.count > 0 else { return try GLCheck.check("PrimitiveDrawer.upload") }
        let (data, rows) = clips.texels()
        glBindTexture(GLenum(GL_TEXTURE_2D), clipTexture)
        data.withUnsafeBytes { p in
            if rows > clipRows {
                glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA32F, GLsizei(ClipTable.width), GLsizei(rows), 0,
                             GLenum(GL_RGBA), GLenum(GL_FLOAT), p.baseAddress)
                clipRows = rows
            } else {
                glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(ClipTable.width), GLsizei(rows),
                                GLenum(GL_RGBA), GLenum(GL_FLOAT), p.baseAddress)
            }
        }
        try GLCheck.check("PrimitiveDrawer.upload")
    }

    /// Points the instanced attributes (the pixel rect at location 0, the record's vec4s after it) at
    /// instance `first` of the bound vertex buffer.
    private func pointInstanceAttributes(at first: Int) {
        let stride = InstanceLayout.floats * MemoryLayout<Float>.size
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        for i in 0...InstanceLayout.attributeCount {
            glVertexAttribPointer(GLuint(i), 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), GLsizei(stride),
                                  UnsafeRawPointer(bitPattern: first * stride + i * 16))
        }
    }

    /// Grows the index buffer to cover `quads` quads (doubling, so a frame rarely regrows it).
    private func ensureIndices(quads: Int) throws {
        guard quads > indexedQuads else { return }
        let n = max(quads, 2 * indexedQuads, 1024)
        var indices: [UInt32] = []
        indices.reserveCapacity(6 * n)
        for k in 0..<UInt32(n) { indices += [4 * k, 4 * k + 1, 4 * k + 2, 4 * k + 2, 4 * k + 1, 4 * k + 3] }
        glBindVertexArray(vao)
        indices.withUnsafeBytes {
            glBufferData(GLenum(GL_ELEMENT_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW))
        }
        glBindVertexArray(0)
        indexedQuads = n
        try GLCheck.check("PrimitiveDrawer index buffer")
    }

    /// Draws into the bound target of the given size: the `opaque` batch (if any) without blending, then
    /// `batches` premultiplied source-over. With `depthTested` the opaque batch writes depth and the rest
    /// is drawn only where nearer (`PassBatcher`'s occlusion); without, culling has already left no pixel
    /// of an earlier piece under an opaque one.
    func draw(opaque: Batch?, _ batches: [Batch], depthTested: Bool, targetWidth: Int, targetHeight: Int) throws {
        guard opaque != nil || !batches.isEmpty else { return }
        var current: ShaderProgram?
        defer {
            glDisable(GLenum(GL_DEPTH_TEST))
            glDepthMask(GLboolean(GL_TRUE))
        }
        if let opaque, !depthTested {
            glDisable(GLenum(GL_BLEND))
            try draw([opaque], current: &current, fetchBlend: false, targetWidth: targetWidth, targetHeight: targetHeight)
        } else if let opaque {
            glEnable(GLenum(GL_DEPTH_TEST))
            glDepthFunc(GLenum(GL_LESS))
            glDepthMask(GLboolean(GL_TRUE))
            glDisable(GLenum(GL_BLEND))
            try draw([opaque], current: &current, fetchBlend: false, targetWidth: targetWidth, targetHeight: targetHeight)
            glDepthMask(GLboolean(GL_FALSE))
        }
        // Premultiplied source-over, dst = src + dst * (1 - src.a) (GLES 3.0 §4.1.7): in the shader through
        // framebuffer fetch where the tuning has it, else by the fixed-function blender.
        if tuning.fetchBlend {
            glDisable(GLenum(GL_BLEND))
        } else {
            glEnable(GLenum(GL_BLEND))
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        }
        try draw(batches, current: &current, fetchBlend: tuning.fetchBlend, targetWidth: targetWidth,
                 targetHeight: targetHeight)
        glDisable(GLenum(GL_BLEND))
    }

    private func setBlending(_ on: Bool) {
        if on { glEnable(GLenum(GL_BLEND)) } else { glDisable(GLenum(GL_BLEND)) }
    }

    /// Draws `batches` added to the bound target (`dst + src`, `TextureDraw.adds`): the fixed-function
    /// blender with both factors one, which rounds the source to the target's bytes and adds them, held to 1.
    func drawAdding(_ batches: [Batch], targetWidth: Int, targetHeight: Int) throws {
        guard !batches.isEmpty else { return }
        var current: ShaderProgram?
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
        defer { glDisable(GLenum(GL_BLEND)) }
        try draw(batches, current: &current, fetchBlend: false, targetWidth: targetWidth, targetHeight: targetHeight)
    }

    private func draw(_ batches: [Batch], current: inout ShaderProgram?, fetchBlend: Bool, targetWidth: Int,
                      targetHeight: Int) throws {
        glBindVertexArray(vao)
        glActiveTexture(GLenum(GL_TEXTURE2))
        glBindTexture(GLenum(GL_TEXTURE_2D), clipTexture)
        // Opaque copies replace the target's pixels: no blending for them, whichever way the others blend.
        let blends = glIsEnabled(GLenum(GL_BLEND)) != 0
        var blending = blends
        defer { if blending != blends { setBlending(blends) } }
        for batch in batches {
            var key = batch.key
            key.fetchBlend = fetchBlend && !key.opaqueCopy
            if blends, blending == key.opaqueCopy {
                blending = !key.opaqueCopy
                setBlending(blending)
            }
            let p = try program(key)
            if p !== current {
                glUseProgram(p.id)
                glUniform2f(p.uniform("u_targetSize"), Float(targetWidth), Float(targetHeight))
                glUniform2f(p.uniform("u_pixelOffset"), Float(pixelOffset.x), Float(pixelOffset.y))
                current = p
            }
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), batch.texture?.id ?? 0)
            glBindSampler(0, 0)
            glActiveTexture(GLenum(GL_TEXTURE1))
            glBindTexture(GLenum(GL_TEXTURE_2D), batch.mask?.id ?? 0)
            glBindSampler(1, 0)
            glActiveTexture(GLenum(GL_TEXTURE3))
            glBindTexture(GLenum(GL_TEXTURE_2D), batch.coverage?.id ?? 0)
            glBindSampler(3, 0)
            var first = batch.firstInstance
            let end = batch.firstInstance + batch.count
            while first < end {
                let n = min(tuning.maxQuadsPerDraw, end - first)
                if tuning.instanced {
                    // GLES 3.0 has no base instance: the attributes start at the batch's first instance.
                    pointInstanceAttributes(at: first)
                    try gl("glDrawArraysInstanced(\(n) quads)") {
                        glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(n))
                    }
                } else {
                    let offset = UnsafeRawPointer(bitPattern: first * 6 * MemoryLayout<UInt32>.size)
                    try gl("glDrawElements(\(n) quads)") {
                        glDrawElements(GLenum(GL_TRIANGLES), GLsizei(6 * n), GLenum(GL_UNSIGNED_INT), offset)
                    }
                }
                drawCalls += 1
                first += n
            }
        }
        glBindVertexArray(0)
    }
}
