import Foundation

extension DrawOp {
    /// This op drawing white of its alpha: every colour (fill, border, path, gradient stop, a texture's tint,
    /// a replicator's modulation) replaced by its alpha in all four channels, so a pass of such ops has
    /// r = g = b = a everywhere (`Pass.isGray`) and the same alpha bytes as the ops would draw (source-over's
    /// alpha does not depend on colour). A shadow needs only its shape's alpha, so its passes are drawn
    /// this way: renderers store and blur them one value a pixel.
    public var grayOfAlpha: DrawOp {
        func gray(_ c: PremultipliedColor) -> PremultipliedColor { PremultipliedColor(r: c.a, g: c.a, b: c.a, a: c.a) }
        var op = self
        op.modulate = modulate.map(gray)
        switch kind {
        case .fill(let shape, let c): op.kind = .fill(shape, gray(c))
        case .border(let shape, let width, let c): op.kind = .border(shape, width: width, gray(c))
        case .borderedFill(let shape, let fill, let width, let border):
            op.kind = .borderedFill(shape, fill: gray(fill), width: width, border: gray(border))
        case .path(var path):
            path.color = gray(path.color)
            op.kind = .path(path)
        case .gradient(let shape, var paint):
            paint.stops = paint.stops.map { GradientPaint.Stop(location: $0.location, color: Color(red: 1, green: 1, blue: 1, alpha: $0.color.alpha)) }
            op.kind = .gradient(shape, paint)
        case .texture(var t):
            // Tinted, a texture draws tint x sample alpha (x opacity): white of the tint's alpha keeps the alpha.
            t.tint = gray(t.tint ?? PremultipliedColor(r: 1, g: 1, b: 1, a: 1))
            op.kind = .texture(t)
        }
        return op
    }
}
