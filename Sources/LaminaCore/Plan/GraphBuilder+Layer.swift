import Foundation
import LaminaGraph
import LaminaGeometry

extension GraphBuilder {
    /// Emits one layer and its subtree: opacity(rasterize(mask(clip(shadow + body)))), or, in the middle of
    /// a transition, its old appearance giving way to this one (`emitTransition`).
    /// `layerToTarget`, when the caller has it, is the layer's map to the target (`LayerGeometry.local` then
    /// `p`), not worked out again.
    func emitLayer(_ layer: Layer, parentToTarget p: Transform3D, layerToTarget known: Transform3D? = nil,
                   context: Context) -> [DrawOp] {
        if !presentation.transitions.isEmpty, let active = presentation.transitions[ObjectIdentifier(layer)] {
            return emitTransition(layer, active, parentToTarget: p, context: context)
        }
        return emitAppearance(layer, parentToTarget: p, layerToTarget: known, context: context)
    }

    /// One appearance of a layer and its subtree, as `emitLayer` describes.
    func emitAppearance(_ layer: Layer, parentToTarget p: Transform3D, layerToTarget known: Transform3D? = nil,
                        context: Context) -> [DrawOp] {
        guard !layer.isHidden, layer.opacityValue > 0, failure == nil else { return [] }
        let saved = pointer
        pointer = context.pointer
        defer { pointer = saved }
        let m = known ?? LayerGeometry.local(layer).concatenating(p)
        if !layer.isDoubleSided && facesAway(m) { return [] }
        var ctx = context
        if let name = layer.name { ctx.label = name }
        // Opacity scales the subtree's draws one by one (without group opacity), or decides between a group
        // pass and folding by how the draws overlap (with it), which culling would change.
        if layer.opacityValue < 1 { ctx.cullsHidden = false }

        // CATransformLayer: draws nothing of its own; opacity applies to each sublayer individually.
        // (Under a flattening parent a transform layer's planes are gathered by the parent's depth sort.)
        let emitter = LayerEmitters.of(layer)
        if emitter.isTransformLayer {
            if layer.opacityValue < 1 { ctx.cullsHidden = false }
            return emitSublayers(of: layer, layerToTarget: m, context: ctx).map { $0.scalingAlpha(by: layer.opacityValue) }
        }
        if layer.shouldRasterize, let op = rasterized(layer, layerToTarget: m, context: ctx) {
            return [op]
        }
        return faded(emitContent(layer, emitter: emitter, layerToTarget: m, context: ctx), by: layer, context: ctx)
    }

    /// Shadow, body and mask of a layer, clipped by masksToBounds: everything but opacity and rasterization.
    func emitContent(_ layer: Layer, emitter: any LayerEmitter, layerToTarget m: Transform3D, context: Context) -> [DrawOp] {
        let shadow = ShadowPlan(layer, layerToTarget: m)
        var bodyContext = context
        if let s = shadow { bodyContext.interest = context.interest.expanded(by: s.reach) }
        let continuousClip = layer.masksToBounds && isContinuous(layerShape(layer))
        // A clip applied draw by draw leaves partial coverage at its edges, where what lies below shows; a
        // shadow without a path is the body's alpha, whose blur is chosen by the body's draws.
        if layer.masksToBounds && !continuousClip { bodyContext.cullsHidden = false }
        if shadow != nil && layer.shadowPathValue == nil { bodyContext.cullsHidden = false }
        var body = emitBody(layer, emitter: emitter, layerToTarget: m, context: bodyContext)

        var ownClip: (Clip, PixelRect)?
        if layer.masksToBounds && !continuousClip {
            let clip = Clip(shape: layerShape(layer), transform: m, edgeAA: edgeAA(layer, m))
            let bounds = LayerGeometry.pixelBounds(of: layer.bounds, through: m, in: bodyContext.interest)
            ownClip = (clip, bounds)
            for j in body.indices { body[j] = body[j].clipped(by: clip, bounds: bounds) }
            body.removeAll { $0.bounds.isEmpty }
        }
        var ops: [DrawOp] = []
        if let s = shadow {
            for var op in shadowOps(layer, s, body: body, layerToTarget: m, context: context) {
                if let (clip, bounds) = ownClip { op = op.clipped(by: clip, bounds: bounds) }
                if !op.bounds.isEmpty { ops.append(op) }
            }
        }
        for j in body.indices { body[j].bounds = body[j].bounds.intersection(context.interest) }
        body.removeAll { $0.bounds.isEmpty }
        if ops.isEmpty { ops = body } else { ops += body }
        if continuousClip {
            let clipOps = pathOps(Path(roundedRect: layerShape(layer)), layerToTarget: m, color: .white,
                                  interest: context.interest)
            ops = clippedToShape(ops, clipOps: clipOps, context: context)
        }
        if let mask = layer.mask {
            return masked(ops, by: mask, layerToTarget: m, context: context)
        }
        return ops
    }

    /// True for a shape with continuous corners, which fills, borders and clips express as paths.
    func isContinuous(_ shape: RoundedRect) -> Bool { shape.curve == .continuous && !shape.isRect }

    /// Background, contents, sublayers and border, in that order (ca-semantics.md §2).
    func emitBody(_ layer: Layer, emitter: any LayerEmitter, layerToTarget m: Transform3D, context: Context) -> [DrawOp] {
        var ops: [DrawOp] = []
        let shape = layerShape(layer)
        let aa = shape.isRect ? edgeAA(layer, m) : .all
        // The pixels of the bounds, for the background and the border: worked out once.
        var boundsPixels: PixelRect?
        func pixels() -> PixelRect {
            if let known = boundsPixels { return known }
            let b = LayerGeometry.pixelBounds(of: layer.bounds, through: m, in: context.interest)
            boundsPixels = b
            return b
        }
        if let bg = layer.backgroundColor, bg.alpha > 0, !layer.bounds.isEmpty {
            if isContinuous(shape) {
                ops += pathOps(Path(roundedRect: shape), layerToTarget: m, color: bg, interest: context.interest)
            } else {
                let b = pixels()
                if !b.isEmpty {
                    ops.append(DrawOp(shape: .roundedRect(shape), paint: .solid(bg.premultiplied), transform: m, bounds: b,
                                      edgeAA: aa))
                }
            }
        }
        // Contents, own drawing and sublayers appended in place: each op is copied once per layer.
        let background = ops.count
        ops += contentsOps(layer, layerToTarget: m, context: context)
        ops += emitter.ownOps(self, layerToTarget: m, context: context)
        guard chargePixels(ops[..<background]), chargePixels(ops[background...]) else { return [] }
        ops += emitSublayers(of: layer, layerToTarget: m, context: context)
        if layer.borderWidth > 0, let bc = layer.borderColor, bc.alpha > 0, !layer.bounds.isEmpty, isContinuous(shape) {
            // The ring between the continuous outline and its inset, filled even-odd.
            var ring = Path(roundedRect: shape)
            let inner = shape.inset(by: layer.borderWidth)
            if inner.rect.width > 0, inner.rect.height > 0 { ring.append(Path(roundedRect: inner)) }
            ops += pathOps(ring, layerToTarget: m, color: bc, rule: .evenOdd, interest: context.interest)
        } else if layer.borderWidth > 0, let bc = layer.borderColor, bc.alpha > 0, !layer.bounds.isEmpty {
            let b = pixels()
            if !b.isEmpty {
                // Borders are always antialiased (ca-semantics.md decisions table), whatever the quad's edges do.
                // Right after the background (nothing between), the renderers draw the two as one
                // (`BorderedFill`).
                ops.append(DrawOp(shape: .ring(shape, width: layer.borderWidth), paint: .solid(bc.premultiplied),
                                  transform: m, bounds: b, edgeAA: .all))
            }
        }
        return ops
    }

    /// The layer's (rounded) bounds: the shape of its background, border and masksToBounds clip.
    func layerShape(_ layer: Layer) -> RoundedRect {
        RoundedRect(rect: layer.bounds, radius: layer.cornerRadius, corners: layer.maskedCorners, curve: layer.cornerCurve)
    }

    /// Which edges are antialiased: all when the layer asks for it or its edges stay axis-aligned;
    /// none for a rotated or perspective layer by default (allowsEdgeAntialiasing = NO, as on iOS).
    func edgeAA(_ layer: Layer, _ m: Transform3D) -> EdgeMask {
        layer.allowsEdgeAntialiasing || LayerGeometry.isAxisAligned(m) ? .all : []
    }

    /// True when the layer's local space is seen from behind (its projected winding is reversed).
    func facesAway(_ m: Transform3D) -> Bool {
        let det = m.m11 * (m.m22 * m.m44 - m.m24 * m.m42) - m.m12 * (m.m21 * m.m44 - m.m24 * m.m41)
            + m.m14 * (m.m21 * m.m42 - m.m22 * m.m41)
        return det < 0
    }
}
