import Foundation

extension GraphBuilder {
    /// shouldRasterize: the layer (shadow, mask and clips included, opacity not) rendered as a bitmap in
    /// its local space at rasterizationScale pixels per point, then composited through its transform with
    /// its minification and magnification filters, and faded by its opacity (CALayer.h).
    func rasterized(_ layer: Layer, layerToTarget m: Transform3D, context: Context) -> DrawOp? {
        let e = localExtent(of: layer, includeShadow: true)
        guard !e.isNull, e.width > 0, e.height > 0 else { return nil }
        let rs = max(1e-3, layer.rasterizationScale)
        let w = Int(pixels: Double(e.width) * rs, .up, in: 0...8192)
        let h = Int(pixels: Double(e.height) * rs, .up, in: 0...8192)
        guard w > 0, h > 0 else { return nil }
        let extent = CGRect(x: e.minX, y: e.minY, width: Double(w) / rs, height: Double(h) / rs)
        let local = Transform3D.translation(-Double(e.minX), -Double(e.minY), 0).concatenating(.scale(rs, rs, 1))
        let rect = PixelRect(x0: 0, y0: 0, x1: w, y1: h)
        let inner = Context(interest: rect, flipped: context.flipped, label: context.label, pointer: context.pointer)
        let ops = emitContent(layer, layerToTarget: local, context: inner)
        let id = newPassID()
        addPass(Pass(id: id, reason: .rasterization, label: context.label, width: w, height: h, content: .draw(ops)))
        let draw = TextureDraw(source: .pass(id), destination: extent,
                               minFilter: layer.minificationFilter, magFilter: layer.magnificationFilter,
                               lodBias: layer.minificationFilterBias, opacity: layer.opacity)
        let bounds = LayerGeometry.pixelBounds(of: extent, through: m, in: context.interest)
        guard !bounds.isEmpty else { return nil }
        return DrawOp(kind: .texture(draw), transform: m, bounds: bounds, edgeAA: edgeAA(layer, m))
    }

    /// The part of the layer's own space its output can cover: bounds, contents overflowing them,
    /// sublayers (unless masksToBounds) and, if asked, the shadow.
    func localExtent(of layer: Layer, includeShadow: Bool, depth: Int = 0) -> CGRect {
        var r = layer.bounds
        if !layer.masksToBounds {
            if contentsBitmap(layer) != nil { r = r.union(contentsFrame(layer)) }
            if depth < 64 {
                let space = LayerGeometry.sublayerSpace(of: layer)
                for child in layer.sublayers where !child.isHidden {
                    let ce = localExtent(of: child, includeShadow: true, depth: depth + 1)
                    guard !ce.isNull else { continue }
                    let t = LayerGeometry.local(child).concatenating(space)
                    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
                    var ok = true
                    for (x, y) in [(ce.minX, ce.minY), (ce.maxX, ce.minY), (ce.minX, ce.maxY), (ce.maxX, ce.maxY)] {
                        guard let p = LayerGeometry.project(Double(x), Double(y), t) else { ok = false; break }
                        minX = min(minX, Double(p.x)); maxX = max(maxX, Double(p.x))
                        minY = min(minY, Double(p.y)); maxY = max(maxY, Double(p.y))
                    }
                    if ok { r = r.union(CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)) }
                }
            }
        }
        if includeShadow, layer.shadowOpacity > 0 {
            let shape = layer.shadowPath?.controlPointBounds ?? r
            if !shape.isNull {
                let reach = 3 * layer.shadowRadius + 1
                r = r.union(shape.offsetBy(dx: layer.shadowOffset.width, dy: layer.shadowOffset.height)
                    .insetBy(dx: -reach, dy: -reach))
            }
        }
        return r
    }
}
