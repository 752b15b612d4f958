import LaminaGraph

/// What one frame cost, pass by pass, for `lamina profile` and benchmarks.
public struct FrameStats: Sendable {
    /// One executed pass.
    public struct PassStats: Sendable {
        public let id: PassID
        public let reason: PassReason
        public let label: String
        public let width: Int
        public let height: Int
        /// Draw calls issued for the pass (a blur counts its full-screen draws).
        public let drawCalls: Int
        /// Draw operations (instances) in the pass.
        public let instances: Int
        /// Pixels the pass's draws touch: the sum of op bounds, or the target area per blur draw.
        public let pixels: Int
        /// GPU time from GL_EXT_disjoint_timer_query, in seconds; nil when not collected or unreliable.
        public let gpuTime: Double?
        /// Wall time of the pass in a timed frame, in seconds: from its first GL call, with the pipeline
        /// drained before (glFinish), to the GPU finishing it (glFinish again); nil when not timed. What the
        /// pass costs whatever the driver's timer queries cover: llvmpipe rasterizes a pass's binned draws
        /// when they are flushed, which its timer queries may not enclose.
        public let wallTime: Double?
        /// When the pass's wall time started, in seconds after the frame started (timed frames only).
        public let wallStart: Double?
    }

    public let passes: [PassStats]
    /// Image textures uploaded during the frame (first use of a `Bitmap`).
    public let textureUploads: Int
    /// Offscreen targets allocated during the frame (the pool had none of that size free).
    public let targetsCreated: Int

    public var drawCalls: Int { passes.reduce(0) { $0 + $1.drawCalls } }
}
