import CGLES
import Foundation

/// An EGL display and an OpenGL ES 3.0 context without any window surface.
///
/// Platforms are tried in `EGLPlatformChoice` order (device, surfaceless, gbm) and the first that gives a
/// GLES 3.0 context wins; the `platform` argument (the command line's `LAMINA_EGL_PLATFORM`) forces one. The context is made
/// current with no surface (EGL_KHR_surfaceless_context, EGL 1.5 §3.7.3) and renders only into FBOs; a
/// 1x1 pbuffer is the fallback where that extension is missing. Nothing here reads DISPLAY or
/// EGL_PLATFORM.
final class GLContext {
    let display: EGLDisplay
    let context: EGLContext
    let platform: EGLPlatformChoice
    /// What was chosen within the platform (device name, render node), for `lamina info`.
    let platformDetail: String
    /// EGL client extensions (EGL_EXT_client_extensions) and display extensions.
    let clientExtensions: Set<String>
    let displayExtensions: Set<String>
    private let surface: EGLSurface?
    private let gbm: GBMDevice?
    /// The config the context was made with (shared contexts use it too).
    private let config: EGLConfig?

    /// Starts EGL on the first platform that works, or on `forced`; throws `GLError.noPlatform` listing
    /// every platform tried and why it failed.
    init(forced: EGLPlatformChoice?) throws {
        let client = GLContext.splitExtensions(eglQueryString(nil, EGL_EXTENSIONS))
        let order = forced.map { [$0] } ?? EGLPlatformChoice.allCases
        var attempts: [String] = []
        for choice in order {
            for candidate in GLContext.candidates(choice, clientExtensions: client, attempts: &attempts) {
                do {
                    let made = try GLContext.makeContext(display: candidate.display)
                    display = candidate.display; context = made.context; surface = made.surface
                    config = made.config
                    platform = choice; platformDetail = candidate.detail; gbm = candidate.gbm
                    clientExtensions = client
                    displayExtensions = GLContext.splitExtensions(eglQueryString(candidate.display, EGL_EXTENSIONS))
                    return
                } catch {
                    attempts.append("\(choice) (\(candidate.detail)): \(error)")
                }
            }
        }
        throw GLError.noPlatform(attempts: attempts)
    }

    deinit {
        eglMakeCurrent(display, nil, nil, nil)
        if let s = surface { eglDestroySurface(display, s) }
        eglDestroyContext(display, context)
        // EGL displays are per native display and shared process-wide (EGL 1.5 §3.2): terminating a device
        // or surfaceless display would destroy other renderers' contexts. A GBM display is ours alone.
        if gbm != nil { eglTerminate(display) }
    }

    /// Makes the context current on the calling thread if it is not already.
    func makeCurrent() throws {
        if eglGetCurrentContext() == context { return }
        guard eglMakeCurrent(display, surface, surface, context) == EGLBoolean(EGL_TRUE) else {
            throw GLError.egl(call: "eglMakeCurrent", code: ErrorName.eglCurrent())
        }
    }

    /// A display to try, with what it is.
    private struct Candidate {
        let display: EGLDisplay
        let detail: String
        let gbm: GBMDevice?
    }

    /// The displays a platform offers, best first; records in `attempts` why a platform offers none.
    private static func candidates(_ choice: EGLPlatformChoice, clientExtensions: Set<String>,
                                   attempts: inout [String]) -> [Candidate] {
        switch choice {
        case .device:
            return DeviceEnumeration.candidates(clientExtensions: clientExtensions, attempts: &attempts)
                .map { Candidate(display: $0.display, detail: $0.detail, gbm: nil) }
        case .surfaceless:
            guard clientExtensions.contains("EGL_MESA_platform_surfaceless") else {
                attempts.append("surfaceless: EGL_MESA_platform_surfaceless not offered by this EGL")
                return []
            }
            guard let d = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
                attempts.append("surfaceless: eglGetPlatformDisplay failed: \(ErrorName.eglCurrent())")
                return []
            }
            return [Candidate(display: d, detail: "Mesa surfaceless", gbm: nil)]
        case .gbm:
            guard clientExtensions.contains("EGL_KHR_platform_gbm") || clientExtensions.contains("EGL_MESA_platform_gbm")
            else {
                attempts.append("gbm: EGL_KHR_platform_gbm not offered by this EGL")
                return []
            }
            do {
                let dev = try GBMDevice()
                guard let d = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_GBM_KHR), dev.device, nil) else {
                    attempts.append("gbm (\(dev.path)): eglGetPlatformDisplay failed: \(ErrorName.eglCurrent())")
                    return []
                }
                return [Candidate(display: d, detail: dev.path, gbm: dev)]
            } catch {
                attempts.append("gbm: \(error)")
                return []
            }
        }
    }

    /// Initialises `display` and creates a current GLES 3.0 context on it.
    private static func makeContext(display: EGLDisplay) throws
        -> (context: EGLContext, surface: EGLSurface?, config: EGLConfig?) {
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGLBoolean(EGL_TRUE) else {
            throw GLError.egl(call: "eglInitialize", code: ErrorName.eglCurrent())
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGLBoolean(EGL_TRUE) else {
            throw GLError.egl(call: "eglBindAPI(EGL_OPENGL_ES_API)", code: ErrorName.eglCurrent())
        }
        let exts = splitExtensions(eglQueryString(display, EGL_EXTENSIONS))
        let surfaceless = exts.contains("EGL_KHR_surfaceless_context")
        // SURFACE_TYPE defaults to EGL_WINDOW_BIT in eglChooseConfig (EGL 1.5 Table 3.4); ask for none, or
        // for a pbuffer when a surface will be needed.
        let attribs: [EGLint] = [EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
                                 EGL_SURFACE_TYPE, surfaceless ? 0 : EGL_PBUFFER_BIT,
                                 EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE]
        var config: EGLConfig?
        var count: EGLint = 0
        guard eglChooseConfig(display, attribs, &config, 1, &count) == EGLBoolean(EGL_TRUE), count > 0 else {
            let code = eglGetError()
            throw GLError.egl(call: "eglChooseConfig(GLES3)",
                              code: code == EGL_SUCCESS ? "no matching config" : ErrorName.egl(code))
        }
        let ctxAttribs: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE]
        guard let ctx = eglCreateContext(display, config, nil, ctxAttribs) else {
            throw GLError.egl(call: "eglCreateContext(GLES 3.0)", code: ErrorName.eglCurrent())
        }
        var surface: EGLSurface?
        if !surfaceless {
            let pb: [EGLint] = [EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE]
            guard let s = eglCreatePbufferSurface(display, config, pb) else {
                let code = ErrorName.eglCurrent()
                eglDestroyContext(display, ctx)
                throw GLError.egl(call: "eglCreatePbufferSurface (no EGL_KHR_surfaceless_context)", code: code)
            }
            surface = s
        }
        guard eglMakeCurrent(display, surface, surface, ctx) == EGLBoolean(EGL_TRUE) else {
            let code = ErrorName.eglCurrent()
            if let s = surface { eglDestroySurface(display, s) }
            eglDestroyContext(display, ctx)
            throw GLError.egl(call: "eglMakeCurrent", code: code)
        }
        let version = GLContext.glString(GL_VERSION)
        guard version.hasPrefix("OpenGL ES 3") else {
            eglMakeCurrent(display, nil, nil, nil)
            if let s = surface { eglDestroySurface(display, s) }
            eglDestroyContext(display, ctx)
            throw GLError.egl(call: "eglCreateContext", code: "GL_VERSION is '\(version)', not OpenGL ES 3")
        }
        return (ctx, surface, config)
    }

    /// A second GLES 3.0 context in this context's share group (textures and sync objects shared, EGL 1.5
    /// §3.7.1), with a 1x1 pbuffer where this one has one; not current anywhere. The caller destroys both.
    func makeSharedContext() throws -> (context: EGLContext, surface: EGLSurface?) {
        let ctxAttribs: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE]
        guard let ctx = eglCreateContext(display, config, context, ctxAttribs) else {
            throw GLError.egl(call: "eglCreateContext(shared, GLES 3.0)", code: ErrorName.eglCurrent())
        }
        guard surface != nil else { return (ctx, nil) }
        let pb: [EGLint] = [EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE]
        guard let s = eglCreatePbufferSurface(display, config, pb) else {
            let code = ErrorName.eglCurrent()
            eglDestroyContext(display, ctx)
            throw GLError.egl(call: "eglCreatePbufferSurface(shared)", code: code)
        }
        return (ctx, s)
    }

    /// A GL string (GLES 3.0 §6.1.6), empty when the query fails.
    static func glString(_ name: Int32) -> String {
        guard let p = glGetString(GLenum(name)) else { return "" }
        return String(cString: p)
    }

    static func splitExtensions(_ s: UnsafePointer<CChar>?) -> Set<String> {
        guard let s else { return [] }
        return Set(String(cString: s).split(separator: " ").map(String.init))
    }
}
