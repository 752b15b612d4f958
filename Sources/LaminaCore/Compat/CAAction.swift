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

extension LayerDelegate {
    /// The delegate's action for a layer's `event`; nil by default (`NSNull()` is "no action" too).
    public func action(for layer: Layer, forKey event: String) -> CAAction? { nil }
}
