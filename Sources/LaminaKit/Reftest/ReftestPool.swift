import Dispatch
import Foundation
import LaminaGL
import LaminaGraph
import LaminaRaster

/// Runs a suite of reftests on `jobs` worker threads and hands the results back in the suite's order, so
/// what a caller prints or writes from them does not depend on `jobs` (only each result's `seconds` does).
///
/// Each worker makes its own renderer on its own thread and keeps it for its tests: the GPU renderer is not
/// thread-safe and its EGL context stays current on the thread that renders, and a CPU renderer per worker
/// draws with `cpuThreads(workers:)` bands' threads, one each when the workers fill the processors, instead
/// of every render spreading over all of them. The CPU reference's bytes do not depend on its thread count.
///
/// With `runner.update`, the tests that share a reference image run one after another, in the suite's order,
/// on one worker: each reference is written by one thread, and a later test reads what an earlier one wrote,
/// as in a run on one worker.
public struct ReftestPool: Sendable {
    public var runner: ReftestRunner
    public var jobs: Int
    /// Makes a worker's renderer, on the worker's thread, with the CPU threads it may use; by default the
    /// runner's backend with its options (the GPU on EGL's first platform that works).
    public var makeRenderer: @Sendable (_ cpuThreads: Int) throws -> any Renderer

    public init(runner: ReftestRunner, jobs: Int) {
        self.runner = runner
        self.jobs = max(1, jobs)
        let backend = runner.backend, options = runner.options
        makeRenderer = { threads in
            switch backend {
            case .cpu: return CPURenderer(threads: threads, options: options)
            case .gpu: return try GPURenderer(options: options)
            }
        }
    }

    /// The CPU threads each of `workers` renderers draws with: the processors shared out, at least one.
    public static func cpuThreads(workers: Int,
                                  processors: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int {
        max(1, processors / max(1, workers))
    }

    /// The groups of test indices that run in order on one worker: one test each, or with `update` the tests
    /// sharing a reference image together (ordered by their first test).
    public static func units(_ tests: [Reftest], update: Bool) -> [[Int]] {
        guard update else { return tests.indices.map { [$0] } }
        var units: [[Int]] = []
        var unitOfReference: [String: Int] = [:]
        for (i, test) in tests.enumerated() {
            let key = test.reference.standardizedFileURL.path
            if test.referenceIsImage, let u = unitOfReference[key] {
                units[u].append(i)
            } else {
                if test.referenceIsImage { unitOfReference[key] = units.count }
                units.append([i])
            }
        }
        return units
    }

    /// Runs `tests` and returns their results in order, calling `completed` on the calling thread with each
    /// result in the suite's order as soon as it and every one before it are done.
    public func run(_ tests: [Reftest], completed: (Int, ReftestResult) -> Void = { _, _ in }) -> [ReftestResult] {
        let units = Self.units(tests, update: runner.update)
        let workers = min(jobs, units.count)
        let threads = Self.cpuThreads(workers: workers)
        guard workers > 1 else {
            let worker = Worker(runner: runner, threads: threads, makeRenderer: makeRenderer)
            return tests.enumerated().map { i, test in
                let result = worker.run(test)
                completed(i, result)
                return result
            }
        }
        let board = ResultBoard(count: tests.count, units: units)
        let finished = DispatchGroup()
        for _ in 0..<workers {
            finished.enter()
            let thread = Thread { [runner, makeRenderer] in
                do {
                    // The worker and its renderer go on this thread, before the pool returns.
                    let worker = Worker(runner: runner, threads: threads, makeRenderer: makeRenderer)
                    while let unit = board.nextUnit() {
                        for i in unit { board.put(worker.run(tests[i]), at: i) }
                    }
                }
                finished.leave()
            }
            // Scenes nest as deep as the decoder allows; give workers the main thread's usual stack.
            thread.stackSize = 8 << 20
            thread.start()
        }
        var results: [ReftestResult] = []
        results.reserveCapacity(tests.count)
        for i in tests.indices {
            let result = board.wait(for: i)
            completed(i, result)
            results.append(result)
        }
        finished.wait()
        return results
    }
}

/// One worker's renderer, made on first use on the worker's thread; a renderer that cannot be made fails
/// each test with the reason, as a render would.
private final class Worker {
    let runner: ReftestRunner
    let threads: Int
    let makeRenderer: (Int) throws -> any Renderer
    private var renderer: Result<any Renderer, any Error>?

    init(runner: ReftestRunner, threads: Int, makeRenderer: @escaping (Int) throws -> any Renderer) {
        self.runner = runner
        self.threads = threads
        self.makeRenderer = makeRenderer
    }

    func run(_ test: Reftest) -> ReftestResult {
        let made = renderer ?? Result { try makeRenderer(threads) }
        renderer = made
        switch made {
        case .success(let r): return runner.run(test, on: r)
        case .failure(let error): return runner.run(test) { _ in throw error }
        }
    }
}

/// The workers' shared state: the next unit to take, and each test's result once done.
private final class ResultBoard: @unchecked Sendable {
    private let condition = NSCondition()
    private let units: [[Int]]
    private var next = 0
    private var results: [ReftestResult?]

    init(count: Int, units: [[Int]]) {
        self.units = units
        results = Array(repeating: nil, count: count)
    }

    func nextUnit() -> [Int]? {
        condition.lock()
        defer { condition.unlock() }
        guard next < units.count else { return nil }
        next += 1
        return units[next - 1]
    }

    func put(_ result: ReftestResult, at index: Int) {
        condition.lock()
        results[index] = result
        condition.broadcast()
        condition.unlock()
    }

    func wait(for index: Int) -> ReftestResult {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result = results[index] { return result }
            condition.wait()
        }
    }
}
