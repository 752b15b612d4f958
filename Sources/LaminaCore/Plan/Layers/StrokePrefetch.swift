import Foundation
import LaminaGeometry
import LaminaGraph

extension GraphBuilder {
    /// Strokes the shape layers' paths that no earlier plan kept, on every core at once, before the walk meets
    /// them one by one (stroking is most of a stroke-heavy plan's time, and the walk is one thread). A stroke
    /// is a function of its key alone (`StrokeKey`: path, style, tolerance), so the walk takes the same
    /// outlines whichever thread made them, and the bytes do not depend on it. Each layer's outlines, made
    /// here or kept from an earlier plan, wait for the walk under the layer (`prefetchedStrokes`), so the
    /// walk does not look them up again.
    ///
    /// Each layer's map is composed as the walk composes it (`emitAppearance`, `emitSublayers`) through plain
    /// layers and transform-free chains; subtrees the walk draws through another map (replicator instances,
    /// rasterized layers, transform layers, sublayers sorted in depth, masks) are left to the walk. A stroke
    /// made for a key the walk does not ask for (a layer the walk finds hidden under opaque siblings) costs
    /// time only. Bounded: the segments of all the strokes made stay within the plan's segment limit, and their
    /// estimated bytes within half the stroke cache, so none is dropped before the walk takes it.
    func prefetchStrokes(_ root: Layer, layerToTarget m: Transform3D) {
        guard Self.strokesSeveral(under: root) else { return }
        let (jobs, wanted) = strokesToMake(under: root, layerToTarget: m)
        var made = [StrokeOutlines?](repeating: nil, count: jobs.count)
        if jobs.count > 1, ProcessInfo.processInfo.activeProcessorCount > 1 {
            made.withUnsafeMutableBufferPointer { made in
                let made = made
                DispatchQueue.concurrentPerform(iterations: jobs.count) { k in
                    made[k] = jobs[k].key.stroke(segments: jobs[k].segments)
                }
            }
        }
        var byKey: [StrokeKey: StrokeOutlines] = [:]
        for (k, job) in jobs.enumerated() {
            if let outlines = made[k] { byKey[job.key] = BackingStores.strokes.keep(outlines, for: job.key) }
        }
        for (layer, key) in wanted {
            if let outlines = byKey[key] { prefetchedStrokes[layer] = (key, outlines) }
        }
    }

    /// The distinct strokes of the visible shape layers under `root` that the stroke cache does not hold,
    /// depth first, with the segments each is charged, within the bounds `prefetchStrokes` names, and the
    /// layers that want them; the layers whose strokes the cache holds get them (`prefetchedStrokes`).
    func strokesToMake(under root: Layer, layerToTarget m: Transform3D)
        -> (jobs: [(key: StrokeKey, segments: Int)], wanted: [(ObjectIdentifier, StrokeKey)]) {
        var jobs: [(key: StrokeKey, segments: Int)] = []
        var wanted: [(ObjectIdentifier, StrokeKey)] = []
        var seen = Set<StrokeKey>()
        var segmentsLeft = limits.maxPathSegments - chargedSegments
        // Outline points take about 40 bytes a segment (two sides of 16-byte points, and the joins').
        var bytesLeft = BackingStores.strokeCapacity / 2
        var stack = Self.sublayersToWalk(of: root, layerToTarget: m).reversed().map { $0 }
        while let (layer, p) = stack.popLast() {
            guard !layer.isHidden, layer.opacityValue > 0 else { continue }
            let local = LayerGeometry.local(layer).concatenating(p)
            if !layer.shouldRasterize, let shape = layer as? ShapeLayer, let color = shape.strokeColor, color.alpha > 0,
               let key = Self.strokeKey(shape, layerToTarget: local) {
                if let kept = BackingStores.strokes.value(for: key) {
                    prefetchedStrokes[ObjectIdentifier(layer)] = (key, kept)
                } else if seen.insert(key).inserted {
                    let segments = key.segmentCount
                    guard segments <= segmentsLeft, segments * 40 <= bytesLeft else { break }
                    segmentsLeft -= segments
                    bytesLeft -= segments * 40
                    jobs.append((key, segments))
                    wanted.append((ObjectIdentifier(layer), key))
                } else {
                    wanted.append((ObjectIdentifier(layer), key))
                }
            }
            stack += Self.sublayersToWalk(of: layer, layerToTarget: local).reversed()
        }
        return (jobs, wanted)
    }

    /// Whether the visible tree under `root` holds two stroked shape layers or more: a walk of types alone,
    /// so that trees of other layers (100 000 cards) pay no maps for the strokes they do not have.
    static func strokesSeveral(under root: Layer) -> Bool {
        var found = 0
        var stack = [root]
        while let layer = stack.popLast() {
            guard !layer.isHidden, layer.opacityValue > 0 else { continue }
            if type(of: layer) != Layer.self, let shape = layer as? ShapeLayer, shape.strokeColor != nil {
                found += 1
                if found > 1 { return true }
            }
            stack += layer.sublayersValue
        }
        return false
    }

    /// `layer`'s sublayers with the map the walk gives each (`emitSublayers`' space), or none where the walk
    /// draws them through another map.
    private static func sublayersToWalk(of layer: Layer, layerToTarget m: Transform3D) -> [(Layer, Transform3D)] {
        guard !layer.sublayersValue.isEmpty else { return [] }
        let emitter = LayerEmitters.of(layer)
        guard !emitter.replicates, !emitter.isTransformLayer, !emitter.preservesDepth, !layer.shouldRasterize
        else { return [] }
        let sublayers = layer.sublayersInDrawingOrder.map(\.element)
        let unflattened = LayerGeometry.sublayerSpace(of: layer, flattening: false)
        guard !sublayers.contains(where: { leavesPlane($0, eye: unflattened) }) else { return [] }
        let space = LayerGeometry.sublayerSpace(of: layer).concatenating(m)
        return sublayers.map { ($0, space) }
    }
}
