import Foundation
import LaminaGraph

/// UIKit's light and dark appearances.
public enum UIUserInterfaceStyle: Int, Sendable, Hashable {
    case unspecified = 0, light = 1, dark = 2
}

/// The traits a dynamic colour resolves against. Lamina renders in light mode: `UITraitCollection.current`
/// is light, and that is what every dynamic colour resolves to.
public final class UITraitCollection: NSObject {
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let displayScale: CGFloat

    public init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.userInterfaceStyle = userInterfaceStyle
        displayScale = 1
    }

    public init(displayScale: CGFloat) {
        userInterfaceStyle = .light
        self.displayScale = displayScale
    }

    public override init() {
        userInterfaceStyle = .light
        displayScale = 1
    }

    /// The light traits Lamina renders with.
    public static var current: UITraitCollection { UITraitCollection(userInterfaceStyle: .light) }
}

extension Color {
    /// `UIColor(dynamicProvider:)`, or `UIColor { traits in ... }`: a colour with a provider per appearance. Lamina's colours are values, so
    /// the provider is asked once, with light traits (`UITraitCollection.current`), and that colour is kept.
    public init(dynamicProvider: @escaping (UITraitCollection) -> Color) {
        self = dynamicProvider(.current)
    }

    /// The colour itself: a dynamic colour was resolved to light mode when made (see `init(dynamicProvider:)`).
    public func resolvedColor(with traitCollection: UITraitCollection) -> Color { self }
}
