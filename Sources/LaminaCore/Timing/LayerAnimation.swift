import Foundation
import LaminaGeometry
import LaminaGraph

/// An animation added to a layer (`add(_:forKey:)`): CABasicAnimation, CAKeyframeAnimation,
/// CASpringAnimation or CAAnimationGroup, with its CAMediaTiming.
public struct LayerAnimation: Sendable {
    /// The key it was added for (later animations of the same key replace earlier ones, as in CA).
    public var key: String
    /// The property it moves (nil for a group).
    public var keyPath: AnimatedKeyPath?
    public var timing = MediaTiming()
    /// Maps each iteration's progress (nil: linear).
    public var timingFunction: TimingFunction?
    /// Its value is added to the property's value instead of replacing it.
    public var isAdditive = false
    /// Each repetition starts where the last ended.
    public var isCumulative = false
    public var kind: Kind

    public enum Kind: Sendable {
        /// From, to and by, each optional, in CA's combinations (`CABasicAnimation`).
        case basic(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)
        /// Values at key times, each segment through its timing function (`CAKeyframeAnimation`).
        case keyframe(Keyframes)
        /// A damped spring from `from` to `to` (`CASpringAnimation`).
        case spring(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, Spring)
        /// Children in the group's time (`CAAnimationGroup`).
        case group([LayerAnimation])
        /// The old appearance giving way to the model's (`CATransition`).
        case transition(LayerTransition)
    }

    public struct Keyframes: Sendable {
        /// `paced` spaces the values by the distance between them (ignoring `keyTimes` and
        /// `timingFunctions`), so the value moves at an even speed.
        /// `cubic` runs a Kochanek-Bartels spline through the values (a Catmull-Rom spline when tension,
        /// continuity and bias are 0) at the key times; `cubicPaced` at key times paced by distance.
        public enum Mode: String, Sendable, CaseIterable { case linear, discrete, paced, cubic, cubicPaced }
        public var values: [AnimatableValue]
        /// Each value's time, 0...1, ascending; nil spreads them evenly.
        public var keyTimes: [Double]?
        /// One per segment (count - 1), or nil.
        public var timingFunctions: [TimingFunction]?
        public var mode: Mode = .linear
        /// Per value, for the cubic modes (missing: 0).
        public var tension: [Double]?, continuity: [Double]?, bias: [Double]?
        /// A path the point moves along instead of `values` (point key paths), and whether the layer turns
        /// to its tangent.
        public var path: MotionPath?
        public var rotationMode: MotionPath.Rotation?
        public init(values: [AnimatableValue], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
                    mode: Mode = .linear) {
            self.values = values; self.keyTimes = keyTimes; self.timingFunctions = timingFunctions; self.mode = mode
        }
    }

    /// CASpringAnimation's oscillator: mass, stiffness, damping and the initial velocity (in units of the
    /// whole distance per second).
    public struct Spring: Sendable, Hashable {
        public var mass = 1.0, stiffness = 100.0, damping = 10.0, initialVelocity = 0.0
        public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
            self.mass = mass; self.stiffness = stiffness; self.damping = damping; self.initialVelocity = initialVelocity
        }

        /// The fraction of the way from start to end at `t` seconds: the damped oscillator's closed form,
        /// x(0) = 0, x'(0) = initialVelocity, x(inf) = 1.
        public func position(at t: Double) -> Double {
            let m = max(mass, 1e-9), k = max(stiffness, 1e-9)
            let w0 = (k / m).squareRoot()
            let zeta = damping / (2 * (k * m).squareRoot())
            // The displacement from the end starts at -1 and moves at the initial velocity.
            let v0 = initialVelocity
            if zeta < 1 {
                let wd = w0 * (1 - zeta * zeta).squareRoot()
                let a = -1.0, b = (zeta * w0 * a + v0) / wd
                return 1 + exp(-zeta * w0 * t) * (a * cos(wd * t) + b * sin(wd * t))
            } else if zeta == 1 {
                let a = -1.0, b = v0 + w0 * a
                return 1 + exp(-w0 * t) * (a + b * t)
            } else {
                let s = (zeta * zeta - 1).squareRoot()
                let r1 = -w0 * (zeta - s), r2 = -w0 * (zeta + s)
                let c2 = (v0 - r1 * -1) / (r2 - r1), c1 = -1 - c2
                return 1 + c1 * exp(r1 * t) + c2 * exp(r2 * t)
            }
        }

        /// How long the spring takes to come within 0.1 % of its end and stay there (`settlingDuration`).
        public var settlingDuration: Double {
            var t = 0.0, lastOutside = 0.0
            while t < 60 {
                if abs(1 - position(at: t)) > 0.001 { lastOutside = t }
                t += 1.0 / 240
            }
            return lastOutside
        }
    }

    public init(key: String, keyPath: AnimatedKeyPath?, kind: Kind) {
        self.key = key; self.keyPath = keyPath; self.kind = kind
    }
}
