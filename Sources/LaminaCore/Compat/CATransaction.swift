import Foundation

/// Core Animation's transactions. Lamina has no implicit animations and no run loop: changes apply at once
/// and show at the next render, so a transaction only keeps its settings for code that reads them back, and
/// runs its completion block at `commit()`.
public final class CATransaction {
    nonisolated(unsafe) private static var stack: [Settings] = []
    private static let lock = NSLock()

    struct Settings {
        var disableActions = false
        var duration: CFTimeInterval = 0.25
        var completion: (() -> Void)?
        var timingFunction: CAMediaTimingFunction?
    }

    public static func begin() { locked { stack.append(Settings()) } }

    /// Ends the innermost transaction and runs its completion block.
    public static func commit() {
        let done = locked { stack.popLast() }
        done?.completion?()
    }

    public static func flush() {}

    public static func setDisableActions(_ flag: Bool) { locked { modify { $0.disableActions = flag } } }
    public static func disableActions() -> Bool { locked { stack.last?.disableActions ?? false } }
    public static func setAnimationDuration(_ d: CFTimeInterval) { locked { modify { $0.duration = d } } }
    public static func animationDuration() -> CFTimeInterval { locked { stack.last?.duration ?? 0.25 } }
    public static func setAnimationTimingFunction(_ f: CAMediaTimingFunction?) { locked { modify { $0.timingFunction = f } } }
    public static func animationTimingFunction() -> CAMediaTimingFunction? { locked { stack.last?.timingFunction } }

    /// The block run when the transaction commits (at once when there is no open transaction).
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        let runNow = locked { () -> Bool in
            guard !stack.isEmpty else { return true }
            modify { $0.completion = block }
            return false
        }
        if runNow { block?() }
    }

    private static func modify(_ change: (inout Settings) -> Void) {
        guard !stack.isEmpty else { return }
        change(&stack[stack.count - 1])
    }

    private static func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// UIKit's screen, for the one value layer code reads from it: `UIScreen.main.scale` (2 unless set, a
/// Retina screen's). Lamina draws offscreen; the image's scale is the render call's.
public final class UIScreen {
    nonisolated(unsafe) public static var main = UIScreen()
    /// Pixels per point, for `contentsScale = UIScreen.main.scale`.
    public var scale: CGFloat = 2
    /// The screen's bounds in points (an iPhone's portrait screen unless set).
    public var bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
    public var nativeScale: CGFloat { scale }
}
