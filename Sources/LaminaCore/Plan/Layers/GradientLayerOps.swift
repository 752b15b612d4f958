import Foundation
import LaminaGraph
import LaminaImage
import LaminaGeometry

/// CAGradientLayer: its gradient fills the layer's shape (rounded corners included), over the background
/// colour and under the sublayers and border (ca-semantics.md §2 and §CAGradientLayer).
struct GradientLayerEmitter: LayerEmitter {
    let layer: GradientLayer
    func contentsBitmap(_ builder: GraphBuilder) -> Bitmap? { layer.contentsValue }
    func ownOps(_ builder: GraphBuilder, layerToTarget m: Transform3D, context: GraphBuilder.Context) -> [DrawOp] {
        builder.gradientOps(layer, layerToTarget: m, context: context)
    }
}

extension GraphBuilder {
    /// The gradient operations of `layer`, or none when it draws nothing: fewer than two colours, a
    /// degenerate axis (start = end), a radial gradient with a zero radius (the default points), or empty
    /// bounds. Continuous corners make it the gradient in the corners' path (`clippedToShape`), as fills are.
    func gradientOps(_ layer: GradientLayer, layerToTarget m: Transform3D, context: Context) -> [DrawOp] {
        guard let paint = gradientPaint(layer), !layer.bounds.isEmpty else { return [] }
        let shape = layerShape(layer)
        let b = LayerGeometry.pixelBounds(of: layer.bounds, through: m, in: context.interest)
        guard !b.isEmpty else { return [] }
        let aa = shape.isRect ? edgeAA(layer, m) : .all
        guard isContinuous(shape) else {
            return [DrawOp(shape: .roundedRect(shape), paint: .gradient(paint), transform: m, bounds: b, edgeAA: aa)]
        }
        let square = DrawOp(shape: .rect(layer.bounds), paint: .gradient(paint), transform: m, bounds: b, edgeAA: .all)
        let clipOps = pathOps(Path(roundedRect: shape), layerToTarget: m, color: .white, interest: context.interest)
        return clippedToShape([square], clipOps: clipOps, context: context)
    }

    /// The layer's gradient in its local space, or nil when it draws nothing.
    func gradientPaint(_ layer: GradientLayer) -> GradientPaint? {
        guard let colors = layer.colorsValue, colors.count >= 2 else { return nil }
        let n = colors.count
        let locations = layer.locationsValue ?? (0..<n).map { Double($0) / Double(n - 1) }
        guard locations.count == n, locations.allSatisfy(\.isFinite) else { return nil }
        // Locations are meant to increase; a scene that does not keep them in order gets them sorted
        // (stably), so equal locations keep their order and make a hard edge.
        let stops = zip(locations, colors).enumerated()
            .sorted { $0.element.0 != $1.element.0 ? $0.element.0 < $1.element.0 : $0.offset < $1.offset }
            .map { GradientPaint.Stop(location: $0.element.0, color: $0.element.1) }
        let b = layer.bounds
        func local(_ p: CGPoint) -> CGPoint {
            CGPoint(x: Double(b.minX) + Double(p.x) * Double(b.width), y: Double(b.minY) + Double(p.y) * Double(b.height))
        }
        let kind: GradientPaint.Kind
        switch layer.gradientType {
        case .axial: kind = .axial
        case .radial: kind = .radial
        case .conic: kind = .conic
        }
        let paint = GradientPaint(kind: kind, start: local(layer.startPoint), end: local(layer.endPoint), stops: stops)
        // Undefined everywhere (a zero-length axis, a flat ellipse): nothing is drawn, as in Core Animation.
        guard paint.parameter(x: Double(b.midX), y: Double(b.midY)) != nil else { return nil }
        return paint
    }
}
