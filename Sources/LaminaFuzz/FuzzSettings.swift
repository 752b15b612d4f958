import Foundation

/// The fuzz target's own settings, given on its command line as `-lamina_NAME=VALUE` flags beside
/// libFuzzer's (which they are taken out of before libFuzzer parses the rest), so nothing but the CLI reads
/// the environment:
///
/// - `-lamina_gpu=1`: render on the GPU too (one renderer for the whole process).
/// - `-lamina_base=DIR`: the folder relative image paths resolve against (the seed corpus's images).
/// - `-lamina_render_pixels=N`: most pass and image pixels a graph may hold and still be rendered (4 M).
/// - `-lamina_drawn_pixels=N`: most pixels its draw operations may cover and still be rendered (no limit
///   by default: the planner's `maxDrawnPixels` refuses such scenes first).
/// - `-lamina_budget_mb=N`: the planner's memory budget in MiB (256).
/// - `-lamina_verbose=1` (`--mutate`): print every mutant's outcome.
/// - `-lamina_current=FILE` (`--mutate`): write each mutant there before running it, so a mutant that
///   crashes the process is left behind.
struct FuzzSettings: Equatable {
    var gpu = false
    var base: URL?
    var renderPixels = 4_000_000
    var drawnPixels = Int.max
    var budgetMB = 256
    var verbose = false
    var current: URL?

    /// The settings the process was started with (`FuzzMain`, `ReplayMain`), before any input runs.
    nonisolated(unsafe) static var process = FuzzSettings()

    /// The settings in `args` and the arguments left for libFuzzer or the replay driver; a malformed
    /// `-lamina_` flag is an error naming it.
    static func parse(_ args: [String]) throws -> (FuzzSettings, rest: [String]) {
        var s = FuzzSettings()
        var rest: [String] = []
        for arg in args {
            guard arg.hasPrefix("-lamina_") else { rest.append(arg); continue }
            let parts = arg.dropFirst("-lamina_".count).split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[1].isEmpty else { throw Malformed(flag: arg) }
            let (name, value) = (parts[0], parts[1])
            func count() throws -> Int {
                guard let n = Int(value), n >= 0 else { throw Malformed(flag: arg) }
                return n
            }
            switch name {
            case "gpu": s.gpu = value == "1"
            case "base": s.base = URL(fileURLWithPath: value, isDirectory: true)
            case "render_pixels": s.renderPixels = try count()
            case "drawn_pixels": s.drawnPixels = try count()
            case "budget_mb": s.budgetMB = min(try count(), 1 << 20)
            case "verbose": s.verbose = value == "1"
            case "current": s.current = URL(fileURLWithPath: value)
            default: throw Malformed(flag: arg)
            }
        }
        return (s, rest)
    }

    struct Malformed: Error, CustomStringConvertible {
        let flag: String
        var description: String {
            "lamina-fuzz: unknown or malformed flag \(String(flag.prefix(80))) (the -lamina_ flags are listed in FuzzSettings.swift)"
        }
    }
}
