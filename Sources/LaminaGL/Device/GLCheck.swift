import CGLES
import Foundation

/// The one place GL errors are checked.
///
/// `gl("glFoo") { glFoo(...) }` runs the call and, in debug builds or where `RenderOptions.checksGLErrors`
/// asks, reads `glGetError` and throws `GLError.gl` naming the call and the code. In release builds the
/// check is off by default, because `glGetError` forces a round trip to the driver (it serialises the
/// command stream on most implementations).
enum GLCheck {
    /// Whether errors are checked after each call: the build's default until a renderer starts with
    /// `RenderOptions.checksGLErrors` set (process-wide, as the GL error flag is per context but the
    /// checking cost is the driver's).
    nonisolated(unsafe) static var enabled: Bool = {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }()

    /// Throws if the GL error flag is set, naming `call`. Drains every pending flag (GLES 3.0 §2.5: there
    /// may be several) so a later check does not blame the wrong call.
    /// `force` checks even where checks are off (tests of the checker itself).
    static func check(_ call: String, force: Bool = false) throws {
        guard enabled || force else { return }
        var first: GLenum = GLenum(GL_NO_ERROR)
        while true {
            let e = glGetError()
            if e == GLenum(GL_NO_ERROR) { break }
            if first == GLenum(GL_NO_ERROR) { first = e }
        }
        if first != GLenum(GL_NO_ERROR) { throw GLError.gl(call: call, code: ErrorName.gl(first)) }
    }
}

/// Runs a GL call and checks it (see `GLCheck`).
@inline(__always)
@discardableResult
func gl<T>(_ call: @autoclosure () -> String, _ body: () throws -> T) throws -> T {
    let r = try body()
    // The name is built only when checked: call sites interpolate sizes and counts into it.
    if GLCheck.enabled { try GLCheck.check(call()) }
    return r
}
