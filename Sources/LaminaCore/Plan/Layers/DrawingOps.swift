import Foundation
import LaminaImage
import LaminaGraph
import LaminaGeometry

/// Custom drawing (`drawLayer:inContext:`, a `draw` closure, a scene's `drawing` key): the layer's commands are
/// recorded once a plan, played back (`DrawingPlayer`) into what they paint, and planned as the draw operations
/// of a pass of bounds x contentsScale pixels, the layer's backing store. The pass then stands in for the
/// layer's contents, as Core Animation's `-display` does: gravity, contentsRect, the filters, masksToBounds,
/// shadows from its alpha, masks and group opacity treat it as any contents, and a store at contentsScale 1
/// on a 2x canvas is magnified and soft while one at 2 is sharp. Both renderers draw the store's paths with
/// their own coverage (the GPU's is computed on the GPU), so nothing is rasterized while planning.
///
/// **How paints become operations** (in store pixels):
/// - a fill or a stroke's outlines is a path fill; an image is a texture draw through the CTM, its rect's
///   edges antialiased; the global alpha is in the colour or the opacity;
/// - a clip that is a rect (`clipToRect`, or a path exactly an upright rect or circular rounded rect) is an
///   analytic `Clip` on each operation under it, so its coverage multiplies each paint as CoreGraphics'
///   mask does;
/// - other path clips: a run of consecutive paints under the same path clip is drawn into a pass and
///   composited into the store through the clip's coverage (`masked`; a chain of nested path clips is their
///   coverages multiplied, pass by pass). A paint that overlaps an earlier paint of the run starts a new run,
///   so each pixel the clip covers in part takes each paint through the clip once, as per paint (once a
///   drawing has spent half its pass budget, overlapping paints join the run instead: a group through the
///   clip, which differs only where they overlap on a pixel the clip covers in part);
/// - `clearRect` (and any clear): the store so far is drawn into a new store through one minus the clear's
///   coverage times the clips' (`TextureDraw.invertsMask`).
///
/// **Kept between frames.** The store pass carries its `DrawingKey` as `Pass.retainKey`, so a renderer that
/// drew it once skips it (and the passes only it reads) while the key is unchanged.
///
/// **Rejected.** Rasterizing the store on the CPU while planning (what this replaced): exact, but a "GPU"
/// render of a drawn layer was then a CPU render. Giving each renderer a CoreGraphics of its own (clip
/// stacks, save and restore): two implementations of one semantics, whose parity would be a matter of care.
extension GraphBuilder {
    /// The most offscreen passes one drawing may make (runs of paints under path clips, their clip chains,
    /// clears): a bound on the passes a frame executes.
    static let maxDrawingPasses = 16_384

    /// The layer's drawn store as a pass, made once per layer and shared between layers that draw the same
    /// commands into the same store; nil when the drawing paints nothing or the bounds are empty. A store
    /// over the pass side limit or the budget, or a drawing over the segment, pixel or pass limits, fails the
    /// plan here.
    func drawingStore(_ layer: Layer) -> DrawnStore? {
        let id = ObjectIdentifier(layer)
        if let known = drawingStores[id] { return known }
        var store: DrawnStore?
        if let commands = layer.recordedDrawing(), !commands.isEmpty, let (w, h) = admitDrawingStore(layer) {
            let key = DrawingKey(commands: commands, width: w, height: h, bounds: Self.rectValues(layer.bounds),
                                 scale: layer.contentsScale)
            if let shared = drawingStoresByKey[key] {
                store = shared
            } else {
                store = planStore(key, label: labelForDrawing(layer))
                drawingStoresByKey[key] = store
            }
        }
        drawingStores[id] = .some(store)
        return store
    }

    private func labelForDrawing(_ layer: Layer) -> String {
        (layer.name ?? pointer) + "/drawing"
    }

    /// Plays `key`'s commands and emits the store's passes.
    private func planStore(_ key: DrawingKey, label: String) -> DrawnStore? {
        let b = key.bounds
        var player = DrawingPlayer(width: key.width, height: key.height,
                                   bounds: CGRect(x: b[0], y: b[1], width: b[2], height: b[3]), scale: key.scale,
                                   maxSegments: max(0, limits.maxPathSegments - chargedSegments))
        do {
            try player.play(key.commands)
        } catch DrawingLimitError.clipDepth {
            refuse("the layer's drawing nests over \(DrawingPlayer.maxPathClipDepth) path clips (the limit on nested path clips in a drawing)")
            return nil
        } catch {
            refuse("the layer's drawing flattens to over \(limits.maxPathSegments) line segments with the scene's other paths (the scene's path segment limit)")
            return nil
        }
        guard chargeSegments(player.segments) else { return nil }
        // The store's pixels are a function of the key (the commands, its size, bounds and scale), so
        // renderers may keep it between frames.
        var emitter = DrawingEmitter(builder: self, player: player, label: label, retainKey: PassRetainKey(key))
        return emitter.emit()
    }

    /// The store's size when it fits (a side at most the pass limit), else nil with the plan refused; its bytes
    /// are charged with the pass.
    private func admitDrawingStore(_ layer: Layer) -> (Int, Int)? {
        guard failure == nil else { return nil }
        func side(_ points: CGFloat) -> Int {
            Int(pixels: Double(points) * layer.contentsScale, .up, in: 0...PixelLimit.max)
        }
        let w = side(layer.bounds.width), h = side(layer.bounds.height)
        guard w > 0, h > 0 else { return nil }
        let limit = limits.maxPassSide
        guard w <= limit, h <= limit else {
            refuse("drawn layer's backing store is \(w)x\(h) pixels (bounds x contentsScale), over the \(limit)-pixel limit on a side")
            return nil
        }
        return (w, h)
    }

    static func rectValues(_ r: CGRect) -> [Double] {
        [Double(r.minX), Double(r.minY), Double(r.width), Double(r.height)]
    }
}

/// A drawn layer's backing store: the pass holding it and its size in pixels.
struct DrawnStore {
    var pass: PassID
    var width: Int
    var height: Int
}

/// Everything that decides a drawn store's bytes: the commands, the store's size, the bounds (user space's
/// origin) and contentsScale.
struct DrawingKey: Hashable {
    var commands: [DrawingCommand]
    var width: Int
    var height: Int
    var bounds: [Double]
    var scale: Double
}
