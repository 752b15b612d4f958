import Foundation

extension DrawOp {
    /// This op drawing white of its alpha: every colour (fill, border, path, gradient stop, a texture's tint,
    /// a replicator's modulation) replaced by its alpha in all four channels, so a pass of such ops has
    /// r = g = b = a everywhere (`Pass.isGray`) and the same alpha bytes as the ops would draw (source-over's
    /// alpha does not depend on colour). A shadow needs only its shape's alpha, so its passes are drawn
    /// this way: renderers store and blur them one value a pixel.
    @inlinable public var grayOfAlpha: DrawOp {
        var op = self
        op.modulate = modulate.map(\.grayOfAlpha)
        op.paint = paint.grayOfAlpha
        return op
    }
}

extension DrawOp.Paint {
    /// The paint in white of its alpha (`DrawOp.grayOfAlpha`).
    public var grayOfAlpha: DrawOp.Paint {
        switch self {
        case .solid(let c): return .solid(c.grayOfAlpha)
        case .gradient(var paint):
            paint.stops = paint.stops.map { GradientPaint.Stop(location: $0.location, color: Color(red: 1, green: 1, blue: 1, alpha: $0.color.alpha)) }
            return .gradient(paint)
        case .texture(var t):
            // Tinted, a texture draws tint x sample alpha (x opacity): white of the tint's alpha keeps the alpha.
            t.tint = (t.tint ?? PremultipliedColor(r: 1, g: 1, b: 1, a: 1)).grayOfAlpha
            return .texture(t)
        }
    }
}

extension PremultipliedColor {
    /// Its alpha in all four channels.
    @inlinable public var grayOfAlpha: PremultipliedColor { PremultipliedColor(r: a, g: a, b: a, a: a) }
}
