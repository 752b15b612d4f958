import Foundation

/// CAMediaTiming on an animation: when it runs in its layer's local time, how often, in which direction,
/// and what it shows outside its active interval.
public struct MediaTiming: Sendable, Hashable {
    /// What an animation shows before it begins and after it ends (`fillMode`).
    public enum FillMode: String, Sendable, Hashable, CaseIterable { case removed, forwards, backwards, both }

    /// When the animation starts, in its parent's time (its layer's local time, or its group's).
    public var beginTime: Double = 0
    public var timeOffset: Double = 0
    public var speed: Double = 1
    /// One iteration in seconds; 0 means 0.25 s, as `add(_:forKey:)` gives an animation without one.
    public var duration: Double = 0
    /// Iterations, fractional allowed, `.infinity` for ever; 0 (with no `repeatDuration`) means one.
    public var repeatCount: Double = 0
    /// How long the repetitions last in all, instead of `repeatCount`; 0 for none.
    public var repeatDuration: Double = 0
    /// Each iteration plays forward and then back.
    public var autoreverses = false
    public var fillMode: FillMode = .removed
    /// Gone once it ends, whatever its fill mode (Core Animation's default).
    public var removedOnCompletion = true

    public init() {}

    /// One iteration, 0 read as 0.25 s.
    public var simpleDuration: Double { duration > 0 ? duration : 0.25 }

    /// The active duration in the parent's time: every repetition (each forward and back when it
    /// autoreverses), divided by the speed.
    public var activeDuration: Double {
        let iteration = simpleDuration * (autoreverses ? 2 : 1)
        let local: Double
        if repeatDuration > 0 { local = repeatDuration } else if repeatCount > 0 { local = repeatCount * iteration } else { local = iteration }
        return speed == 0 ? .infinity : local / abs(speed)
    }

    /// Where the animation is at `parentTime`: its progress through an iteration (0...1, before any timing
    /// function) and the iteration's index, or nil when it is not shown (before it begins without a
    /// backwards fill, after it ends when removed on completion or without a forwards fill).
    public func progress(at parentTime: Double, removable: Bool = true) -> (progress: Double, iteration: Int)? {
        guard parentTime.isFinite else { return nil }
        let elapsed = parentTime - beginTime
        let d = simpleDuration
        let iteration = d * (autoreverses ? 2 : 1)
        let total: Double
        if repeatDuration > 0 { total = repeatDuration } else if repeatCount > 0 { total = repeatCount * iteration } else { total = iteration }
        // The active span in the parent's time is [beginTime, beginTime + total / |speed|); within it the
        // animation's own timeOffset shifts its time, wrapping within the span as Core Animation does.
        func shifted(_ t: Double) -> Double {
            guard timeOffset != 0, total.isFinite, total > 0 else { return t + timeOffset }
            let r = (t + timeOffset).truncatingRemainder(dividingBy: total)
            return r < 0 ? r + total : r
        }
        var local: Double
        let span = speed == 0 ? Double.infinity : total / abs(speed)
        if elapsed < 0 {
            guard fillMode == .backwards || fillMode == .both else { return nil }
            local = shifted(0)
        } else if elapsed >= span {
            guard !(removable && removedOnCompletion), fillMode == .forwards || fillMode == .both else { return nil }
            local = total
        } else {
            local = shifted(elapsed * abs(speed))
        }
        if local < 0 { local = 0 }
        guard local.isFinite else { return nil }
        var index = iteration > 0 ? Int(min(local / iteration, Double(Int32.max)).rounded(.down)) : 0
        var within = local - Double(index) * iteration
        // The end of the active interval is the end of its last iteration, not the start of the next.
        if local >= total, index > 0, within <= 0 { index -= 1; within = iteration }
        if autoreverses, within > d { within = 2 * d - within }
        return (min(1, max(0, within / d)), index)
    }
}
