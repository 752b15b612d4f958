import Foundation

/// Errors of the GPU renderer; each case names what failed and why, with EGL / GL codes spelled out.
public enum GLError: Error, CustomStringConvertible, Equatable {
    /// No EGL platform gave a GLES 3.0 context; one line per platform tried.
    case noPlatform(attempts: [String])
    /// An EGL call failed.
    case egl(call: String, code: String)
    /// A GL call raised an error (`glGetError`).
    case gl(call: String, code: String)
    /// A shader failed to compile or a program to link; `file:line: message` lines.
    case shader(file: String, log: String)
    /// A shader file is missing from the LaminaShaders bundle.
    case missingShader(String)
    /// A framebuffer was incomplete (GLES 3.0 §4.4.4).
    case framebuffer(status: String)
    /// The graph refers to something it does not contain.
    case invalidGraph(String)
    /// The context lacks what a draw needs (named extensions).
    case unsupported(String)
    /// A draw is past one of the renderer's limits (a path fill's trapezoids, `PathTrapezoids`).
    case limit(String)

    public var description: String {
        switch self {
        case .noPlatform(let attempts):
            return "no EGL platform gave an OpenGL ES 3.0 context:\n"
                + attempts.map { "  - \($0)" }.joined(separator: "\n")
                + "\nuse `--backend cpu` to render without a GPU"
        case .egl(let call, let code): return "\(call) failed: \(code)"
        case .gl(let call, let code): return "\(call) raised \(code)"
        case .shader(let file, let log): return "shader \(file) failed:\n\(log)"
        case .missingShader(let name): return "shader \(name) is not in the LaminaShaders bundle"
        case .framebuffer(let status): return "framebuffer incomplete: \(status)"
        case .invalidGraph(let why): return "invalid render graph: \(why)"
        case .unsupported(let why): return "unsupported by this GL context: \(why)"
        case .limit(let why): return "over a renderer limit: \(why)"
        }
    }
}
