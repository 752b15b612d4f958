import Foundation
import LaminaGraph
import LaminaGeometry

/// What a visible shadow needs: its colour, and (for a layer whose transform is a similarity) its blur and
/// offset in target pixels.
struct ShadowPlan {
    /// shadowColor premultiplied, times shadowOpacity.
    let tint: PremultipliedColor
    /// The uniform scale of the layer's map to the target, nil when it is not a similarity.
    let similarity: Double?
    /// sigma in target pixels (similarity case).
    let sigma: Double
    /// shadowOffset in target pixels (similarity case).
    let dx: Double, dy: Double
    /// How far the shadow reaches beyond its shape, in target pixels.
    let reach: Int

    init?(_ layer: Layer, layerToTarget m: Transform3D) {
        guard layer.shadowOpacityValue > 0, let color = layer.shadowColor, color.alpha > 0 else { return nil }
        tint = color.premultiplied.scaled(by: layer.shadowOpacityValue)
        similarity = LayerGeometry.similarityScale(m)
        let s = similarity ?? LayerGeometry.approximateScale(m)
        sigma = layer.shadowRadius * s
        let ox = Double(layer.shadowOffset.width), oy = Double(layer.shadowOffset.height)
        dx = ox * m.m11 + oy * m.m21
        dy = ox * m.m12 + oy * m.m22
        let r = (3 * sigma).rounded(.up) + 2 + max(abs(dx), abs(dy)).rounded(.up)
        reach = Int(pixels: r, .up, in: 0...PixelLimit.max)
    }
}

extension GraphBuilder {
    /// The shadow of `layer`: its shape (the layer's composited alpha, or shadowPath) blurred with
    /// sigma = shadowRadius x scale, tinted, offset, drawn under the layer.
    ///
    /// A rounded-rect shape goes to the shadow atlas (nine-patches of a shared blurred proxy); any other is
    /// rendered offscreen, blurred and composited as one texture draw.
    func shadowOps(_ layer: Layer, _ s: ShadowPlan, body: [DrawOp], layerToTarget m: Transform3D,
                   context: Context) -> [DrawOp] {
        guard s.similarity != nil else {
            return localShadowOp(layer, s, layerToTarget: m, context: context).map { [$0] } ?? []
        }
        let pad = Int(pixels: 3 * s.sigma, .up, in: 0...PixelLimit.max) + 1
        let region = context.interest.expanded(by: s.reach)
        let shape: [DrawOp]
        if let path = layer.shadowPathValue {
            if let rr = path.roundedRectShape {
                // Drawn as the fill it is (Skia's isRRect), so it can take the atlas.
                let b = LayerGeometry.pixelBounds(of: rr.rect, through: m, in: region)
                shape = b.isEmpty ? [] : [DrawOp(shape: .roundedRect(rr), paint: .solid(Color.white.premultiplied), transform: m, bounds: b)]
            } else {
                shape = pathOps(path, layerToTarget: m, color: .white, interest: region)
            }
        } else {
            shape = body
        }
        let extent = unionBounds(shape)
        if GaussianBound.blurIsInvisible(sigma: s.sigma, width: extent.width, height: extent.height, alpha: s.tint.a) {
            return []
        }
        if usesShadowAtlas, let ops = atlasShadowOps(shape, s, interest: context.interest) { return ops }
        let rect = unionBounds(shape).expanded(by: pad).intersection(region)
        // Only the shape's alpha makes the shadow: drawn white of it, the passes are gray (one value a pixel).
        guard let shapeID = offscreen(shape.map(\.grayOfAlpha), rect: rect, reason: .shadowShape, label: context.label,
                                      isGray: true) else { return [] }
        let blurred = blur(shapeID, rect: rect, sigma: s.sigma, shape: shape, label: context.label)
        return [composite(blurred, rect: rect, dx: s.dx, dy: s.dy, tint: s.tint, interest: context.interest)]
    }

    /// A blur pass of `source` (a gray pass cut out at `rect`, drawn from `shape`); a zero sigma needs none.
    /// The GPU's method is chosen for what the shape can hold (`blurContent`).
    func blur(_ source: PassID, rect: PixelRect, sigma: Double, shape: [DrawOp], label: String) -> PassID {
        guard sigma > 0 else { return source }
        let id = newPassID()
        let method = BlurPyramid.choose(sigma: sigma, content: Self.blurContent(of: shape), capabilities: capabilities)
        addPass(Pass(id: id, reason: .shadowBlur, label: label, width: rect.width, height: rect.height,
                     content: .blur(source: source, sigma: sigma, method: method), isGray: true))
        return id
    }

    /// How far a pass drawn from `ops` can rise along a row or column (`BlurContent`): rounded rects are
    /// convex, so a fill of alpha a rises a, a border (a ring) 2a, a bordered fill its border and then any
    /// step up to the fill; a convex path of alpha a rises a (`Polyline.isConvex`), any other path along a
    /// line of pixels that at most n of its edges touch varies by n a, so rises n a / 2
    /// (`Polyline.mostEdgesPerLine`); source-over and each
    /// (convex) clip add at most their own rises. Anything else (images, text, gradients) may hold any
    /// content.
    static func blurContent(of ops: [DrawOp]) -> BlurContent {
        var rise = 0.0
        var i = 0
        while i < ops.count {
            let op = ops[i]
            if i + 1 < ops.count, let pair = BorderedFill(fill: op, border: ops[i + 1]) {
                // A fill with its border over it (drawn as one, `BorderedFill`): the border, then any step
                // up to the fill.
                let f = pair.fill, b = pair.border
                rise += max(b.a, f.a) + max(0, b.a - f.a) + Double(op.clips.count)
                i += 2
                continue
            }
            switch (op.shape, op.paint) {
            case (.roundedRect, .solid(let c)): rise += c.a
            case (.ring, .solid(let c)): rise += 2 * c.a
            case (.path(let p), .solid(let c)):
                let lines = p.projected(through: op.transform)
                if lines.count == 1, lines[0].isConvex {
                    rise += c.a
                } else {
                    guard let edges = Polyline.mostEdgesPerLine(lines) else { return .anyContent }
                    rise += Double(edges) / 2 * c.a
                }
            default: return .anyContent
            }
            rise += Double(op.clips.count)
            i += 1
        }
        return .shapes(variation: (rise * 4).rounded(.up) / 4)
    }

    /// The shadow of a layer whose map is not a similarity (perspective, skew, non-uniform scale): the
    /// shape is rendered and blurred in the layer's own space, then composited through its transform, so
    /// the blur and the offset follow the layer as Core Animation's do.
    func localShadowOp(_ layer: Layer, _ s: ShadowPlan, layerToTarget m: Transform3D, context: Context) -> DrawOp? {
        let k = max(1, LayerGeometry.approximateScale(m))
        let sigma = layer.shadowRadius * k
        let pad = (3 * layer.shadowRadius).rounded(.up) + 1 / k
        let shapeRect: CGRect
        if let path = layer.shadowPathValue { shapeRect = path.controlPointBounds } else { shapeRect = localExtent(of: layer, includeShadow: false) }
        guard !shapeRect.isNull, shapeRect.width > 0 || shapeRect.height > 0 else { return nil }
        // The shape in the pass's pixels, grown by one for antialiasing, bounds what the blur can spread.
        let shapeWidth = Int(pixels: Double(shapeRect.width) * k + 2, .up, in: 0...PixelLimit.max)
        let shapeHeight = Int(pixels: Double(shapeRect.height) * k + 2, .up, in: 0...PixelLimit.max)
        if GaussianBound.blurIsInvisible(sigma: sigma, width: shapeWidth, height: shapeHeight, alpha: s.tint.a) {
            return nil
        }
        guard let pass = LocalPass(shapeRect.insetBy(dx: -pad, dy: -pad), scale: k) else { return nil }
        let local = pass.toPass, passRect = pass.rect, inner = pass.context(context)
        let shape: [DrawOp]
        if let path = layer.shadowPathValue {
            shape = pathOps(path, layerToTarget: local, color: .white, interest: passRect)
        } else {
            // The shadow's shape is the body's alpha, which culling must not change (its blur's content).
            var bodyContext = inner
            bodyContext.cullsHidden = false
            var body = emitBody(layer, emitter: LayerEmitters.of(layer), layerToTarget: local, context: bodyContext)
            if layer.masksToBounds {
                let clip = Clip(shape: layerShape(layer), transform: local)
                let b = LayerGeometry.pixelBounds(of: layer.bounds, through: local, in: passRect)
                body = body.map { $0.clipped(by: clip, bounds: b) }
            }
            shape = body
        }
        guard let shapeID = offscreen(shape.map(\.grayOfAlpha), rect: passRect, reason: .transformedEffect,
                                      label: context.label, isGray: true) else {
            return nil
        }
        let blurred = blur(shapeID, rect: passRect, sigma: sigma, shape: shape, label: context.label)
        let dest = pass.extent.offsetBy(dx: layer.shadowOffset.width, dy: layer.shadowOffset.height)
        let draw = TextureDraw(source: .pass(blurred), tint: s.tint)
        let bounds = LayerGeometry.pixelBounds(of: dest, through: m, in: context.interest)
        return DrawOp(shape: .rect(dest), paint: .texture(draw), transform: m, bounds: bounds, edgeAA: [])
    }

    /// Path fill operations for `path` through `m`, flattened finely enough for the target's pixels.
    func pathOps(_ path: Path, layerToTarget m: Transform3D, color: Color, rule: FillRule = .nonZero,
                 interest: PixelRect) -> [DrawOp] {
        let box = path.controlPointBounds
        guard !box.isNull, !path.isEmpty else { return [] }
        let tolerance = PathAccuracy.tolerance(scale: LayerGeometry.largestScale(m))
        let bounds = LayerGeometry.pixelBounds(of: box, through: m, in: interest)
        guard !bounds.isEmpty else { return [] }
        // A path met again at the same tolerance (the cells of a list, cards of one size with continuous
        // corners: a layer's path is in its own space; the same shape in the next frame's plan) is flattened
        // once (`BackingStores.fills`); each use is charged as before.
        let key = FlattenKey(path: path, tolerance: tolerance)
        let polylines: [Polyline]
        if let known = BackingStores.fills.value(for: key) {
            guard chargeSegments(known.segments) else { return [] }
            polylines = known.polylines
        } else {
            let segments = path.flattenedSegmentCount(tolerance: tolerance)
            guard chargeSegments(segments) else { return [] }
            polylines = path.flattened(tolerance: tolerance)
            BackingStores.fills.keep(FlattenedPath(polylines: polylines, segments: segments), for: key)
        }
        return [DrawOp(shape: .path(PathShape(polylines: polylines, rule: rule)), paint: .solid(color.premultiplied),
                       transform: m, bounds: bounds)]
    }
}

extension LayerGeometry {
    /// A representative scale of a map near the origin: the square root of the 2x2 determinant of its
    /// linear part (exact for similarities).
    static func approximateScale(_ m: Transform3D) -> Double {
        let w = m.m44 != 0 ? abs(m.m44) : 1
        let det = abs(m.m11 * m.m22 - m.m12 * m.m21) / (w * w)
        let s = det.squareRoot()
        return s.isFinite && s > 0 ? s : 1
    }

    /// The most a map near the origin stretches any direction: the larger singular value of its linear
    /// part, so that a curve flattened to `PathAccuracy.tolerance(scale:)` in layer units stays within the
    /// tolerance in pixels along every direction.
    static func largestScale(_ m: Transform3D) -> Double {
        let w = m.m44 != 0 ? abs(m.m44) : 1
        let a = m.m11 / w, b = m.m12 / w, c = m.m21 / w, d = m.m22 / w
        let sum = a * a + b * b + c * c + d * d, det = a * d - b * c
        let s = ((sum + max(0, sum * sum - 4 * det * det).squareRoot()) / 2).squareRoot()
        return s.isFinite && s > 0 ? s : 1
    }
}

/// A path and the tolerance it is flattened to: the same key, the same polylines.
struct FlattenKey: Hashable {
    let path: Path
    let tolerance: Double
}
