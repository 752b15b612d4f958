import Foundation

// CALayer's presentation layer and CAMediaTiming's time conversion, over Lamina's explicit clock: scene time t
// is seconds after the animations were added (`Lamina.render(_:at:)`), and a layer's local time is its
// parent's converted through its own timing, `(tParent - beginTime) * speed + timeOffset`, from the root of
// its tree down (`Presentation`).
extension Layer {
    /// The layer as it appears at scene time `t`: a copy of it and its subtree (mask and sublayers) with every
    /// animated property at its presentation value, as Core Animation's `presentation()` returns it.
    ///
    /// The animations of the whole tree the layer is in are evaluated, each layer at its local time, so an
    /// ancestor's `beginTime`, `speed` and `timeOffset` count. The copy is made by `appearanceCopy()`: the
    /// same types, no animations (it is a still), drawing recorded; the tree itself is left as it was. A
    /// transition under way is not part of the copy (it shows the model appearance), nor are the lagging
    /// instances of a replicator with an `instanceDelay` (their sublayers are copied at the model values).
    public func presentation(at t: CFTimeInterval) -> Layer {
        let root = treeRoot
        let presented = Presentation.apply(toTree: root, at: t)
        defer { presented.restore() }
        return treeCopy()
    }

    /// CALayer's `presentation()`: in Lamina, which has no running clock, the layer at scene time 0 (the
    /// moment its animations were added), as `presentation(at: 0)` makes it. Nil for a layer of a subclass
    /// (the copy is of the layer type's own class, which is not `Self`); use `presentation(at:)` there.
    public func presentation() -> Self? { presentation(at: 0) as? Self }

    /// CALayer's `model()`: the layer itself (Lamina's layers hold the model values).
    public func model() -> Self { self }

    /// `t` in the local time of `layer` (scene time when nil) converted to this layer's local time.
    public func convertTime(_ t: CFTimeInterval, from layer: Layer?) -> CFTimeInterval {
        localTime(fromScene: layer.map { $0.sceneTime(fromLocal: t) } ?? t)
    }

    /// `t` in this layer's local time converted to the local time of `layer` (scene time when nil).
    public func convertTime(_ t: CFTimeInterval, to layer: Layer?) -> CFTimeInterval {
        let scene = sceneTime(fromLocal: t)
        return layer.map { $0.localTime(fromScene: scene) } ?? scene
    }

    /// The layer at the top of this one's tree (a mask's owner counts as its superlayer).
    var treeRoot: Layer {
        var top = self
        while let up = top.superlayer { top = up }
        return top
    }

    /// The layers from the tree's root down to this one, this one last.
    private var timingChain: [Layer] {
        var chain: [Layer] = [self]
        var layer = self
        while let up = layer.superlayer { chain.append(up); layer = up }
        return chain.reversed()
    }

    /// Scene time to this layer's local time: each layer from the root down applies its own timing.
    func localTime(fromScene t: Double) -> Double {
        timingChain.reduce(t) { time, l in (time - l.beginTime) * l.speed + l.timeOffset }
    }

    /// This layer's local time back to scene time; a paused layer (`speed` 0) maps every time to its
    /// `beginTime` in its parent's time.
    func sceneTime(fromLocal t: Double) -> Double {
        timingChain.reversed().reduce(t) { time, l in
            l.speed == 0 ? l.beginTime : (time - l.timeOffset) / l.speed + l.beginTime
        }
    }
}
