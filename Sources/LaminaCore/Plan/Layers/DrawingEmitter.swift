import Foundation
import LaminaImage
import LaminaGraph
import LaminaGeometry

/// Turns a played drawing's paints into the operations of its store pass, by the rules of `DrawingOps.swift`:
/// rect clips on each operation, runs of paints under a path clip through that clip's coverage, clears
/// through one minus theirs.
struct DrawingEmitter {
    let builder: GraphBuilder
    let player: DrawingPlayer
    let label: String
    /// The key the store pass carries (`Pass.retainKey`).
    let retainKey: PassRetainKey
    /// The store's pixels.
    let store: PixelRect
    /// The store's operations so far.
    private var ops: [DrawOp] = []
    /// The open run of paints under one path clip, and the pixels they touch.
    private var run: [DrawOp] = []
    private var runClip: Int?
    private var runBounds = PixelRect.empty
    private var passes = 0

    static let white = PremultipliedColor(r: 1, g: 1, b: 1, a: 1)

    init(builder: GraphBuilder, player: DrawingPlayer, label: String, retainKey: PassRetainKey) {
        self.builder = builder
        self.player = player
        self.label = label
        self.retainKey = retainKey
        store = PixelRect(x0: 0, y0: 0, x1: player.width, y1: player.height)
    }

    /// The store pass, or nil when the drawing paints nothing (or a bound was crossed).
    mutating func emit() -> DrawnStore? {
        for event in player.events {
            guard builder.failure == nil else { return nil }
            switch event {
            case .fill(let polylines, let rule, let color, let clip):
                if let op = pathOp(polylines, rule, color, clip.shapes) { add(op, clip.path) }
            case .image(let bitmap, let rect, let ctm, let opacity, let clip):
                if let op = imageOp(bitmap, rect, ctm, opacity, clip.shapes) { add(op, clip.path) }
            case .clear(let polylines, let clip):
                clear(polylines, clip)
            case .gradient(let shape, let paint, let m, let clip):
                if let op = gradientOp(shape, paint, m, clip.shapes) { add(op, clip.path) }
            }
        }
        flushRun()
        guard builder.failure == nil, !ops.isEmpty,
              let id = builder.offscreen(ops, rect: store, reason: .drawing, label: label, retainKey: retainKey)
        else { return nil }
        return DrawnStore(pass: id, width: store.width, height: store.height)
    }

    /// Adds a paint's operation: straight to the store without a path clip, else to the run of its clip (a
    /// new run when the clip changes or the paint overlaps the run).
    private mutating func add(_ op: DrawOp, _ clip: Int?) {
        guard builder.chargePixels([op]) else { return }
        guard let clip else {
            flushRun()
            ops.append(op)
            return
        }
        // Past half the pass budget, overlapping paints join the run (composited as a group through the clip,
        // which differs from per paint only where they overlap on a pixel the clip covers in part), so a
        // drawing of thousands of overlapping paints under one path clip is drawn, not refused.
        let overlaps = !runBounds.intersection(op.bounds).isEmpty && passes < GraphBuilder.maxDrawingPasses / 2
        if !run.isEmpty && (clip != runClip || overlaps) { flushRun() }
        runClip = clip
        run.append(op)
        runBounds = runBounds.union(op.bounds)
    }

    private mutating func flushRun() {
        if let clip = runClip, !run.isEmpty { ops += masked(run, by: clip) }
        run = []
        runClip = nil
        runBounds = .empty
    }

    /// `content` multiplied by the coverage of path clip `index` and of the clips it lies in.
    private mutating func masked(_ content: [DrawOp], by index: Int) -> [DrawOp] {
        guard spend(2) else { return [] }
        let clipOps = coverageOps(of: index, within: unionBounds(content))
        let context = GraphBuilder.Context(interest: store, flipped: false, label: label, pointer: builder.pointer)
        let composite = builder.masked(content, byOps: clipOps, reason: .clipShape, context: context)
        return builder.chargePixels(composite) ? composite : []
    }

    /// The coverage of path clip `index` times its parents', as white operations within `rect`.
    private mutating func coverageOps(of index: Int, within rect: PixelRect) -> [DrawOp] {
        guard player.clips.indices.contains(index) else { return [] }
        let clip = player.clips[index]
        // Each run draws the clip's coverage again: its segments and pixels are charged each time.
        guard let own = pathOp(clip.polylines, clip.rule, Self.white, [], within: rect),
              builder.chargeSegments(clip.polylines.reduce(0) { $0 + $1.points.count }),
              builder.chargePixels([own]) else { return [] }
        guard let parent = clip.parent else { return [own] }
        return masked([own], by: parent)
    }

    /// Clears the store under `polylines` (times the clips): the store so far, drawn into a new store through
    /// one minus the clear's coverage. Nothing is cleared from an empty store.
    private mutating func clear(_ polylines: [Polyline], _ clip: DrawingClipState) {
        flushRun()
        guard !ops.isEmpty, let shape = pathOp(polylines, .nonZero, Self.white, clip.shapes),
              builder.chargePixels([shape]) else { return }
        var coverage = [shape]
        if let path = clip.path { coverage = masked(coverage, by: path) }
        guard !coverage.isEmpty, spend(2),
              let mask = builder.offscreen(coverage, rect: store, reason: .clipShape, label: label + "/clear"),
              let old = builder.offscreen(ops, rect: store, reason: .drawing, label: label) else { return }
        var op = builder.composite(old, rect: store, mask: mask, interest: store)
        if case .texture(var t) = op.paint {
            t.invertsMask = true
            op.paint = .texture(t)
        }
        guard builder.chargePixels([op]) else { return }
        ops = [op]
    }

    /// A path fill in store pixels under `clips`, its bounds within theirs (and within `limit`); nil when it
    /// touches no pixel.
    private func pathOp(_ polylines: [Polyline], _ rule: FillRule, _ color: PremultipliedColor, _ clips: [Clip],
                        within limit: PixelRect? = nil) -> DrawOp? {
        let box = Polyline.bounds(of: polylines)
        guard !box.isNull else { return nil }
        var bounds = LayerGeometry.pixelBounds(of: box, through: .identity, in: limit ?? store)
        bounds = clipped(bounds, clips)
        guard !bounds.isEmpty else { return nil }
        return DrawOp(shape: .path(PathShape(polylines: polylines, rule: rule)), paint: .solid(color),
                      transform: .identity, clips: clips, bounds: bounds)
    }

    /// An image drawn upright over `rect` through `ctm`, its edges antialiased.
    private func imageOp(_ bitmap: Bitmap, _ rect: CGRect, _ ctm: CGAffineTransform, _ opacity: Double,
                         _ clips: [Clip]) -> DrawOp? {
        let m = Transform3D(affine: ctm)
        let bounds = clipped(LayerGeometry.pixelBounds(of: rect, through: m, in: store), clips)
        guard !bounds.isEmpty else { return nil }
        let draw = TextureDraw(source: .image(builder.imageID(for: bitmap)), minFilter: .linear, magFilter: .linear,
                               opacity: opacity)
        return DrawOp(shape: .rect(rect), paint: .texture(draw), transform: m, clips: clips, bounds: bounds, edgeAA: .all)
    }

    /// A gradient over `shape` (its local space mapped to the store by `m`), its edges antialiased.
    private func gradientOp(_ shape: RoundedRect, _ paint: GradientPaint, _ m: CGAffineTransform,
                            _ clips: [Clip]) -> DrawOp? {
        let t = Transform3D(affine: m)
        let bounds = clipped(LayerGeometry.pixelBounds(of: shape.rect, through: t, in: store), clips)
        guard !bounds.isEmpty else { return nil }
        return DrawOp(shape: .roundedRect(shape), paint: .gradient(paint), transform: t, clips: clips, bounds: bounds,
                      edgeAA: .all)
    }

    private func clipped(_ bounds: PixelRect, _ clips: [Clip]) -> PixelRect {
        clips.reduce(bounds) { $0.intersection(LayerGeometry.pixelBounds(of: $1.shape.rect, through: $1.transform, in: store)) }
    }

    /// Counts `n` more offscreen passes against `GraphBuilder.maxDrawingPasses`; false (and the plan refused)
    /// past it.
    private mutating func spend(_ n: Int) -> Bool {
        passes += n
        guard passes <= GraphBuilder.maxDrawingPasses else {
            builder.refuse("the layer's drawing needs over \(GraphBuilder.maxDrawingPasses) offscreen passes (runs of paints under path clips, and clears), the limit for one drawing")
            return false
        }
        return true
    }
}
