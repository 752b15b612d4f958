import Foundation
import LaminaImage

/// Painting into the store: coverage from `PathRasterizer`, times the clip mask, composited source-over.
extension DrawingRasterizer {
    /// Fills a device-space path with the fill colour under `rule`.
    mutating func fill(_ devicePath: Path, rule: FillRule) throws {
        let polylines = try flatten(devicePath)
        try composite(polylines, rule: rule, color: state.fill)
    }

    /// Strokes a device-space path with the stroke state: made in user space, mapped back to the store.
    mutating func stroke(_ devicePath: Path) throws {
        let m = state.ctm
        let det = Double(m.a * m.d - m.b * m.c)
        guard state.lineWidth > 0, state.lineWidth.isFinite, det != 0, det.isFinite, !devicePath.isEmpty else { return }
        let inverse = CGAffineTransform(a: m.d / CGFloat(det), b: -m.b / CGFloat(det), c: -m.c / CGFloat(det),
                                        d: m.a / CGFloat(det), tx: CGFloat(Double(m.c * m.ty - m.d * m.tx) / det),
                                        ty: CGFloat(Double(m.b * m.tx - m.a * m.ty) / det))
        // The largest stretch of the CTM bounds the user-space tolerance that keeps 1/20 px on the store.
        let stretch = max(1e-9, Double(m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d).squareRoot())
        let tolerance = Self.tolerance / stretch
        let user = devicePath.transformed(by: inverse)
        try charge(segments: user.flattenedSegmentCount(tolerance: tolerance))
        let dashes = state.dashes.isEmpty ? nil : state.dashes
        let style = StrokeStyle(width: state.lineWidth, cap: Self.cap(state.cap), join: Self.join(state.join),
                                miterLimit: state.miterLimit, dashes: dashes, dashPhase: state.dashPhase)
        let outlines = Stroker.stroke(user.flattened(tolerance: tolerance), style, tolerance: tolerance)
        let device = outlines.map { Polyline(points: $0.points.map { $0.applying(m) }, closed: $0.closed) }
        try charge(segments: device.reduce(0) { $0 + $1.points.count })
        try composite(device, rule: .nonZero, color: state.stroke)
    }

    /// Intersects the clip with a device-space path's coverage.
    mutating func clip(to devicePath: Path, rule: FillRule) throws {
        let polylines = try flatten(devicePath)
        let all = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        try charge(pixels: all.area)
        let coverage = rasterizer.coverage(of: polylines, rule: rule, clip: all)
        if let old = state.clip {
            state.clip = zip(old, coverage).map { $0 * $1 }
        } else {
            state.clip = coverage
        }
    }

    /// Makes the pixels under a device-space path transparent, by their coverage (times the clip).
    mutating func clear(_ devicePath: Path) throws {
        let polylines = try flatten(devicePath)
        try rows(of: polylines, rule: .nonZero) { out, index, c in
            let keep = 1 - c
            out[index] *= keep; out[index + 1] *= keep; out[index + 2] *= keep; out[index + 3] *= keep
        }
    }

    /// Draws `bitmap` over the user-space `rect`, upright, sampled bilinearly at each store pixel's centre
    /// mapped back through the CTM; the rect's edges are antialiased by their exact coverage.
    mutating func draw(_ bitmap: Bitmap, in rect: CGRect) throws {
        let r = rect.standardized
        let m = state.ctm
        let det = Double(m.a * m.d - m.b * m.c)
        guard r.width > 0, r.height > 0, det != 0, det.isFinite, bitmap.width > 0, bitmap.height > 0 else { return }
        let polylines = try flatten(Path(rect: r).transformed(by: m))
        let image = bitmap.image
        let alpha = Float(state.alpha)
        // Store pixel centre -> image pixel coordinates: the CTM's inverse, then the rect onto the image.
        let sx = Double(image.width) / Double(r.width), sy = Double(image.height) / Double(r.height)
        let ia = Double(m.d) / det, ib = -Double(m.b) / det, ic = -Double(m.c) / det, id = Double(m.a) / det
        let itx = (Double(m.c * m.ty) - Double(m.d * m.tx)) / det, ity = (Double(m.b * m.tx) - Double(m.a * m.ty)) / det
        let ox = Double(r.minX), oy = Double(r.minY)
        let w = width
        try rows(of: polylines, rule: .nonZero) { out, index, c in
            let pixel = index / 4
            let px = Double(pixel % w) + 0.5, py = Double(pixel / w) + 0.5
            let ux = ia * px + ic * py + itx, uy = ib * px + id * py + ity
            let s = Self.bilinear(image, x: (ux - ox) * sx - 0.5, y: (uy - oy) * sy - 0.5)
            let k = c * alpha
            let sa = s.3 * k
            out[index] = s.0 * k + out[index] * (1 - sa)
            out[index + 1] = s.1 * k + out[index + 1] * (1 - sa)
            out[index + 2] = s.2 * k + out[index + 2] * (1 - sa)
            out[index + 3] = sa + out[index + 3] * (1 - sa)
        }
    }

    /// The premultiplied sample of `image` at (x, y) in pixel units (centres at integers), clamped to edge.
    static func bilinear(_ image: Image, x: Double, y: Double) -> (Float, Float, Float, Float) {
        let fx = x.isFinite ? x.rounded(.down) : 0, fy = y.isFinite ? y.rounded(.down) : 0
        let tx = Float(x.isFinite ? x - fx : 0), ty = Float(y.isFinite ? y - fy : 0)
        let maxX = image.width - 1, maxY = image.height - 1
        let x0 = Int(pixels: fx, in: 0...maxX), x1 = Int(pixels: fx + 1, in: 0...maxX)
        let y0 = Int(pixels: fy, in: 0...maxY), y1 = Int(pixels: fy + 1, in: 0...maxY)
        var out: (Float, Float, Float, Float) = (0, 0, 0, 0)
        let p = image.pixels
        for channel in 0..<4 {
            func v(_ x: Int, _ y: Int) -> Float { Float(p[(y * image.width + x) * 4 + channel]) / 255 }
            let top = v(x0, y0) + (v(x1, y0) - v(x0, y0)) * tx
            let bottom = v(x0, y1) + (v(x1, y1) - v(x0, y1)) * tx
            let value = top + (bottom - top) * ty
            switch channel {
            case 0: out.0 = value
            case 1: out.1 = value
            case 2: out.2 = value
            default: out.3 = value
            }
        }
        return out
    }

    // MARK: Coverage

    /// Source-over of `color` (times the global alpha) under the polylines' coverage.
    private mutating func composite(_ polylines: [Polyline], rule: FillRule, color: Color) throws {
        let c = color.withAlphaMultiplied(by: state.alpha).premultiplied
        let (r, g, b, a) = (Float(c.r), Float(c.g), Float(c.b), Float(c.a))
        guard a > 0 else { return }
        try rows(of: polylines, rule: rule) { out, index, k in
            let sa = a * k
            out[index] = r * k + out[index] * (1 - sa)
            out[index + 1] = g * k + out[index + 1] * (1 - sa)
            out[index + 2] = b * k + out[index + 2] * (1 - sa)
            out[index + 3] = sa + out[index + 3] * (1 - sa)
        }
    }

    /// Calls `body` with the store index (of the red byte) and the coverage times the clip of every pixel
    /// the polylines touch, charging their bounding box to the pixel bound.
    private mutating func rows(of polylines: [Polyline], rule: FillRule,
                               _ body: (_ store: inout [Float], _ index: Int, _ coverage: Float) -> Void) throws {
        let box = Self.bounds(of: polylines).intersection(PixelRect(x0: 0, y0: 0, x1: width, y1: height))
        guard !box.isEmpty else { return }
        try charge(pixels: box.area)
        let clip = state.clip
        let w = width
        // Moved out of self (not copied) so the row callback may write the store while the rasterizer runs.
        var target: [Float] = [], raster = PathRasterizer()
        swap(&target, &store)
        swap(&raster, &rasterizer)
        defer { swap(&target, &store); swap(&raster, &rasterizer) }
        raster.rasterize(polylines, rule: rule, clip: box) { y, x0, coverage in
            for i in 0..<coverage.count {
                let pixel = y * w + x0 + i
                let k = coverage[i] * (clip?[pixel] ?? 1)
                if k > 0 { body(&target, pixel * 4, k) }
            }
        }
    }

    /// The whole pixels a set of polylines reaches.
    static func bounds(of polylines: [Polyline]) -> PixelRect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for poly in polylines {
            for p in poly.points where p.x.isFinite && p.y.isFinite {
                minX = min(minX, Double(p.x)); maxX = max(maxX, Double(p.x))
                minY = min(minY, Double(p.y)); maxY = max(maxY, Double(p.y))
            }
        }
        guard minX <= maxX, minY <= maxY else { return PixelRect(x0: 0, y0: 0, x1: 0, y1: 0) }
        return PixelRect(x0: Int(pixels: minX, .down), y0: Int(pixels: minY, .down),
                         x1: Int(pixels: maxX, .up), y1: Int(pixels: maxY, .up))
    }

    private mutating func flatten(_ devicePath: Path) throws -> [Polyline] {
        try charge(segments: devicePath.flattenedSegmentCount(tolerance: Self.tolerance))
        return devicePath.flattened(tolerance: Self.tolerance)
    }

    private mutating func charge(segments n: Int) throws {
        segments += n
        guard segments <= maxSegments else { throw DrawingLimitError.segments }
    }

    private mutating func charge(pixels n: Int) throws {
        pixels += n
        guard pixels <= maxPixels else { throw DrawingLimitError.pixels }
    }

    static func cap(_ c: ShapeLayer.LineCap) -> StrokeStyle.Cap {
        switch c { case .butt: return .butt; case .round: return .round; case .square: return .square }
    }

    static func join(_ j: ShapeLayer.LineJoin) -> StrokeStyle.Join {
        switch j { case .miter: return .miter; case .round: return .round; case .bevel: return .bevel }
    }
}
