import Foundation
import LaminaGeometry

/// A pass in a layer's own space, for the effects Core Animation computes there: a rasterized layer
/// (`rasterized`, at rasterizationScale) and the shadow of a layer whose map is not a similarity
/// (`localShadowOp`, at the map's scale). The local rect `extent` is cut at whole pixels from its origin,
/// each side at most `maxSide`, and drawn back through the layer's map as one texture.
struct LocalPass {
    /// The most pixels a side of a local pass takes.
    static let maxSide = 8192

    /// The pass's pixels: (0, 0) to its size.
    let rect: PixelRect
    /// Local units to the pass's pixels.
    let toPass: Transform3D
    /// The local rect the pass covers: `extent`'s origin, its size rounded up to whole pixels.
    let extent: CGRect

    /// The pass for the local rect `e` at `scale` pixels a unit; nil when it covers no pixel.
    init?(_ e: CGRect, scale: Double) {
        let w = Int(pixels: Double(e.width) * scale, .up, in: 0...LocalPass.maxSide)
        let h = Int(pixels: Double(e.height) * scale, .up, in: 0...LocalPass.maxSide)
        guard w > 0, h > 0 else { return nil }
        rect = PixelRect(x0: 0, y0: 0, x1: w, y1: h)
        toPass = Transform3D.translation(-Double(e.minX), -Double(e.minY), 0).concatenating(.scale(scale, scale, 1))
        extent = CGRect(x: e.minX, y: e.minY, width: Double(w) / scale, height: Double(h) / scale)
    }

    /// `outer`'s context inside the pass: the pass is the whole interest.
    func context(_ outer: GraphBuilder.Context) -> GraphBuilder.Context {
        GraphBuilder.Context(interest: rect, flipped: outer.flipped, label: outer.label, pointer: outer.pointer,
                             cullsHidden: outer.cullsHidden)
    }
}
