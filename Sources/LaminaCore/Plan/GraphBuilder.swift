import Foundation
import LaminaGeometry
import LaminaGraph
import LaminaImage
import LaminaText

/// The mutable state of one planning walk: passes emitted so far and the image table.
final class GraphBuilder {
    var passes: [Pass] = []
    var images: [ImageResource] = []
    /// Rounded-rect shadow proxies, packed as they are met (`ShadowAtlas.swift`).
    var shadowAtlas = ShadowAtlas()
    var usesShadowAtlas = true
    var cullsHidden = true
    /// The presentation tree being planned (`Planner.plan`), for replicators whose instances lag.
    var presentation = Presentation()
    private var imageIDs: [ObjectIdentifier: ImageID] = [:]
    /// Text layers' backing stores, by layer (a replicated layer is drawn once) and by what they draw (equal
    /// labels share one store, uploaded once).
    var textStores: [ObjectIdentifier: Bitmap?] = [:]
    var textStoresByBox: [TextBox: Bitmap] = [:]
    /// Stores drawn ahead on every core (`prefetchTextStores`), taken by `textBackingStore` as it meets them.
    var prefetchedText: [TextBox: Bitmap] = [:]
    /// Shape layers' stroke outlines found or made ahead (`prefetchStrokes`), by layer, with the key they
    /// were found under: `shapeOps` takes them when its own key is that one.
    var prefetchedStrokes: [ObjectIdentifier: (key: StrokeKey, outlines: StrokeOutlines)] = [:]
    /// Drawn layers' backing stores (passes), by layer (its drawing is recorded once a plan) and by what
    /// they draw.
    var drawingStores: [ObjectIdentifier: DrawnStore?] = [:]
    var drawingStoresByKey: [DrawingKey: DrawnStore] = [:]
    private var passCount = 0
    /// The bounds every pass, image and path is charged against, and what has been charged so far.
    let limits: ResourceLimits
    var chargedBytes = 0
    var chargedSegments = 0
    var chargedOperations = 0
    var chargedPixels = 0
    var chargedPasses = 0
    /// The first bound crossed; once set, planning goes on emitting (cheaply) but the plan is refused
    /// (`refuse`, `GraphBuilder+Budget.swift`).
    var failure: PlanError?
    /// The JSON pointer of the layer being emitted, for refusals.
    var pointer = ""

    /// What the renderers can run (`Planner.capabilities`).
    let capabilities: RendererCapabilities

    init(limits: ResourceLimits = .default, capabilities: RendererCapabilities = .laminaRenderers) {
        self.limits = limits
        self.capabilities = capabilities
    }

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
        /// Whether the target keeps each draw as drawn, so sublayers under later opaque siblings may be left
        /// out (`hiddenSublayers`); false below what scales or clips its sublayers' draws one by one.
        var cullsHidden = true
    }

    struct ParentSpace {
        var unflattened: Transform3D
        var flattenedToTarget: Transform3D
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
        // A leaf, most layers of a tree: no space, order or culling to work out. A replicator without
        // sublayers still charges its instances to the plan's budget (`emitInstances`).
        guard !layer.sublayersValue.isEmpty || LayerEmitters.of(layer).replicates else { return [] }
        let space = LayerGeometry.sublayerSpace(of: layer).concatenating(m)
        var ctx = context
        ctx.flipped = context.flipped != layer.isGeometryFlipped
        let ordered = layer.sublayersInDrawingOrder
        ctx.parentSpace = nil
        let emitter = LayerEmitters.of(layer)
        if emitter.replicates {
            // Instances are modulated (colour and alpha offsets) after they are drawn.
            ctx.cullsHidden = false
            if emitter.preservesDepth, let parent = context.parentSpace {
                return emitDepthSortedInstances(of: layer, emitter: emitter, space: space,
                                                eye: LayerGeometry.local(layer).concatenating(parent.unflattened),
                                                eyeToTarget: parent.flattenedToTarget, context: ctx)
            }
            return emitInstances(of: emitter, space: space, ordered: ordered, context: ctx)
        }
        // Each child's own map (`LayerGeometry.local`), for the depth test and culling below: worked out once.
        let locals = ordered.count > 1 ? ordered.map { LayerGeometry.local($0.element) } : []
        if !emitter.preservesDepth {
            let unflattened = LayerGeometry.sublayerSpace(of: layer, flattening: false)
            ctx.parentSpace = ParentSpace(unflattened: unflattened, flattenedToTarget: LayerGeometry.flatten.concatenating(m))
            if Self.sortsInDepth(ordered, locals: locals, eye: unflattened) {
                let isRoot = context.pointer.isEmpty && layer.superlayer == nil
                return emitDepthSortedSublayers(of: layer, space: space, eye: unflattened,
                                                eyeToTarget: LayerGeometry.flatten.concatenating(m), context: context,
                                                pointerPrefix: isRoot ? "/layers/" : context.pointer + "/sublayers/")
            }
        }
        var ops: [DrawOp] = []
        // Many children: room for a card's fill and border each, so the list is not copied as it grows.
        if ordered.count > 16 { ops.reserveCapacity(2 * ordered.count) }
        let (hidden, maps) = ctx.cullsHidden
            ? hiddenSublayers(ordered, locals: locals, space: space, interest: ctx.interest) : ([], [])
        for (n, (i, child)) in ordered.enumerated() where hidden.isEmpty || !hidden[n] {
            var c = ctx
            c.label = context.label + "/sublayers/\(i)"
            // The implicit root's sublayers are the scene's `layers`.
            c.pointer = context.pointer + (context.pointer.isEmpty && layer.superlayer == nil ? "/layers/\(i)" : "/sublayers/\(i)")
            // The map culling worked out, from the geometry before any sibling was emitted (as culling saw it).
            let m = maps.isEmpty ? nil : maps[n]
            if ops.capacity == 0 { ops = emitLayer(child, parentToTarget: space, layerToTarget: m, context: c) } else {
                ops += emitLayer(child, parentToTarget: space, layerToTarget: m, context: c)
            }
        }
        return ops
    }

    /// Whether a flattening layer's sublayers (in drawing order) are drawn through the depth sort
    /// (`emitDepthSortedSublayers`): several of them, or a CATransformLayer, and one that leaves the plane of
    /// the layer's sublayer space before its flattening (`eye`).
    /// `locals`: each child's own map (`LayerGeometry.local`) when the caller has them, one a child, or empty.
    static func sortsInDepth(_ ordered: [(offset: Int, element: Layer)], locals: [Transform3D] = [],
                             eye: Transform3D) -> Bool {
        guard ordered.count > 1 || ordered.contains(where: { LayerEmitters.of($0.element).isTransformLayer }) else {
            return false
        }
        return ordered.indices.contains { k in
            !ordered[k].element.isHidden
                && leavesPlane(ordered[k].element, local: locals.isEmpty ? nil : locals[k], eye: eye)
        }
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
