import Foundation
import LaminaGeometry
import LaminaGraph

extension GraphBuilder {
    /// Strokes the shape layers' paths that no earlier plan kept on the workers at once, before the walk
    /// meets them one by one (stroking is most of a stroke-heavy plan's time, and the walk is one thread). A
    /// stroke is a function of its key alone (`StrokeKey`: path, style, tolerance), so the walk takes the same
    /// outlines whichever thread made them, and the bytes do not depend on it. Each layer's outlines, made
    /// here or kept from an earlier plan, wait for the walk under the layer (`prefetchedStrokes`), so the
    /// walk does not look them up again.
    ///
    /// Each layer's map is composed as the walk composes it (`emitAppearance`, `emitSublayers`) through plain
    /// layers; subtrees the walk draws through another map (replicator instances, rasterized layers,
    /// CATransformLayers, sublayers sorted in depth, masks) are left to the walk. A stroke made for a key the
    /// walk does not ask for (a layer the walk finds hidden under opaque siblings) costs time only.
    ///
    /// Bounded as the walk is: it charges a stroke its path's segments and then its outlines' points, and
    /// stops at the plan's segment limit. Each worker takes the next stroke, makes it and adds its charges;
    /// none takes another once they pass what the limit leaves, or once the outlines pass half the stroke
    /// cache's bytes. So at most one stroke a worker is made past the point where the walk would have
    /// refused, each of them a stroke the walk would have made too. Which ones were made does not change the
    /// plan: the walk strokes the rest itself, or refuses the plan past the limit.
    func prefetchStrokes(_ root: Layer, layerToTarget m: Transform3D) {
        guard Self.strokesSeveral(under: root) else { return }
        let (jobs, wanted) = strokesToMake(under: root, layerToTarget: m)
        guard jobs.count > 1 else { return }
        let made = Self.stroke(jobs, charges: limits.maxPathSegments - chargedSegments,
                               bytes: BackingStores.strokeCapacity / 2)
        var byKey: [StrokeKey: StrokeOutlines] = [:]
        for (job, outlines) in zip(jobs, made) {
            if let outlines { byKey[job.key] = BackingStores.strokes.keep(outlines, for: job.key) }
        }
        for (layer, key) in wanted {
            if let outlines = byKey[key] { prefetchedStrokes[layer] = (key, outlines) }
        }
    }

    /// The jobs' strokes, made on the workers, each taking the next job until the charges of what was made
    /// (path segments and outline points) pass `charges` or its outlines' bytes pass `bytes`; nil for the
    /// jobs left.
    private static func stroke(_ jobs: [(key: StrokeKey, segments: Int)], charges: Int, bytes: Int) -> [StrokeOutlines?] {
        let made = UnsafeMutableBufferPointer<StrokeOutlines?>.allocate(capacity: jobs.count)
        made.initialize(repeating: nil)
        defer { made.deinitialize().deallocate() }
        let lock = NSLock()
        var next = 0, chargesLeft = charges, bytesLeft = bytes
        func take() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < jobs.count, chargesLeft >= 0, bytesLeft >= 0 else { return nil }
            next += 1
            return next - 1
        }
        DispatchQueue.concurrentPerform(iterations: max(1, ProcessInfo.processInfo.activeProcessorCount)) { _ in
            while let k = take() {
                let outlines = jobs[k].key.stroke(segments: jobs[k].segments)
                made[k] = outlines
                lock.lock()
                chargesLeft -= jobs[k].segments + outlines.pointCount
                bytesLeft -= Polyline.bytes(of: outlines.polylines)
                lock.unlock()
            }
        }
        return Array(made)
    }

    /// The distinct strokes of the visible shape layers under `root` that the stroke cache does not hold,
    /// depth first, with the segments each path is charged (their sum within what the segment limit
    /// leaves), and the layers that want them; the layers whose strokes the cache holds get them
    /// (`prefetchedStrokes`).
    func strokesToMake(under root: Layer, layerToTarget m: Transform3D)
        -> (jobs: [(key: StrokeKey, segments: Int)], wanted: [(ObjectIdentifier, StrokeKey)]) {
        var jobs: [(key: StrokeKey, segments: Int)] = []
        var wanted: [(ObjectIdentifier, StrokeKey)] = []
        var seen = Set<StrokeKey>()
        var segmentsLeft = limits.maxPathSegments - chargedSegments
        var stack = Self.sublayersToWalk(of: root, layerToTarget: m).reversed().map { $0 }
        while let (layer, p) = stack.popLast() {
            guard !layer.isHidden, layer.opacityValue > 0 else { continue }
            let local = LayerGeometry.local(layer).concatenating(p)
            if let shape = Self.strokedShape(layer), let key = Self.strokeKey(shape, layerToTarget: local) {
                if let kept = BackingStores.strokes.value(for: key) {
                    prefetchedStrokes[ObjectIdentifier(layer)] = (key, kept)
                } else if seen.insert(key).inserted {
                    let segments = key.segmentCount
                    guard segments <= segmentsLeft else { break }
                    segmentsLeft -= segments
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

    /// `layer` when the walk strokes it itself with the map it composes for it: a shape layer with a visible
    /// stroke, not rasterized.
    private static func strokedShape(_ layer: Layer) -> ShapeLayer? {
        guard type(of: layer) != Layer.self, !layer.shouldRasterize, let shape = layer as? ShapeLayer,
              let color = shape.strokeColor, color.alpha > 0, shape.lineWidth > 0 else { return nil }
        return shape
    }

    /// Whether the walk draws `layer`'s sublayers through the map `emitSublayers` composes for plain layers,
    /// as far as the layer's own kind tells (not a replicator, a CATransformLayer or a rasterized layer).
    private static func composesSublayers(_ layer: Layer) -> Bool {
        guard type(of: layer) != Layer.self else { return true }
        let emitter = LayerEmitters.of(layer)
        return !emitter.replicates && !emitter.isTransformLayer && !emitter.preservesDepth && !layer.shouldRasterize
    }

    /// Whether the visible tree under `root` holds two layers or more that `prefetchStrokes` would stroke
    /// (outside replicators, rasterized layers and CATransformLayers): a walk of types alone, so that trees
    /// without strokes (100 000 cards) compose no maps for them.
    static func strokesSeveral(under root: Layer) -> Bool {
        var found = 0
        var stack = [root]
        while let layer = stack.popLast() {
            guard !layer.isHidden, layer.opacityValue > 0 else { continue }
            if strokedShape(layer) != nil {
                found += 1
                if found > 1 { return true }
            }
            if composesSublayers(layer) { stack += layer.sublayersValue }
        }
        return false
    }

    /// `layer`'s sublayers with the map the walk gives each (`emitSublayers`' space), or none where the walk
    /// draws them through another map.
    private static func sublayersToWalk(of layer: Layer, layerToTarget m: Transform3D) -> [(Layer, Transform3D)] {
        guard !layer.sublayersValue.isEmpty, composesSublayers(layer) else { return [] }
        let ordered = layer.sublayersInDrawingOrder
        guard !sortsInDepth(ordered, eye: LayerGeometry.sublayerSpace(of: layer, flattening: false)) else { return [] }
        let space = LayerGeometry.sublayerSpace(of: layer).concatenating(m)
        return ordered.map { ($0.element, space) }
    }
}
