import Foundation
import LaminaGraph

/// The bounds on what a scene may make the planner and the renderers allocate: one budget for every size
/// that input controls, checked while planning, before a renderer allocates anything.
///
/// A scene over a limit is refused with the JSON pointer of the layer that crossed it and the reason
/// (`PlanError`), never trapped on, aborted on allocation or left to run for minutes. Both renderers take
/// the same graph, so the GPU refuses exactly what the CPU refuses.
public struct ResourceLimits: Sendable, Equatable {
    /// Bytes the render targets of one frame may take together: every pass at 4 bytes a pixel, each blur
    /// pass counted with the scratch the renderers blur through, plus every image with its mip chain.
    public var maxMemoryBytes: Int
    /// Largest side of an offscreen pass in pixels: the smallest GL_MAX_TEXTURE_SIZE Lamina meets
    /// (llvmpipe's 16384), so no pass the CPU renders is one the GPU cannot allocate.
    public var maxPassSide: Int
    /// Line segments all paths of a scene may flatten to (shadowPath, continuous corners), in all.
    public var maxPathSegments: Int
    /// Draw operations replicator instances may add, in all (instances multiply whole subtrees).
    public var maxReplicatedOperations: Int
    /// Pixels the layers' own draws (backgrounds, borders, contents, gradients) may cover in all, counted
    /// by their bounds on their targets and weighted by what a pixel costs (`GraphBuilder.drawWeight`:
    /// textures 16, gradients and rotated shapes 4): a time bound. 100 000 small cards cover about 0.1 G; 100 000 instances
    /// sheared across the canvas covered 15 G and took a minute on the CPU.
    public var maxDrawnPixels: Int
    /// Passes one frame may have (each is a target bound, cleared and drawn): 65 536.
    public var maxPasses: Int

    /// 2 GiB of targets, 16384-pixel passes, 4 million path segments, 500 000 replicated operations,
    /// 2^31 drawn pixels (tens of seconds of CPU time at worst; 100 000 cards of 150 x 110 pixels cover
    /// 1.65 G).
    public static let `default` = ResourceLimits(maxMemoryBytes: 2 << 30, maxPassSide: 16384,
                                                  maxPathSegments: 4_000_000)

    public init(maxMemoryBytes: Int, maxPassSide: Int, maxPathSegments: Int,
                maxReplicatedOperations: Int = 500_000, maxDrawnPixels: Int = 1 << 31, maxPasses: Int = 65_536) {
        self.maxMemoryBytes = maxMemoryBytes
        self.maxPassSide = maxPassSide
        self.maxPathSegments = maxPathSegments
        self.maxReplicatedOperations = maxReplicatedOperations
        self.maxDrawnPixels = maxDrawnPixels
        self.maxPasses = maxPasses
    }

    /// Bytes a pass's target and, for a blur, its working storage take: 4 bytes a pixel for the target
    /// (the CPU keeps every pass's result until the frame ends); a blur also keeps an alpha plane on the CPU
    /// (1 byte a pixel) and its pyramid levels on the GPU (a third of the target), so 6 bytes a pixel. Its
    /// line buffers are per band and small.
    static func bytes(of pass: Pass) -> Int {
        let pixels = pass.width * pass.height
        if case .blur = pass.content { return pixels * 6 }
        return pixels * 4
    }

    /// Bytes the coverage of `ops`' path fills takes while their pass is drawn: 4 a pixel of each fill's
    /// bounds (the CPU's Float coverage, the GPU's R32F atlas texels).
    static func coverageBytes(_ ops: [DrawOp]) -> Int {
        ops.reduce(0) { total, op in
            guard case .path = op.shape else { return total }
            return total + op.bounds.area * 4
        }
    }

    /// Bytes an image takes decoded (4 bytes a pixel) with its mip chain (a third more), as both renderers
    /// hold it.
    public static func imageBytes(width: Int, height: Int) -> Int { width * height * 16 / 3 + 64 }
}

/// A scene the planner refuses because it would exceed a `ResourceLimits` bound: where (the JSON pointer of
/// the layer whose effect crossed it) and why, with the bound named.
public struct PlanError: Error, CustomStringConvertible, Equatable {
    /// The RFC 6901 pointer of the layer, as the scene file spells it (`/layers/0/sublayers/3`).
    public var pointer: String
    public var message: String

    public init(pointer: String, message: String) {
        self.pointer = pointer
        self.message = message
    }

    public var description: String { pointer.isEmpty ? message : "\(pointer): \(message)" }
}

/// Sizes as messages print them: "3.1 GB", "512 MB", "4 KB".
func formatBytes(_ bytes: Int) -> String {
    let b = Double(bytes)
    if b >= 1e9 { return String(format: "%.1f GB", b / 1e9) }
    if b >= 1e6 { return String(format: "%.0f MB", b / 1e6) }
    return String(format: "%.0f KB", b / 1e3)
}
