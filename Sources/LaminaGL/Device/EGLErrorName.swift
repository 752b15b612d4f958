import CGLES

/// Names of EGL and GL error codes, so that failures read `EGL_BAD_MATCH` rather than `12297`.
enum ErrorName {
    /// The name of an EGL error code (EGL 1.5 §3.1, eglGetError).
    static func egl(_ code: EGLint) -> String {
        switch code {
        case EGL_SUCCESS: return "EGL_SUCCESS"
        case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED"
        case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS"
        case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC"
        case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE"
        case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG"
        case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT"
        case EGL_BAD_CURRENT_SURFACE: return "EGL_BAD_CURRENT_SURFACE"
        case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY"
        case EGL_BAD_MATCH: return "EGL_BAD_MATCH"
        case EGL_BAD_NATIVE_PIXMAP: return "EGL_BAD_NATIVE_PIXMAP"
        case EGL_BAD_NATIVE_WINDOW: return "EGL_BAD_NATIVE_WINDOW"
        case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER"
        case EGL_BAD_SURFACE: return "EGL_BAD_SURFACE"
        case EGL_CONTEXT_LOST: return "EGL_CONTEXT_LOST"
        case 0x322B: return "EGL_BAD_DEVICE_EXT"
        default: return "EGL error 0x\(String(code, radix: 16))"
        }
    }

    /// The current EGL error, by name.
    static func eglCurrent() -> String { egl(eglGetError()) }

    /// The name of a GL error code (GLES 3.0 §2.5, Table 2.3).
    static func gl(_ code: GLenum) -> String {
        switch Int32(code) {
        case GL_NO_ERROR: return "GL_NO_ERROR"
        case GL_INVALID_ENUM: return "GL_INVALID_ENUM"
        case GL_INVALID_VALUE: return "GL_INVALID_VALUE"
        case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION"
        case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION"
        case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY"
        default: return "GL error 0x\(String(code, radix: 16))"
        }
    }

    /// The name of a framebuffer status (GLES 3.0 §4.4.4.2).
    static func framebuffer(_ status: GLenum) -> String {
        switch Int32(status) {
        case GL_FRAMEBUFFER_COMPLETE: return "GL_FRAMEBUFFER_COMPLETE"
        case GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT: return "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT"
        case GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT: return "GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT"
        case GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS: return "GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS"
        case GL_FRAMEBUFFER_UNSUPPORTED: return "GL_FRAMEBUFFER_UNSUPPORTED"
        case GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE: return "GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE"
        default: return "framebuffer status 0x\(String(status, radix: 16))"
        }
    }
}
