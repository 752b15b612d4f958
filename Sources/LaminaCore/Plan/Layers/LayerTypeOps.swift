import Foundation

extension GraphBuilder {
    /// What a layer's class draws of its own, over its background and contents and under its sublayers and
    /// border: the one place the emit stage asks a layer's class. (A text layer draws through its backing
    /// store, `contentsTexture`; transform and replicator layers shape the tree the planner walks, not what a
    /// layer draws.)
    func typeOps(_ layer: Layer, layerToTarget m: Transform3D, context: Context) -> [DrawOp] {
        switch layer {
        case let gradient as GradientLayer: return gradientOps(gradient, layerToTarget: m, context: context)
        case let shape as ShapeLayer: return shapeOps(shape, layerToTarget: m, context: context)
        default: return []
        }
    }
}
