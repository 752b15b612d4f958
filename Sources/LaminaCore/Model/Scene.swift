import Foundation
import LaminaGraph

/// A decoded scene: the canvas and the root layer's sublayers.
public final class Scene {
    public var width: Double
    public var height: Double
    /// Pixels per point.
    public var scale: Double
    public var background: Color
    /// The implicit root layer: bounds are the canvas, no appearance of its own.
    public let root: Layer
    /// The parity tolerance a corpus scene states, if any.
    public var tolerance: Tolerance?
    /// Where the scene was read from, if a file.
    public var sourceURL: URL?
    /// What the scene shows or tests, from the document's optional `description`.
    public var sceneDescription: String?
    /// The moment its animations are drawn at, in seconds of scene time, unless a caller gives another
    /// (`Planner.time`, `lamina render --time`); from the document's optional `time`.
    public var time: Double?

    public init(width: Double, height: Double, scale: Double = 1, background: Color = .clear) {
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
        self.root = Layer()
        root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        root.anchorPoint = .zero
    }

    /// Output size in pixels.
    public var pixelWidth: Int { Int((width * scale).rounded()) }
    public var pixelHeight: Int { Int((height * scale).rounded()) }
}

/// A reftest-style tolerance, `fuzzy(maxDiff, maxPixels)`: no channel may differ by more than `maxDiff`
/// (of 255), except at most `maxPixels` pixels that differ by more than the default threshold of 2.
public struct Tolerance: Sendable, Hashable, Codable {
    public var maxDiff: Int
    public var maxPixels: Int
    public var reason: String?
    public init(maxDiff: Int, maxPixels: Int, reason: String? = nil) {
        self.maxDiff = maxDiff; self.maxPixels = maxPixels; self.reason = reason
    }
    public static let `default` = Tolerance(maxDiff: 2, maxPixels: 0)
}
