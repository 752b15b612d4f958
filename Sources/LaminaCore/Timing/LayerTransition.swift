import Foundation
import LaminaGeometry

/// CATransition: the layer's old appearance giving way to its model appearance over the animation's span.
///
/// The old appearance is a still image of the layer as it was (`from`, the layer with some properties as
/// they were; without one, the layer as it is), the new one is the layer as the model has it, live. At
/// progress p (the animation's eased progress mapped into `startProgress...endProgress`):
/// - `fade` cross-dissolves the two: `old x (1 - p) + new x p`, each premultiplied, the sum composited over
///   what lies below (a layer whose appearance does not change shows unchanged);
/// - `moveIn` slides the new appearance in over the old one from the side `direction` names;
/// - `push` slides the new one in and the old one out together;
/// - `reveal` slides the old one out, uncovering the new one in place.
/// Slides move by the layer's bounds in its own space (a rotated layer slides along its own axes), and are
/// cut to the layer's bounds only when it masks to bounds, as Core Animation shows them. Directions are on
/// screen (y down, as iOS lays out): `fromTop` enters from the layer's minimum y.
public struct LayerTransition: Sendable {
    public enum Style: String, Sendable, CaseIterable { case fade, moveIn, push, reveal }
    public enum Direction: String, Sendable, CaseIterable { case fromLeft, fromRight, fromTop, fromBottom }

    public var style: Style = .fade
    /// CATransition's `subtype`; none is `fromLeft`, as in Core Animation.
    public var direction: Direction = .fromLeft
    /// The part of the transition the animation runs through, 0...1 (`startProgress`, `endProgress`).
    public var startProgress = 0.0, endProgress = 1.0
    /// The old appearance: a layer of the same type, drawn in the layer's place; nil draws the layer itself.
    public var from: OldAppearance?

    public init(style: Style = .fade, direction: Direction = .fromLeft, from: Layer? = nil) {
        self.style = style; self.direction = direction; self.from = from.map(OldAppearance.init)
    }

    /// The old appearance's layer, held by reference (a layer has identity); never presented, never in the
    /// tree. Unless it has sublayers (or a mask) of its own, it is drawn with the layer's: the old appearance
    /// of a layer whose own properties changed.
    public final class OldAppearance: @unchecked Sendable {
        public let layer: Layer
        public let sharesSublayers: Bool
        public let sharesMask: Bool
        public convenience init(_ layer: Layer) {
            self.init(layer, sharesSublayers: layer.sublayersValue.isEmpty, sharesMask: layer.mask == nil)
        }
        public init(_ layer: Layer, sharesSublayers: Bool, sharesMask: Bool) {
            self.layer = layer; self.sharesSublayers = sharesSublayers; self.sharesMask = sharesMask
        }
    }

    /// The transition's progress at the animation's eased progress `y` (0...1).
    public func progress(at y: Double) -> Double {
        let p = startProgress + (endProgress - startProgress) * y
        return p.isFinite ? min(1, max(0, p)) : 0
    }

    /// How far, in the layer's own space, the old and the new appearance are moved at progress `p`, for a
    /// layer of size `w` x `h`.
    public func offsets(at p: Double, width w: Double, height h: Double) -> (old: CGPoint, new: CGPoint) {
        // The unit vector the motion runs along: from the side named towards the opposite one.
        let (ux, uy): (Double, Double)
        switch direction {
        case .fromLeft: (ux, uy) = (1, 0)
        case .fromRight: (ux, uy) = (-1, 0)
        case .fromTop: (ux, uy) = (0, 1)
        case .fromBottom: (ux, uy) = (0, -1)
        }
        let entering = CGPoint(x: -ux * w * (1 - p), y: -uy * h * (1 - p))
        let leaving = CGPoint(x: ux * w * p, y: uy * h * p)
        switch style {
        case .fade: return (.zero, .zero)
        case .moveIn: return (.zero, entering)
        case .push: return (leaving, entering)
        case .reveal: return (leaving, .zero)
        }
    }
}
