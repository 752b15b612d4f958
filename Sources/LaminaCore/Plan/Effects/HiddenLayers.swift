import Foundation
import LaminaGraph
import LaminaGeometry

/// Sublayers wholly under later opaque siblings are not planned: their draws, shadows and offscreen passes
/// would be overwritten pixel for pixel, so leaving them out changes no byte (WebRender and Chromium cull so).
///
/// An occluder is a later sibling that the target receives as an opaque solid: shown, opacity 1, no mask,
/// an opaque background with circular corners, mapped to the target by a scale and translation only, not
/// rasterized. Its opaque region is its bounds less the corners (two rectangles, inset by the corner radius),
/// and only whole pixels inside count. A sibling is culled when every
/// pixel its output can reach (its extent with its shadow, `localExtent`, through its transform) is such a
/// pixel of the occluders after it, tracked on a grid of 8-pixel cells. Culling is exact only where the
/// target keeps what is drawn, so the planner turns it off below anything that scales its sublayers' alpha
/// afterwards or decides how to composite them by their overlap (opacity, a transform layer's opacity,
/// replicator instances, 3D planes), clips them draw by draw (`masksToBounds` with a rectangular or circular
/// clip) or reads their alpha (a shadow without a path): `Context.cullsHidden`. A frame with a transition
/// under way or a replicator whose instances lag is planned whole, and so is a child that is not flat (a
/// transform layer or perspective below it), whose extent may not hold what it draws.
///
/// One effect is not exact: past 2 048 shadows of one blur in a frame, the shadow atlas snaps proxies to a
/// sixteenth of a pixel (`ShadowAtlas`), and culled layers no longer count toward that threshold, so in such
/// a frame some shadows keep their exact phase where they were snapped before (up to 1/32 pixel).
extension GraphBuilder {
    /// Most cells a culling grid may have (4 M cells of 8 x 8 pixels: a target of 16 384 x 16 384 pixels);
    /// a larger area is not culled.
    static let maxCoverCells = 1 << 22

    /// Per child of `ordered`, whether no pixel of it shows (`hidden`, empty when no child may be culled), and
    /// when it was worked out, each child's map to the target (`maps`, else empty), which emitting the
    /// child takes instead of working it out again.
    /// `locals`: each child's own map (`LayerGeometry.local`) when the caller has them, else empty.
    func hiddenSublayers(_ ordered: [(offset: Int, element: Layer)], locals: [Transform3D] = [], space: Transform3D,
                         interest: PixelRect) -> (hidden: [Bool], maps: [Transform3D]) {
        // Transitions move appearances beyond a layer's extent and lagging replicator instances draw their
        // sublayers where the model does not put them: such a frame is planned whole.
        guard cullsHidden, ordered.count > 1, ordered.count <= 1_000_000, !interest.isEmpty,
              presentation.transitions.isEmpty, presentation.replicatorTimes.isEmpty else { return ([], []) }
        // Each child's map to the target, and its pixels (its extent with its shadow, through that map) when
        // it may be culled.
        let maps = locals.count == ordered.count ? locals.map { $0.concatenating(space) }
            : ordered.map { LayerGeometry.local($0.element).concatenating(space) }
        // An occluder hides only children before it: from the last one on, none can be culled and no extent
        // is needed (labels over a plain background have none at all). The grid's cells lie on the target's
        // multiples of 8 pixels, so an area of the candidates alone decides as a larger one would.
        let occluders = zip(ordered, maps).map { child, m in child.element.isHidden ? nil : opaqueRects(of: child.element, through: m) }
        guard let lastOccluder = occluders.lastIndex(where: { $0 != nil }), lastOccluder > 0 else { return ([], maps) }
        var reach = [PixelRect?](repeating: nil, count: ordered.count)
        var area = PixelRect.empty
        for i in 0..<lastOccluder {
            let child = ordered[i].element, m = maps[i]
            guard !child.isHidden, m.planeKind <= .affine, Self.isFlat(child, budget: 64) else { continue }
            let extent = localExtent(of: child, includeShadow: true)
            let b = extent.isNull ? PixelRect.empty : LayerGeometry.pixelBounds(of: extent, through: m, in: interest)
            reach[i] = b.isEmpty ? nil : b
            area = area.union(b)
        }
        area = area.intersection(interest)
        guard !area.isEmpty, (area.width / 8 + 1) * (area.height / 8 + 1) <= Self.maxCoverCells else {
            return ([], maps)
        }
        var grid = CoverGrid(area)
        var hidden = [Bool](repeating: false, count: ordered.count)
        for (index, child) in ordered.enumerated().reversed() {
            guard !child.element.isHidden else { continue }
            if !grid.isEmpty, let b = reach[index], grid.covers(b) {
                hidden[index] = true
                continue
            }
            if let rects = occluders[index] {
                if !rects.first.isNull { grid.add(rects.first) }
                if let second = rects.second { grid.add(second) }
            }
        }
        return (hidden, maps)
    }

    /// An occluder's opaque rectangles in the target: its bounds less the corners, as two rectangles (one
    /// when the corners are square), held inline.
    struct OpaqueRects {
        var first: CGRect
        var second: CGRect?
    }

    /// Whether a layer's subtree draws in its plane, so its extent (`localExtent`) holds what it draws: no
    /// transform layer (a 3D context whose depth the extent's projection drops) and no perspective below it,
    /// within `budget` layers (a larger subtree is not culled).
    static func isFlat(_ layer: Layer, budget: Int) -> Bool {
        var left = budget
        func walk(_ l: Layer) -> Bool {
            left -= 1
            guard left >= 0, !LayerEmitters.of(l).isTransformLayer, l.transform.planeKind <= .affine,
                  l.sublayerTransform.planeKind <= .affine else { return false }
            if let mask = l.mask, !walk(mask) { return false }
            return l.sublayersValue.allSatisfy(walk)
        }
        return walk(layer)
    }

    /// The target-space rectangles a layer paints opaque, or nil when it is not an occluder. Continuous
    /// corners are left out: their background is a path whose interior coverage is a float sum.
    private func opaqueRects(of layer: Layer, through m: Transform3D) -> OpaqueRects? {
        guard layer.opacityValue >= 1, layer.mask == nil, !layer.shouldRasterize, layer.cornerCurve != .continuous,
              let bg = layer.backgroundColor, bg.alpha >= 1, !LayerEmitters.of(layer).isTransformLayer,
              m.planeKind.isScaleTranslation, m.m11 > 0, m.m22 > 0 else { return nil }
        let b = layer.bounds
        let inset = min(Double(layer.cornerRadius), Double(min(b.width, b.height)) / 2)
        func mapped(_ r: CGRect) -> CGRect? {
            guard r.width > 0, r.height > 0 else { return nil }
            let x0 = Double(r.minX) * m.m11 + m.m41, x1 = Double(r.maxX) * m.m11 + m.m41
            let y0 = Double(r.minY) * m.m22 + m.m42, y1 = Double(r.maxY) * m.m22 + m.m42
            guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return nil }
            return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        let wide = mapped(b.insetBy(dx: CGFloat(inset), dy: 0)), tall = mapped(b.insetBy(dx: 0, dy: CGFloat(inset)))
        // Square corners give the same rectangle twice: once is enough for the grid.
        if let wide { return OpaqueRects(first: wide, second: tall == wide ? nil : tall) }
        // An opaque layer too thin for either rectangle covers no cell, but it is still an occluder: the children
        // after the last occluder are not measured.
        return tall.map { OpaqueRects(first: $0, second: nil) } ?? OpaqueRects(first: .null, second: nil)
    }
}

/// Which 8-pixel cells of a target are wholly painted opaque by the occluders added so far.
struct CoverGrid {
    private static let cell = 8
    private let origin: (x: Int, y: Int)
    private let columns: Int, rows: Int
    private var covered: [Bool]
    private(set) var isEmpty = true

    /// A grid over `area`, its cells on multiples of 8 pixels of the target (so where the area starts does not
    /// change which pixels a cell holds).
    init(_ area: PixelRect) {
        func down(_ v: Int) -> Int { v >= 0 ? v / Self.cell * Self.cell : -((-v + Self.cell - 1) / Self.cell * Self.cell) }
        origin = (down(area.x0), down(area.y0))
        columns = max(1, (area.x1 - origin.x + Self.cell - 1) / Self.cell)
        rows = max(1, (area.y1 - origin.y + Self.cell - 1) / Self.cell)
        // Bounded by the caller (`GraphBuilder.maxCoverCells`).
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
