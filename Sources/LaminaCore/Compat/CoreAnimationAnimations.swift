import Foundation
import LaminaGeometry
import LaminaGraph

// Core Animation's animation classes, spelled as QuartzCore spells them, over Lamina's timing model: an
// animation built in Swift as on iOS and added with `add(_:forKey:)` is the one a scene's `animations`
// describe (`LayerAnimation`), copied when added, as Core Animation copies it.

/// `CAMediaTimingFunction`: Lamina's `TimingFunction`.
public typealias CAMediaTimingFunction = TimingFunction

public struct CAMediaTimingFunctionName: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

extension TimingFunction {
    /// One of the named curves (linear for a name Core Animation does not have).
    public init(name: CAMediaTimingFunctionName) { self = TimingFunction.named[name.rawValue] ?? .linear }
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.init(Double(c1x), Double(c1y), Double(c2x), Double(c2y))
    }
}

public typealias CAMediaTimingFillMode = MediaTiming.FillMode

/// `CAAnimation`: the CAMediaTiming properties every animation has.
open class CAAnimation {
    public var beginTime: Double = 0
    public var duration: Double = 0
    public var speed: Float = 1
    public var timeOffset: Double = 0
    public var repeatCount: Float = 0
    public var repeatDuration: Double = 0
    public var autoreverses = false
    public var fillMode: CAMediaTimingFillMode = .removed
    public var isRemovedOnCompletion = true
    public var timingFunction: CAMediaTimingFunction?
    /// Told when the animation starts and stops on iOS. Lamina draws a moment of a layer's animations on
    /// request (`Lamina.render(_:at:)`) with no clock running them, so it holds the delegate (strongly, as
    /// CAAnimation does) and never calls it.
    public var delegate: CAAnimationDelegate?

    public init() {}

    var timing: MediaTiming {
        var t = MediaTiming()
        t.beginTime = beginTime; t.duration = max(0, duration); t.speed = Double(speed); t.timeOffset = timeOffset
        t.repeatCount = repeatCount.isInfinite ? .infinity : Double(max(0, repeatCount))
        t.repeatDuration = max(0, repeatDuration); t.autoreverses = autoreverses
        t.fillMode = fillMode; t.removedOnCompletion = isRemovedOnCompletion
        return t
    }

    /// The animation as the timing model holds it, for `key`; nil when its key path is not one Lamina
    /// animates.
    func layerAnimation(key: String) -> LayerAnimation? { nil }

    /// The animation as the timing model holds it when added to `layer` (a transition keeps the layer's
    /// appearance as it is now).
    func layerAnimation(key: String, on layer: Layer) -> LayerAnimation? { layerAnimation(key: key) }
}

/// `CAPropertyAnimation`: an animation of one key path.
open class CAPropertyAnimation: CAAnimation {
    public var keyPath: String?
    public var isAdditive = false
    public var isCumulative = false

    public init(keyPath path: String?) {
        keyPath = path
        super.init()
    }

    /// An animation with no key path yet (`CABasicAnimation()`, then `animation.keyPath = "opacity"`).
    override public init() {
        keyPath = nil
        super.init()
    }

    func make(key: String, _ kind: (AnimatedKeyPath) -> LayerAnimation.Kind?) -> LayerAnimation? {
        guard let name = keyPath, let path = AnimatedKeyPath.named(name), let k = kind(path) else { return nil }
        var a = LayerAnimation(key: key, keyPath: path, kind: k)
        a.timing = timing
        a.timingFunction = timingFunction
        a.isAdditive = isAdditive
        a.isCumulative = isCumulative
        return a
    }
}

/// `CABasicAnimation`: from, to and by, each optional, in Core Animation's combinations.
open class CABasicAnimation: CAPropertyAnimation {
    public var fromValue: Any?
    public var toValue: Any?
    public var byValue: Any?

    override func layerAnimation(key: String) -> LayerAnimation? {
        make(key: key) { path in
            .basic(from: animatable(fromValue, path.kind), to: animatable(toValue, path.kind), by: animatable(byValue, path.kind))
        }
    }
}

/// `CASpringAnimation`: a damped spring from `fromValue` to `toValue`.
open class CASpringAnimation: CABasicAnimation {
    public var mass: CGFloat = 1
    public var stiffness: CGFloat = 100
    public var damping: CGFloat = 10
    public var initialVelocity: CGFloat = 0

    /// How long the spring takes to settle (within 0.1 % of its end, for good).
    public var settlingDuration: Double { spring.settlingDuration }

    var spring: LayerAnimation.Spring {
        LayerAnimation.Spring(mass: max(1e-9, Double(mass)), stiffness: max(1e-9, Double(stiffness)),
                              damping: max(0, Double(damping)), initialVelocity: Double(initialVelocity))
    }

    override func layerAnimation(key: String) -> LayerAnimation? {
        make(key: key) { path in
            .spring(from: animatable(fromValue, path.kind), to: animatable(toValue, path.kind),
                    by: animatable(byValue, path.kind), spring)
        }
    }
}

public struct CAAnimationCalculationMode: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

public struct CAAnimationRotationMode: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// `CAKeyframeAnimation`: values at key times, or a point along a path.
open class CAKeyframeAnimation: CAPropertyAnimation {
    public var values: [Any]?
    public var keyTimes: [NSNumber]?
    public var timingFunctions: [CAMediaTimingFunction]?
    public var calculationMode: CAAnimationCalculationMode = .linear
    public var tensionValues: [NSNumber]?
    public var continuityValues: [NSNumber]?
    public var biasValues: [NSNumber]?
    public var path: CGPath?
    public var rotationMode: CAAnimationRotationMode?

    override func layerAnimation(key: String) -> LayerAnimation? {
        make(key: key) { path in
            var k = LayerAnimation.Keyframes(values: (values ?? []).compactMap { animatable($0, path.kind) })
            k.mode = LayerAnimation.Keyframes.Mode(rawValue: calculationMode.rawValue) ?? .linear
            k.keyTimes = keyTimes?.map { min(1, max(0, $0.doubleValue)) }
            k.timingFunctions = timingFunctions
            k.tension = tensionValues?.map(\.doubleValue)
            k.continuity = continuityValues?.map(\.doubleValue)
            k.bias = biasValues?.map(\.doubleValue)
            if let drawn = self.path?.path, path.kind == .point {
                let motion = MotionPath(drawn)
                k.path = motion.isEmpty ? nil : motion
                k.rotationMode = rotationMode.flatMap { MotionPath.Rotation(rawValue: $0.rawValue) }
                if k.values.isEmpty, k.path != nil { k.values = [.point(.zero)] }
            }
            return .keyframe(k)
        }
    }
}

/// `CAAnimationGroup`: its animations run in the group's time.
open class CAAnimationGroup: CAAnimation {
    public var animations: [CAAnimation]?

    override func layerAnimation(key: String) -> LayerAnimation? {
        group(key: key) { $0.layerAnimation(key: "") }
    }

    override func layerAnimation(key: String, on layer: Layer) -> LayerAnimation? {
        group(key: key) { $0.layerAnimation(key: "", on: layer) }
    }

    private func group(key: String, _ child: (CAAnimation) -> LayerAnimation?) -> LayerAnimation? {
        let children = (animations ?? []).compactMap(child)
        var a = LayerAnimation(key: key, keyPath: nil, kind: .group(children))
        a.timing = timing
        a.timingFunction = timingFunction
        return a
    }
}

/// `CAAnimationDelegate`: iOS calls it as an animation starts and stops; Lamina, which has no running clock,
/// never does (see `CAAnimation.delegate`).
public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// A value as Core Animation's `Any?` holds it, read as the key path's kind; nil when it is not one. An
/// NSValue box (`NSValue(cgPoint:)`, `NSValue(caTransform3D:)`) is read as the value it holds.
func animatable(_ value: Any?, _ kind: AnimatedKeyPath.Kind) -> AnimatableValue? {
    guard var value else { return nil }
    if let boxed = value as? NSValue, let geometry = boxed.unboxedGeometry { value = geometry }
    func number(_ v: Any) -> Double? {
        switch v {
        case let d as Double: return d
        case let f as Float: return Double(f)
        case let c as CGFloat: return Double(c)
        case let i as Int: return Double(i)
        case let n as NSNumber: return n.doubleValue
        default: return nil
        }
    }
    switch kind {
    case .number: return number(value).map { .number($0) }
    case .bool: return (value as? Bool).map { .bool($0) } ?? number(value).map { .bool($0 != 0) }
    case .colors: return (value as? [Color]).map { .colors($0) }
    case .numbers: return (value as? [Any]).map { list in .numbers(list.compactMap(number)) }
    case .path: return ((value as? CGPath)?.path ?? value as? Path).map { .path($0) }
    case .point: return (value as? CGPoint).map { .point($0) }
    case .size: return (value as? CGSize).map { .size($0) }
    case .rect: return (value as? CGRect).map { .rect($0) }
    case .color: return (value as? Color).map { .color($0) }
    case .transform:
        if let t = value as? Transform3D { return .transform(t) }
        return (value as? CGAffineTransform).map { .transform(Transform3D(affine: $0)) }
    }
}

extension Layer {
    /// Adds `animation` (copied, as Core Animation copies it) under `key`, replacing an animation of the same
    /// key. An animation of a key path Lamina does not animate is not added.
    ///
    /// A `CATransition` added without a key is held under `kCATransition`.
    public func add(_ animation: CAAnimation, forKey key: String?) {
        let key = key ?? (animation is CATransition ? kCATransition : nil)
        guard let added = animation.layerAnimation(key: key ?? "", on: self) else { return }
        if let key, !key.isEmpty {
            animations.removeAll { $0.key == key }
            addedAnimations[key] = animation
        }
        animations.append(added)
    }

    /// The animation added under `key`: the object that was passed to `add(_:forKey:)`. The layer runs the
    /// copy it took when the animation was added, so changing this object afterwards changes nothing drawn.
    public func animation(forKey key: String) -> CAAnimation? {
        animations.contains { $0.key == key } ? addedAnimations[key] as? CAAnimation : nil
    }

    public func removeAnimation(forKey key: String) {
        animations.removeAll { $0.key == key }
        addedAnimations[key] = nil
    }

    public func removeAllAnimations() {
        animations.removeAll()
        addedAnimations.removeAll()
    }

    /// The keys of the animations added with one, in the order they were added.
    public func animationKeys() -> [String]? {
        let keys = animations.map(\.key).filter { !$0.isEmpty }
        return keys.isEmpty ? nil : keys
    }
}
