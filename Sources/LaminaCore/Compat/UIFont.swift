import Foundation
import LaminaGeometry

/// UIKit's font: a face name and a point size, resolved when text is drawn through Lamina's text stack
/// (Fontconfig finds the face for the name; a missing face falls back as Fontconfig decides).
///
/// The system font is named "Helvetica" here (San Francisco is not on Linux; Fontconfig substitutes its
/// Helvetica match, usually a metric-compatible sans); weights at and above semibold take the bold face,
/// lighter ones the regular face.
public final class UIFont: Hashable, CustomStringConvertible {
    /// The face's name, as Lamina's text stack resolves it ("Helvetica", "Helvetica-Bold", a family).
    public let fontName: String
    /// The size in points.
    public let pointSize: CGFloat

    /// The font named `fontName` at `size` points; nil only for an empty name (UIKit returns nil for names
    /// it does not have; Lamina cannot know until Fontconfig resolves it).
    public init?(name fontName: String, size: CGFloat) {
        guard !fontName.isEmpty else { return nil }
        self.fontName = fontName
        self.pointSize = size
    }

    init(face: String, size: CGFloat) { fontName = face; pointSize = size }

    /// The family part of the name ("Helvetica" for "Helvetica-Bold").
    public var familyName: String { String(fontName.split(separator: "-").first ?? Substring(fontName)) }

    /// The same face at another size.
    public func withSize(_ size: CGFloat) -> UIFont { UIFont(face: fontName, size: size) }

    public static func systemFont(ofSize size: CGFloat) -> UIFont { UIFont(face: "Helvetica", size: size) }
    public static func systemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(face: weight.rawValue >= Weight.semibold.rawValue ? "Helvetica-Bold" : "Helvetica", size: size)
    }
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(face: "Helvetica-Bold", size: size) }
    public static func italicSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(face: "Helvetica-Oblique", size: size) }
    /// The system font in monospaced digits: the system font here (its digits are what Fontconfig's face has).
    public static func monospacedDigitSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        systemFont(ofSize: size, weight: weight)
    }
    public static func monospacedSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(face: weight.rawValue >= Weight.semibold.rawValue ? "Courier-Bold" : "Courier", size: size)
    }
    /// UIKit's default text size (17 points, the body style's).
    public static var systemFontSize: CGFloat { 17 }
    public static var labelFontSize: CGFloat { 17 }
    public static var smallSystemFontSize: CGFloat { 12 }
    public static var buttonFontSize: CGFloat { 18 }

    public static func == (a: UIFont, b: UIFont) -> Bool { a.fontName == b.fontName && a.pointSize == b.pointSize }
    public func hash(into h: inout Hasher) { h.combine(fontName); h.combine(Double(pointSize)) }
    public var description: String { "UIFont(\(fontName), \(Double(pointSize)) pt)" }

    /// UIKit's font weights (their raw values are UIKit's).
    public struct Weight: Hashable, Sendable, RawRepresentable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)
    }
}

/// Core Foundation's object reference, as `CATextLayer.font`'s documentation names it.
public typealias CFTypeRef = AnyObject
/// Core Foundation's string: Foundation's NSString (`"Helvetica" as CFString` compiles).
public typealias CFString = NSString

/// CoreGraphics' font reference, as the book hands one to `CATextLayer.font`: the face's name.
public final class CGFont {
    /// The face's name, as Lamina's text stack resolves it.
    public let fullName: CFString?
    let name: String

    /// The font named `name`; nil for an empty name.
    public init?(_ name: CFString) {
        guard name.length > 0 else { return nil }
        self.name = String(describing: name)
        self.fullName = name
    }
}
