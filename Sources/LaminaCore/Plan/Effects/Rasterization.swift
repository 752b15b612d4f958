import Foundation
import LaminaGraph
import LaminaGeometry

extension GraphBuilder {
    /// shouldRasterize: the layer (shadow, mask and clips included, opacity not) rendered as a bitmap in
    /// its local space at rasterizationScale pixels per point, then composited through its transform with
    /// its minification and magnification filters, and faded by its opacity (CALayer.h).
    func rasterized(_ layer: Layer, layerToTarget m: Transform3D, context: Context) -> DrawOp? {
        let e = localExtent(of: layer, includeShadow: true)
        guard !e.isNull, e.width > 0, e.height > 0 else { return nil }
        guard let pass = LocalPass(e, scale: max(1e-3, layer.rasterizationScale)) else { return nil }
        let ops = emitContent(layer, emitter: LayerEmitters.of(layer), layerToTarget: pass.toPass,
                              context: pass.context(context))
        let id = newPassID()
        addPass(Pass(id: id, reason: .rasterization, label: context.label, width: pass.rect.width,
                     height: pass.rect.height, content: .draw(ops)))
        let extent = pass.extent
        let draw = TextureDraw(source: .pass(id),
                               minFilter: layer.minificationFilter, magFilter: layer.magnificationFilter,
                               lodBias: layer.minificationFilterBias, opacity: layer.opacityValue)
        let bounds = LayerGeometry.pixelBounds(of: extent, through: m, in: context.interest)
        guard !bounds.isEmpty else { return nil }
        return DrawOp(shape: .rect(extent), paint: .texture(draw), transform: m, bounds: bounds, edgeAA: edgeAA(layer, m))
    }

    /// Gives every rasterized layer's pass, every blur and every pass kept when it recurs (a group's, a
    /// mask's: `PassReason.keptWhenItRecurs`) its key (`PassFingerprints`), once the whole graph (the shadow
    /// atlases included) is planned, so a key can name what the pass reads. A rasterized layer is kept as
    /// Core Animation keeps its bitmap; the others may be kept by a renderer when the same pass recurs
    /// (`RetainPolicy`).
    func keyRetainedPasses() {
        let keyed = passes.indices.filter { passes[$0].reason == .rasterization || passes[$0].isKeptWhenItRecurs }
        guard !keyed.isEmpty else { return }
        let keys = PassFingerprints(passes)
        for i in keyed { passes[i].retainKey = keys.key(of: passes[i].id) }
    }

    /// The part of the layer's own space its output can cover: bounds, contents overflowing them, a shape
    /// layer's path and stroke, sublayers under every replicator instance (unless masksToBounds) and, if
    /// asked, the shadow. Offscreen passes cut at this rect (rasterization, local shadows), so it must hold
    /// everything the layer draws.
    func localExtent(of layer: Layer, includeShadow: Bool, depth: Int = 0) -> CGRect {
        var r = layer.bounds
        if !layer.masksToBounds {
            if contentsTexture(layer) != nil { r = r.union(contentsFrame(layer)) }
            r = r.union(LayerEmitters.of(layer).ownExtent)
            if depth < 64 { r = r.union(sublayerExtent(of: layer, depth: depth)) }
        }
        if includeShadow, layer.shadowOpacityValue > 0 {
            let shape = layer.shadowPathValue?.controlPointBounds ?? r
            if !shape.isNull {
                let reach = 3 * layer.shadowRadius + 1
                r = r.union(shape.offsetBy(dx: layer.shadowOffset.width, dy: layer.shadowOffset.height)
                    .insetBy(dx: -reach, dy: -reach))
            }
        }
        return r
    }

    /// The sublayers' extents in `layer`'s own space, each through its transform and the sublayer space,
    /// and for a replicator through every instance's transform (`emitInstances`).
    private func sublayerExtent(of layer: Layer, depth: Int) -> CGRect {
        // A leaf (most layers a plan walks) has none, whatever its instances.
        guard !layer.sublayersValue.isEmpty else { return .null }
        let space = LayerGeometry.sublayerSpace(of: layer)
        let children: [(extent: CGRect, local: Transform3D)] = layer.sublayersValue.compactMap { child in
            guard !child.isHidden else { return nil }
            let ce = localExtent(of: child, includeShadow: true, depth: depth + 1)
            return ce.isNull ? nil : (ce, LayerGeometry.local(child))
        }
        var r = CGRect.null
        func add(_ instance: Transform3D) {
            for (extent, local) in children {
                if let mapped = Self.projectedBox(extent, through: local.concatenating(instance).concatenating(space)) {
                    r = r.union(mapped)
                }
            }
        }
        LayerEmitters.of(layer).forEachInstance { _, instance in add(instance); return true }
        return r
    }

    /// The box of `rect`'s corners through `t`; nil when a corner is behind the eye.
    static func projectedBox(_ rect: CGRect, through t: Transform3D) -> CGRect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            guard let p = LayerGeometry.project(Double(x), Double(y), t) else { return nil }
            minX = min(minX, Double(p.x)); maxX = max(maxX, Double(p.x))
            minY = min(minY, Double(p.y)); maxY = max(maxY, Double(p.y))
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
