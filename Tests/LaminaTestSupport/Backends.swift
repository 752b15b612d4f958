import Foundation
import LaminaGL
import LaminaGraph
import LaminaRaster
import XCTest

/// The two renderers, so a test states a promise once and checks it on both: a body run per backend
/// (`forEachBackend`) instead of a CPU test and a near-copy for the GPU.
public enum Backend: String, CaseIterable, Sendable {
    case cpu, gpu

    /// A renderer of this backend: a new CPU renderer, or the test run's one GPU renderer (EGL starts
    /// once; a start that fails fails the test, never skips it).
    public func renderer(file: StaticString = #filePath, line: UInt = #line) throws -> any Renderer {
        switch self {
        case .cpu: return CPURenderer()
        case .gpu: return try GLTestSupport.renderer(file: file, line: line)
        }
    }

    /// A renderer of this backend with `options` (on the GPU a renderer of its own: EGL starts again).
    public func renderer(options: RenderOptions) throws -> any Renderer {
        switch self {
        case .cpu: return CPURenderer(options: options)
        case .gpu: return try GPURenderer(options: options)
        }
    }
}

/// Runs `body` once per backend with its renderer; the body names the backend it was given in its
/// assertions' messages, so a failure says which renderer broke the promise.
public func forEachBackend(file: StaticString = #filePath, line: UInt = #line,
                           _ body: (Backend, any Renderer) throws -> Void) throws {
    for backend in Backend.allCases {
        try body(backend, try backend.renderer(file: file, line: line))
    }
}
