import Foundation

/// `kCATransition`: the key a transition added without one is held under, as Core Animation holds it.
public let kCATransition = "transition"

/// `CATransitionType`: how the old appearance gives way to the new one.
public struct CATransitionType: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fade = CATransitionType(rawValue: "fade")
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    public static let push = CATransitionType(rawValue: "push")
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// `CATransitionSubtype`: the side a sliding transition comes from (on screen, y down).
public struct CATransitionSubtype: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// `CATransition`: the layer's appearance when the transition is added giving way to its model appearance
/// (`LayerTransition`).
///
/// `layer.add(transition, forKey:)` keeps a still copy of the layer's own properties as they are then
/// (`Layer.appearanceCopy()`), drawn with the layer's sublayers and mask, so the iOS order "add, then change"
/// (`layer.add(t, forKey: nil); layer.contents = newImage`) shows the old image giving way to the new one. A
/// transition added without a key is held under `kCATransition`, replacing an earlier one. A type Lamina does
/// not draw (Apple's private types) is drawn as `fade`; a subtype other than the four as `fromLeft`.
open class CATransition: CAAnimation {
    public var type: CATransitionType = .fade
    public var subtype: CATransitionSubtype?
    /// The part of the transition the animation runs through, 0...1.
    public var startProgress: Float = 0
    public var endProgress: Float = 1

    override public init() { super.init() }

    override func layerAnimation(key: String, on layer: Layer) -> LayerAnimation? {
        let style = LayerTransition.Style(rawValue: type.rawValue) ?? .fade
        let direction = subtype.flatMap { LayerTransition.Direction(rawValue: $0.rawValue) } ?? .fromLeft
        var t = LayerTransition(style: style, direction: direction)
        t.startProgress = Double(min(1, max(0, startProgress.isFinite ? startProgress : 0)))
        t.endProgress = Double(min(1, max(0, endProgress.isFinite ? endProgress : 1)))
        t.from = LayerTransition.OldAppearance(layer.appearanceCopy(), sharesSublayers: true, sharesMask: true)
        var a = LayerAnimation(key: key, keyPath: nil, kind: .transition(t))
        a.timing = timing
        a.timingFunction = timingFunction
        return a
    }
}
