import Foundation
import LaminaGraph
import LaminaGeometry

/// Sublayers wholly under later opaque siblings are not planned: their draws, shadows and offscreen passes
/// would be overwritten pixel for pixel, so leaving them out changes no byte (WebRender and Chromium cull so).
///
/// An occluder is a later sibling that the target receives as an opaque solid: shown, opacity 1, no mask,
/// an opaque background, mapped to the target by a scale and translation only, not rasterized and not in a
/// transition. Its opaque region is its bounds less the corners (two rectangles, inset by the corner radius,
/// twice that for continuous corners), and only whole pixels inside count. A sibling is culled when every
/// pixel its output can reach (its extent with its shadow, `localExtent`, through its transform) is such a
/// pixel of the occluders after it, tracked on a grid of 8-pixel cells. Culling is exact only where the
/// target keeps what is drawn, so the planner turns it off below anything that scales its sublayers' alpha
/// afterwards (opacity without group opacity, a transform layer's opacity, replicator instances) or clips
/// them draw by draw (`masksToBounds` with a rectangular or circular clip): `Context.cullsHidden`.
extension GraphBuilder {
    /// The indices (into `ordered`) of the children no pixel of which shows.
    func hiddenSublayers(_ ordered: [(offset: Int, element: Layer)], space: Transform3D, interest: PixelRect) -> Set<Int> {
        guard cullsHidden, ordered.count > 1, ordered.count <= 1_000_000, !interest.isEmpty else { return [] }
        var grid = CoverGrid(interest)
        var hidden: Set<Int> = []
        for (index, child) in ordered.enumerated().reversed() {
            guard !child.element.isHidden else { continue }
            let inTransition = !presentation.transitions.isEmpty
                && presentation.transitions[ObjectIdentifier(child.element)] != nil
            let m = LayerGeometry.local(child.element).concatenating(space)
            if !inTransition, !grid.isEmpty {
                let extent = localExtent(of: child.element, includeShadow: true)
                if !extent.isNull, grid.covers(LayerGeometry.pixelBounds(of: extent, through: m, in: interest)) {
                    hidden.insert(index)
                    continue
                }
            }
            if !inTransition, let rects = opaqueRects(of: child.element, through: m) {
                for r in rects { grid.add(r) }
            }
        }
        return hidden
    }

    /// The target-space rectangles a layer paints opaque, or nil when it is not an occluder.
    private func opaqueRects(of layer: Layer, through m: Transform3D) -> [CGRect]? {
        guard layer.opacityValue >= 1, layer.mask == nil, !layer.shouldRasterize,
              let bg = layer.backgroundColor, bg.alpha >= 1, !LayerEmitters.of(layer).isTransformLayer,
              m.planeKind.isScaleTranslation, m.m11 > 0, m.m22 > 0 else { return nil }
        let b = layer.bounds
        let radius = min(Double(layer.cornerRadius), Double(min(b.width, b.height)) / 2)
        let inset = radius > 0 ? (layer.cornerCurve == .continuous ? 2 * radius : radius) : 0
        let rects = [b.insetBy(dx: CGFloat(inset), dy: 0), b.insetBy(dx: 0, dy: CGFloat(inset))]
        return rects.compactMap { r in
            guard r.width > 0, r.height > 0 else { return nil }
            let x0 = Double(r.minX) * m.m11 + m.m41, x1 = Double(r.maxX) * m.m11 + m.m41
            let y0 = Double(r.minY) * m.m22 + m.m42, y1 = Double(r.maxY) * m.m22 + m.m42
            guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return nil }
            return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
    }
}

/// Which 8-pixel cells of a target are wholly painted opaque by the occluders added so far.
struct CoverGrid {
    private static let cell = 8
    private let origin: (x: Int, y: Int)
    private let columns: Int, rows: Int
    private var covered: [Bool]
    private(set) var isEmpty = true

    init(_ area: PixelRect) {
        origin = (area.x0, area.y0)
        columns = max(1, (area.width + Self.cell - 1) / Self.cell)
        rows = max(1, (area.height + Self.cell - 1) / Self.cell)
        // A bounded grid: a target side is at most the pass limit, so at most (16 384 / 8)^2 cells.
        covered = [Bool](repeating: false, count: columns * rows)
    }

    /// Marks the cells wholly inside `r` (target pixels).
    mutating func add(_ r: CGRect) {
        let c = Double(Self.cell)
        let cx0 = Int(pixels: (Double(r.minX) - Double(origin.x)) / c, .up, in: 0...columns)
        let cx1 = Int(pixels: (Double(r.maxX) - Double(origin.x)) / c, .down, in: 0...columns)
        let cy0 = Int(pixels: (Double(r.minY) - Double(origin.y)) / c, .up, in: 0...rows)
        let cy1 = Int(pixels: (Double(r.maxY) - Double(origin.y)) / c, .down, in: 0...rows)
        guard cx0 < cx1, cy0 < cy1 else { return }
        for y in cy0..<cy1 { for x in cx0..<cx1 { covered[y * columns + x] = true } }
        isEmpty = false
    }

    /// Whether every cell `b` touches is covered (an empty `b` is not: nothing to hide).
    func covers(_ b: PixelRect) -> Bool {
        guard !b.isEmpty else { return false }
        let x0 = (b.x0 - origin.x) / Self.cell, x1 = (b.x1 - 1 - origin.x) / Self.cell
        let y0 = (b.y0 - origin.y) / Self.cell, y1 = (b.y1 - 1 - origin.y) / Self.cell
        guard x0 >= 0, y0 >= 0, x1 < columns, y1 < rows else { return false }
        for y in y0...y1 { for x in x0...x1 where !covered[y * columns + x] { return false } }
        return true
    }
}
