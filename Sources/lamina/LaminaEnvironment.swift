import Foundation
import LaminaCore
import LaminaGL
import LaminaGraph

/// The environment variables the command line reads; nothing else in Lamina reads the environment
/// (libraries take a `RenderOptions`). One polarity: a fast path's variable set to `0` turns it off, so the
/// general path behind it can be compared (README, "Environment").
///
/// `LAMINA_GL_PATH_COVERAGE` (trapezoids, stencil) picks how the GPU computes path coverage
/// (`RenderOptions.pathCoverage`). `LAMINA_GL_CHECK=1` checks every GL call's errors in a release build (`0` turns a debug build's checks
/// off); `LAMINA_EGL_PLATFORM` (device, surfaceless, gbm) starts EGL on that platform only.
enum LaminaEnvironment {
    /// Each fast path's variable and the option it sets.
    static let switches: [(name: String, option: WritableKeyPath<RenderOptions, Bool>)] = [
        ("LAMINA_JOIN_BORDERS", \.joinsBorders),
        ("LAMINA_CPU_FAST_PATHS", \.cpuFastPaths),
        ("LAMINA_GL_FAST_PATHS", \.gpuFastPaths),
        ("LAMINA_GL_REORDER", \.reordersBatches),
        ("LAMINA_GL_OCCLUSION", \.occludes),
        ("LAMINA_GL_CULL", \.culls),
        ("LAMINA_BLUR_REDUCED", \.keepsReducedBlurs),
        ("LAMINA_BLUR_PACKED", \.packsGrayBlurs),
        ("LAMINA_GL_LINEAR", \.linearRasterizer),
        ("LAMINA_GL_FETCH_BLEND", \.fetchBlend),
        ("LAMINA_GL_READBACK_SPLIT", \.splitsReadback),
    ]

    /// Names earlier versions read, and what replaced them.
    static let renamed = ["LAMINA_NO_FAST_PATHS": "LAMINA_CPU_FAST_PATHS=0 (one polarity: 0 turns a path off)",
                          "LAMINA_GL_FASTPATHS": "LAMINA_GL_FAST_PATHS"]

    /// The options `environment` asks for.
    static func options(_ environment: [String: String]) -> RenderOptions {
        var options = RenderOptions()
        for (name, option) in switches where environment[name] == "0" { options[keyPath: option] = false }
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
