import Dispatch

/// Work spread over at most a given number of threads. `DispatchQueue.concurrentPerform` alone runs its
/// iterations on every core, whatever the renderer was told (`--cpu-threads 1` drew its four bands on both
/// cores of a 2-core machine); here `workers` threads (the caller's among them) take the iterations in
/// turn, so a renderer of n threads keeps to n cores. Which thread runs an iteration never shows in the
/// bytes: every iteration writes its own pixels.
enum Workers {
    /// Runs `body` for every index of `0..<iterations` on at most `workers` threads.
    static func perform(iterations: Int, workers: Int, _ body: (Int) -> Void) {
        let n = min(iterations, max(1, workers))
        guard n > 1 else {
            for i in 0..<iterations { body(i) }
            return
        }
        DispatchQueue.concurrentPerform(iterations: n) { worker in
            for i in stride(from: worker, to: iterations, by: n) { body(i) }
        }
    }

    /// The threads of a renderer whose band count is `bands` (four bands a thread, `CPURenderer`).
    static func threads(bands: Int) -> Int { max(1, (bands + 3) / 4) }
}
