import Foundation

/// CAEmitterLayer: a particle system. Core Animation's particles come from its own random stream, which
/// Lamina cannot reproduce, so **the particles are not drawn**: the layer draws as a plain CALayer
/// (background, border, contents, sublayers), and every render of a tree holding one reports a
/// `SceneWarning` saying so. The emitter's properties and cells are held as set.
open class CAEmitterLayer: Layer {
    public var emitterCells: [CAEmitterCell]?
    /// Multiplies each cell's birth rate; 1 by default.
    public var birthRate: Float = 1
    /// Multiplies each cell's lifetime; 1 by default.
    public var lifetime: Float = 1
    public var emitterPosition = CGPoint.zero
    public var emitterZPosition: CGFloat = 0
    public var emitterSize = CGSize.zero
    public var emitterDepth: CGFloat = 0
    public var emitterShape = CAEmitterLayerEmitterShape.point
    public var emitterMode = CAEmitterLayerEmitterMode.volume
    public var renderMode = CAEmitterLayerRenderMode.unordered
    public var preservesDepth = false
    public var velocity: Float = 1
    public var scale: Float = 1
    public var spin: Float = 1
    public var seed: UInt32 = 0

    public override init() { super.init() }

    /// A copy of `layer`'s CALayer properties and, from another emitter, its emitter settings.
    public override init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAEmitterLayer else { return }
        emitterCells = other.emitterCells; birthRate = other.birthRate; lifetime = other.lifetime
        emitterPosition = other.emitterPosition; emitterZPosition = other.emitterZPosition
        emitterSize = other.emitterSize; emitterDepth = other.emitterDepth; emitterShape = other.emitterShape
        emitterMode = other.emitterMode; renderMode = other.renderMode; preservesDepth = other.preservesDepth
        velocity = other.velocity; scale = other.scale; spin = other.spin; seed = other.seed
    }
}

/// The shape particles are emitted from (CAEmitterLayerEmitterShape).
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let point = Self("point"), line = Self("line"), rectangle = Self("rectangle")
    public static let cuboid = Self("cuboid"), circle = Self("circle"), sphere = Self("sphere")
}

/// Where on the shape particles are emitted (CAEmitterLayerEmitterMode).
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let points = Self("points"), outline = Self("outline"), surface = Self("surface")
    public static let volume = Self("volume")
}

/// How particles are composited (CAEmitterLayerRenderMode).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let unordered = Self("unordered"), oldestFirst = Self("oldestFirst")
    public static let oldestLast = Self("oldestLast"), backToFront = Self("backToFront")
    public static let additive = Self("additive")
}

/// CAEmitterCell: one kind of particle an emitter emits (held, not drawn: see `CAEmitterLayer`).
open class CAEmitterCell: NSObject {
    public var name: String?
    public var isEnabled = true
    public var birthRate: Float = 0
    public var lifetime: Float = 0
    public var lifetimeRange: Float = 0
    public var emissionLatitude: CGFloat = 0
    public var emissionLongitude: CGFloat = 0
    public var emissionRange: CGFloat = 0
    public var velocity: CGFloat = 0
    public var velocityRange: CGFloat = 0
    public var xAcceleration: CGFloat = 0
    public var yAcceleration: CGFloat = 0
    public var zAcceleration: CGFloat = 0
    public var scale: CGFloat = 1
    public var scaleRange: CGFloat = 0
    public var scaleSpeed: CGFloat = 0
    public var spin: CGFloat = 0
    public var spinRange: CGFloat = 0
    public var color: CGColor? = .white
    public var redRange: Float = 0, greenRange: Float = 0, blueRange: Float = 0, alphaRange: Float = 0
    public var redSpeed: Float = 0, greenSpeed: Float = 0, blueSpeed: Float = 0, alphaSpeed: Float = 0
    /// A `CGImage` (or anything a layer's `contents` takes).
    public var contents: Any?
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    public var contentsScale: CGFloat = 1
    public var minificationFilter = CALayerContentsFilter.linear
    public var magnificationFilter = CALayerContentsFilter.linear
    public var minificationFilterBias: Float = 0
    public var emitterCells: [CAEmitterCell]?
    public var style: [AnyHashable: Any]?
    // CAMediaTiming
    public var beginTime: CFTimeInterval = 0
    public var duration: CFTimeInterval = 0
    public var speed: Float = 1
    public var timeOffset: CFTimeInterval = 0
    public var repeatCount: Float = 0
    public var repeatDuration: CFTimeInterval = 0
    public var autoreverses = false
    public var fillMode = CAMediaTimingFillMode.removed

    public override init() { super.init() }
}
