import Foundation
import LaminaGraph
import LaminaGeometry

/// Shadows of rounded rects, the common case, drawn as nine-patches of small blurred proxies that are
/// shared between layers and packed into one atlas pass (and one blur pass) per sigma.
///
/// Why it is exact: the blur of a shape whose columns are all alike over some span gives identical columns
/// wherever the kernel (radius `ceil(3 sigma)`) stays inside that span. A rounded rect's coverage is alike
/// along its straight edges, so a proxy with those edges shortened to a few kernel widths blurs to the same
/// corners and the same edge profile as the whole shape; the one column (row) in the middle of the
/// shortened edge stands for all the columns that were cut out. Skia's nine-patch rrect blur masks and
/// WebRender's box-shadow cache rest on the same fact.
///
/// Why it is fast: the blur costs the proxy's area, which depends on radius and sigma, not on the layer's
/// size; layers whose proxies are equal (same radii, border, alpha, sigma and pixel phase) share one; and
/// every shadow of a pass samples the same texture, so the GPU draws them in one batch.
///
/// The shape is drawn at its offset position (shadowOffset in pixels, fractions included) and the composite
/// copies texels one for one (nearest filtering at texel centres), so nothing is resampled.
struct ShadowAtlas {
    /// A page's largest side in pixels; a proxy that does not fit takes the per-shadow passes.
    static let maxSide = 2048
    /// The largest proxy side worth packing.
    static let maxCell = 1024

    struct Cell { let x: Int, y: Int, width: Int, height: Int }

    /// Everything that decides a proxy's pixels.
    struct Key: Hashable {
        let sigma: Double
        let values: [Double]
    }

    final class Page {
        let shapeID: PassID, blurID: PassID
        let sigma: Double
        /// The GPU's blur for the page, chosen for what its proxies can hold (`GraphBuilder.blurContent`).
        let method: BlurMethod
        var cells: [Key: Cell] = [:]
        var ops: [DrawOp] = []
        var shadows = 0
        private var shelfX = 0, shelfY = 0, shelfHeight = 0
        private(set) var width = 0, height = 0

        init(shapeID: PassID, blurID: PassID, sigma: Double, method: BlurMethod) {
            self.shapeID = shapeID; self.blurID = blurID; self.sigma = sigma; self.method = method
        }

        /// Shelf packing, left to right, top to bottom; nil when the page is full. Cells start on multiples of
        /// the page's pyramid texel (2^levels pixels), so a proxy meets the down-sampling grid at the same
        /// phase wherever it lands: a shadow's bytes on the GPU do not depend on which other shadows share
        /// its page (a layer hidden, culled or added elsewhere leaves them as they were).
        func place(width cellWidth: Int, height cellHeight: Int) -> Cell? {
            let texel = 1 << max(0, min(8, method.levels))
            let w = (cellWidth + texel - 1) / texel * texel, h = (cellHeight + texel - 1) / texel * texel
            if shelfX + w > ShadowAtlas.maxSide {
                shelfY += shelfHeight; shelfX = 0; shelfHeight = 0
            }
            guard shelfY + h <= ShadowAtlas.maxSide else { return nil }
            let cell = Cell(x: shelfX, y: shelfY, width: cellWidth, height: cellHeight)
            shelfX += w; shelfHeight = max(shelfHeight, h)
            width = max(width, shelfX); height = max(height, shelfY + shelfHeight)
            return cell
        }
    }

    var pages: [Page] = []
    /// Proxies packed so far, per sigma.
    var cellCounts: [Double: Int] = [:]

    /// Proxies of one sigma kept at their exact pixel phase. Layers at random fractional positions each need
    /// their own proxy (100 000 shadowed cards made 88 pages of 2048 x 2048); past this many, a proxy's
    /// phase is snapped to `phaseSteps` of a pixel, so at most phaseSteps^2 proxies per shape remain: the
    /// shadow moves by at most 1 / (2 phaseSteps) pixel, on both backends alike.
    static let exactPhaseCells = 2048
    static let phaseSteps = 16.0

    /// `x` with its fractional part snapped to 1 / `phaseSteps`.
    static func snappedPhase(_ x: Double) -> Double {
        let whole = x.rounded(.down)
        return whole + ((x - whole) * phaseSteps).rounded() / phaseSteps
    }
}

/// One axis of a stretchable shadow: where the full shadow lies in target pixels, and how the proxy's lines
/// map onto it.
struct StretchAxis {
    /// The first target pixel of the full shadow (shape plus blur reach).
    let start: Int
    let fullLength: Int
    /// Lines cut out of the straight part; the proxy is this much shorter than the full shadow.
    let removed: Int
    /// The proxy line drawn `removed + 1` times (only meaningful when `removed > 0`).
    let source: Int
    var proxyLength: Int { fullLength - removed }

    /// - Parameters:
    ///   - lo, hi: the shape's extent in target pixels;
    ///   - margin: how far from each end the coverage stops depending on this coordinate;
    ///   - pad: transparent pixels kept around the shape (the blur's reach, and then one);
    ///   - reach: how far one blurred pixel reads.
    init(lo: Double, hi: Double, margin: Double, pad: Int, reach: Int) {
        start = Int(pixels: lo, .down) - pad
        fullLength = Int(pixels: hi, .up) + pad - start
        // Pixels whose centres are at least `margin` inside both ends are alike.
        let first = Int(pixels: lo + margin - 0.5, .up), last = Int(pixels: hi - margin - 0.5, .down)
        let alike = last - first + 1
        removed = max(0, alike - (2 * reach + 3))
        source = first - start + reach + 1
    }

    /// (target start, target end, proxy start, proxy end) of each slice, half-open.
    var slices: [(Int, Int, Int, Int)] {
        guard removed > 0 else { return [(start, start + fullLength, 0, proxyLength)] }
        let s = start + source
        return [(start, s, 0, source), (s, s + removed + 1, source, source + 1),
                (s + removed + 1, start + fullLength, source + 1, proxyLength)]
    }
}

extension GraphBuilder {
    /// The shadow of `shape` (target-pixel ops) as atlas nine-patches, or nil when the shape is not one
    /// rounded rect of fills and borders through an axis-aligned scale (the caller then uses its own passes).
    func atlasShadowOps(_ shape: [DrawOp], _ s: ShadowPlan, interest: PixelRect) -> [DrawOp]? {
        guard s.sigma > 0, let t = shape.first?.transform,
              t.planeKind.isScaleTranslation, t.m11 > 0, t.m22 > 0,
              let (local, radius, border) = Self.atlasShape(shape, transform: t) else { return nil }
        let sx = t.m11, sy = t.m22
        let x0 = Double(local.minX) * sx + t.m41 + s.dx, x1 = Double(local.maxX) * sx + t.m41 + s.dx
        let y0 = Double(local.minY) * sy + t.m42 + s.dy, y1 = Double(local.maxY) * sy + t.m42 + s.dy
        guard [x0, x1, y0, y1].allSatisfy({ $0.isFinite && abs($0) < 1e7 }) else { return nil }
        // The GPU may blur through a downsampled pyramid, whose filters reach a little further. Proxies share
        // a page only with proxies of the same sigma and method, so each is padded for its page's blur.
        let method = BlurPyramid.choose(sigma: s.sigma, content: Self.blurContent(of: shape),
                                        capabilities: capabilities)
        let reach = BlurPyramid.reach(sigma: s.sigma, method: method)
        let xs = StretchAxis(lo: x0, hi: x1, margin: max(radius, border) * sx + 1, pad: reach + 1, reach: reach)
        let ys = StretchAxis(lo: y0, hi: y1, margin: max(radius, border) * sy + 1, pad: reach + 1, reach: reach)
        guard xs.proxyLength <= ShadowAtlas.maxCell, ys.proxyLength <= ShadowAtlas.maxCell else { return nil }
        let full = PixelRect(x0: xs.start, y0: ys.start, x1: xs.start + xs.fullLength, y1: ys.start + ys.fullLength)
        guard !full.intersection(interest).isEmpty else { return [] }

        // The proxy: the same ops on a rect shortened by the removed lines, placed at the shadow offset
        // relative to the full shadow's corner.
        let proxyRect = CGRect(x: Double(local.minX), y: Double(local.minY),
                               width: Double(local.width) - Double(xs.removed) / sx,
                               height: Double(local.height) - Double(ys.removed) / sy)
        var toCell = t.concatenating(.translation(s.dx - Double(xs.start), s.dy - Double(ys.start), 0))
        if shadowAtlas.cellCounts[s.sigma, default: 0] >= ShadowAtlas.exactPhaseCells {
            toCell.m41 = ShadowAtlas.snappedPhase(toCell.m41)
            toCell.m42 = ShadowAtlas.snappedPhase(toCell.m42)
        }
        var values = [sx, sy, toCell.m41, toCell.m42, Double(proxyRect.minX), Double(proxyRect.minY),
                      Double(proxyRect.width), Double(proxyRect.height), Double(xs.proxyLength), Double(ys.proxyLength)]
        guard let proxy = Self.proxyOps(shape, rect: proxyRect, toCell: toCell, values: &values),
              let (page, cell) = atlasCell(ShadowAtlas.Key(sigma: s.sigma, values: values), method: method, proxy: proxy,
                                           shape: proxyRect, width: xs.proxyLength, height: ys.proxyLength)
        else { return nil }
        page.shadows += 1
        return Self.sliceOps(xs, ys, page: page, cell: cell, tint: s.tint, interest: interest)
    }

    /// The one rect every op and clip of `shape` fills or borders through `t` (circular corners or none),
    /// its largest radius and widest border; nil when the shape is anything else.
    static func atlasShape(_ shape: [DrawOp], transform t: Transform3D) -> (CGRect, radius: Double, border: Double)? {
        var rect: CGRect?
        var radius = 0.0, border = 0.0
        func accept(_ r: RoundedRect, _ m: Transform3D) -> Bool {
            guard m == t, r.curve == .circular || r.isRect else { return false }
            if let known = rect, known != r.rect { return false }
            rect = r.rect
            radius = max(radius, r.minXMinY, r.maxXMinY, r.minXMaxY, r.maxXMaxY)
            return true
        }
        for op in shape {
            guard op.modulate == nil else { return nil }
            switch (op.shape, op.paint) {
            case (.roundedRect(let r), .solid): guard accept(r, op.transform) else { return nil }
            case (.ring(let r, let w), .solid):
                guard accept(r, op.transform) else { return nil }
                border = max(border, w)
            default: return nil
            }
            for c in op.clips { guard accept(c.shape, c.transform) else { return nil } }
        }
        guard let local = rect, local == local.standardized, local.width > 0, local.height > 0 else { return nil }
        return (local, radius, border)
    }

    /// `shape`'s ops on `rect` through `toCell`, in white of their alpha (only alpha makes a shadow), with
    /// everything that decides their pixels appended to `values` (the proxy's key).
    static func proxyOps(_ shape: [DrawOp], rect proxyRect: CGRect, toCell: Transform3D,
                         values: inout [Double]) -> [DrawOp]? {
        func shrunk(_ r: RoundedRect) -> RoundedRect {
            values += [r.minXMinY, r.maxXMinY, r.minXMaxY, r.maxXMaxY]
            var p = r; p.rect = proxyRect; return p
        }
        var proxy: [DrawOp] = []
        for op in shape {
            var p = op
            p.transform = toCell
            switch (op.shape, op.paint) {
            case (.roundedRect(let r), .solid(let c)):
                p.shape = .roundedRect(shrunk(r)); values += [0, c.a]
            case (.ring(let r, let w), .solid(let c)):
                p.shape = .ring(shrunk(r), width: w); values += [1, c.a, w]
            default: return nil
            }
            p.paint = op.paint.grayOfAlpha
            values += [Double(op.edgeAA.rawValue), Double(op.clips.count)]
            p.clips = op.clips.map { c in
                values.append(Double(c.edgeAA.rawValue))
                return Clip(shape: shrunk(c.shape), transform: toCell, edgeAA: c.edgeAA)
            }
            proxy.append(p)
        }
        return proxy
    }

    /// The nine-patch slices that draw the full shadow from the proxy in `cell` of `page`.
    static func sliceOps(_ xs: StretchAxis, _ ys: StretchAxis, page: ShadowAtlas.Page, cell: ShadowAtlas.Cell,
                         tint: PremultipliedColor, interest: PixelRect) -> [DrawOp] {
        var ops: [DrawOp] = []
        for (ty0, ty1, cy0, cy1) in ys.slices {
            for (tx0, tx1, cx0, cx1) in xs.slices {
                let bounds = PixelRect(x0: tx0, y0: ty0, x1: tx1, y1: ty1).intersection(interest)
                guard !bounds.isEmpty else { continue }
                // In texels for now; `finishShadowAtlases` divides by the page's size once it is known.
                let source = CGRect(x: cell.x + cx0, y: cell.y + cy0, width: cx1 - cx0, height: cy1 - cy0)
                let draw = TextureDraw(source: .pass(page.blurID), sourceRect: source, minFilter: .nearest,
                                       magFilter: .nearest, tint: tint)
                let destination = CGRect(x: tx0, y: ty0, width: tx1 - tx0, height: ty1 - ty0)
                ops.append(DrawOp(shape: .rect(destination), paint: .texture(draw), transform: .identity, bounds: bounds,
                                  edgeAA: []))
            }
        }
        return ops
    }

    /// The cell holding the proxy with `key`, adding it (ops moved into the cell, bounded by the local rect
    /// `shape` all of them fill) when it is new.
    private func atlasCell(_ key: ShadowAtlas.Key, method: BlurMethod, proxy: [DrawOp], shape: CGRect, width: Int,
                           height: Int) -> (ShadowAtlas.Page, ShadowAtlas.Cell)? {
        for page in shadowAtlas.pages where page.sigma == key.sigma && page.method == method {
            if let cell = page.cells[key] { return (page, cell) }
        }
        var target = shadowAtlas.pages.last { $0.sigma == key.sigma && $0.method == method }
        var cell = target?.place(width: width, height: height)
        if cell == nil {
            let page = ShadowAtlas.Page(shapeID: newPassID(), blurID: newPassID(), sigma: key.sigma, method: method)
            shadowAtlas.pages.append(page)
            target = page
            cell = page.place(width: width, height: height)
        }
        guard let page = target, let cell else { return nil }
        let shift = Transform3D.translation(Double(cell.x), Double(cell.y), 0)
        let cellRect = PixelRect(x0: cell.x, y0: cell.y, x1: cell.x + width, y1: cell.y + height)
        page.ops += proxy.map { op in
            var p = op
            p.transform = op.transform.concatenating(shift)
            p.clips = op.clips.map { var c = $0; c.transform = c.transform.concatenating(shift); return c }
            p.bounds = LayerGeometry.pixelBounds(of: shape, through: p.transform, in: cellRect)
            return p
        }
        page.cells[key] = cell
        shadowAtlas.cellCounts[key.sigma, default: 0] += 1
        return (page, cell)
    }

    /// The atlas passes (shapes, then their blur), to run before every other pass, and the texture draws
    /// that read them given unit source rects now that each page's size is known.
    func finishShadowAtlases() {
        let pages = shadowAtlas.pages.filter { $0.width > 0 && $0.height > 0 }
        guard !pages.isEmpty else { return }
        var atlasPasses: [Pass] = []
        var sizes: [PassID: (Double, Double)] = [:]
        for page in pages {
            let label = "shadow atlas: \(page.cells.count) shapes for \(page.shadows) shadows"
            atlasPasses.append(Pass(id: page.shapeID, reason: .shadowShape, label: label, width: page.width,
                                    height: page.height, content: .draw(page.ops), isGray: true))
            atlasPasses.append(Pass(id: page.blurID, reason: .shadowBlur, label: label, width: page.width,
                                    height: page.height, content: .blur(source: page.shapeID, sigma: page.sigma, method: page.method),
                                    isGray: true))
            sizes[page.blurID] = (Double(page.width), Double(page.height))
        }
        pointer = "shadow atlas"
        guard atlasPasses.allSatisfy({ charge($0) }) else { return }
        for i in passes.indices {
            guard case .draw(var ops) = passes[i].content else { continue }
            var changed = false
            for j in ops.indices {
                guard case .texture(var t) = ops[j].paint, case .pass(let id) = t.source, let (w, h) = sizes[id] else {
                    continue
                }
                let r = t.sourceRect
                t.sourceRect = CGRect(x: Double(r.minX) / w, y: Double(r.minY) / h,
                                      width: Double(r.width) / w, height: Double(r.height) / h)
                ops[j].paint = .texture(t)
                changed = true
            }
            if changed { passes[i].content = .draw(ops) }
        }
        passes = atlasPasses + passes
    }
}

