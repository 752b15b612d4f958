import Foundation
import LaminaGeometry
import LaminaGraph
import LaminaImage

/// What the planner does differently for one class of layer: the one place it asks a layer's class
/// (`LayerEmitters.of`), so adding a layer type is one kind (in its own file, beside what it draws) plus its
/// decoding. Everything here has a default, the plain CALayer's; a kind overrides what its class changes.
///
/// A kind is a small value over the layer it describes, made where it is asked for (no allocation: a class
/// reference fits an existential's inline buffer).
protocol LayerEmitter {
    /// What the class draws of its own, over its background and contents and under its sublayers and
    /// border (a gradient, a shape layer's fill and stroke).
    func ownOps(_ builder: GraphBuilder, layerToTarget m: Transform3D, context: GraphBuilder.Context) -> [DrawOp]
    /// The bitmap drawn as the layer's contents when it does not draw itself (`drawsContents`): its
    /// `contents`, or a text layer's backing store.
    func contentsBitmap(_ builder: GraphBuilder) -> Bitmap?
    /// Whether contents drawn one texel to a pixel snap to the pixel grid (a text layer's store, drawn
    /// as Core Animation draws text: crisp).
    var snapsContentsToPixels: Bool { get }
    /// Where the class draws beyond its bounds and contents, in its own space (a shape layer's path and
    /// stroke); `.null` for nothing.
    var ownExtent: CGRect { get }
    /// A CATransformLayer: draws nothing of its own, hands its opacity to each sublayer, and its
    /// sublayers are planes of the 3D rendering context it belongs to.
    var isTransformLayer: Bool { get }
    /// Whether the layer keeps its sublayers' depth instead of flattening them into its plane.
    var preservesDepth: Bool { get }
    /// Calls `body` with each instance of the sublayers (its index and its transform in the layer's
    /// sublayer space) until it returns false: once, the identity, except for a replicator.
    func forEachInstance(_ body: (Int, Transform3D) -> Bool)
    /// The modulation colour of instance `k`, or nil to leave it unchanged.
    func modulation(ofInstance k: Int) -> PremultipliedColor?
    /// Whether the sublayers are drawn once per instance (`forEachInstance`) rather than once.
    var replicates: Bool { get }
    /// The sublayers presented at instance `k`'s time, when instances lag (`instanceDelay`); restored after
    /// the instance is drawn.
    func presentingInstance(_ k: Int, in presentation: Presentation) -> Presentation?
}

extension LayerEmitter {
    func ownOps(_ builder: GraphBuilder, layerToTarget m: Transform3D, context: GraphBuilder.Context) -> [DrawOp] { [] }
    var snapsContentsToPixels: Bool { false }
    var ownExtent: CGRect { .null }
    var isTransformLayer: Bool { false }
    var preservesDepth: Bool { false }
    func forEachInstance(_ body: (Int, Transform3D) -> Bool) { _ = body(0, .identity) }
    func modulation(ofInstance k: Int) -> PremultipliedColor? { nil }
    var replicates: Bool { false }
    func presentingInstance(_ k: Int, in presentation: Presentation) -> Presentation? { nil }
}

enum LayerEmitters {
    /// The kind of `layer`'s class: the one place the planner asks it.
    static func of(_ layer: Layer) -> any LayerEmitter {
        // Most layers are plain CALayers: one metatype comparison instead of a cast per class.
        if type(of: layer) == Layer.self { return PlainLayerEmitter(layer: layer) }
        switch layer {
        case let gradient as GradientLayer: return GradientLayerEmitter(layer: gradient)
        case let shape as ShapeLayer: return ShapeLayerEmitter(layer: shape)
        case let text as TextLayer: return TextLayerEmitter(layer: text)
        case let replicator as ReplicatorLayer: return ReplicatorLayerEmitter(layer: replicator)
        case is TransformLayer: return TransformLayerEmitter(layer: layer)
        default: return PlainLayerEmitter(layer: layer)
        }
    }
}

/// CALayer itself, and any class that draws as it does.
struct PlainLayerEmitter: LayerEmitter {
    let layer: Layer
    func contentsBitmap(_ builder: GraphBuilder) -> Bitmap? { layer.contentsValue }
}

/// CATransformLayer: a 3D rendering context's grouping node (ca-semantics.md §8). It draws nothing of its own
/// (the emit stage does not draw its background, contents or border) and keeps its sublayers' depth.
struct TransformLayerEmitter: LayerEmitter {
    let layer: Layer
    func contentsBitmap(_ builder: GraphBuilder) -> Bitmap? { layer.contentsValue }
    var isTransformLayer: Bool { true }
    var preservesDepth: Bool { true }
}
