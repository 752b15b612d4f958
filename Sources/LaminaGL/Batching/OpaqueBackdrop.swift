import LaminaGeometry
import LaminaGraph
import LaminaImage

/// What lies under a draw of a pass, when its pixels there are decided by a few operations whatever was
/// drawn before them (`DrawBackdrop`): the pass's clear colour where nothing earlier touches the draw's
/// bounds, or an opaque solid rounded rect covering every pixel of them wholly, and the operations drawn
/// over that there (solids and gradients of rounded rects and rings, images, and passes whose keys decide
/// their pixels), at most `maximumStack`.
///
/// A kept draw over such a backdrop (`FrameExecutor.keptDraws`) is made together with it, so its region
/// holds the pass's final bytes there, opaque: copied back without blending, the copy needs no read of the
/// target, and on llvmpipe its quads take the linear rasterizer's texture path, a copy of rows (labels on
/// cards, icons on a toolbar, labels over labels). Asked in increasing op order; the ops before the asked
/// one are entered in a coarse grid, each cell listing the ops touching it, so the search walks back
/// through the ops that may touch the bounds only, at most `lookback` of them.
final class OpaqueBackdrop {
    private let ops: [DrawOp]
    private let passBounds: PixelRect
    /// The pass is cleared to an opaque colour first (the canvas): its colour, else nil.
    private let clear: PremultipliedColor?
    /// What a texture draw samples, with its image, when it may lie in a backdrop (nil: not stacked).
    private let sampled: (TextureDraw) -> (DrawBackdrop.Sample, Bitmap?)?
    /// Cells of `cell` pixels, row-major, each listing the ops entered that touch it, in order; ops over
    /// more than `largeCells` cells are listed once, in `large`, and walked for every draw.
    private var cells: [[Int32]]
    private var large: [Int32] = []
    private var largeNext = 0
    static let largeCells = 64
    /// The pass draws a fill and the border right after it as one (`BorderedFill`, `RenderOptions.joinsBorders`).
    private let fusesBorders: Bool
    /// The cells of the bounds asked about, and how far back each one's list is walked.
    private var walk: [(cell: Int, next: Int)] = []
    private let columns: Int, rows: Int
    /// Ops before this index are in the grid.
    private var entered = 0
    /// Entries in all the cells' lists, and whether the grid stopped at `maximumEntries` (then nothing more
    /// is answered: a pass of thousands of canvas-sized ops would otherwise list each in every cell).
    private var entries = 0, full = false
    static let maximumEntries = 1 << 21
    /// Coordinates the geometry tests accept, in pixels and points.
    static let limit = Double(1 << 20)
    static let cell = 64
    /// How many ops touching a draw's grid cells are looked at before giving up (an answer of nil).
    static let lookback = 128
    /// Most operations over the clear colour or the covering op. A deep stack costs its composite's make
    /// (once) and, where the pass changes every frame, its identity's hashing; a warm frame of an unchanged
    /// pass finds its composites without either (`KeptDrawMemo`). Measured on llvmpipe against a stack of
    /// 8: 300 overlapping fills, 500 strokes and 300 gradient cards, a third to a half of which found no
    /// backdrop within 8, take half the time or less a warm frame.
    static let maximumStack = 64

    init(ops: [DrawOp], passBounds: PixelRect, clear: PremultipliedColor?, fusesBorders: Bool = true,
         sampled: @escaping (TextureDraw) -> (DrawBackdrop.Sample, Bitmap?)? = { _ in nil }) {
        self.ops = ops
        self.passBounds = passBounds
        self.clear = clear.flatMap { ClearColor.bytes($0).a == 255 ? $0 : nil }
        self.sampled = sampled
        self.fusesBorders = fusesBorders
        columns = max(1, (passBounds.width + OpaqueBackdrop.cell - 1) / OpaqueBackdrop.cell)
        rows = max(1, (passBounds.height + OpaqueBackdrop.cell - 1) / OpaqueBackdrop.cell)
        cells = [[Int32]](repeating: [], count: columns * rows)
    }

    /// The backdrop of op `index` over `bounds` (inside the pass) and the images its operations sample, or
    /// nil when there is none (or it is not found within the lookback). `index` must not decrease from
    /// call to call.
    func under(_ index: Int, bounds: PixelRect) -> (backdrop: DrawBackdrop, bitmaps: [Bitmap])? {
        guard !bounds.isEmpty, index < 1 << 30 else { return nil }
        while entered < index, !full {
            enter(entered)
            entered += 1
        }
        guard !full else { return nil }
        walk.removeAll(keepingCapacity: true)
        forEachCell(of: bounds) { walk.append(($0, cells[$0].count)) }
        largeNext = large.count
        // Walking back: the ops over the base, newest first, and their indices.
        var stack: [DrawOp] = [], samples: [DrawBackdrop.Sample] = [], bitmaps: [Bitmap] = [], indices: [Int] = []
        var looked = 0
        while let j = previous() {
            guard looked < OpaqueBackdrop.lookback else { return nil }
            looked += 1
            let op = ops[j]
            let touched = op.bounds.intersection(passBounds).intersection(bounds)
            if touched.isEmpty || OpaqueBackdrop.misses(op, bounds) { continue }
            // Cut to the draw's bounds, but a path: its coverage is computed from its own bounds' corner.
            var cut = op
            if case .path = op.shape {} else { cut.bounds = touched }
            if touched == bounds, OpaqueBackdrop.covers(op, bounds) {
                let drawn = [cut] + stack.reversed()
                guard fusedAlike(drawn, indices: [j] + indices.reversed()) else { return nil }
                return (DrawBackdrop(clear: nil, ops: drawn, samples: [DrawBackdrop.Sample()] + samples.reversed()),
                        bitmaps)
            }
            guard stack.count < OpaqueBackdrop.maximumStack, let sampled = stackable(op) else { return nil }
            stack.append(cut)
            indices.append(j)
            samples.append(sampled.sample)
            if let bitmap = sampled.bitmap { bitmaps.append(bitmap) }
        }
        guard let clear else { return nil }
        let drawn = Array(stack.reversed())
        guard fusedAlike(drawn, indices: indices.reversed()) else { return nil }
        return (DrawBackdrop(clear: clear, ops: drawn, samples: samples.reversed()), bitmaps)
    }

    /// Whether the backdrop's ops, drawn one after another (cut to the draw's bounds) where the pass has ops
    /// between them, fuse fills with borders (`BorderedFill`) exactly where the pass does: a fill and a
    /// border fused once are rounded once, so a pair fused in one and not the other moves bytes. A pass's
    /// pair whose border is left out of the backdrop (its hole holds the draw) is drawn there as the fill
    /// alone, the same value (the ring's coverage is 0).
    private func fusedAlike(_ drawn: [DrawOp], indices: [Int]) -> Bool {
        guard fusesBorders else { return true }
        for k in drawn.indices.dropLast() {
            let a = indices[k], b = indices[k + 1]
            let inPass = b == a + 1 && BorderedFill(fill: ops[a], border: ops[b]) != nil
            if inPass != (BorderedFill(fill: drawn[k], border: drawn[k + 1]) != nil) { return false }
        }
        return true
    }

    /// Whether `op` may lie in a backdrop, over its base: a solid or a gradient, or a texture draw `sampled`
    /// accepts (an image, or a keyed pass, masked by nothing or by a keyed pass), of any shape; what it
    /// samples when it may, else nil.
    private func stackable(_ op: DrawOp) -> (sample: DrawBackdrop.Sample, bitmap: Bitmap?)? {
        switch op.paint {
        case .solid, .gradient: return (DrawBackdrop.Sample(), nil)
        case .texture(let t): return sampled(t)
        }
    }

    private func enter(_ j: Int) {
        let b = ops[j].bounds.intersection(passBounds)
        guard !b.isEmpty else { return }
        let range = cells(of: b)
        let count = range.x.count * range.y.count
        entries += min(count, OpaqueBackdrop.largeCells)
        guard entries <= OpaqueBackdrop.maximumEntries else {
            full = true
            return
        }
        if count > OpaqueBackdrop.largeCells { large.append(Int32(j)) } else { forEachCell(of: b) { cells[$0].append(Int32(j)) } }
    }

    /// The latest op not yet walked that touches one of the cells in `walk` or is large (each op once), nil
    /// when there is none.
    private func previous() -> Int? {
        var latest: Int32 = largeNext > 0 ? large[largeNext - 1] : -1
        for w in walk where w.next > 0 { latest = max(latest, cells[w.cell][w.next - 1]) }
        guard latest >= 0 else { return nil }
        if largeNext > 0, large[largeNext - 1] == latest { largeNext -= 1 }
        for k in walk.indices where walk[k].next > 0 && cells[walk[k].cell][walk[k].next - 1] == latest { walk[k].next -= 1 }
        return Int(latest)
    }

    /// The columns and rows of the cells `b` (inside the pass) touches.
    private func cells(of b: PixelRect) -> (x: ClosedRange<Int>, y: ClosedRange<Int>) {
        let c = OpaqueBackdrop.cell
        let cx0 = (b.x0 - passBounds.x0) / c, cx1 = (b.x1 - 1 - passBounds.x0) / c
        let cy0 = (b.y0 - passBounds.y0) / c, cy1 = (b.y1 - 1 - passBounds.y0) / c
        return (max(0, cx0)...min(columns - 1, max(0, cx1)), max(0, cy0)...min(rows - 1, max(0, cy1)))
    }

    private func forEachCell(of b: PixelRect, _ body: (Int) -> Void) {
        let range = cells(of: b)
        for y in range.y {
            for x in range.x { body(y * columns + x) }
        }
    }

    /// Whether `op` is a ring (a border) whose hole holds every pixel of `bounds` a whole pixel inside its
    /// inner edge: its coverage there is exactly 0, so it leaves those pixels as they are.
    static func misses(_ op: DrawOp, _ bounds: PixelRect) -> Bool {
        guard case .ring(let shape, let width) = op.shape, width >= 0, width.isFinite,
              let local = localCorners(op.transform, bounds) else { return false }
        return shape.inset(by: width).containsWholly(local.u, local.v, margin: local.margin)
    }

    /// `bounds` in the local space of `transform` when that is a positive uniform scale and a translation,
    /// with a pixel's width there; else nil.
    private static func localCorners(_ t: Transform3D, _ bounds: PixelRect)
        -> (u: ClosedRange<Double>, v: ClosedRange<Double>, margin: Double)? {
        let s = t.m11
        // Translations, like the shape's coordinates (`containsWholly`), within 2^20 px: there a float's
        // error, what the shaders compute in, stays far under the whole pixel of margin.
        guard s > 0, s < limit, t.m22 == s, t.m12 == 0, t.m21 == 0, t.m14 == 0, t.m24 == 0, t.m44 == 1,
              abs(t.m41) < limit, abs(t.m42) < limit else { return nil }
        let u0 = (Double(bounds.x0) - t.m41) / s, u1 = (Double(bounds.x1) - t.m41) / s
        let v0 = (Double(bounds.y0) - t.m42) / s, v1 = (Double(bounds.y1) - t.m42) / s
        guard u0 <= u1, v0 <= v1 else { return nil }
        return (u0...u1, v0...v1, 1 / s)
    }

    /// Whether `op` is an opaque solid rounded rect, unclipped, under a positive uniform scale and a
    /// translation, whose every pixel of `bounds` lies a whole pixel inside its edges (so its coverage
    /// there is exactly 1 whatever its antialiasing: `clamp(0.5 - d)` with d <= -1).
    static func covers(_ op: DrawOp, _ bounds: PixelRect) -> Bool {
        guard case .solid(let c) = op.paint, case .roundedRect(let shape) = op.shape, op.clips.isEmpty else {
            return false
        }
        let m = op.modulate ?? PremultipliedColor(r: 1, g: 1, b: 1, a: 1)
        guard PassBatcher.product(c, m, 1)[3] == 1 else { return false }
        guard let local = localCorners(op.transform, bounds) else { return false }
        return shape.containsWholly(local.u, local.v, margin: local.margin)
    }
}

extension RoundedRect {
    /// Whether the rect `u` x `v` lies inside this shape at least `margin` from every edge. The shape is
    /// convex, so its four corners decide. A corner whose curve is circular is tested against its arc; a
    /// continuous curve's corner square (1.528665 r a side) is refused whole. A shape with a coordinate or
    /// radius past 2^20 (`OpaqueBackdrop.limit`) is refused.
    func containsWholly(_ u: ClosedRange<Double>, _ v: ClosedRange<Double>, margin: Double) -> Bool {
        let minX = Double(min(rect.minX, rect.maxX)), maxX = Double(max(rect.minX, rect.maxX))
        let minY = Double(min(rect.minY, rect.maxY)), maxY = Double(max(rect.minY, rect.maxY))
        let limit = OpaqueBackdrop.limit
        guard abs(minX) < limit, abs(maxX) < limit, abs(minY) < limit, abs(maxY) < limit,
              maxRadius < limit else { return false }
        guard u.lowerBound >= minX + margin, u.upperBound <= maxX - margin,
              v.lowerBound >= minY + margin, v.upperBound <= maxY - margin else { return false }
        let half = min(maxX - minX, maxY - minY) / 2
        let reach = curve == .continuous ? RoundedRect.continuousReach : 1
        // Each corner: its radius, the rect's corner, and the bounds' corner nearest it.
        let corners: [(r: Double, cx: Double, cy: Double, px: Double, py: Double, sx: Double, sy: Double)] = [
            (minXMinY, minX, minY, u.lowerBound, v.lowerBound, 1, 1),
            (maxXMinY, maxX, minY, u.upperBound, v.lowerBound, -1, 1),
            (minXMaxY, minX, maxY, u.lowerBound, v.upperBound, 1, -1),
            (maxXMaxY, maxX, maxY, u.upperBound, v.upperBound, -1, -1),
        ]
        for k in corners where k.r != 0 {
            guard k.r > 0, k.r.isFinite, k.r * reach <= half else { return false }
            // Distances into the shape from the corner's two edges.
            let dx = (k.px - k.cx) * k.sx, dy = (k.py - k.cy) * k.sy
            let extent = k.r * reach
            if dx >= extent || dy >= extent { continue }
            if curve == .continuous { return false }
            let ex = k.r - dx, ey = k.r - dy
            if ex > 0, ey > 0, (ex * ex + ey * ey).squareRoot() > k.r - margin { return false }
        }
        return true
    }
}
