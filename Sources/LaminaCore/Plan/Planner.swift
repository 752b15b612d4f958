import Foundation
import LaminaGraph
import LaminaGeometry
import LaminaImage

/// Turns a layer tree into a `RenderGraph`: the one place Core Animation's rendering rules live.
///
/// One walk of the tree. Every draw operation is emitted in the pixel space of the target it lands in,
/// with its full projective transform, so 2D, rotated and perspective layers go through one path and
/// nothing assumes 2D. An effect that needs an offscreen pass (shadow, mask, group opacity, rasterization)
/// first emits the layer's operations into a list, then cuts a pass out of the target around them
/// (`rebased`), the way Chromium's render surfaces do; a pass therefore never resamples its content
/// except where Core Animation does (shouldRasterize).
///
/// Order inside a layer (ca-semantics.md §2): shadow, background, contents, sublayers, border. Effects
/// nest as Core Animation applies them: opacity(rasterize(mask(clip(shadow + body)))).
public struct Planner {
    /// Whether rounded-rect shadows share blurred nine-patch proxies in an atlas (`ShadowAtlas.swift`).
    /// Off, every shadow gets its own shape and blur passes; tests compare the two.
    public var usesShadowAtlas: Bool
    /// Whether sublayers wholly under later opaque siblings are left out of the plan (`hiddenSublayers`): the
    /// same bytes, fewer draws and passes. Off, every layer is planned; tests compare the two.
    public var cullsHidden = true

    /// What the plan may make the renderers allocate; a scene over it is refused with a `PlanError`.
    public var limits: ResourceLimits
    /// What the renderers that will execute the plan can run (`Renderer.capabilities`; for several, their
    /// `meet`): the blur methods chosen fit it.
    public var capabilities: RendererCapabilities

    /// The scene time the animations are drawn at; nil takes the scene's own (`Scene.time`, else 0).
    public var time: Double?

    /// Where a frame loop keeps its last plan: set, `plan` hands the kept graph out again while the tree,
    /// the scene's canvas, the time and these settings are unchanged (`RetainedPlan`). Nil (the default)
    /// plans every call.
    public var retained: RetainedPlan?

    public init(usesShadowAtlas: Bool = true, limits: ResourceLimits = .default,
                capabilities: RendererCapabilities = .laminaRenderers) {
        self.usesShadowAtlas = usesShadowAtlas
        self.limits = limits
        self.capabilities = capabilities
    }

    /// A planner for renderers run with `options`. No switch of `options` changes a plan today (joining a
    /// background with its border is the renderers' fusion, `BorderedFill`); the initialiser keeps the one
    /// value a caller configures Lamina with.
    public init(options: RenderOptions, limits: ResourceLimits = .default,
                capabilities: RendererCapabilities = .laminaRenderers) {
        self.init(limits: limits, capabilities: capabilities)
    }

    /// The render graph of `scene`, or a `PlanError` naming the layer (its JSON pointer) whose passes, images
    /// or paths would take the frame over `limits`. Refusal happens here, before any renderer allocates.
    public func plan(_ scene: Scene) throws -> RenderGraph {
        let t = time ?? scene.time ?? 0
        guard let retained else { return try planned(scene, at: t) }
        let key = RetainedPlan.Key(scene: ObjectIdentifier(scene), width: scene.width, height: scene.height,
                                   scale: scene.scale, background: scene.background, limits: limits,
                                   capabilities: capabilities, usesShadowAtlas: usesShadowAtlas,
                                   cullsHidden: cullsHidden)
        if let kept = retained.graph(for: key, at: t) { return kept }
        retained.drop()
        let graph = try planned(scene, at: t)
        retained.keep(graph, of: scene, key: key, at: t)
        return graph
    }

    /// The render graph of `scene` at time `t`.
    private func planned(_ scene: Scene, at t: Double) throws -> RenderGraph {
        // The presentation tree at the time: animated values written over the model's, put back after.
        let presentation = Presentation.apply(to: scene, at: t)
        defer { presentation.restore() }
        let builder = GraphBuilder(limits: limits, capabilities: capabilities)
        builder.presentation = presentation
        builder.usesShadowAtlas = usesShadowAtlas
        builder.cullsHidden = cullsHidden
        let w = max(1, scene.pixelWidth), h = max(1, scene.pixelHeight)
        let canvasID = builder.newPassID()
        let canvasPass = Pass(id: canvasID, reason: .canvas, label: "canvas", width: w, height: h, content: .draw([]))
        guard builder.charge(canvasPass) else { throw builder.failure ?? PlanError(pointer: "", message: "canvas refused") }
        let canvas = PixelRect(x0: 0, y0: 0, x1: w, y1: h)
        builder.prefetchTextStores(scene.root)
        let toPixels = Transform3D.scale(scene.scale, scene.scale, 1)
        builder.prefetchStrokes(scene.root, layerToTarget: toPixels)
        let ops = builder.emitSublayers(of: scene.root, layerToTarget: toPixels,
                                        context: .init(interest: canvas, flipped: false, label: "", pointer: "",
                                                       cullsHidden: cullsHidden))
        let canvasContent = Pass(id: canvasID, reason: .canvas, label: "canvas", width: w, height: h,
                                 content: .draw(ops))
        builder.pointer = ""
        _ = builder.admitCoverage(ops, of: canvasContent)
        builder.passes.append(canvasContent)
        builder.finishShadowAtlases()
        builder.keyRetainedPasses()
        builder.chargeImages()
        if let failure = builder.failure { throw failure }
        return RenderGraph(width: w, height: h, scale: scene.scale, clearColor: scene.background.premultiplied,
                           passes: builder.passes, images: builder.images)
    }
}
