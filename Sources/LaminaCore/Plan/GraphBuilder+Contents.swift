import Foundation
import LaminaImage
import LaminaGraph
import LaminaGeometry

/// A layer's contents as a texture: an image, or the pass of a drawn backing store, and its size in pixels.
struct ContentsTexture {
    enum Kind {
        case image(Bitmap)
        case pass(PassID)
    }
    var kind: Kind
    var width: Int
    var height: Int
}

extension GraphBuilder {
    /// What is drawn as `layer`'s contents: the layer's drawn backing store (a pass) when it draws (which
    /// replaces `contents` and a text layer's text, as `-display` does), a text layer's backing store when it
    /// has text, else `contents`.
    func contentsTexture(_ layer: Layer) -> ContentsTexture? {
        if layer.hasCustomDrawing {
            return drawingStore(layer).map { ContentsTexture(kind: .pass($0.pass), width: $0.width, height: $0.height) }
        }
        return LayerEmitters.of(layer).contentsBitmap(self).map { ContentsTexture(kind: .image($0), width: $0.width, height: $0.height) }
    }

    /// The texture source operations sample for `contents`, its image entered in the graph's table.
    func source(of contents: ContentsTexture) -> TextureDraw.Source {
        switch contents.kind {
        case .image(let bitmap): return .image(imageID(for: bitmap))
        case .pass(let id): return .pass(id)
        }
    }

    /// Where the contents image lands in the layer's space, by contentsGravity (ca-semantics.md §7).
    ///
    /// The image's size in points is its pixel size / contentsScale, cropped by contentsRect. As Core
    /// Animation defines it, `top` is maximum Y and `bottom` minimum Y in the layer's own coordinates.
    func contentsFrame(_ layer: Layer) -> CGRect {
        let frame = unflippedContentsFrame(layer)
        // A geometry-flipped layer flips its own content geometry too, so `top` is then the visual top
        // (ca-semantics.md §7): the placement is mirrored about the bounds' middle.
        guard layer.isGeometryFlipped, !frame.isNull else { return frame }
        let b = layer.bounds
        return CGRect(x: frame.minX, y: 2 * b.minY + b.height - frame.maxY, width: frame.width, height: frame.height)
    }

    private func unflippedContentsFrame(_ layer: Layer) -> CGRect {
        guard let image = contentsTexture(layer) else { return .null }
        let b = layer.bounds
        let scale = max(1e-6, layer.contentsScale)
        let cw = Double(image.width) / scale * abs(Double(layer.contentsRect.width))
        let ch = Double(image.height) / scale * abs(Double(layer.contentsRect.height))
        let bx = Double(b.minX), by = Double(b.minY), bw = Double(b.width), bh = Double(b.height)
        func placed(_ w: Double, _ h: Double, _ fx: Double, _ fy: Double) -> CGRect {
            CGRect(x: bx + (bw - w) * fx, y: by + (bh - h) * fy, width: w, height: h)
        }
        switch layer.contentsGravity {
        case .resize: return b
        case .resizeAspect, .resizeAspectFill:
            guard cw > 0, ch > 0 else { return b }
            let s = layer.contentsGravity == .resizeAspect ? min(bw / cw, bh / ch) : max(bw / cw, bh / ch)
            return placed(cw * s, ch * s, 0.5, 0.5)
        case .center: return placed(cw, ch, 0.5, 0.5)
        case .top: return placed(cw, ch, 0.5, 1)
        case .bottom: return placed(cw, ch, 0.5, 0)
        case .left: return placed(cw, ch, 0, 0.5)
        case .right: return placed(cw, ch, 1, 0.5)
        case .topLeft: return placed(cw, ch, 0, 1)
        case .topRight: return placed(cw, ch, 1, 1)
        case .bottomLeft: return placed(cw, ch, 0, 0)
        case .bottomRight: return placed(cw, ch, 1, 0)
        }
    }

    /// The contents as texture draws: one quad, or up to nine when contentsCenter slices a scaled image.
    func contentsOps(_ layer: Layer, layerToTarget m: Transform3D, context: Context) -> [DrawOp] {
        guard let bitmap = contentsTexture(layer), bitmap.width > 0, bitmap.height > 0 else { return [] }
        let dest = contentsFrame(layer)
        guard !dest.isNull, dest.width > 0, dest.height > 0 else { return [] }
        let source = source(of: bitmap)
        let src = layer.contentsRect.standardized
        // Images stay upright under an odd number of geometry-flipped ancestors (CALayer.h): the quads are
        // drawn mirrored about the contents' middle, which the ancestors' mirror undoes on screen.
        let m = context.flipped
            ? Transform3D.translation(0, -Double(dest.midY), 0).concatenating(.scale(1, -1, 1))
                .concatenating(.translation(0, Double(dest.midY), 0)).concatenating(m)
            : m
        let aa = edgeAA(layer, m)
        let scale = max(1e-6, layer.contentsScale)
        let natural = CGSize(width: Double(bitmap.width) / scale * abs(Double(layer.contentsRect.width)),
                             height: Double(bitmap.height) / scale * abs(Double(layer.contentsRect.height)))
        let center = layer.contentsCenter
        let sliced = center != CGRect(x: 0, y: 0, width: 1, height: 1)
            && (abs(dest.width - natural.width) > 1e-9 || abs(dest.height - natural.height) > 1e-9)
        let xs = sliced ? slices(dest.minX, dest.maxX, natural.width, center.minX, center.maxX) : [(dest.minX, 0.0), (dest.maxX, 1.0)]
        let ys = sliced ? slices(dest.minY, dest.maxY, natural.height, center.minY, center.maxY) : [(dest.minY, 0.0), (dest.maxY, 1.0)]
        let aligned = LayerEmitters.of(layer).snapsContentsToPixels && !sliced && src == CGRect(x: 0, y: 0, width: 1, height: 1)
            && Self.texelAligned(dest, bitmap: bitmap, m)
        var ops: [DrawOp] = []
        for j in 0..<(ys.count - 1) {
            for i in 0..<(xs.count - 1) {
                let d = CGRect(x: xs[i].0, y: ys[j].0, width: xs[i + 1].0 - xs[i].0, height: ys[j + 1].0 - ys[j].0)
                guard d.width > 0, d.height > 0 else { continue }
                let u0 = Double(src.minX) + xs[i].1 * Double(src.width), u1 = Double(src.minX) + xs[i + 1].1 * Double(src.width)
                let v0 = Double(src.minY) + ys[j].1 * Double(src.height), v1 = Double(src.minY) + ys[j + 1].1 * Double(src.height)
                // Outer edges follow the layer's antialiasing; edges shared by two slices are hard and
                // half-open so each pixel is covered exactly once.
                var edges: EdgeMask = []
                if i == 0 && aa.contains(.minX) { edges.insert(.minX) }
                if i == xs.count - 2 && aa.contains(.maxX) { edges.insert(.maxX) }
                if j == 0 && aa.contains(.minY) { edges.insert(.minY) }
                if j == ys.count - 2 && aa.contains(.maxY) { edges.insert(.maxY) }
                let draw = TextureDraw(source: source,
                                       sourceRect: CGRect(x: u0, y: v0, width: u1 - u0, height: v1 - v0),
                                       minFilter: aligned ? .nearest : layer.minificationFilter,
                                       magFilter: aligned ? .nearest : layer.magnificationFilter,
                                       lodBias: layer.minificationFilterBias)
                let b = LayerGeometry.pixelBounds(of: d, through: m, in: context.interest)
                if !b.isEmpty { ops.append(DrawOp(shape: .rect(d), paint: .texture(draw), transform: m, bounds: b, edgeAA: edges)) }
            }
        }
        return ops
    }

    /// Nine-slice positions along one axis: (position in the layer, unit position in the source) pairs.
    /// The caps keep their natural size (shrunk proportionally when the destination is smaller than
    /// both together); the centre stretches. A zero-width centre samples one line of the source.
    private func slices(_ lo: Double, _ hi: Double, _ natural: Double, _ c0: Double, _ c1: Double) -> [(Double, Double)] {
        let c0 = max(0, min(1, c0)), c1 = max(c0, min(1, c1))
        var a = c0 * natural, b = (1 - c1) * natural
        let length = hi - lo
        if a + b > length, a + b > 0 { let k = length / (a + b); a *= k; b *= k }
        return [(lo, 0), (lo + a, c0), (hi - b, c1), (hi, 1)]
    }

    /// True when `dest` (the image's quad) lands texel for pixel on the pixel grid through `m`: a scale of one
    /// texel a pixel and whole-pixel corners (within 1e-6 px). There linear filtering is nearest filtering, and
    /// a text layer's backing store at the canvas's scale is drawn as such, which the CPU draws a column and a
    /// row at a time (`TexelGrid`).
    static func texelAligned(_ dest: CGRect, bitmap: ContentsTexture, _ m: Transform3D) -> Bool {
        guard m.planeKind.isScaleTranslation, m.m11 > 0, m.m22 > 0 else { return false }
        func whole(_ v: Double) -> Bool { v.isFinite && abs(v - v.rounded()) < 1e-6 }
        let x0 = m.m41 + Double(dest.minX) * m.m11, y0 = m.m42 + Double(dest.minY) * m.m22
        return whole(x0) && whole(y0) && abs(Double(dest.width) * m.m11 - Double(bitmap.width)) < 1e-6
            && abs(Double(dest.height) * m.m22 - Double(bitmap.height)) < 1e-6
    }
}
