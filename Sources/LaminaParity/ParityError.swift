import Foundation

/// Why a parity check of one scene produced no comparison.
///
/// The cases split along the CLI's exit codes: `invalidScene` and `notFound` are bad input (exit 1),
/// `rendering` and `sizeMismatch` are renderer failures (exit 2). A scene over its tolerance is not an
/// error: it is a `ParityResult` whose `passed` is false.
public enum ParityError: Error, CustomStringConvertible, Equatable {
    /// A path given to the check is neither a scene file nor a directory.
    case notFound(path: String)
    /// A directory given to the check holds no `*.json` file.
    case noScenes(directory: String)
    /// The scene decoder refused the scene; `reason` is the decoder's message with its JSON pointer (a line
    /// for each error it found).
    case invalidScene(path: String, reason: String)
    /// One backend failed to render the scene.
    case rendering(backend: String, scene: String, reason: String)
    /// The backends returned images of different sizes, so no pixel can be compared.
    case sizeMismatch(scene: String, cpu: String, gpu: String)

    public var description: String {
        switch self {
        case .notFound(let path): return "\(path): no such file or directory"
        case .noScenes(let dir): return "\(dir): the directory holds no *.json scene"
        case .invalidScene(let path, let reason):
            // A refused scene may list several errors, one a line: each names the file.
            return reason.split(separator: "\n", omittingEmptySubsequences: false).map { "\(path): \($0)" }
                .joined(separator: "\n")
        case .rendering(let backend, let scene, let reason): return "\(scene): the \(backend) renderer failed: \(reason)"
        case .sizeMismatch(let scene, let cpu, let gpu):
            return "\(scene): the CPU image is \(cpu) but the GPU image is \(gpu)"
        }
    }

    /// Whether the failure is the input's fault (exit 1) rather than a renderer's (exit 2).
    public var isInvalidInput: Bool {
        switch self {
        case .notFound, .noScenes, .invalidScene: return true
        case .rendering, .sizeMismatch: return false
        }
    }
}
