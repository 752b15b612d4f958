import Foundation
import LaminaGraph

/// The last plan of a tree, kept for the next frame of a frame loop (`Planner.retained`).
///
/// Core Animation plans a tree when it is committed and draws it again on every frame until the next
/// commit. Lamina has no commit, so a retained plan asks the tree instead: after a plan it records every
/// layer of the tree (sublayers and masks, depth first) with its `revision`, and the next `Planner.plan`
/// of the same scene, with the same canvas and planner settings, hands the same graph out again when every
/// recorded layer still has its recorded revision, and, if any of them carries animations, at the same time
/// (a tree without animations looks the same at every time). Any property set on any of them, a layer added,
/// removed or moved (its old and new superlayers' sublayer lists change) or a mask set, makes the planner
/// plan again. Nothing else a plan reads can change under it: images (`Bitmap`) are immutable, paths and
/// colours are values, and fonts are the process's.
///
/// A tree that holds code of its user is never kept: a layer with a `draw` closure or a delegate (which may
/// draw something else each time, as it may on iOS after `setNeedsDisplay()`, and a weak delegate can vanish
/// without a set), or of a class defined outside Lamina (an override of `draw(in:)` may draw from state of its
/// own). The old appearances transitions draw (`LayerTransition.from`) are recorded with the tree, and
/// `Presentation` puts the model back exactly as it was after a plan. A plan that failed is not kept either.
///
/// Keeping costs one walk over the tree's layers after a plan (recording) and one over the records before
/// the next (comparing), both far under planning them. The kept graph is dropped before a plan is made
/// again, so a frame loop holds one graph at a time. Not thread-safe: one frame loop uses one.
public final class RetainedPlan: @unchecked Sendable {
    /// Everything a plan depends on besides the layers' own revisions.
    struct Key: Equatable {
        var scene: ObjectIdentifier
        var width: Double, height: Double, scale: Double
        var background: Color
        var limits: ResourceLimits
        var capabilities: RendererCapabilities
        var usesShadowAtlas: Bool
        var cullsHidden: Bool
    }

    /// At most this many layers are recorded; a larger tree is planned every frame.
    public static let maximumLayers = 4_000_000

    private var key: Key?
    /// The scene time of the kept plan, and whether its tree has animations (so that another time is
    /// another picture).
    private var time = 0.0
    private var timeMatters = false
    /// Holds the scene whose identity `key` names, so no other scene can take its address.
    private var scene: Scene?
    private var layers: [Layer] = []
    private var revisions: [UInt64] = []
    private var graph: RenderGraph?

    /// How many plans were handed out again since this was made.
    public private(set) var reuses = 0

    public init() {}

    /// The kept graph, when it was planned for `key` (at `time`, if that matters) and no recorded layer
    /// changed since.
    func graph(for key: Key, at time: Double) -> RenderGraph? {
        guard let graph, key == self.key, !timeMatters || time == self.time else { return nil }
        for i in layers.indices where layers[i].revision != revisions[i] { return nil }
        reuses += 1
        return graph
    }

    /// Forgets the kept graph and its records (their room too, past a large tree's).
    public func drop() {
        key = nil
        scene = nil
        graph = nil
        let keepsRoom = layers.capacity <= 1 << 16
        layers.removeAll(keepingCapacity: keepsRoom)
        revisions.removeAll(keepingCapacity: keepsRoom)
    }

    /// Lamina's own layer classes: a layer of another class (a subclass) may draw from state of its own.
    private static let ownClasses: Set<ObjectIdentifier> = Set([
        Layer.self, ShapeLayer.self, GradientLayer.self, ReplicatorLayer.self, TransformLayer.self, TextLayer.self,
        ScrollLayer.self, CATiledLayer.self, CAEmitterLayer.self,
    ].map { ObjectIdentifier($0) })

    /// Whether `layer` runs none of its user's code when planned: no `draw` closure, no delegate, one of
    /// Lamina's own classes.
    static func holdsNoUserCode(_ layer: Layer) -> Bool {
        layer.draw == nil && layer.delegate == nil && ownClasses.contains(ObjectIdentifier(type(of: layer)))
    }

    /// Appends the layers of the old appearances `animation` (and a group's children) draws in a transition.
    private static func appendOldAppearances(of animation: LayerAnimation, to stack: inout [Layer], depth: Int = 0) {
        switch animation.kind {
        case .transition(let t): if let old = t.from?.layer { stack.append(old) }
        case .group(let children) where depth < 64:
            for child in children { appendOldAppearances(of: child, to: &stack, depth: depth + 1) }
        default: break
        }
    }

    /// Keeps `graph`, planned for `scene` under `key` at `time`, with the revisions its layers have now; keeps
    /// nothing for a tree that holds its user's code, or one over `maximumLayers`.
    func keep(_ graph: RenderGraph, of scene: Scene, key: Key, at time: Double) {
        drop()
        var animates = false
        var stack: [Layer] = [scene.root]
        while let layer = stack.popLast() {
            guard layers.count < RetainedPlan.maximumLayers, RetainedPlan.holdsNoUserCode(layer) else {
                drop()
                return
            }
            layers.append(layer)
            revisions.append(layer.revision)
            if !layer.animations.isEmpty {
                animates = true
                for animation in layer.animations { RetainedPlan.appendOldAppearances(of: animation, to: &stack) }
            }
            if let mask = layer.mask { stack.append(mask) }
            stack.append(contentsOf: layer.sublayersValue)
        }
        self.key = key
        self.time = time
        self.timeMatters = animates
        self.scene = scene
        self.graph = graph
    }
}
