import CGLES

/// Draws batches of instances with `quad.vert` + `primitive.frag`; owns the program, the vertex array,
/// the instance and corner buffers and the clip texture, and frees them in `deinit`.
final class PrimitiveDrawer {
    /// Variants of `primitive.frag`, indexed by `variant(textured:clipped:)`: with or without texture
    /// kinds (`SHAPES_ONLY`) and with or without the clip loop (`CLIPS`), because a software rasterizer
    /// pays for code it skips at run time.
    let programs: [ShaderProgram]

    static func variant(textured: Bool, clipped: Bool) -> Int { (textured ? 1 : 0) + (clipped ? 2 : 0) }
    private var vao: GLuint = 0
    private var cornerBuffer: GLuint = 0
    private var instanceBuffer: GLuint = 0
    private var clipTexture: GLuint = 0
    private var clipRows = 0
    /// Draw calls issued so far (a profiling counter).
    private(set) var drawCalls = 0

    init() throws {
        programs = try [["SHAPES_ONLY"], [], ["SHAPES_ONLY", "CLIPS"], ["CLIPS"]].map {
            try ShaderProgram(vertex: "quad.vert", fragment: "primitive.frag", defines: $0)
        }
        glGenVertexArrays(1, &vao)
        glGenBuffers(1, &cornerBuffer)
        glGenBuffers(1, &instanceBuffer)
        glGenTextures(1, &clipTexture)
        glBindVertexArray(vao)
        // A per-vertex attribute (divisor 0) next to the per-instance ones: some GLES implementations
        // (ANGLE on D3D) require one non-instanced array, and it costs four vertices.
        let corners: [Float] = [0, 0, 1, 0, 0, 1, 1, 1]
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), cornerBuffer)
        corners.withUnsafeBytes {
            glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW))
        }
        glEnableVertexAttribArray(InstanceLayout.cornerLocation)
        glVertexAttribPointer(InstanceLayout.cornerLocation, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        for i in 0..<InstanceLayout.vec4Count {
            glEnableVertexAttribArray(GLuint(i))
            glVertexAttribDivisor(GLuint(i), 1)
        }
        glBindVertexArray(0)
        // Float textures are sampled with texelFetch only: RGBA32F is not filterable in GLES 3.0
        // (Table 3.13), so NEAREST keeps the texture complete.
        glBindTexture(GLenum(GL_TEXTURE_2D), clipTexture)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        for p in programs {
            glUseProgram(p.id)
            glUniform1i(p.uniform("u_texture"), 0)
            glUniform1i(p.uniform("u_mask"), 1)
            glUniform1i(p.uniform("u_clips"), 2)
            glUniform1i(p.uniform("u_clipsWidth"), GLint(ClipTable.width))
            glUniform1i(p.uniform("u_clipsShift"), GLint(ClipTable.width.trailingZeroBitCount))
        }
        try GLCheck.check("PrimitiveDrawer setup")
    }

    deinit {
        glDeleteVertexArrays(1, &vao)
        glDeleteBuffers(1, &cornerBuffer)
        glDeleteBuffers(1, &instanceBuffer)
        glDeleteTextures(1, &clipTexture)
    }

    /// Uploads a pass's instances and clips (the buffer is respecified, so the driver can orphan the
    /// previous pass's storage instead of waiting for draws that still read it).
    func upload(instances: [Float], clips: ClipTable) throws {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        instances.withUnsafeBytes {
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

    /// Draws `batches` into the bound target of the given size, premultiplied source-over.
    func draw(_ batches: [Batch], targetWidth: Int, targetHeight: Int) throws {
        guard !batches.isEmpty else { return }
        for p in programs {
            glUseProgram(p.id)
            glUniform2f(p.uniform("u_targetSize"), Float(targetWidth), Float(targetHeight))
        }
        var current: GLuint = 0
        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        glActiveTexture(GLenum(GL_TEXTURE2))
        glBindTexture(GLenum(GL_TEXTURE_2D), clipTexture)
        glEnable(GLenum(GL_BLEND))
        // Premultiplied source-over, dst = src + dst * (1 - src.a) (GLES 3.0 §4.1.7).
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        for batch in batches {
            let p = programs[PrimitiveDrawer.variant(textured: batch.texture != nil, clipped: batch.clipped)].id
            if p != current { glUseProgram(p); current = p }
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), batch.texture?.id ?? 0)
            glBindSampler(0, 0)
            glActiveTexture(GLenum(GL_TEXTURE1))
            glBindTexture(GLenum(GL_TEXTURE_2D), batch.mask?.id ?? 0)
            glBindSampler(1, 0)
            // GLES 3.0 has no base instance, so the attribute pointers move to the batch's first record.
            let base = batch.firstInstance * InstanceLayout.stride
            for i in 0..<InstanceLayout.vec4Count {
                glVertexAttribPointer(GLuint(i), 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE),
                                      GLsizei(InstanceLayout.stride), UnsafeRawPointer(bitPattern: base + i * 16))
            }
            try gl("glDrawArraysInstanced(\(batch.count))") {
                glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(batch.count))
            }
            drawCalls += 1
        }
        glBindVertexArray(0)
        glDisable(GLenum(GL_BLEND))
    }
}
