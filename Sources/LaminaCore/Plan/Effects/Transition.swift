import Foundation
import LaminaGraph
import LaminaGeometry

/// CATransition (`LayerTransition`): a layer's old appearance giving way to its model one. Slides draw both
/// appearances moved within the layer's own space; a fade cross-dissolves them exactly, through two passes
/// (old and new) and a third holding `old x (1 - p)` with `new x p` added (`TextureDraw.adds`), composited
/// over what lies below as one image.
extension GraphBuilder {
    func emitTransition(_ layer: Layer, _ active: Presentation.ActiveTransition, parentToTarget p: Transform3D,
                        context: Context) -> [DrawOp] {
        let t = active.transition, progress = active.progress
        let old = t.from?.layer ?? layer
        let restore = t.from.map { lend(layer, to: $0) }
        defer { restore?() }
        let (oldShift, newShift) = t.offsets(at: progress, width: Double(layer.bounds.width),
                                             height: Double(layer.bounds.height))
        var oldContext = context
        oldContext.label = context.label + " (old)"
        // An appearance wholly faded, or slid wholly out of the bounds that cut it (masksToBounds: the old one
        // at the end of a push or a reveal, the new one at the start of a push or a move-in), is not drawn: its
        // edge meets the bounds' edge, where the product of two antialiased coverages would leave a line of it.
        // The old one only when it has the layer's bounds and place and is cut to them itself.
        let fade = t.style == .fade, cut = layer.masksToBounds
        let oldCut = cut && old.masksToBounds && old.bounds == layer.bounds
            && LayerGeometry.local(old) == LayerGeometry.local(layer)
        let oldGone = progress >= 1 && (fade || (oldCut && t.style != .moveIn))
        let newAbsent = progress <= 0 && (fade || (cut && t.style != .reveal))
        let oldOps = oldGone ? [] : appearance(old, movedBy: oldShift, parentToTarget: p, context: oldContext)
        let newOps = newAbsent ? [] : appearance(layer, movedBy: newShift, parentToTarget: p, context: context)
        switch t.style {
        case .fade:
            return dissolved(oldOps, into: newOps, at: progress, context: context)
        case .moveIn, .push:
            return clippedToBounds(oldOps + newOps, of: layer, parentToTarget: p, context: context)
        case .reveal:
            return clippedToBounds(newOps + oldOps, of: layer, parentToTarget: p, context: context)
        }
    }

    /// Gives the old appearance the layer's sublayers and mask where it has none of its own, for the length
    /// of the transition's planning; the returned function takes them back (and the superlayer links with them).
    private func lend(_ layer: Layer, to old: LayerTransition.OldAppearance) -> () -> Void {
        let ghost = old.layer
        let (subs, mask) = (ghost.sublayersValue, ghost.mask)
        if old.sharesSublayers { ghost.sublayersValue = layer.sublayersValue }
        if old.sharesMask, let m = layer.mask { ghost.mask = m; m.superlayer = layer }
        return {
            ghost.sublayersValue = subs
            if old.sharesMask, let m = layer.mask { ghost.mask = mask; m.superlayer = layer }
        }
    }

    /// `layer`'s appearance with its content moved by `shift` in its own space (before its transform).
    private func appearance(_ layer: Layer, movedBy shift: CGPoint, parentToTarget p: Transform3D,
                            context: Context) -> [DrawOp] {
        guard shift != .zero else { return emitAppearance(layer, parentToTarget: p, context: context) }
        let saved = layer.transform
        defer { layer.transform = saved }
        layer.transform = Transform3D.translation(Double(shift.x), Double(shift.y), 0).concatenating(saved)
        return emitAppearance(layer, parentToTarget: p, context: context)
    }

    /// `old x (1 - p) + new x p`, premultiplied, as one image composited over the target.
    private func dissolved(_ old: [DrawOp], into new: [DrawOp], at p: Double, context: Context) -> [DrawOp] {
        if p <= 0 { return old }
        if p >= 1 { return new }
        let rect = unionBounds(old + new).intersection(context.interest)
        guard !rect.isEmpty else { return [] }
        var parts: [DrawOp] = []
        if let id = offscreen(old, rect: rect, reason: .transition, label: context.label + " (old)") {
            parts.append(composite(id, rect: rect, opacity: 1 - p, interest: rect))
        }
        if let id = offscreen(new, rect: rect, reason: .transition, label: context.label + " (new)") {
            var added = composite(id, rect: rect, opacity: p, interest: rect)
            if case .texture(var draw) = added.paint { draw.adds = true; added.paint = .texture(draw) }
            parts.append(added)
        }
        guard let sum = offscreen(parts, rect: rect, reason: .transition, label: context.label) else { return [] }
        return [composite(sum, rect: rect, interest: context.interest)]
    }

    /// `ops` cut to the layer's unmoved bounds when it masks to bounds: a slide shows only inside the layer.
    private func clippedToBounds(_ ops: [DrawOp], of layer: Layer, parentToTarget p: Transform3D,
                                 context: Context) -> [DrawOp] {
        guard layer.masksToBounds else { return ops }
        let m = LayerGeometry.local(layer).concatenating(p)
        let shape = layerShape(layer)
        if isContinuous(shape) {
            let clipOps = pathOps(Path(roundedRect: shape), layerToTarget: m, color: .white, interest: context.interest)
            return masked(ops, byOps: clipOps, reason: .clipShape, context: context)
        }
        let clip = Clip(shape: shape, transform: m, edgeAA: edgeAA(layer, m))
        let bounds = LayerGeometry.pixelBounds(of: layer.bounds, through: m, in: context.interest)
        return ops.map { $0.clipped(by: clip, bounds: bounds) }.filter { !$0.bounds.isEmpty }
    }
}
