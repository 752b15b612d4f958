import Foundation

/// What a layer runs when a property changes (CAAction): `NSNull()` means no action, as on iOS. Lamina
/// renders model values at a given time and makes no implicit animations, so a layer has no actions of
/// its own: `action(forKey:)` and `defaultAction(forKey:)` are nil.
public protocol CAAction {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

extension NSNull: CAAction {}
extension CAAnimation: CAAction {}

extension Layer {
    /// The layer's action for `event`: the delegate's `action(for:forKey:)`; nil without a delegate (Lamina
    /// makes no implicit animations).
    public func action(forKey event: String) -> CAAction? {
        delegate?.action(for: self, forKey: event)
    }

    /// Core Animation's default action for a key: none in Lamina.
    public class func defaultAction(forKey event: String) -> CAAction? { nil }

    /// Whether changing `key` redraws the layer: false for CALayer's own keys (a subclass's custom drawing is
    /// recorded at every render, so its own keys redraw anyway).
    public class func needsDisplay(forKey key: String) -> Bool { false }
}

extension LayerDelegate {
    /// The delegate's action for a layer's `event`; nil by default (`NSNull()` is "no action" too).
    public func action(for layer: Layer, forKey event: String) -> CAAction? { nil }
}
