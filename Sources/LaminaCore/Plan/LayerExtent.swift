import Foundation
import LaminaGeometry

extension Layer {
    /// The box of everything this layer draws, in its superlayer's space: its bounds with the contents that
    /// overflow them, its sublayers (unless it masks to its bounds) and its shadow, through its anchor point,
    /// transform and position, as the planner cuts offscreen passes. The superlayer's own sublayerTransform
    /// and geometryFlipped are not applied. Nil when the layer draws nothing or a corner is behind the eye.
    public var extentInSuperlayer: CGRect? {
        let local = GraphBuilder().localExtent(of: self, includeShadow: true)
        guard !local.isNull, local.width > 0, local.height > 0 else { return nil }
        return GraphBuilder.projectedBox(local, through: LayerGeometry.local(self))
    }
}
