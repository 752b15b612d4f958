import CGLES
import Foundation

/// What the GPU renderer runs on: the EGL platform, EGL and GL strings, and the extensions Lamina uses.
public struct GPUInfo: Sendable, CustomStringConvertible {
    /// The EGL platform that gave the context, and what was picked within it (device, render node).
    public let platform: EGLPlatformChoice
    public let platformDetail: String
    public let eglVendor: String
    public let eglVersion: String
    public let glRenderer: String
    public let glVersion: String
    public let glslVersion: String
    /// Each extension Lamina looks for, and whether it is present.
    public let extensions: [(name: String, present: Bool)]

    /// The EGL and GL extensions Lamina looks for (used, or reported for profiling).
    public static let watchedExtensions = [
        "EGL_EXT_platform_device", "EGL_MESA_platform_surfaceless", "EGL_KHR_platform_gbm",
        "EGL_KHR_surfaceless_context", "EGL_KHR_no_config_context",
        "GL_EXT_disjoint_timer_query", "GL_EXT_color_buffer_float", "GL_EXT_color_buffer_half_float",
        "GL_EXT_float_blend",
        "GL_EXT_texture_border_clamp", "GL_EXT_texture_format_BGRA8888", "GL_EXT_read_format_bgra",
        "GL_EXT_shader_framebuffer_fetch", "GL_EXT_shader_framebuffer_fetch_non_coherent",
    ]

    init(context: GLContext) {
        platform = context.platform
        platformDetail = context.platformDetail
        eglVendor = eglQueryString(context.display, EGL_VENDOR).map { String(cString: $0) } ?? ""
        eglVersion = eglQueryString(context.display, EGL_VERSION).map { String(cString: $0) } ?? ""
        glRenderer = GLContext.glString(GL_RENDERER)
        glVersion = GLContext.glString(GL_VERSION)
        glslVersion = GLContext.glString(GL_SHADING_LANGUAGE_VERSION)
        // GLES 3.0 §6.1.6: extensions are queried one by one with glGetStringi.
        var n: GLint = 0
        glGetIntegerv(GLenum(GL_NUM_EXTENSIONS), &n)
        var gl = Set<String>()
        for i in 0..<max(0, Int(n)) {
            if let p = glGetStringi(GLenum(GL_EXTENSIONS), GLuint(i)) { gl.insert(String(cString: p)) }
        }
        let all = context.clientExtensions.union(context.displayExtensions).union(gl)
        extensions = GPUInfo.watchedExtensions.map { ($0, all.contains($0)) }
    }

    public var description: String {
        var lines = [
            "EGL platform:  \(platform) (\(platformDetail))",
            "EGL vendor:    \(eglVendor)",
            "EGL version:   \(eglVersion)",
            "GL_RENDERER:   \(glRenderer)",
            "GL_VERSION:    \(glVersion)",
            "GLSL version:  \(glslVersion)",
            "extensions:",
        ]
        lines += extensions.map { "  \($0.present ? "yes" : "no ") \($0.name)" }
        return lines.joined(separator: "\n")
    }
}
