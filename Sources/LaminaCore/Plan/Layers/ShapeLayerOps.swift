import Foundation

/// CAShapeLayer: its path filled (fillColor, fillRule) and then stroked (strokeColor, lineWidth, caps,
/// joins, dashes, strokeStart/strokeEnd), composited between the contents and the first sublayer, not
/// clipped to the bounds unless masksToBounds (ca-semantics.md §CAShapeLayer). The stroke is turned into
/// outlines here (`Stroker`), so both renderers see two path fills.
extension GraphBuilder {
    func shapeOps(_ layer: ShapeLayer, layerToTarget m: Transform3D, context: Context) -> [DrawOp] {
        guard let path = layer.path, !path.isEmpty else { return [] }
        var ops: [DrawOp] = []
        if let fill = layer.fillColor, fill.alpha > 0 {
            ops += pathOps(path, layerToTarget: m, color: fill, rule: layer.fillRule, interest: context.interest)
        }
        guard let color = layer.strokeColor, color.alpha > 0, layer.lineWidth > 0, failure == nil else { return ops }
        let tolerance = 0.1 / max(1e-6, LayerGeometry.approximateScale(m))
        guard chargeSegments(path.flattenedSegmentCount(tolerance: tolerance)) else { return ops }
        let style = StrokeStyle(width: layer.lineWidth, cap: cap(layer.lineCap), join: join(layer.lineJoin),
                                miterLimit: layer.miterLimit, dashes: layer.lineDashPattern,
                                dashPhase: layer.lineDashPhase, start: layer.strokeStart, end: layer.strokeEnd)
        let outlines = Stroker.stroke(path.flattened(tolerance: tolerance), style, tolerance: tolerance)
        return ops + polylineOps(outlines, layerToTarget: m, color: color, interest: context.interest)
    }

    /// A fill of already flattened closed polylines (a stroke's outlines), charged to the segment limit.
    func polylineOps(_ polylines: [Polyline], layerToTarget m: Transform3D, color: Color,
                     interest: PixelRect) -> [DrawOp] {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var segments = 0
        for poly in polylines {
            segments += poly.points.count
            for p in poly.points {
                minX = min(minX, Double(p.x)); maxX = max(maxX, Double(p.x))
                minY = min(minY, Double(p.y)); maxY = max(maxY, Double(p.y))
            }
        }
        guard minX <= maxX, minY <= maxY, chargeSegments(segments) else { return [] }
        let box = CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        let bounds = LayerGeometry.pixelBounds(of: box, through: m, in: interest)
        guard !bounds.isEmpty else { return [] }
        return [DrawOp(kind: .path(PathFill(polylines: polylines, rule: .nonZero, color: color.premultiplied)),
                       transform: m, bounds: bounds)]
    }

    private func cap(_ c: ShapeLayer.LineCap) -> StrokeStyle.Cap {
        switch c { case .butt: return .butt; case .round: return .round; case .square: return .square }
    }

    private func join(_ j: ShapeLayer.LineJoin) -> StrokeStyle.Join {
        switch j { case .miter: return .miter; case .round: return .round; case .bevel: return .bevel }
    }
}
