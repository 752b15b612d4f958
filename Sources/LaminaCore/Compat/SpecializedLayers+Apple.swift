import Foundation
import LaminaGraph
import LaminaGeometry

// The specialised layers' properties with Core Animation's types, over the Lamina-typed values the
// renderers read (`pathValue`, `colorsValue`, `stringValue`, ...).

public typealias CAShapeLayerFillRule = FillRule
public typealias CAShapeLayerLineCap = ShapeLayer.LineCap
public typealias CAShapeLayerLineJoin = ShapeLayer.LineJoin
public typealias CAGradientLayerType = GradientLayer.GradientType
public typealias CATextLayerAlignmentMode = TextLayer.AlignmentMode
public typealias CATextLayerTruncationMode = TextLayer.TruncationMode

extension ShapeLayer {
    /// CAShapeLayer's `path`; the layer keeps the path's value when it is set. Lamina holds it as `pathValue`.
    public var path: CGPath? {
        get { pathValue.map { CGPath($0) } }
        set { pathValue = newValue?.path }
    }

    /// CAShapeLayer's dash lengths (on, off, ...); Lamina holds them as `lineDashPatternValue`.
    public var lineDashPattern: [NSNumber]? {
        get { lineDashPatternValue?.map { NSNumber(value: $0) } }
        set { lineDashPatternValue = newValue?.map(\.doubleValue) }
    }
}

extension GradientLayer {
    /// CAGradientLayer's colours: CGColors (`UIColor.red.cgColor`); other values are skipped. Lamina holds
    /// them as `colorsValue`.
    public var colors: [Any]? {
        get { colorsValue }
        set { colorsValue = newValue?.compactMap { $0 as? Color } }
    }

    /// CAGradientLayer's stop locations (0...1, one per colour); Lamina holds them as `locationsValue`.
    public var locations: [NSNumber]? {
        get { locationsValue?.map { NSNumber(value: $0) } }
        set { locationsValue = newValue?.map(\.doubleValue) }
    }

    /// CAGradientLayer's `type`: Lamina's `gradientType`.
    public var type: CAGradientLayerType {
        get { gradientType }
        set { gradientType = newValue }
    }
}

extension ReplicatorLayer {
    /// CAReplicatorLayer's colour offsets (Float), added per instance to `instanceColor`'s components;
    /// Lamina holds them as `instanceRedOffsetValue` and its siblings.
    public var instanceRedOffset: Float {
        get { Float(instanceRedOffsetValue) }
        set { instanceRedOffsetValue = Double(newValue) }
    }
    public var instanceGreenOffset: Float {
        get { Float(instanceGreenOffsetValue) }
        set { instanceGreenOffsetValue = Double(newValue) }
    }
    public var instanceBlueOffset: Float {
        get { Float(instanceBlueOffsetValue) }
        set { instanceBlueOffsetValue = Double(newValue) }
    }
    public var instanceAlphaOffset: Float {
        get { Float(instanceAlphaOffsetValue) }
        set { instanceAlphaOffsetValue = Double(newValue) }
    }
}

extension TextLayer {
    /// CATextLayer's `string`: a `String`, or an `NSAttributedString` whose runs carry `.font` (a UIFont),
    /// `.foregroundColor` (a UIColor/CGColor) and `.underlineStyle`; the first `.paragraphStyle`'s alignment
    /// sets the layer's `alignmentMode` (Lamina aligns a layer's text as one). Anything else clears the text. Lamina
    /// holds a plain string as `stringValue` and an attributed one as `attributedString`.
    public var string: Any? {
        get {
            if let runs = attributedString { return NSAttributedString.holding(runs) }
            return stringValue
        }
        set {
            stringValue = nil
            attributedString = nil
            if let s = newValue as? String {
                stringValue = s
            } else if let a = newValue as? NSAttributedString {
                attributedString = a.textRuns
                if let mode = a.paragraphAlignmentMode { alignmentMode = mode }
            } else if let s = newValue as? NSString {
                stringValue = String(describing: s)
            }
        }
    }

    /// CATextLayer's `font`: a `UIFont` (its face; the size comes from `fontSize`, as on iOS), a `CGFont`, or
    /// a face name (`String`). Lamina holds the face's name as `fontValue`.
    public var font: Any? {
        get { fontValue }
        set {
            switch newValue {
            case let f as UIFont: fontValue = f.fontName
            case let f as CGFont: fontValue = f.name
            case let s as String: fontValue = s
            case let s as NSString: fontValue = String(describing: s)
            default: fontValue = "Helvetica"
            }
        }
    }
}

extension ScrollLayer {
    /// `scrollToRect:`: scrolls the least distance that brings `rect` into the bounds (its origin first when
    /// it is larger), in the directions `scrollMode` allows.
    public func scroll(to rect: CGRect) {
        let r = rect.standardized
        var o = bounds.origin
        if r.maxX > o.x + bounds.width { o.x = r.maxX - bounds.width }
        if r.minX < o.x { o.x = r.minX }
        if r.maxY > o.y + bounds.height { o.y = r.maxY - bounds.height }
        if r.minY < o.y { o.y = r.minY }
        scroll(to: o)
    }
}

/// CAScrollLayer's scroll modes; Lamina's scroll layer scrolls in both directions whatever the mode.
public struct CAScrollLayerScrollMode: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = CAScrollLayerScrollMode(rawValue: "none")
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")
    public static let both = CAScrollLayerScrollMode(rawValue: "both")
}
