import CGLES
import LaminaGeometry

/// A texture (RGBA8 or BGRA8, see `RasterTuning`, or RGBA16F for blur intermediates) with a framebuffer
/// object drawing into it; both deleted in `deinit`.
final class RenderTarget {
    let texture: GLTexture
    let framebuffer: GLuint
    var width: Int { texture.width }
    var height: Int { texture.height }

    let format: Int32
    /// A 24-bit depth renderbuffer, attached the first time a pass drawn here occludes (`attachDepth`).
    private var depth: GLuint = 0
    private var depthAttached = false
    /// An 8-bit stencil renderbuffer, attached the first time a stencil-covered path atlas page is drawn
    /// here (`attachStencil`, `StencilCover`) and kept while the target is pooled.
    private var stencil: GLuint = 0

    init(width: Int, height: Int, format: Int32 = GL_RGBA8) throws {
        self.format = format
        texture = try GLTexture(width: width, height: height, format: format)
        var f: GLuint = 0
        glGenFramebuffers(1, &f)
        framebuffer = f
        try RenderTarget.attachColor(texture.id, to: f)
        try GLCheck.check("glFramebufferTexture2D(\(width)x\(height))")
    }

    /// Reads `rows` of this target into their place in a whole-target buffer at `base` (tightly packed,
    /// rows top first; see `readRect`).
    func read(rows: Range<Int>, into base: UnsafeMutableRawPointer) throws {
        bind()
        try read(PixelRect(x0: 0, y0: rows.lowerBound, x1: width, y1: rows.upperBound), into: base)
    }

    /// Reads the pixels of `rect` of this target into their place in a whole-target buffer at `base`.
    func read(_ rect: PixelRect, into base: UnsafeMutableRawPointer) throws {
        try RenderTarget.readRect(rect, width: width, format: format, into: base)
    }

    /// glReadPixels of `rect` of the bound read framebuffer (`width` pixels wide) into its place in the
    /// canvas buffer at `base` (tightly packed, rows top first), checked, then red and blue swapped for a
    /// BGRA target: whole rows in bands of `readBand` rows, each swapped as soon as it is read (while its
    /// bytes are still in the core's cache: a swap over the whole read afterwards went back to memory for
    /// them, a fifth of a frame of one full-canvas rect on llvmpipe), a narrower rect row by row.
    static func readRect(_ rect: PixelRect, width: Int, format: Int32, into base: UnsafeMutableRawPointer) throws {
        guard !rect.isEmpty else { return }
        let bgra = format == GL_BGRA_EXT
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), GLint(width))
        defer { glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0) }
        let band = bgra && rect.width == width ? readBand : rect.height
        var y = rect.y0
        while y < rect.y1 {
            let rows = min(band, rect.y1 - y)
            let start = base + (y * width + rect.x0) * 4
            glReadPixels(GLint(rect.x0), GLint(y), GLsizei(rect.width), GLsizei(rows),
                         GLenum(bgra ? GL_BGRA_EXT : GL_RGBA), GLenum(GL_UNSIGNED_BYTE), start)
            // Checked even in release builds: an unchecked failure would hand back uninitialised memory.
            try GLCheck.check("glReadPixels(\(rect))", force: true)
            if bgra, rect.width == width {
                PixelSwizzle.swap(start, count: rows * width)
            } else if bgra {
                for row in 0..<rows { PixelSwizzle.swap(start + row * width * 4, count: rect.width) }
            }
            y += rows
        }
    }

    /// Rows read (and swapped) at a time: 32 rows of a 1920-pixel canvas are 240 KiB, within a core's L2.
    static let readBand = 32

    /// Binds `framebuffer` and attaches level 0 of `texture` as its colour buffer; throws unless the
    /// framebuffer is then complete (GLES 3.0 §4.4.4).
    static func attachColor(_ texture: GLuint, to framebuffer: GLuint) throws {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D),
                               texture, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw GLError.framebuffer(status: ErrorName.framebuffer(status))
        }
    }

    /// Gives the target a depth buffer (kept while it is pooled) and leaves its framebuffer bound.
    func attachDepth() throws {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        guard !depthAttached else { return }
        if depth == 0 {
            glGenRenderbuffers(1, &depth)
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), depth)
            glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH_COMPONENT24), GLsizei(width),
                                  GLsizei(height))
        }
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_ATTACHMENT), GLenum(GL_RENDERBUFFER), depth)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw GLError.framebuffer(status: ErrorName.framebuffer(status))
        }
        try GLCheck.check("depth buffer (\(width)x\(height))")
        depthAttached = true
    }

    /// Gives the target a stencil buffer (kept while it is pooled; coverage pages never take a depth buffer)
    /// and leaves its framebuffer bound.
    func attachStencil() throws {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        guard stencil == 0 else { return }
        glGenRenderbuffers(1, &stencil)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), stencil)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_STENCIL_INDEX8), GLsizei(width), GLsizei(height))
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_STENCIL_ATTACHMENT), GLenum(GL_RENDERBUFFER),
                                  stencil)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw GLError.framebuffer(status: ErrorName.framebuffer(status))
        }
        try GLCheck.check("stencil buffer (\(width)x\(height))")
    }

    /// Takes the depth buffer off the framebuffer (keeping it for the next `attachDepth`), for rasterizers
    /// that shade faster without one (`RasterTuning.detachesDepth`). Leaves the framebuffer bound.
    func detachDepth() throws {
        guard depthAttached else { return }
        depthAttached = false
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_ATTACHMENT), GLenum(GL_RENDERBUFFER), 0)
        try GLCheck.check("detaching the depth buffer (\(width)x\(height))")
    }

    /// Binds the framebuffer with a viewport over the whole target.
    func bind() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    deinit {
        var f = framebuffer
        glDeleteFramebuffers(1, &f)
        if depth != 0 { glDeleteRenderbuffers(1, &depth) }
        if stencil != 0 { glDeleteRenderbuffers(1, &stencil) }
    }
}
