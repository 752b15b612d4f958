import Foundation
import LaminaGraph
import LaminaGeometry

// The book's listings, line by line: Core Animation's C functions and UIKit's colour spellings over Lamina's
// types, so `layer.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)` and
// `layer.backgroundColor = UIColor.systemBlue.cgColor` compile as written. Each is a thin name for what the
// Transform3D and Color APIs already do.

/// Core Animation's 4x4 transform (row vectors, m34 for perspective).
public typealias CATransform3D = Transform3D

public let CATransform3DIdentity = Transform3D.identity

public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    .translation(Double(tx), Double(ty), Double(tz))
}

public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    .scale(Double(sx), Double(sy), Double(sz))
}

/// A rotation by `angle` radians about the axis (x, y, z); a zero axis gives the identity, as in Core Animation.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    .rotation(Double(angle), Double(x), Double(y), Double(z))
}

/// `t` with a translation applied first: translate, then `t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    t.translated(Double(tx), Double(ty), Double(tz))
}

public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    t.scaled(Double(sx), Double(sy), Double(sz))
}

public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat,
                                _ z: CGFloat) -> CATransform3D {
    t.rotated(Double(angle), Double(x), Double(y), Double(z))
}

/// `a` then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { a.concatenating(b) }

public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t.isIdentity }

public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D { Transform3D(affine: m) }

public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool { t.isAffine }

#if !canImport(UIKit)
/// UIKit's colour type, as the book's listings name it: Lamina's `Color`.
public typealias UIColor = Color
#endif
#if !canImport(CoreGraphics)
/// CoreGraphics' colour type, as `layer.backgroundColor` takes it in the book: Lamina's `Color`.
public typealias CGColor = Color
/// The context `drawLayer:inContext:` draws into: Lamina's recording `DrawingContext`.
public typealias CGContext = DrawingContext
public typealias CGLineCap = ShapeLayer.LineCap
public typealias CGLineJoin = ShapeLayer.LineJoin
/// `.winding` (an alias of `.nonZero`) and `.evenOdd`.
public typealias CGPathFillRule = FillRule
public typealias CGPathDrawingMode = PathDrawingMode
#endif

/// The protocol a layer's delegate adopts to draw its backing store (`drawLayer(_:in:)`).
public typealias CALayerDelegate = LayerDelegate

extension Color {
    /// `UIColor.cgColor`: the same colour, as the layer properties take it.
    public var cgColor: Color { self }

    private static func rgb(_ r: Int, _ g: Int, _ b: Int) -> Color {
        Color(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: 1)
    }

    // UIKit's system colours in their light-mode (default contrast) values, as Apple's Human Interface
    // Guidelines list them.
    public static let systemRed = rgb(255, 59, 48)
    public static let systemOrange = rgb(255, 149, 0)
    public static let systemYellow = rgb(255, 204, 0)
    public static let systemGreen = rgb(52, 199, 89)
    public static let systemMint = rgb(0, 199, 190)
    public static let systemTeal = rgb(48, 176, 199)
    public static let systemCyan = rgb(50, 173, 230)
    public static let systemBlue = rgb(0, 122, 255)
    public static let systemIndigo = rgb(88, 86, 214)
    public static let systemPurple = rgb(175, 82, 222)
    public static let systemPink = rgb(255, 45, 85)
    public static let systemBrown = rgb(162, 132, 94)
    public static let systemGray = rgb(142, 142, 147)
    public static let systemGray2 = rgb(174, 174, 178)
    public static let systemGray3 = rgb(199, 199, 204)
    public static let systemGray4 = rgb(209, 209, 214)
    public static let systemGray5 = rgb(229, 229, 234)
    public static let systemGray6 = rgb(242, 242, 247)

    /// The system colours by name, as scenes may spell them too ("systemBlue").
    public static let systemNamed: [String: Color] = [
        "systemRed": systemRed, "systemOrange": systemOrange, "systemYellow": systemYellow,
        "systemGreen": systemGreen, "systemMint": systemMint, "systemTeal": systemTeal, "systemCyan": systemCyan,
        "systemBlue": systemBlue, "systemIndigo": systemIndigo, "systemPurple": systemPurple,
        "systemPink": systemPink, "systemBrown": systemBrown, "systemGray": systemGray, "systemGray2": systemGray2,
        "systemGray3": systemGray3, "systemGray4": systemGray4, "systemGray5": systemGray5, "systemGray6": systemGray6,
    ]
}

/// The book's class names: `CALayer()` is a `Layer`, and so on for the layer family.
public typealias CALayer = Layer
public typealias CAShapeLayer = ShapeLayer
public typealias CAGradientLayer = GradientLayer
public typealias CAReplicatorLayer = ReplicatorLayer
public typealias CATransformLayer = TransformLayer
public typealias CATextLayer = TextLayer
public typealias CAScrollLayer = ScrollLayer
