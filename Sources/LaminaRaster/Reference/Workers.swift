import Dispatch
import Foundation

/// Work spread over at most a given number of threads. `DispatchQueue.concurrentPerform` alone runs its
/// iterations on every core, whatever the renderer was told (`--cpu-threads 1` drew its four bands on both
/// cores of a 2-core machine); here `workers` threads (the caller's among them) take the iterations, so
/// a renderer of n threads keeps to n cores (a level's passes share them: `CPURenderer.runLevel`). Which thread runs an iteration never shows in the
/// bytes: every iteration writes its own pixels.
enum Workers {
    /// Runs `body` for every index of `0..<iterations` on at most `workers` threads, each taking the next
    /// index left as it becomes free (a band of dense cards does not hold up the others).
    static func perform(iterations: Int, workers: Int, _ body: (Int) -> Void) {
        let n = min(iterations, max(1, workers))
        guard n > 1 else {
            for i in 0..<iterations { body(i) }
            return
        }
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: n) { _ in
            while true {
                let i = next.take()
                guard i < iterations else { return }
                body(i)
            }
        }
    }

    /// The next index to take, shared by the workers of one `perform`.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        func take() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value - 1
        }
    }

    /// The threads of a renderer whose band count is `bands` (four bands a thread, `CPURenderer`).
    static func threads(bands: Int) -> Int { max(1, (bands + 3) / 4) }
}
