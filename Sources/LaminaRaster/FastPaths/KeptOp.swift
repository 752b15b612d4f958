import LaminaGeometry
import LaminaGraph
import LaminaImage

/// One draw of a pass as its bands run it: an operation prepared for drawing, or the bytes an earlier frame
/// kept for it (`KeptDraws`), which need nothing of the operation prepared but where they go.
enum PassDraw {
    case op(PreparedOp)
    case kept(KeptOp)

    var bounds: PixelRect {
        switch self {
        case .op(let op): return op.bounds
        case .kept(let kept): return kept.bounds
        }
    }

    /// The pixels it stores opaque without reading them (`Occlusion`).
    var opaqueRect: PixelRect? {
        switch self {
        case .op(let op): return op.opaqueRect
        case .kept(let kept): return kept.draw.opaqueRect
        }
    }

    /// Whether it leaves out the pixels that `Occlusion` finds hidden: kept bytes do when they are many
    /// (`KeptOp.skipsHidden`).
    var skipsHidden: Bool {
        switch self {
        case .op(let op): return op.skipsHidden
        case .kept(let kept): return kept.skipsHidden
        }
    }

    /// The operation, when it adds to the target (`TextureDraw.adds`; never kept).
    var adding: PreparedOp? {
        if case .op(let op) = self, op.adds { return op }
        return nil
    }

    func run(rows: Range<Int>, target: BlendTarget, scratch: BandScratch, hidden: Hidden) {
        switch self {
        case .op(let op): op.run(rows: rows, target: target, scratch: scratch, hidden: hidden)
        case .kept(let kept): kept.run(rows: rows, target: target, hidden: hidden)
        }
    }

    /// Prepares the draw `op` (with `border` when the two are drawn as one, `BorderedFill`): its kept bytes
    /// when `draws` holds them, else the operation prepared by `prepare`, whose bytes are then made and kept
    /// on the draw's second sighting. Any draw is kept but one that adds or samples an earlier pass.
    static func prepare(_ op: DrawOp, border: DrawOp?, graph: RenderGraph, draws: KeptDraws?, vectorKernels: Bool,
                        prepare: () throws -> PreparedOp) rethrows -> PassDraw {
        guard let draws, let bitmap = KeptOp.keepable(op, graph: graph) else { return .op(try prepare()) }
        let image = bitmap.map(ObjectIdentifier.init), bounds = op.bounds
        let hash = border.map { DrawIdentity.hash(op: op, border: $0, image: image) }
            ?? DrawIdentity.hash(op: op, image: image)
        if let candidate = draws.kept(hash) {
            let same: Bool
            if let border {
                same = candidate.identity.matches(op: op, border: border, image: image)
            } else {
                same = candidate.identity.matches(op: op, image: image)
            }
            // A key without an image finds only draws made without one (its identity holds the image's).
            if same, bitmap == nil || candidate.bitmap === bitmap {
                return .kept(KeptOp(bounds: bounds, draw: candidate, vectorKernels: vectorKernels))
            }
            // Bytes of another image at a freed one's address are made again; another draw of the hash keeps
            // its bytes, and this one is drawn (`make` makes nothing under a hash that holds another draw).
            if same { draws.drop(hash, stale: candidate) }
        }
        let prepared = try prepare()
        let made = draws.make(hash, identity: { DrawIdentity(op: op, border: border, image: image) }, bounds: bounds,
                              bitmap: bitmap, opaqueRect: prepared.opaqueRect) { target in
            let scratch = BandScratch(width: bounds.width)
            defer { scratch.deallocate() }
            prepared.run(rows: bounds.y0..<bounds.y1, target: target, scratch: scratch)
        }
        guard let made else { return .op(prepared) }
        return .kept(KeptOp(bounds: bounds, draw: made, vectorKernels: prepared.vectorKernels))
    }
}

/// A draw drawn from the bytes an earlier frame kept for it (`KeptDraws`).
struct KeptOp {
    let bounds: PixelRect
    let draw: KeptDraws.Draw
    /// Whether the blends run in C with AVX2 (`PreparedOp.vectorKernels`).
    let vectorKernels: Bool

    /// The fewest pixels of kept bytes worth finding hidden pixels for. Kept bytes cost a store per run of one
    /// colour and an eight-pixel blend per eight bytes, so finding the later opaque rectangles that cut a
    /// draw (`Occlusion.hidden`, about a microsecond) costs what a few thousand of its pixels do: for a small
    /// card under others it took longer than drawing the card whole (10 000 cards: 7 of a frame's 32 ms).
    static let hiddenArea = 16_384

    /// Whether `Occlusion` finds its hidden pixels: the same bytes either way.
    var skipsHidden: Bool { bounds.area >= KeptOp.hiddenArea }

    /// Whether the bytes of the draw `op` may be kept: it neither adds nor samples a pass, and its bounds lie
    /// in the pass. Nil when not; else the image it samples, if any.
    static func keepable(_ op: DrawOp, graph: RenderGraph) -> Bitmap?? {
        var bitmap: Bitmap?
        if let t = op.texture {
            guard !t.adds, t.mask == nil, case .image(let id) = t.source, let image = graph.image(id)?.bitmap else {
                return nil
            }
            bitmap = image
        }
        guard !op.bounds.isEmpty, op.bounds.x0 >= 0, op.bounds.y0 >= 0 else { return nil }
        return .some(bitmap)
    }

    /// Draws the rows of `rows` it covers: each row's segments, less the hidden columns, stored (one opaque
    /// colour) or blended (bytes) over the target.
    func run(rows: Range<Int>, target: BlendTarget, hidden: Hidden) {
        let y0 = max(rows.lowerBound, bounds.y0), y1 = min(rows.upperBound, bounds.y1)
        guard y0 < y1, bounds.x0 < bounds.x1 else { return }
        let vector = vectorKernels, table = target.over
        draw.pixels.withUnsafeBufferPointer { pixels in
            draw.segments.withUnsafeBufferPointer { segments in
                let source = pixels.baseAddress
                for y in y0..<y1 {
                    let r = y - bounds.y0
                    let lo = Int(draw.rows[2 * r]), hi = Int(draw.rows[2 * r + 1])
                    guard lo < hi else { continue }
                    let runs = hidden.runs(y: y)
                    let out = UnsafeMutableRawPointer(target.base + y * target.width * 4)
                    for s in segments[lo..<hi] {
                        let xs = bounds.x0 + Int(s.x0)..<bounds.x0 + Int(s.x1)
                        hidden.forEachVisible(xs, runs: runs) { visible in
                            if s.start < 0 {
                                target.store(s.pattern, xs: visible, y: y)
                            } else if let source {
                                KeptDraws.over(source + (Int(s.start) + visible.lowerBound - xs.lowerBound),
                                               out + visible.lowerBound * 4, count: visible.count, vector: vector,
                                               table: table)
                            }
                        }
                    }
                }
            }
        }
    }
}
