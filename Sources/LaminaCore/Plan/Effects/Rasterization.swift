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

    /// Gives every rasterized layer's pass its key, once the whole graph (the shadow atlases included) is
    /// planned, so a key can name what the pass reads.
    func keyRasterizations() {
        guard passes.contains(where: { $0.reason == .rasterization }) else { return }
        let keys = PassFingerprints(passes)
        for i in passes.indices where passes[i].reason == .rasterization {
            guard case .draw(let ops) = passes[i].content else { continue }
            passes[i].retainKey = keys.rasterizationKey(ops, width: passes[i].width, height: passes[i].height)
        }
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

/// A rasterized layer's pass, by content (`GraphBuilder.rasterizationKey`).
struct RasterizationKey: Hashable {
    let width: Int, height: Int
    let content: Data
}

/// Fingerprints of passes by content, over one planned graph's passes (indexed once): the key a rasterized
/// layer's bitmap is kept under between frames (`GraphBuilder.keyRasterizations`). Its pass's pixels are a
/// function of the fingerprint, so a subtree that did not change between two frames is drawn once (a
/// timeline's cache hit) and one that animates is drawn again (a miss). The passes it reads (a shadow's
/// blur, a mask) are fingerprinted by their own content, their identifiers numbered in the order they are
/// met, so a layer that only moves keeps its key. Nil, never kept, when it reads an image (an identifier
/// names different pixels from plan to plan).
struct PassFingerprints {
    private let passes: [Pass]
    private let index: [PassID: Int]
    private let encoder: JSONEncoder

    init(_ passes: [Pass]) {
        self.passes = passes
        index = Dictionary(passes.indices.map { (passes[$0].id, $0) }, uniquingKeysWith: { _, last in last })
        encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
    }

    func rasterizationKey(_ ops: [DrawOp], width: Int, height: Int) -> PassRetainKey? {
        var budget = 64
        guard let print = fingerprint(ops, budget: &budget) else { return nil }
        return PassRetainKey(RasterizationKey(width: width, height: height, content: print))
    }

    private func fingerprint(_ ops: [DrawOp], budget: inout Int) -> Data? {
        budget -= 1
        guard budget >= 0, ops.count <= 4096 else { return nil }
        var refs: [PassID] = [], order: [PassID: Int] = [:]
        func canonical(_ id: PassID) -> PassID {
            if let k = order[id] { return PassID(k) }
            order[id] = refs.count
            refs.append(id)
            return PassID(refs.count - 1)
        }
        var canon = ops
        for i in canon.indices {
            guard case .texture(var t) = canon[i].paint else { continue }
            guard case .pass(let id) = t.source else { return nil }
            t.source = .pass(canonical(id))
            t.mask = t.mask.map(canonical)
            canon[i].paint = .texture(t)
        }
        guard var data = try? encoder.encode(canon), data.count <= 4 << 20 else { return nil }
        for id in refs {
            guard let inner = passFingerprint(id, budget: &budget) else { return nil }
            data.append(inner)
        }
        return data
    }

    private func passFingerprint(_ id: PassID, budget: inout Int) -> Data? {
        guard let i = index[id] else { return nil }
        let pass = passes[i]
        var data = Data("|\(pass.width)x\(pass.height) \(pass.isGray)".utf8)
        switch pass.content {
        case .draw(let ops):
            guard let inner = fingerprint(ops, budget: &budget) else { return nil }
            data.append(inner)
        case .blur(let source, let sigma, let method):
            budget -= 1
            guard budget >= 0, let inner = passFingerprint(source, budget: &budget) else { return nil }
            data.append(Data(" blur \(sigma) \(method)".utf8))
            data.append(inner)
        }
        return data
    }
}
