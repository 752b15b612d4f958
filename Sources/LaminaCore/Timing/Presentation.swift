import Foundation
import LaminaGeometry
import LaminaGraph

/// The presentation tree at a moment: every layer's animations evaluated at its local time and written over
/// its model values, which `restore` puts back.
///
/// A layer's local time is its parent's converted through its own timing, `t = (tParent - beginTime) *
/// speed + timeOffset`, from scene time 0, the moment the animations were added. Its animations apply in the
/// order they were added (a later one of the same key replaces an earlier one): each non-additive value
/// replaces the property's, each additive one adds to it. The tree is changed in place for the length of a
/// plan (`Planner`), so a scene must not be planned from two threads at once while it animates.
public struct Presentation {
    /// What puts each written property back, in the order they were saved (`AnimatedKeyPath.root`).
    private var saved: [() -> Void] = []
    /// The local time of each replicator with an `instanceDelay`: its sublayers are presented per instance,
    /// at that time minus k x delay, while the planner draws instance k (`presentingInstance`).
    public private(set) var replicatorTimes: [ObjectIdentifier: Double] = [:]
    /// The layers in the middle of a transition (`CATransition`), with its progress: the planner draws each
    /// as the old appearance giving way to the new one (`GraphBuilder.emitTransition`).
    public private(set) var transitions: [ObjectIdentifier: ActiveTransition] = [:]

    /// A transition under way on a layer: what it is and how far it has run (0...1).
    public struct ActiveTransition: Sendable {
        public var transition: LayerTransition
        public var progress: Double
    }

    /// Whether any layer under (and including) `root` carries animations.
    public static func animates(_ root: Layer) -> Bool {
        if !root.animations.isEmpty { return true }
        if let mask = root.mask, animates(mask) { return true }
        return root.sublayersValue.contains { animates($0) }
    }

    /// Writes the presentation values of `scene` at scene time `t` over its layers' model values.
    public static func apply(to scene: Scene, at t: Double) -> Presentation {
        var p = Presentation()
        guard animates(scene.root) else { return p }
        p.visit(scene.root, parentTime: t.isFinite ? t : 0)
        return p
    }

    /// Writes the presentation values of the tree under `root` (a layer with no superlayer, standing for a
    /// scene's root) at scene time `t` over its layers' model values.
    static func apply(toTree root: Layer, at t: Double) -> Presentation {
        var p = Presentation()
        guard animates(root) else { return p }
        p.visit(root, parentTime: t.isFinite ? t : 0)
        return p
    }

    /// Puts the model values back exactly as they were: the stored properties themselves, not through the
    /// animated setters' clamps and recompositions (`AnimatedKeyPath.root`).
    public func restore() {
        for restore in saved.reversed() { restore() }
    }

    private mutating func visit(_ layer: Layer, parentTime: Double) {
        // Nested speeds can multiply past any time a scene means; such a subtree holds its last finite moment.
        let raw = (parentTime - layer.beginTime) * layer.speed + layer.timeOffset
        let local = raw.isFinite ? min(1e12, max(-1e12, raw)) : 0
        if !layer.animations.isEmpty { present(layer, at: local) }
        if let mask = layer.mask { visit(mask, parentTime: local) }
        if let r = layer as? ReplicatorLayer, r.instanceDelay != 0, r.instanceDelay.isFinite {
            replicatorTimes[ObjectIdentifier(r)] = local
            return
        }
        for child in layer.sublayersValue { visit(child, parentTime: local) }
    }

    /// The sublayers of a replicator whose instances lag (`instanceDelay`) presented as instance `k` sees
    /// them: at the replicator's local time minus k x delay. Nil when the replicator's instances do not lag
    /// or nothing under it animates. `restore` after drawing the instance.
    public func presentingInstance(_ k: Int, of replicator: ReplicatorLayer) -> Presentation? {
        guard !replicatorTimes.isEmpty, let time = replicatorTimes[ObjectIdentifier(replicator)] else { return nil }
        var p = Presentation()
        let at = time - Double(k) * replicator.instanceDelay
        for child in replicator.sublayersValue where Self.animates(child) { p.visit(child, parentTime: at) }
        return p
    }

    private mutating func present(_ layer: Layer, at time: Double) {
        // A later animation of the same (non-empty) key replaces an earlier one.
        var latest: [String: Int] = [:]
        for (i, a) in layer.animations.enumerated() where !a.key.isEmpty { latest[a.key] = i }
        var results: [(AnimatedKeyPath, AnimatableValue, Bool)] = []
        var active: [ActiveTransition] = []
        for (i, a) in layer.animations.enumerated() where a.key.isEmpty || latest[a.key] == i {
            Self.evaluate(a, at: time, layer: layer, removable: true, into: &results, transitions: &active)
        }
        // Of several transitions under way at once, the last added is drawn (each replaces the appearance).
        if let last = active.last { transitions[ObjectIdentifier(layer)] = last }
        var current: [String: AnimatableValue] = [:]
        for (path, value, additive) in results {
            let base: AnimatableValue
            if let known = current[path.name] {
                base = known
            } else {
                guard let model = path.get(layer) else { continue }
                saved.append(path.root(layer) ?? { path.set(layer, model) })
                base = model
            }
            let presented = (additive ? AnimatableValue.sum(base, value) : value).bounded
            current[path.name] = presented
            path.set(layer, presented)
        }
    }

    /// The values `a` gives at `time` (its parent's time: the layer's local time, or its group's), each
    /// with whether it adds to the property.
    static func evaluate(_ a: LayerAnimation, at time: Double, layer: Layer, removable: Bool,
                         into out: inout [(AnimatedKeyPath, AnimatableValue, Bool)],
                         transitions: inout [ActiveTransition]) {
        guard let (progress, iteration) = a.timing.progress(at: time, removable: removable) else { return }
        let eased = (a.timingFunction ?? .linear)(progress)
        switch a.kind {
        case .group(let children):
            // The children's time is the group's, within its iteration (eased, reversed when it autoreverses).
            let childTime = eased * a.timing.simpleDuration
            for child in children {
                evaluate(child, at: childTime, layer: layer, removable: false, into: &out, transitions: &transitions)
            }
        case .transition(let t):
            transitions.append(ActiveTransition(transition: t, progress: t.progress(at: eased)))
        case .basic(let from, let to, let by):
            guard let path = a.keyPath, let (start, end) = endpoints(from, to, by, path: path, layer: layer, additive: a.isAdditive)
            else { return }
            let v = AnimatableValue.interpolate(start, end, eased)
            out.append((path, cumulative(v, start, end, a, iteration), a.isAdditive))
        case .spring(let from, let to, let by, let spring):
            guard let path = a.keyPath, let (start, end) = endpoints(from, to, by, path: path, layer: layer, additive: a.isAdditive)
            else { return }
            let v = AnimatableValue.interpolate(start, end, spring.position(at: progress * a.timing.simpleDuration))
            out.append((path, cumulative(v, start, end, a, iteration), a.isAdditive))
        case .keyframe(let k) where k.path != nil:
            guard let keyPath = a.keyPath, let motion = k.path,
                  let (point, angle) = motion.position(at: eased, paced: k.mode == .paced || k.mode == .cubicPaced,
                                                       keyTimes: k.keyTimes, functions: k.timingFunctions) else { return }
            out.append((keyPath, .point(point), a.isAdditive))
            if let mode = k.rotationMode, let rotation = AnimatedKeyPath.named("transform.rotation.z") {
                out.append((rotation, .number(angle + (mode == .autoReverse ? Double.pi : 0)), false))
            }
        case .keyframe(let k):
            guard let path = a.keyPath, let first = k.values.first, let last = k.values.last else { return }
            let v = keyframeValue(k, at: eased)
            out.append((path, cumulative(v, first, last, a, iteration), a.isAdditive))
        }
    }

    /// A basic animation's two ends from CA's combinations of from, to and by; a missing end is the
    /// property's model value (zero for an additive animation).
    private static func endpoints(_ from: AnimatableValue?, _ to: AnimatableValue?, _ by: AnimatableValue?,
                                  path: AnimatedKeyPath, layer: Layer, additive: Bool) -> (AnimatableValue, AnimatableValue)? {
        guard let model = path.get(layer) else { return nil }
        let current = additive ? (AnimatableValue.difference(model, model) ?? model) : model
        switch (from, to, by) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, AnimatableValue.sum(f, b))
        case (nil, let t?, let b?): return (subtract(t, b), t)
        case (let f?, nil, nil): return (f, current)
        case (nil, let t?, nil): return (current, t)
        case (nil, nil, let b?): return (current, AnimatableValue.sum(current, b))
        case (nil, nil, nil): return nil
        }
    }

    /// `t` minus `b`.
    private static func subtract(_ t: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue {
        guard let zero = AnimatableValue.difference(b, b), let minusB = AnimatableValue.difference(zero, b) else { return t }
        return AnimatableValue.sum(t, minusB)
    }

    /// A cumulative animation's value in iteration n: the value plus n times its whole change.
    private static func cumulative(_ v: AnimatableValue, _ start: AnimatableValue, _ end: AnimatableValue,
                                   _ a: LayerAnimation, _ iteration: Int) -> AnimatableValue {
        guard a.isCumulative, iteration > 0, let step = AnimatableValue.difference(end, start),
              let offset = AnimatableValue.repeated(step, iteration) else { return v }
        return AnimatableValue.sum(v, offset)
    }

    /// Key times proportional to the distance travelled from the first value (`paced`); nil when the values
    /// have no distance (transforms, booleans) or do not move.
    static func pacedTimes(_ values: [AnimatableValue]) -> [Double]? {
        var cumulative = [0.0]
        for i in 1..<values.count {
            guard let a = values[i - 1].components, let b = values[i].components, a.count == b.count else { return nil }
            cumulative.append(cumulative[i - 1] + zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot())
        }
        guard let total = cumulative.last, total > 0, total.isFinite else { return nil }
        return cumulative.map { $0 / total }
    }

    /// The keyframe value at eased progress `y`.
    static func keyframeValue(_ k: LayerAnimation.Keyframes, at y: Double) -> AnimatableValue {
        let n = k.values.count
        guard n > 1 else { return k.values[0] }
        switch k.mode {
        case .discrete:
            if let times = k.keyTimes, times.count == n {
                var i = 0
                while i + 1 < n, y >= times[i + 1] { i += 1 }
                return k.values[i]
            }
            let slot = (min(1, max(0, y.isNaN ? 0 : y)) * Double(n)).rounded(.down)
            return k.values[min(n - 1, Int(slot))]
        case .linear, .paced, .cubic, .cubicPaced:
            let even = (0..<n).map { Double($0) / Double(n - 1) }
            let paced = k.mode == .paced || k.mode == .cubicPaced
            let times = paced ? pacedTimes(k.values) ?? even : k.keyTimes.flatMap { $0.count == n ? $0 : nil } ?? even
            if y <= times[0] { return k.values[0] }
            if y >= times[n - 1] { return k.values[n - 1] }
            var i = 0
            while i + 2 < n, y >= times[i + 1] { i += 1 }
            let span = times[i + 1] - times[i]
            var local = span > 0 ? (y - times[i]) / span : 1
            if k.mode == .linear || k.mode == .cubic, let functions = k.timingFunctions, i < functions.count {
                local = functions[i](local)
            }
            if k.mode == .cubic || k.mode == .cubicPaced, let v = KochanekBartels.value(k, segment: i, at: local) { return v }
            return AnimatableValue.interpolate(k.values[i], k.values[i + 1], local)
        }
    }
}
