/// What a renderer can execute, which the planner must fit its graph to: a capability a renderer reports
/// (`Renderer.capabilities`), never a constant in the planner.
///
/// Today one property varies between renderers: the widest blur a renderer runs with the exact kernel. The
/// CPU reference blurs every sigma exactly; the GPU's exact blur shaders are compiled for a fixed number of
/// weights, so past that radius the planner must choose a pyramid (`BlurPyramid.choose`). A plan meant for
/// several renderers (a parity run) is made for the meet of their capabilities (`meet`).
public struct RendererCapabilities: Sendable, Hashable, Codable {
    /// The largest radius, in pixels, of an exact Gaussian kernel (taps -radius...radius) the renderer runs.
    public var maxExactBlurRadius: Int

    public init(maxExactBlurRadius: Int) {
        self.maxExactBlurRadius = max(0, maxExactBlurRadius)
    }

    /// A renderer with no limit of its own (the CPU reference).
    public static let unlimited = RendererCapabilities(maxExactBlurRadius: Int.max)

    /// What every renderer in this package guarantees, and what the planner assumes when it is given
    /// nothing else: an exact kernel to radius 63 (sigma 21). A renderer's tests check that it covers this
    /// (`covers`); a renderer with less passes its own capabilities to the planner.
    public static let laminaRenderers = RendererCapabilities(maxExactBlurRadius: 63)

    /// What both `self` and `other` can run.
    public func meet(_ other: RendererCapabilities) -> RendererCapabilities {
        RendererCapabilities(maxExactBlurRadius: min(maxExactBlurRadius, other.maxExactBlurRadius))
    }

    /// Whether every graph planned for `other` runs on a renderer with these capabilities.
    public func covers(_ other: RendererCapabilities) -> Bool {
        maxExactBlurRadius >= other.maxExactBlurRadius
    }
}
