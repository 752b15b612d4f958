import Foundation
import LaminaGraph
import LaminaImage
import LaminaGeometry

/// CAShapeLayer: its path filled (fillColor, fillRule) and then stroked (strokeColor, lineWidth, caps,
/// joins, dashes, strokeStart/strokeEnd), composited between the contents and the first sublayer, not
/// clipped to the bounds unless masksToBounds (ca-semantics.md §CAShapeLayer). The stroke is turned into
/// outlines here (`Stroker`), so both renderers see two path fills.
struct ShapeLayerEmitter: LayerEmitter {
    let layer: ShapeLayer
    func contentsBitmap(_ builder: GraphBuilder) -> Bitmap? { layer.contentsValue }
    func ownOps(_ builder: GraphBuilder, layerToTarget m: Transform3D, context: GraphBuilder.Context) -> [DrawOp] {
        builder.shapeOps(layer, layerToTarget: m, context: context)
    }

    /// Where a shape layer draws: its path's control points, grown by the stroke's reach (half the line
    /// width, times the miter limit for miter joins and the square root of two for square caps).
    var ownExtent: CGRect {
        let shape = layer
        guard let path = shape.pathValue, !path.isEmpty else { return .null }
        let box = path.controlPointBounds
        guard !box.isNull, shape.strokeColor != nil, shape.lineWidth > 0 else { return box }
        var factor = 1.0
        if shape.lineJoin == .miter { factor = max(factor, shape.miterLimit) }
        if shape.lineCap == .square { factor = max(factor, 2.0.squareRoot()) }
        let reach = shape.lineWidth / 2 * factor
        return box.insetBy(dx: -reach, dy: -reach)
    }
}

extension GraphBuilder {
    func shapeOps(_ layer: ShapeLayer, layerToTarget m: Transform3D, context: Context) -> [DrawOp] {
        guard let path = layer.pathValue, !path.isEmpty else { return [] }
        var ops: [DrawOp] = []
        if let fill = layer.fillColor, fill.alpha > 0 {
            ops += pathOps(path, layerToTarget: m, color: fill, rule: layer.fillRule, interest: context.interest)
        }
        guard let color = layer.strokeColor, color.alpha > 0, failure == nil,
              let key = Self.strokeKey(layer, layerToTarget: m) else { return ops }
        // The flattening is charged before stroking (from the kept outlines when there are some, as `pathOps`
        // charges a kept fill), so a path over the budget is refused without being stroked.
        let outlines: StrokeOutlines
        let ahead = prefetchedStrokes[ObjectIdentifier(layer)].flatMap { $0.key == key ? $0.outlines : nil }
        if let kept = ahead ?? BackingStores.strokes.value(for: key) {
            guard chargeSegments(kept.segments) else { return ops }
            outlines = kept
        } else {
            let segments = key.segmentCount
            guard chargeSegments(segments) else { return ops }
            outlines = BackingStores.strokes.keep(key.stroke(segments: segments), for: key)
        }
        return ops + outlineOps(outlines, layerToTarget: m, color: color, interest: context.interest)
    }

    /// What a shape layer's stroke under the map `m` is kept under: its path, its style, and the flattening
    /// tolerance of `m`'s largest scale; nil without a path or a line width (the stroke colour is the
    /// caller's to check).
    static func strokeKey(_ layer: ShapeLayer, layerToTarget m: Transform3D) -> StrokeKey? {
        guard let path = layer.pathValue, !path.isEmpty, layer.lineWidth > 0 else { return nil }
        let style = StrokeStyle(width: layer.lineWidth, cap: StrokeStyle.Cap(layer.lineCap), join: StrokeStyle.Join(layer.lineJoin),
                                miterLimit: layer.miterLimit, dashes: layer.lineDashPatternValue,
                                dashPhase: layer.lineDashPhase, start: layer.strokeStart, end: layer.strokeEnd)
        return StrokeKey(path: path, style: style, tolerance: PathAccuracy.tolerance(scale: LayerGeometry.largestScale(m)))
    }

    /// A fill of a stroke's outlines (flattened closed polylines), charged to the segment limit.
    func outlineOps(_ outlines: StrokeOutlines, layerToTarget m: Transform3D, color: Color,
                    interest: PixelRect) -> [DrawOp] {
        guard !outlines.bounds.isNull, chargeSegments(outlines.pointCount) else { return [] }
        let bounds = LayerGeometry.pixelBounds(of: outlines.bounds, through: m, in: interest)
        guard !bounds.isEmpty else { return [] }
        return [DrawOp(shape: .path(PathShape(polylines: outlines.polylines, rule: .nonZero)),
                       paint: .solid(color.premultiplied), transform: m, bounds: bounds)]
    }
}

extension StrokeStyle.Cap {
    /// The stroker's cap for CAShapeLayer's (and CGContext's) `lineCap`.
    init(_ c: ShapeLayer.LineCap) {
        switch c { case .butt: self = .butt; case .round: self = .round; case .square: self = .square }
    }
}

extension StrokeStyle.Join {
    /// The stroker's join for CAShapeLayer's (and CGContext's) `lineJoin`.
    init(_ j: ShapeLayer.LineJoin) {
        switch j { case .miter: self = .miter; case .round: self = .round; case .bevel: self = .bevel }
    }
}
