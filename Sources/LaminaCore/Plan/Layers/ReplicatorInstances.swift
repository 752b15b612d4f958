import Foundation
import LaminaGraph
import LaminaImage
import LaminaGeometry

/// CAReplicatorLayer: its sublayers drawn `instanceCount` times (ca-semantics.md §CAReplicatorLayer).
///
/// Instance k is the sublayer tree under M^k, M the instanceTransform taken about the replicator's bounds
/// centre, and its premultiplied rendering is multiplied by the premultiplied modulation colour
/// m = clamp01(instanceColor + k * offset), as `DrawOp.modulate`: straight colour times m.rgb, alpha times
/// m.a. Instances are drawn in order, each whole (its sublayers in zPosition order) before the next. The
/// replicator's own background, contents and border are drawn once, by `emitBody`, as for any layer.
/// With preservesDepth false the instances are flattened into the replicator's plane by its sublayer space.
struct ReplicatorLayerEmitter: LayerEmitter {
    let layer: ReplicatorLayer
    func contentsBitmap(_ builder: GraphBuilder) -> Bitmap? { layer.contentsValue }
    var preservesDepth: Bool { layer.preservesDepth }
    var replicates: Bool { true }

    /// Instance k at the replicator's local time minus k x `instanceDelay` (drawn in instance order, or, for
    /// a replicator that preserves depth, each plane at its instance's moment when it is placed and drawn).
    func presentingInstance(_ k: Int, in presentation: Presentation) -> Presentation? {
        presentation.presentingInstance(k, of: layer)
    }

    /// Each instance's index k and its map about the bounds' centre (M^k, M the instanceTransform), in order,
    /// until `body` returns false or a power stops being finite: past a non-finite power every later one is
    /// too (a scale of 1e7 overflows in a few steps). The one walk of the instances for their drawing, their
    /// depth sort and their extent.
    func forEachInstance(_ body: (Int, Transform3D) -> Bool) {
        let b = layer.bounds
        let cx = Double(b.midX), cy = Double(b.midY)
        let toCentre = Transform3D.translation(-cx, -cy, 0), fromCentre = Transform3D.translation(cx, cy, 0)
        var power = Transform3D.identity
        for k in 0..<max(0, layer.instanceCount) {
            if k > 0 { power = power.concatenating(layer.instanceTransform) }
            guard power.isFinite, body(k, toCentre.concatenating(power).concatenating(fromCentre)) else { return }
        }
    }

    /// The premultiplied modulation colour of instance `k`, or nil when it is opaque white (no change).
    func modulation(ofInstance k: Int) -> PremultipliedColor? {
        let r = layer
        let base = r.instanceColor ?? .white
        func channel(_ v: Double, _ offset: Double) -> Double { min(1, max(0, v + Double(k) * offset)) }
        let m = Color(red: channel(base.red, r.instanceRedOffsetValue), green: channel(base.green, r.instanceGreenOffsetValue),
                      blue: channel(base.blue, r.instanceBlueOffsetValue), alpha: channel(base.alpha, r.instanceAlphaOffsetValue))
        guard m != .white else { return nil }
        return m.premultiplied
    }
}

extension GraphBuilder {
    /// The draw operations of every instance (`emitter.forEachInstance`) of a layer's sublayers, through `space`
    /// (the layer's sublayer space into the target).
    func emitInstances(of emitter: any LayerEmitter, space: Transform3D,
                       ordered: [(offset: Int, element: Layer)], context: Context) -> [DrawOp] {
        var ops: [DrawOp] = []
        emitter.forEachInstance { k, map in
            guard failure == nil else { return false }
            let instanceSpace = map.concatenating(space)
            let lagging = emitter.presentingInstance(k, in: presentation)
            defer { lagging?.restore() }
            // The instance's ops go straight into `ops` and are modulated there: every op copied once.
            let start = ops.count
            for (i, child) in ordered {
                var c = context
                c.label = context.label + "/sublayers/\(i)#\(k)"
                c.pointer = context.pointer + "/sublayers/\(i)"
                ops += emitLayer(child, parentToTarget: instanceSpace, context: c)
            }
            // Each instance counts at least one, so instances that draw nothing (off the canvas, nested
            // 100 000 x 100 000) are bounded too.
            guard chargeOperations(max(1, ops.count - start)) else {
                ops.removeSubrange(start...)
                return false
            }
            if let m = emitter.modulation(ofInstance: k) { ops.modulate(from: start, by: m) }
            return true
        }
        return ops
    }
}

extension [DrawOp] {
    /// The ops from `start` on modulated by `m` (`DrawOp.modulating(by:)`) in place, those it leaves
    /// without alpha removed, the others kept in order.
    mutating func modulate(from start: Int, by m: PremultipliedColor) {
        var kept = start
        for j in start..<count {
            let modulate = self[j].modulating(by: m)
            guard modulate.a != 0 else { continue }
            if kept != j { swapAt(kept, j) }
            self[kept].modulate = modulate
            kept += 1
        }
        removeSubrange(kept..<count)
    }
}

extension DrawOp {
    /// This operation's modulation followed by `m`.
    func modulating(by m: PremultipliedColor) -> PremultipliedColor {
        let old = modulate ?? PremultipliedColor(r: 1, g: 1, b: 1, a: 1)
        return PremultipliedColor(r: old.r * m.r, g: old.g * m.g, b: old.b * m.b, a: old.a * m.a)
    }
}

extension Transform3D {
    /// True when every entry is finite.
    var isFinite: Bool {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44].allSatisfy(\.isFinite)
    }
}
