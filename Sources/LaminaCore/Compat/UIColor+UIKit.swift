import Foundation
import LaminaGraph

// UIKit's and CoreGraphics' colour initialisers and accessors over Lamina's `Color` (which `UIColor` and
// `CGColor` both name): components are sRGB, straight (not premultiplied) alpha, 0...1.

extension Color {
    /// `CGColor(red:green:blue:alpha:)` and `UIColor(red:green:blue:alpha:)` with CGFloat components.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
    }

    /// `CGColor(gray:alpha:)`: a grey of `gray` (0 black, 1 white).
    public init(gray: CGFloat, alpha: CGFloat) { self.init(white: Double(gray), alpha: Double(alpha)) }

    /// `UIColor(white:alpha:)` with CGFloat components.
    public init(white: CGFloat, alpha: CGFloat) { self.init(white: Double(white), alpha: Double(alpha)) }

    /// `UIColor(cgColor:)`: the same colour.
    public init(cgColor: Color) { self = cgColor }

    /// `UIColor(hue:saturation:brightness:alpha:)`: HSB (HSV) components, each 0...1 (hue wraps).
    public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = Double(hue) - Double(hue).rounded(.down), s = min(1, max(0, Double(saturation)))
        let v = min(1, max(0, Double(brightness)))
        let sector = h * 6, i = Int(sector) % 6, f = sector - Double(Int(sector))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let rgb: (Double, Double, Double)
        switch i {
        case 0: rgb = (v, t, p)
        case 1: rgb = (q, v, p)
        case 2: rgb = (p, v, t)
        case 3: rgb = (p, q, v)
        case 4: rgb = (t, p, v)
        default: rgb = (v, p, q)
        }
        self.init(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: Double(alpha))
    }

    /// The colour with its alpha replaced by `alpha` (UIColor's `withAlphaComponent`).
    public func withAlphaComponent(_ alpha: CGFloat) -> Color {
        Color(red: red, green: green, blue: blue, alpha: Double(alpha))
    }

    /// `CGColor.copy(alpha:)`: the colour with its alpha replaced.
    public func copy(alpha: CGFloat) -> Color? { withAlphaComponent(alpha) }

    /// `CGColor.components`: red, green, blue, alpha.
    public var components: [CGFloat]? { [CGFloat(red), CGFloat(green), CGFloat(blue), CGFloat(alpha)] }

    /// `CGColor.numberOfComponents`: 4 (sRGB and alpha).
    public var numberOfComponents: Int { 4 }

    /// `UIColor.getRed(_:green:blue:alpha:)`: writes the sRGB components; always true.
    @discardableResult
    public func getRed(_ r: UnsafeMutablePointer<CGFloat>?, green g: UnsafeMutablePointer<CGFloat>?,
                       blue b: UnsafeMutablePointer<CGFloat>?, alpha a: UnsafeMutablePointer<CGFloat>?) -> Bool {
        r?.pointee = CGFloat(red); g?.pointee = CGFloat(green); b?.pointee = CGFloat(blue); a?.pointee = CGFloat(alpha)
        return true
    }

    /// `UIColor.getWhite(_:alpha:)`: the mean of the components as a grey; always true.
    @discardableResult
    public func getWhite(_ w: UnsafeMutablePointer<CGFloat>?, alpha a: UnsafeMutablePointer<CGFloat>?) -> Bool {
        w?.pointee = CGFloat((red + green + blue) / 3); a?.pointee = CGFloat(alpha)
        return true
    }

    /// `UIColor.setFill()`: makes the colour the fill colour of the current UIKit context, if there is one.
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(self) }
    /// `UIColor.setStroke()`: makes the colour the stroke colour of the current UIKit context, if there is one.
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(self) }
    /// `UIColor.set()`: both.
    public func set() { setFill(); setStroke() }

    private static func rgba(_ r: Int, _ g: Int, _ b: Int, _ a: Double = 1) -> Color {
        Color(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: a)
    }

    // UIKit's semantic colours, in their light-mode (default contrast) values: Lamina renders one
    // appearance, the light one.
    public static let label = rgba(0, 0, 0)
    public static let secondaryLabel = rgba(60, 60, 67, 0.6)
    public static let tertiaryLabel = rgba(60, 60, 67, 0.3)
    public static let quaternaryLabel = rgba(60, 60, 67, 0.18)
    public static let placeholderText = rgba(60, 60, 67, 0.3)
    public static let link = rgba(0, 122, 255)
    public static let systemBackground = rgba(255, 255, 255)
    public static let secondarySystemBackground = rgba(242, 242, 247)
    public static let tertiarySystemBackground = rgba(255, 255, 255)
    public static let systemGroupedBackground = rgba(242, 242, 247)
    public static let secondarySystemGroupedBackground = rgba(255, 255, 255)
    public static let tertiarySystemGroupedBackground = rgba(242, 242, 247)
    public static let separator = rgba(60, 60, 67, 0.29)
    public static let opaqueSeparator = rgba(198, 198, 200)
    public static let systemFill = rgba(120, 120, 128, 0.2)
    public static let secondarySystemFill = rgba(120, 120, 128, 0.16)
    public static let tertiarySystemFill = rgba(118, 118, 128, 0.12)
    public static let quaternarySystemFill = rgba(116, 116, 128, 0.08)
    public static let lightText = rgba(255, 255, 255, 0.6)
    public static let darkText = rgba(0, 0, 0)
    public static let tintColor = rgba(0, 122, 255)
}
