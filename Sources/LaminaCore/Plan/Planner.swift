import Foundation
import LaminaText

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
    /// Whether a layer's background and border are drawn as one operation (a `.framed` shape and paint) when
    /// nothing lies between them (`RenderOptions.joinsBorders`); off, as two. The output differs only in
    /// rounding (one 8-bit rounding instead of two on the border's pixels); tests compare the two.
    public var joinsBorders: Bool

    /// What the plan may make the renderers allocate; a scene over it is refused with a `PlanError`.
    public var limits: ResourceLimits

    public init(usesShadowAtlas: Bool = true, joinsBorders: Bool = RenderOptions.default.joinsBorders,
                limits: ResourceLimits = .default) {
        self.usesShadowAtlas = usesShadowAtlas
        self.joinsBorders = joinsBorders
        self.limits = limits
    }

    /// A planner with `options`' switches (`joinsBorders`).
    public init(options: RenderOptions, limits: ResourceLimits = .default) {
        self.init(joinsBorders: options.joinsBorders, limits: limits)
    }

    /// The render graph of `scene`, or a `PlanError` naming the layer (its JSON pointer) whose passes, images
    /// or paths would take the frame over `limits`. Refusal happens here, before any renderer allocates.
    public func plan(_ scene: Scene) throws -> RenderGraph {
        let builder = GraphBuilder(limits: limits)
        builder.usesShadowAtlas = usesShadowAtlas
        builder.joinsBorders = joinsBorders
        let w = max(1, scene.pixelWidth), h = max(1, scene.pixelHeight)
        let canvasID = builder.newPassID()
        let canvasPass = Pass(id: canvasID, reason: .canvas, label: "canvas", width: w, height: h, content: .draw([]))
        guard builder.charge(canvasPass) else { throw builder.failure ?? PlanError(pointer: "", message: "canvas refused") }
        let canvas = PixelRect(x0: 0, y0: 0, x1: w, y1: h)
        let toPixels = Transform3D.scale(scene.scale, scene.scale, 1)
        let ops = builder.emitSublayers(of: scene.root, layerToTarget: toPixels,
                                        context: .init(interest: canvas, flipped: false, label: "", pointer: ""))
        let canvasContent = Pass(id: canvasID, reason: .canvas, label: "canvas", width: w, height: h,
                                 content: .draw(ops))
        builder.pointer = ""
        _ = builder.admitCoverage(ops, of: canvasContent)
        builder.passes.append(canvasContent)
        builder.finishShadowAtlases()
        builder.chargeImages()
        if let failure = builder.failure { throw failure }
        return RenderGraph(width: w, height: h, scale: scene.scale, clearColor: scene.background.premultiplied,
                           passes: builder.passes, images: builder.images)
    }
}

/// The mutable state of one planning walk: passes emitted so far and the image table.
final class GraphBuilder {
    var passes: [Pass] = []
    var images: [ImageResource] = []
    /// Rounded-rect shadow proxies, packed as they are met (`ShadowAtlas.swift`).
    var shadowAtlas = ShadowAtlas()
    var usesShadowAtlas = true
    var joinsBorders = true
    private var imageIDs: [ObjectIdentifier: ImageID] = [:]
    /// Text layers' backing stores, by layer (a replicated layer is drawn once) and by what they draw (equal
    /// labels share one store, uploaded once).
    var textStores: [ObjectIdentifier: Bitmap?] = [:]
    var textStoresByBox: [TextBox: Bitmap] = [:]
    /// Drawn layers' backing stores (passes), by layer (its drawing is recorded once a plan) and by what
    /// they draw.
    var drawingStores: [ObjectIdentifier: DrawnStore?] = [:]
    var drawingStoresByKey: [DrawingKey: DrawnStore] = [:]
    private var passCount = 0
    /// The bounds every pass, image and path is charged against, and what has been charged so far.
    let limits: ResourceLimits
    private(set) var chargedBytes = 0
    private(set) var chargedSegments = 0
    private(set) var chargedOperations = 0
    private(set) var chargedPixels = 0
    private(set) var chargedPasses = 0
    /// The first bound crossed; once set, planning goes on emitting (cheaply) but the plan is refused.
    private(set) var failure: PlanError?
    /// The JSON pointer of the layer being emitted, for refusals.
    var pointer = ""

    init(limits: ResourceLimits = .default) { self.limits = limits }

    /// Where a layer is being emitted: the pixels that matter, the flip parity of its ancestors (for
    /// keeping images upright), a label for passes and the layer's JSON pointer in the scene.
    struct Context {
        var interest: PixelRect
        var flipped: Bool
        var label: String
        var pointer: String
        /// For a layer whose superlayer flattens: that superlayer's sublayer space before the flattening and
        /// the flattening onward to the target. A CATransformLayer there is the root of a 3D rendering
        /// context, whose planes are depth-sorted in the space between the two (`DepthContext.swift`).
        var parentSpace: ParentSpace? = nil
    }

    struct ParentSpace {
        var unflattened: Transform3D
        var flattenedToTarget: Transform3D
    }

    /// Appends `pass`, charging its bytes to the budget; a pass over the side limit or the budget is
    /// recorded as the plan's failure (at the current layer) and kept out of the graph.
    func addPass(_ pass: Pass) {
        if charge(pass) { passes.append(pass) }
    }

    /// Charges `pass` to the budget; false when it crosses a bound (recorded as the plan's failure).
    func charge(_ pass: Pass) -> Bool {
        guard failure == nil else { return false }
        let side = limits.maxPassSide
        guard pass.reason == .canvas || (pass.width <= side && pass.height <= side) else {
            refuse("\(pass.reason.rawValue) pass is \(pass.width)x\(pass.height) pixels, over the \(side)-pixel limit on a pass side")
            return false
        }
        chargedPasses += 1
        guard chargedPasses <= limits.maxPasses else {
            refuse("the frame needs over \(limits.maxPasses) passes (the limit on passes a frame)")
            return false
        }
        let bytes = ResourceLimits.bytes(of: pass)
        chargedBytes += bytes
        guard chargedBytes <= limits.maxMemoryBytes else {
            refuse("\(pass.reason.rawValue) pass (\(pass.width)x\(pass.height)) needs \(formatBytes(bytes)), bringing the frame to \(formatBytes(chargedBytes)), over the \(formatBytes(limits.maxMemoryBytes)) budget")
            return false
        }
        if case .draw(let ops) = pass.content { return admitCoverage(ops, of: pass) }
        return true
    }

    /// Whether the coverage of a pass's path fills fits beside the frame's targets: while a pass is drawn,
    /// the CPU holds one Float a pixel of every path fill's bounds and the GPU one R32F texel in its atlas
    /// (`ResourceLimits.coverageBytes`). Held only while the pass is drawn, so checked, not added to the
    /// frame's total; false (and the plan refused) past the budget.
    func admitCoverage(_ ops: [DrawOp], of pass: Pass) -> Bool {
        let coverage = ResourceLimits.coverageBytes(ops)
        guard chargedBytes + coverage > limits.maxMemoryBytes else { return true }
        refuse("\(pass.reason.rawValue) pass (\(pass.width)x\(pass.height)) holds \(formatBytes(coverage)) of path coverage while it is drawn, bringing the frame to \(formatBytes(chargedBytes + coverage)), over the \(formatBytes(limits.maxMemoryBytes)) budget")
        return false
    }

    /// Charges `count` draw operations (replicator instances); false (and the plan refused) when over the limit.
    func chargeOperations(_ count: Int) -> Bool {
        guard failure == nil else { return false }
        chargedOperations += count
        guard chargedOperations <= limits.maxReplicatedOperations else {
            refuse("replicator instances make over \(limits.maxReplicatedOperations) draw operations in all (the scene's limit on replicated operations)")
            return false
        }
        return true
    }

    /// Charges the pixels `ops` cover (their bounds, weighted by `drawWeight`) to the drawn-pixel limit;
    /// false (and the plan refused) when over it.
    func chargePixels(_ ops: [DrawOp]) -> Bool {
        guard failure == nil else { return false }
        chargedPixels += ops.reduce(0) { $0 + $1.bounds.area * GraphBuilder.drawWeight($1) }
        guard chargedPixels <= limits.maxDrawnPixels else {
            refuse("the layers' draws cover over \(limits.maxDrawnPixels) pixels in all (the scene's limit on drawn pixels, which bounds the time a frame takes)")
            return false
        }
        return true
    }

    /// What a pixel of `op` costs against the drawn-pixel limit, in pixels of an axis-aligned fill: a
    /// texture is sampled per pixel (about 90 ns a pixel through the general sampler on the CPU, against a
    /// few for a fill's spans), a gradient evaluated per pixel, a rotated or projected shape shaded per pixel.
    static func drawWeight(_ op: DrawOp) -> Int {
        switch op.paint {
        case .texture: return 16
        case .gradient: return 4
        case .solid, .framed: return LayerGeometry.isAxisAligned(op.transform) ? 1 : 4
        }
    }

    /// Charges `count` flattened path segments; false (and the plan refused) when over the scene's limit.
    func chargeSegments(_ count: Int) -> Bool {
        guard failure == nil else { return false }
        chargedSegments += count
        guard chargedSegments <= limits.maxPathSegments else {
            refuse("paths flatten to over \(limits.maxPathSegments) line segments in all (the scene's path segment limit)")
            return false
        }
        return true
    }

    /// Charges `count` pixels of backing-store drawing to the drawn-pixel limit; false (and the plan
    /// refused) when over it.
    func chargeDrawnPixels(_ count: Int) -> Bool {
        guard failure == nil else { return false }
        chargedPixels += count
        guard chargedPixels <= limits.maxDrawnPixels else {
            refuse("the layers' draws cover over \(limits.maxDrawnPixels) pixels in all (the scene's limit on drawn pixels, which bounds the time a frame takes)")
            return false
        }
        return true
    }

    /// Charges every image (decoded, with its mip chain) once the passes are known.
    func chargeImages() {
        pointer = ""
        for image in images where failure == nil {
            guard let bitmap = image.bitmap else { continue }
            let bytes = ResourceLimits.imageBytes(width: bitmap.width, height: bitmap.height)
            chargedBytes += bytes
            if chargedBytes > limits.maxMemoryBytes {
                refuse("image \(Echo.quoted(bitmap.origin)) (\(bitmap.width)x\(bitmap.height)) brings the frame to \(formatBytes(chargedBytes)), over the \(formatBytes(limits.maxMemoryBytes)) budget")
            }
        }
    }

    /// Records `message` as the plan's failure at the current layer, unless one is recorded already.
    func refuse(_ message: String) {
        if failure == nil { failure = PlanError(pointer: pointer, message: message) }
    }

    func newPassID() -> PassID {
        defer { passCount += 1 }
        return PassID(passCount)
    }

    func imageID(for bitmap: Bitmap) -> ImageID {
        let key = ObjectIdentifier(bitmap)
        if let id = imageIDs[key] { return id }
        let id = ImageID(images.count)
        images.append(ImageResource(id: id, bitmap: bitmap))
        imageIDs[key] = id
        return id
    }

    /// Emits `layer`'s sublayers, in zPosition order (stable), through its sublayer space.
    func emitSublayers(of layer: Layer, layerToTarget m: Transform3D, context: Context) -> [DrawOp] {
        let space = LayerGeometry.sublayerSpace(of: layer).concatenating(m)
        var ctx = context
        ctx.flipped = context.flipped != layer.isGeometryFlipped
        let ordered = layer.sublayersInDrawingOrder
        ctx.parentSpace = nil
        if let replicator = layer as? ReplicatorLayer {
            if replicator.preservesDepth, let parent = context.parentSpace {
                return emitDepthSortedInstances(of: replicator, space: space,
                                                eye: LayerGeometry.local(replicator).concatenating(parent.unflattened),
                                                eyeToTarget: parent.flattenedToTarget, context: ctx)
            }
            return emitInstances(of: replicator, space: space, ordered: ordered, context: ctx)
        }
        if !LayerGeometry.preservesDepth(layer) {
            let unflattened = LayerGeometry.sublayerSpace(of: layer, flattening: false)
            ctx.parentSpace = ParentSpace(unflattened: unflattened, flattenedToTarget: LayerGeometry.flatten.concatenating(m))
            if ordered.count > 1 || ordered.contains(where: { $0.element is TransformLayer }),
               ordered.contains(where: { !$0.element.isHidden && Self.leavesPlane($0.element, eye: unflattened) }) {
                let isRoot = context.pointer.isEmpty && layer.superlayer == nil
                return emitDepthSortedSublayers(of: layer, space: space, eye: unflattened,
                                                eyeToTarget: LayerGeometry.flatten.concatenating(m), context: context,
                                                pointerPrefix: isRoot ? "/layers/" : context.pointer + "/sublayers/")
            }
        }
        var ops: [DrawOp] = []
        for (i, child) in ordered {
            var c = ctx
            c.label = context.label + "/sublayers/\(i)"
            // The implicit root's sublayers are the scene's `layers`.
            c.pointer = context.pointer + (context.pointer.isEmpty && layer.superlayer == nil ? "/layers/\(i)" : "/sublayers/\(i)")
            ops += emitLayer(child, parentToTarget: space, context: c)
        }
        return ops
    }

    /// Cuts a pass out of the current target around `rect`, holding `ops`. Returns nil when empty.
    func offscreen(_ ops: [DrawOp], rect: PixelRect, reason: PassReason, label: String, isGray: Bool = false,
                   retainKey: PassRetainKey? = nil) -> PassID? {
        guard !rect.isEmpty else { return nil }
        let size = PixelRect(x0: 0, y0: 0, x1: rect.width, y1: rect.height)
        let id = newPassID()
        let content = ops.map { $0.rebased(dx: rect.x0, dy: rect.y0, size: size) }.filter { !$0.bounds.isEmpty }
        addPass(Pass(id: id, reason: reason, label: label, width: rect.width, height: rect.height,
                     content: .draw(content), isGray: isGray, retainKey: retainKey))
        return id
    }

    /// Draws the pass `id` (cut out at `rect`) back into the current target, offset by (dx, dy) pixels.
    func composite(_ id: PassID, rect: PixelRect, dx: Double = 0, dy: Double = 0, opacity: Double = 1,
                   tint: PremultipliedColor? = nil, mask: PassID? = nil, interest: PixelRect) -> DrawOp {
        let aligned = dx == dx.rounded() && dy == dy.rounded()
        let draw = TextureDraw(source: .pass(id), opacity: opacity, tint: tint, mask: mask)
        let t = Transform3D.translation(Double(rect.x0) + dx, Double(rect.y0) + dy, 0)
        let bounds = PixelRect(x0: rect.x0 + Int(pixels: dx, .down), y0: rect.y0 + Int(pixels: dy, .down),
                               x1: rect.x1 + Int(pixels: dx, .up), y1: rect.y1 + Int(pixels: dy, .up))
            .intersection(interest)
        return DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: rect.width, height: rect.height)), paint: .texture(draw),
                      transform: t, bounds: bounds, edgeAA: aligned ? [] : .all)
    }
}

extension PixelRect {
    func expanded(by n: Int) -> PixelRect { PixelRect(x0: x0 - n, y0: y0 - n, x1: x1 + n, y1: y1 + n) }
}

/// The pixel bounds all `ops` may touch.
func unionBounds(_ ops: [DrawOp]) -> PixelRect {
    ops.reduce(PixelRect.empty) { $0.union($1.bounds) }
}
