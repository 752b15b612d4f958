import Foundation
import LaminaImage
import LaminaGraph
import LaminaGeometry

/// Which clips hold when something is painted: analytic clips (rects and circular rounded rects, in their
/// own space with their map to the store's pixels), outermost first, and the innermost of a chain of path
/// clips. Their coverages multiply, as CoreGraphics' clip mask multiplies each paint.
struct DrawingClipState: Hashable {
    var shapes: [Clip] = []
    /// Index into `DrawingPlayer.clips`; nil when no path clip holds.
    var path: Int?

    var isEmpty: Bool { shapes.isEmpty && path == nil }
}

/// A path clip: its flattened polylines in store pixels, its rule, and the path clip it intersects.
struct DrawingClip {
    var polylines: [Polyline]
    var rule: FillRule
    var parent: Int?
}

/// What a drawing paints, in store pixels, in order.
enum DrawingEvent {
    /// Polylines filled with a premultiplied colour under a rule (a fill, or a stroke's outlines, non-zero).
    case fill([Polyline], FillRule, PremultipliedColor, DrawingClipState)
    /// An image drawn upright over a user-space rect mapped by `ctm`, times `opacity`.
    case image(Bitmap, CGRect, ctm: CGAffineTransform, opacity: Double, DrawingClipState)
    /// The pixels under the polylines made transparent by their coverage (times the clips').
    case clear([Polyline], DrawingClipState)
    /// A gradient over a rounded rect, both in a local space mapped to the store by the transform.
    case gradient(RoundedRect, GradientPaint, CGAffineTransform, DrawingClipState)
}

extension DrawingPlayer {
    /// Fills a device-space path with the fill colour under `rule`.
    mutating func fill(_ devicePath: Path, rule: FillRule) throws {
        let color = state.fill.withAlphaMultiplied(by: state.alpha).premultiplied
        guard color.a > 0 else { return }
        let polylines = try flatten(devicePath)
        guard !polylines.isEmpty else { return }
        events.append(.fill(polylines, rule, color, state.clip))
    }

    /// Strokes a device-space path with the stroke state: made in user space, mapped back to the store.
    mutating func stroke(_ devicePath: Path) throws {
        let m = state.ctm
        let color = state.stroke.withAlphaMultiplied(by: state.alpha).premultiplied
        guard color.a > 0, state.lineWidth > 0, state.lineWidth.isFinite, !devicePath.isEmpty,
              let inverse = Self.inverse(m) else { return }
        // The largest stretch of the CTM bounds the user-space tolerance that keeps `tolerance` on the store.
        let stretch = max(1e-9, Double(m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d).squareRoot())
        let tolerance = Self.tolerance / stretch
        let user = devicePath.transformed(by: inverse)
        let tight = PathAccuracy.tightTurns(strokeWidth: Double(state.lineWidth), tolerance: tolerance)
        try charge(segments: user.flattenedSegmentCount(tolerance: tolerance, tightTurns: tight))
        let dashes = state.dashes.isEmpty ? nil : state.dashes
        let style = StrokeStyle(width: state.lineWidth, cap: StrokeStyle.Cap(state.cap), join: StrokeStyle.Join(state.join),
                                miterLimit: state.miterLimit, dashes: dashes, dashPhase: state.dashPhase)
        let outlines = Stroker.stroke(user, style, tolerance: tolerance)
        let device = outlines.map { Polyline(points: $0.points.map { $0.applying(m) }, closed: $0.closed) }
        try charge(segments: device.reduce(0) { $0 + $1.points.count })
        guard !device.isEmpty else { return }
        events.append(.fill(device, .nonZero, color, state.clip))
    }

    /// Intersects the clip with a device-space path: analytic when the path is exactly an upright (rounded)
    /// rect, else a path clip linked to the current one.
    mutating func clip(to devicePath: Path, rule: FillRule) throws {
        if let shape = devicePath.roundedRectShape, state.clip.shapes.count < Self.maxShapeClips {
            state.clip.shapes.append(Clip(shape: shape, transform: .identity))
            return
        }
        try addPathClip(try flatten(devicePath), rule: rule)
    }

    /// Links a path clip to the current chain; a chain deeper than `maxPathClipDepth` stops playback.
    mutating func addPathClip(_ polylines: [Polyline], rule: FillRule) throws {
        var depth = 1, link = state.clip.path
        while let i = link { depth += 1; link = clips[i].parent }
        guard depth <= Self.maxPathClipDepth else { throw DrawingLimitError.clipDepth }
        clips.append(DrawingClip(polylines: polylines, rule: rule, parent: state.clip.path))
        state.clip.path = clips.count - 1
    }

    /// Intersects the clip with a user-space rect: an analytic clip through the CTM when the CTM is
    /// invertible; a degenerate CTM clips everything away (the rect covers no pixel).
    mutating func clip(toRect r: CGRect) throws {
        let rect = r.standardized
        guard Self.inverse(state.ctm) != nil, rect.width.isFinite, rect.height.isFinite else {
            try addPathClip([], rule: .nonZero)
            return
        }
        let transform = Transform3D(affine: state.ctm)
        // A rect under the same CTM as the innermost rect clip intersects it: the product of two rect
        // coverages is the coverage of their intersection except on a pixel both edges cross.
        if let last = state.clip.shapes.last, last.transform == transform, last.shape.isRect {
            let both = last.shape.rect.intersection(rect)
            state.clip.shapes[state.clip.shapes.count - 1].shape =
                RoundedRect(rect: both.isNull ? CGRect(x: rect.minX, y: rect.minY, width: 0, height: 0) : both)
            return
        }
        guard state.clip.shapes.count < Self.maxShapeClips else {
            try addPathClip(try flatten(Path(rect: rect).transformed(by: state.ctm)), rule: .nonZero)
            return
        }
        state.clip.shapes.append(Clip(shape: RoundedRect(rect: rect), transform: transform))
    }

    /// Makes the pixels under a device-space path transparent, by their coverage (times the clip).
    mutating func clear(_ devicePath: Path) throws {
        let polylines = try flatten(devicePath)
        guard !polylines.isEmpty else { return }
        events.append(.clear(polylines, state.clip))
    }

    /// Draws `bitmap` over the user-space `rect`, upright, through the CTM.
    mutating func draw(_ bitmap: Bitmap, in rect: CGRect) throws {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, r.width.isFinite, r.height.isFinite, Self.inverse(state.ctm) != nil,
              bitmap.width > 0, bitmap.height > 0, state.alpha > 0 else { return }
        events.append(.image(bitmap, r, ctm: state.ctm, opacity: state.alpha, state.clip))
    }

    /// The inverse of an affine map, nil when it is singular or not finite.
    static func inverse(_ m: CGAffineTransform) -> CGAffineTransform? {
        let det = Double(m.a * m.d - m.b * m.c)
        guard det != 0, det.isFinite, Double(m.tx).isFinite, Double(m.ty).isFinite else { return nil }
        return CGAffineTransform(a: m.d / CGFloat(det), b: -m.b / CGFloat(det), c: -m.c / CGFloat(det),
                                 d: m.a / CGFloat(det), tx: CGFloat(Double(m.c * m.ty - m.d * m.tx) / det),
                                 ty: CGFloat(Double(m.b * m.tx - m.a * m.ty) / det))
    }

    mutating func flatten(_ devicePath: Path) throws -> [Polyline] {
        try charge(segments: devicePath.flattenedSegmentCount(tolerance: Self.tolerance))
        return devicePath.flattened(tolerance: Self.tolerance)
    }

    private mutating func charge(segments n: Int) throws {
        segments += n
        guard segments <= maxSegments else { throw DrawingLimitError.segments }
    }
}
