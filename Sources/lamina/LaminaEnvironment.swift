import Foundation
import LaminaCore
import LaminaGL
import LaminaGraph
import LaminaKit

/// The environment variables the command line reads; nothing else in Lamina reads the environment
/// (libraries take a `RenderOptions`). One polarity: a fast path's variable set to `0` turns it off, so the
/// general path behind it can be compared (README, "Environment").
///
/// `LAMINA_GL_PATH_COVERAGE` (upload, trapezoids, stencil) picks how the GPU computes path coverage
/// (`RenderOptions.pathCoverage`). `LAMINA_GL_CHECK=1` checks every GL call's errors in a release build (`0` turns a debug build's checks
/// off); `LAMINA_EGL_PLATFORM` (device, surfaceless, gbm) starts EGL on that platform only.
/// `LAMINA_CPU_<NAME>=0` turns one CPU fast path off (`CPUFastPaths.named`: `LAMINA_CPU_SPANS`, ...).
enum LaminaEnvironment {
    /// Each fast path's variable and the option it sets.
    static let switches: [(name: String, option: WritableKeyPath<RenderOptions, Bool>)] = [
        ("LAMINA_JOIN_BORDERS", \.joinsBorders),
        ("LAMINA_KEEP_BLURS", \.keepsRecurringBlurs),
        ("LAMINA_CPU_FAST_PATHS", \.cpuFastPaths),
        ("LAMINA_GL_FAST_PATHS", \.gpuFastPaths),
        ("LAMINA_GL_REORDER", \.reordersBatches),
        ("LAMINA_GL_OCCLUSION", \.occludes),
        ("LAMINA_GL_AVOID_DEPTH", \.avoidsDepth),
        ("LAMINA_GL_CULL", \.culls),
        ("LAMINA_BLUR_REDUCED", \.keepsReducedBlurs),
        ("LAMINA_BLUR_PACKED", \.packsGrayBlurs),
        ("LAMINA_GL_LINEAR", \.linearRasterizer),
        ("LAMINA_GL_FETCH_BLEND", \.fetchBlend),
        ("LAMINA_GL_READBACK_SPLIT", \.splitsReadback),
        ("LAMINA_GL_KEEP_PATHS", \.keepsPathCoverage),
        ("LAMINA_GL_KEEP_DRAWS", \.keepsDraws),
        ("LAMINA_GL_KEEP_COMPOSITES", \.keepsComposites),
        ("LAMINA_GL_INSTANCED", \.instancedQuads),
        ("LAMINA_GL_MAP_FORMS", \.specialisesMaps),
        ("LAMINA_GL_DRAWN_REGIONS", \.readsDrawnRegions),
    ]

    /// Names earlier versions read, and what replaced them.
    static let renamed = ["LAMINA_NO_FAST_PATHS": "LAMINA_CPU_FAST_PATHS=0 (one polarity: 0 turns a path off)",
                          "LAMINA_GL_FASTPATHS": "LAMINA_GL_FAST_PATHS"]

    /// The options `environment` asks for.
    static func options(_ environment: [String: String]) -> RenderOptions {
        var options = RenderOptions()
        for (name, option) in switches where environment[name] == "0" { options[keyPath: option] = false }
        for (name, path) in CPUFastPaths.named where environment["LAMINA_CPU_" + name] == "0" {
            options.cpuPaths.remove(path)
        }
        if let check = environment["LAMINA_GL_CHECK"] { options.checksGLErrors = check != "0" }
        if let method = environment[pathCoverageVariable].flatMap(PathCoverageMethod.init(rawValue:)) {
            options.pathCoverage = method
        }
        return options
    }

    /// The variable naming the GPU's path coverage method.
    static let pathCoverageVariable = "LAMINA_GL_PATH_COVERAGE"

    /// The process's options, read once; a renamed variable is named on standard error.
    static let current: RenderOptions = {
        let environment = ProcessInfo.processInfo.environment
        for (old, new) in renamed.sorted(by: { $0.key < $1.key }) where environment[old] != nil {
            printError("lamina: warning: \(old) is no longer read; use \(new)")
        }
        if let method = environment[pathCoverageVariable], PathCoverageMethod(rawValue: method) == nil {
            let known = PathCoverageMethod.allCases.map(\.rawValue).joined(separator: ", ")
            printError("lamina: warning: \(pathCoverageVariable)=\(method) is not one of \(known); ignored")
        }
        return options(environment)
    }()

    /// The EGL platform `LAMINA_EGL_PLATFORM` names, nil when unset or empty.
    static func platform() throws -> EGLPlatformChoice? {
        try EGLPlatformChoice.named(ProcessInfo.processInfo.environment["LAMINA_EGL_PLATFORM"])
    }

    /// A GPU renderer on the environment's platform with its options.
    static func gpuRenderer() throws -> GPURenderer {
        try GPURenderer(platform: platform(), options: current)
    }
}

/// Bazel's test protocol, as `lamina test` follows it when Bazel runs it (`sh_test` with `shard_count`):
/// `TEST_TOTAL_SHARDS` and `TEST_SHARD_INDEX` (0-based) pick the shard, the file `TEST_SHARD_STATUS_FILE`
/// names is touched to say the runner shards, and JUnit XML goes to `XML_OUTPUT_FILE` when no `--junit` is
/// given. An empty variable counts as unset.
extension LaminaEnvironment {
    /// The shard Bazel asks for (as a 1-based `ReftestShard`), nil when it asks for none; a variable without
    /// its partner, or a value that is not a whole number in range, is refused naming the variable.
    static func bazelShard(_ environment: [String: String]) throws -> ReftestShard? {
        let total = value("TEST_TOTAL_SHARDS", environment), index = value("TEST_SHARD_INDEX", environment)
        switch (total, index) {
        case (nil, nil): return nil
        case (let t?, nil): throw TestEnvironmentError("TEST_TOTAL_SHARDS=\(t) is set without TEST_SHARD_INDEX")
        case (nil, let i?): throw TestEnvironmentError("TEST_SHARD_INDEX=\(i) is set without TEST_TOTAL_SHARDS")
        case (let t?, let i?):
            guard let count = Int(t), count >= 1 else {
                throw TestEnvironmentError("TEST_TOTAL_SHARDS=\(Echo.quoted(t)) is not a whole number of 1 or more")
            }
            guard let k = Int(i), let shard = ReftestShard(index: k + 1, count: count) else {
                throw TestEnvironmentError("TEST_SHARD_INDEX=\(Echo.quoted(i)) is not a whole number in "
                    + "0...\(count - 1) (0-based, below TEST_TOTAL_SHARDS=\(count))")
            }
            return shard
        }
    }

    /// Touches the file `TEST_SHARD_STATUS_FILE` names, if set: creates it, or updates its time.
    static func touchShardStatusFile(_ environment: [String: String]) throws {
        guard let path = value("TEST_SHARD_STATUS_FILE", environment) else { return }
        let files = FileManager.default
        if files.fileExists(atPath: path) {
            try files.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
        } else if !files.createFile(atPath: path, contents: Data()) {
            throw TestEnvironmentError("TEST_SHARD_STATUS_FILE=\(Echo.quoted(path)): cannot create the file")
        }
    }

    /// Where Bazel wants the JUnit XML (`XML_OUTPUT_FILE`), nil when unset.
    static func junitOutput(_ environment: [String: String]) -> String? {
        value("XML_OUTPUT_FILE", environment)
    }

    private static func value(_ name: String, _ environment: [String: String]) -> String? {
        guard let v = environment[name], !v.isEmpty else { return nil }
        return v
    }
}

/// A test protocol variable refused, with the variable named.
struct TestEnvironmentError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
