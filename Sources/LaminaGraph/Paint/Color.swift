import Foundation
import LaminaGeometry

/// An sRGB colour with straight (not premultiplied) alpha, components in 0...1.
///
/// Scenes and the layer API speak straight alpha, as UIColor does; everything inside the render graph is
/// premultiplied (`premultiplied`), and blending happens on sRGB-encoded values as Core Animation does.
public struct Color: Sendable, Equatable, Hashable, Codable {
    public var red: Double, green: Double, blue: Double, alpha: Double

    // Disfavoured so that iOS's `UIColor(red: 0, green: 0, blue: 1, alpha: 1)` (integer literals) picks the
    // CGFloat spelling in LaminaCore instead of being ambiguous; a Double argument still picks this one.
    @_disfavoredOverload
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    @_disfavoredOverload
    public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let gray = Color(white: 0.5)
    public static let lightGray = Color(white: 2.0 / 3.0)
    public static let darkGray = Color(white: 1.0 / 3.0)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 1, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 1)
    public static let cyan = Color(red: 0, green: 1, blue: 1)
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    public static let magenta = Color(red: 1, green: 0, blue: 1)
    public static let orange = Color(red: 1, green: 0.5, blue: 0)
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
    public static let brown = Color(red: 0.6, green: 0.4, blue: 0.2)

    /// UIColor's named colours, by the names the scene format accepts.
    public static let named: [String: Color] = [
        "clear": .clear, "black": .black, "white": .white, "gray": .gray, "lightGray": .lightGray,
        "darkGray": .darkGray, "red": .red, "green": .green, "blue": .blue, "cyan": .cyan, "yellow": .yellow,
        "magenta": .magenta, "orange": .orange, "purple": .purple, "brown": .brown,
    ]

    /// The same colour with its alpha multiplied by `factor`.
    public func withAlphaMultiplied(by factor: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    /// The premultiplied form used inside the render graph.
    @inlinable public var premultiplied: PremultipliedColor {
        PremultipliedColor(r: red * alpha, g: green * alpha, b: blue * alpha, a: alpha)
    }
}

/// A premultiplied sRGB colour (components in 0...1, each of r, g, b at most a).
///
/// Each component is held at float precision (`Double(Float(x))`), which is what the GPU reads: both renderers
/// then multiply and round the same numbers. In double, 0.7 x 255 is exactly the tie 178.5 and rounds to 179,
/// while the GPU's 0.7f x 255 is 178.499997 and stores 178; a translucent layer drawn through an offscreen pass
/// differed by one in every pixel.
public struct PremultipliedColor: Sendable, Equatable, Hashable, Codable {
    public var r: Double, g: Double, b: Double, a: Double
    @inlinable public init(r: Double, g: Double, b: Double, a: Double) {
        self.r = r.heldAsFloat; self.g = g.heldAsFloat; self.b = b.heldAsFloat; self.a = a.heldAsFloat
    }
    public static let transparent = PremultipliedColor(r: 0, g: 0, b: 0, a: 0)
    /// Every component scaled by `s` (opacity or coverage applied to a premultiplied colour).
    @inlinable public func scaled(by s: Double) -> PremultipliedColor { PremultipliedColor(r: r * s, g: g * s, b: b * s, a: a * s) }
}

extension Double {
    /// This value rounded to float precision, what the GPU reads: colours and opacities in the render graph
    /// are held so (`PremultipliedColor`, `TextureDraw.opacity`, `GradientPaint.opacity`), and both renderers
    /// multiply the same numbers.
    @inlinable public var heldAsFloat: Double { Double(Float(self)) }
}

extension SplitMix64 {
    /// An opaque colour whose components are multiples of 1/255, so 8-bit renderers (Skia) see it exactly.
    public mutating func color8(alpha: Double = 1, in range: ClosedRange<Int> = 40...235) -> Color {
        func c() -> Double { whole(range.lowerBound, range.upperBound) / 255 }
        return Color(red: c(), green: c(), blue: c(), alpha: alpha)
    }
}
