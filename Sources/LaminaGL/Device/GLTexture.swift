import CGLES
import LaminaImage

/// A 2D texture this renderer owns; deleted in `deinit`.
final class GLTexture {
    let id: GLuint
    let width: Int
    let height: Int
    let levels: Int

    /// Allocates immutable storage (GLES 3.0 §3.8.4, glTexStorage2D) of `levels` levels and `format`; a
    /// BGRA target's single level through glTexImage2D (EXT_texture_format_BGRA8888).
    init(width: Int, height: Int, levels: Int = 1, format: Int32 = GL_RGBA8) throws {
        // Checked here, not left to glGetError, which release builds do not read.
        var maxSize: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &maxSize)
        guard width > 0, height > 0, width <= Int(maxSize), height <= Int(maxSize) else {
            throw GLError.invalidGraph("a \(width)x\(height) texture is outside 1...\(maxSize) (GL_MAX_TEXTURE_SIZE)")
        }
        var t: GLuint = 0
        glGenTextures(1, &t)
        id = t
        self.width = width; self.height = height; self.levels = levels
        glBindTexture(GLenum(GL_TEXTURE_2D), t)
        if format == GL_BGRA_EXT {
            // EXT_texture_format_BGRA8888 names BGRA as an unsized format for glTexImage2D; Mesa 22.3 refuses
            // GL_BGRA8_EXT in glTexStorage2D. One level: BGRA targets are pass targets (RasterTuning).
            guard levels == 1 else { throw GLError.invalidGraph("a BGRA texture has one level, not \(levels)") }
            try gl("glTexImage2D(BGRA, \(width)x\(height))") {
                glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_BGRA_EXT, GLsizei(width), GLsizei(height), 0,
                             GLenum(GL_BGRA_EXT), GLenum(GL_UNSIGNED_BYTE), nil)
            }
        } else {
            try gl("glTexStorage2D(\(width)x\(height), \(levels) levels)") {
                glTexStorage2D(GLenum(GL_TEXTURE_2D), GLsizei(levels), GLenum(format), GLsizei(width), GLsizei(height))
            }
        }
        // Shaders read texels with texelFetch and filter them themselves (common.glsl), so the texture's
        // filters only have to make it complete over all its levels (§3.8.13): a mipmapped nearest
        // minification filter where there are several.
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAX_LEVEL), GLint(levels - 1))
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER),
                        levels > 1 ? GL_NEAREST_MIPMAP_NEAREST : GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        // The one `texture()` read, opaque_copy.frag's, stays inside the texture; clamping keeps its form the
        // one llvmpipe's linear rasterizer takes.
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    }

    /// A texture holding `levels` (level 0 first: an image, or its mip chain) exactly as Lamina built them
    /// (never glGenerateMipmap).
    convenience init(levels: [Image]) throws {
        guard let base = levels.first else { throw GLError.invalidGraph("a texture without levels") }
        try self.init(width: base.width, height: base.height, levels: levels.count)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        for (level, image) in levels.enumerated() {
            try image.pixels.withUnsafeBytes { bytes in
                try gl("glTexSubImage2D(level \(level))") {
                    glTexSubImage2D(GLenum(GL_TEXTURE_2D), GLint(level), 0, 0, GLsizei(image.width),
                                    GLsizei(image.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
                }
            }
        }
    }

    deinit {
        var t = id
        glDeleteTextures(1, &t)
    }
}
