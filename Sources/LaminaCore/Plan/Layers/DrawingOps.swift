import Foundation
import LaminaImage

/// Custom drawing (`drawLayer:inContext:`, a `draw` closure, a scene's `drawing` key): the layer's commands are
/// recorded once a plan and played back on the CPU (`DrawingRasterizer`) into a backing store of bounds x
/// contentsScale pixels, which then stands in for the layer's contents, as Core Animation's `-display` does.
/// It is built like CATextLayer's store: both renderers sample the same bytes, so gravity, contentsRect, the
/// filters, masksToBounds, shadows from its alpha, masks and group opacity treat it as any image, and a store
/// at contentsScale 1 on a 2x canvas is magnified and soft while one at 2 is sharp.
extension GraphBuilder {
    /// The layer's drawn store, made once per layer and shared between layers that draw the same commands
    /// into the same store; nil when the drawing is empty or the bounds are. A store over the pass side
    /// limit or the budget, or a drawing over the segment or drawn-pixel limits, fails the plan here.
    func drawingBackingStore(_ layer: Layer) -> Bitmap? {
        let id = ObjectIdentifier(layer)
        if let known = drawingStores[id] { return known }
        var store: Bitmap?
        if let commands = layer.recordedDrawing(), !commands.isEmpty, let (w, h) = admitDrawingStore(layer, commands) {
            let key = DrawingKey(commands: commands, width: w, height: h, bounds: Self.rectValues(layer.bounds),
                                 scale: layer.contentsScale)
            if let shared = drawingStoresByKey[key] {
                store = shared
            } else if let made = drawStore(key) {
                store = made
                drawingStoresByKey[key] = made
            }
        }
        drawingStores[id] = .some(store)
        return store
    }

    /// Plays `key`'s commands (or takes the cached store), charging the segments and pixels it took.
    private func drawStore(_ key: DrawingKey) -> Bitmap? {
        let segmentsLeft = max(0, limits.maxPathSegments - chargedSegments)
        let pixelsLeft = max(0, limits.maxDrawnPixels - chargedPixels)
        do {
            let cached = try BackingStores.drawing.store(for: key) {
                let b = key.bounds
                var rasterizer = DrawingRasterizer(width: key.width, height: key.height,
                                                   bounds: CGRect(x: b[0], y: b[1], width: b[2], height: b[3]),
                                                   scale: key.scale, maxSegments: segmentsLeft, maxPixels: pixelsLeft)
                try rasterizer.play(key.commands)
                return CachedStore(bitmap: Bitmap(image: rasterizer.image(), origin: "a drawn layer's backing store"),
                                   segments: rasterizer.segments, pixels: rasterizer.pixels)
            }
            guard chargeSegments(cached.segments), chargeDrawnPixels(cached.pixels) else { return nil }
            return cached.bitmap
        } catch DrawingLimitError.segments {
            refuse("the layer's drawing flattens to over \(limits.maxPathSegments) line segments with the scene's other paths (the scene's path segment limit)")
        } catch {
            refuse("the layer's drawing covers over \(limits.maxDrawnPixels) pixels with the scene's other draws (the scene's limit on drawn pixels, which bounds the time a frame takes)")
        }
        return nil
    }

    /// The store's size when it fits (a side at most the pass limit; the store, its working copy in Float and
    /// its clip masks within the budget left), else nil with the plan refused.
    private func admitDrawingStore(_ layer: Layer, _ commands: [DrawingCommand]) -> (Int, Int)? {
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
        let bytes = ResourceLimits.imageBytes(width: w, height: h) + Self.workingBytes(commands, pixels: w * h)
        guard chargedBytes + bytes <= limits.maxMemoryBytes else {
            refuse("drawn layer's backing store (\(w)x\(h)) needs \(formatBytes(bytes)) with its working storage, over the \(formatBytes(limits.maxMemoryBytes)) budget")
            return nil
        }
        return (w, h)
    }

    /// What playback holds besides the store: 16 bytes a pixel of Float colour, and 4 bytes a pixel for each
    /// clip mask that can be alive at once (one per clip, at most one per saved state plus the current one).
    static func workingBytes(_ commands: [DrawingCommand], pixels: Int) -> Int {
        var clips = 0, saves = 0
        for command in commands {
            switch command {
            case .clip, .clipToRect: clips += 1
            case .saveGState: saves += 1
            default: break
            }
        }
        let masks = min(clips, min(saves, DrawingRasterizer.maxStateDepth) + 1)
        return pixels * 16 + pixels * 4 * masks
    }

    static func rectValues(_ r: CGRect) -> [Double] {
        [Double(r.minX), Double(r.minY), Double(r.width), Double(r.height)]
    }
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
