/// What one input led to. Every case is a normal outcome: a fuzzing finding is a trap, an abort, a hang or
/// runaway memory, which never gets as far as producing one of these.
enum FuzzOutcome: CustomStringConvertible {
    /// The decoder refused the document (`SceneError`).
    case sceneRefused(String)
    /// The planner refused the scene as over the fuzzing `ResourceLimits` (`PlanError`).
    case planRefused(String)
    /// Planned, but too many pixels to render at fuzzing speed.
    case planned(passes: Int, pixels: Int, drawn: Int)
    /// Planned and rendered by the listed backends.
    case rendered(passes: Int, pixels: Int, drawn: Int, backends: String)
    /// A renderer threw (a refusal of its own, e.g. a GL error).
    case renderFailed(String)

    var description: String {
        switch self {
        case .sceneRefused(let m): return "scene refused: \(m)"
        case .planRefused(let m): return "plan refused: \(m)"
        case .planned(let passes, let pixels, let drawn):
            return "planned, not rendered: \(passes) passes, \(pixels) pixels, \(drawn) drawn"
        case .rendered(let passes, let pixels, let drawn, let backends):
            return "rendered (\(backends)): \(passes) passes, \(pixels) pixels, \(drawn) drawn"
        case .renderFailed(let m): return "render failed: \(m)"
        }
    }

    /// A one-word kind, for tallies.
    var kind: String {
        switch self {
        case .sceneRefused: return "scene-refused"
        case .planRefused: return "plan-refused"
        case .planned: return "planned"
        case .rendered: return "rendered"
        case .renderFailed: return "render-failed"
        }
    }
}
