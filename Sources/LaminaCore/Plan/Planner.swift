import Foundation

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
    /// Whether a layer's background and border are drawn as one operation (`DrawKind.borderedFill`) when
    /// nothing lies between them; off (`LAMINA_JOIN_BORDERS=0` by default), as two. The output differs only
    /// in rounding (one 8-bit rounding instead of two on the border's pixels); tests compare the two.
    public var joinsBorders: Bool

    public init(usesShadowAtlas: Bool = true,
                joinsBorders: Bool = ProcessInfo.processInfo.environment["LAMINA_JOIN_BORDERS"] != "0") {
        self.usesShadowAtlas = usesShadowAtlas
        self.joinsBorders = joinsBorders
    }

    public func plan(_ scene: Scene) -> RenderGraph {
        let builder = GraphBuilder()
        builder.usesShadowAtlas = usesShadowAtlas
        builder.joinsBorders = joinsBorders
        let w = max(1, scene.pixelWidth), h = max(1, scene.pixelHeight)
        let canvasID = builder.newPassID()
        let canvas = PixelRect(x0: 0, y0: 0, x1: w, y1: h)
        let toPixels = Transform3D.scale(scene.scale, scene.scale, 1)
        let ops = builder.emitSublayers(of: scene.root, layerToTarget: toPixels,
                                        context: .init(interest: canvas, flipped: false, label: ""))
        builder.passes.append(Pass(id: canvasID, reason: .canvas, label: "canvas", width: w, height: h,
                                   content: .draw(ops)))
        builder.finishShadowAtlases()
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
    private var passCount = 0

    /// Where a layer is being emitted: the pixels that matter, the flip parity of its ancestors (for
    /// keeping images upright) and a label for passes.
    struct Context {
        var interest: PixelRect
        var flipped: Bool
        var label: String
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
        let ordered = layer.sublayers.enumerated().sorted { a, b in
            a.element.zPosition != b.element.zPosition ? a.element.zPosition < b.element.zPosition : a.offset < b.offset
        }
        var ops: [DrawOp] = []
        for (i, child) in ordered {
            var c = ctx
            c.label = context.label + "/sublayers/\(i)"
            ops += emitLayer(child, parentToTarget: space, context: c)
        }
        return ops
    }

    /// Cuts a pass out of the current target around `rect`, holding `ops`. Returns nil when empty.
    func offscreen(_ ops: [DrawOp], rect: PixelRect, reason: PassReason, label: String) -> PassID? {
        guard !rect.isEmpty else { return nil }
        let size = PixelRect(x0: 0, y0: 0, x1: rect.width, y1: rect.height)
        let id = newPassID()
        let content = ops.map { $0.rebased(dx: rect.x0, dy: rect.y0, size: size) }.filter { !$0.bounds.isEmpty }
        passes.append(Pass(id: id, reason: reason, label: label, width: rect.width, height: rect.height,
                           content: .draw(content)))
        return id
    }

    /// Draws the pass `id` (cut out at `rect`) back into the current target, offset by (dx, dy) pixels.
    func composite(_ id: PassID, rect: PixelRect, dx: Double = 0, dy: Double = 0, opacity: Double = 1,
                   tint: PremultipliedColor? = nil, mask: PassID? = nil, interest: PixelRect) -> DrawOp {
        let aligned = dx == dx.rounded() && dy == dy.rounded()
        let draw = TextureDraw(source: .pass(id), destination: CGRect(x: 0, y: 0, width: rect.width, height: rect.height),
                               opacity: opacity, tint: tint, mask: mask)
        let t = Transform3D.translation(Double(rect.x0) + dx, Double(rect.y0) + dy, 0)
        let bounds = PixelRect(x0: rect.x0 + Int(dx.rounded(.down)), y0: rect.y0 + Int(dy.rounded(.down)),
                               x1: rect.x1 + Int(dx.rounded(.up)), y1: rect.y1 + Int(dy.rounded(.up)))
            .intersection(interest)
        return DrawOp(kind: .texture(draw), transform: t, bounds: bounds, edgeAA: aligned ? [] : .all)
    }
}

extension PixelRect {
    func expanded(by n: Int) -> PixelRect { PixelRect(x0: x0 - n, y0: y0 - n, x1: x1 + n, y1: y1 + n) }
}

/// The pixel bounds all `ops` may touch.
func unionBounds(_ ops: [DrawOp]) -> PixelRect {
    ops.reduce(PixelRect.empty) { $0.union($1.bounds) }
}
