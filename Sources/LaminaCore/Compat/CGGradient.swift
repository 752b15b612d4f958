import Foundation
import LaminaGraph
import LaminaGeometry

// CoreGraphics' gradients as iOS code draws them in `draw(in:)`: CGGradient, CGGradientDrawingOptions and
// CGContext's drawLinearGradient / drawRadialGradient, recorded as `DrawingCommand.drawGradient`.

/// Foundation on Linux has no CoreFoundation arrays: `[cgColor, ...] as CFArray` is a Swift array here.
public typealias CFArray = [Any]

/// CoreGraphics' gradient: colours at locations in 0...1. Only RGB colour spaces exist in Lamina, so the
/// colour space is accepted and not read.
public final class CGGradient {
    let colors: [Color]
    let locations: [Double]?

    /// `CGGradient(colorsSpace:colors:locations:)`: `colors` holds `CGColor`s (`UIColor`s); nil when it holds
    /// none or anything else. Nil or mismatched `locations` space the colours evenly from 0 to 1.
    public init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: [CGFloat]?) {
        let parsed = colors.compactMap { $0 as? Color }
        guard !parsed.isEmpty, parsed.count == colors.count else { return nil }
        self.colors = parsed
        self.locations = locations.map { $0.map { Double($0) } }
    }

    /// `CGGradient(colorSpace:colorComponents:locations:count:)`: `count` colours of four components (red,
    /// green, blue, alpha) each; nil when `components` holds fewer than 4 x `count` values.
    public init?(colorSpace space: CGColorSpace, colorComponents components: [CGFloat], locations: [CGFloat]?,
                 count: Int) {
        guard count > 0, components.count >= 4 * count else { return nil }
        colors = (0..<count).map { i in
            Color(red: Double(components[4 * i]), green: Double(components[4 * i + 1]),
                  blue: Double(components[4 * i + 2]), alpha: Double(components[4 * i + 3]))
        }
        self.locations = locations.map { Array($0.prefix(count)).map { Double($0) } }
    }

    var stops: [GradientPaint.Stop] { DrawnGradient.stops(colors, locations) }
}

/// Whether a gradient also fills before its start and past its end (with the end colours).
public struct CGGradientDrawingOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}

extension DrawingContext {
    /// Fills the clip with `gradient` along `start` -> `end` (user space, through the CTM); the current path is
    /// kept. Without the options nothing is painted before `start` or past `end` (see `DrawnGradient`).
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint,
                                   options: CGGradientDrawingOptions) {
        record(.drawGradient(DrawnGradient(kind: .linear, stops: gradient.stops, start: start, end: end,
                                           drawsBeforeStart: options.contains(.drawsBeforeStartLocation),
                                           drawsAfterEnd: options.contains(.drawsAfterEndLocation))))
    }

    /// Fills the clip with `gradient` from the circle (`startCenter`, `startRadius`) to (`endCenter`,
    /// `endRadius`). Lamina's radial gradients are concentric: distinct centres draw about `endCenter`, with
    /// a scene warning.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        record(.drawGradient(DrawnGradient(kind: .radial, stops: gradient.stops, start: startCenter, end: endCenter,
                                           startRadius: Double(startRadius), endRadius: Double(endRadius),
                                           drawsBeforeStart: options.contains(.drawsBeforeStartLocation),
                                           drawsAfterEnd: options.contains(.drawsAfterEndLocation))))
    }

    /// The clip's bounding box, in user space: a layer's bounds (Lamina draws a layer's whole store at once,
    /// so a CATiledLayer's one tile is the store), a bitmap context's full size. Clips the drawing makes
    /// itself do not narrow it.
    public var boundingBoxOfClipPath: CGRect {
        if let layerBounds { return layerBounds }
        return CGRect(x: 0, y: 0, width: width, height: height)
    }
}
