import Foundation
@testable import LaminaRaster
import XCTest

/// `Workers`: every iteration runs once, on no more threads than asked (one: the caller's alone), and a
/// renderer of one thread draws on the caller's thread only.
final class WorkersTests: XCTestCase {
    private func threadsSeen(iterations: Int, workers: Int) -> (count: Int, callerOnly: Bool, runs: [Int]) {
        let lock = NSLock()
        var seen = Set<String>(), runs = [Int](repeating: 0, count: iterations)
        let caller = "\(Unmanaged.passUnretained(Thread.current).toOpaque())"
        Workers.perform(iterations: iterations, workers: workers) { i in
            usleep(300)
            let me = "\(Unmanaged.passUnretained(Thread.current).toOpaque())"
            lock.lock(); seen.insert(me); runs[i] += 1; lock.unlock()
        }
        return (seen.count, seen == [caller], runs)
    }

    func testIterationsRunOnce_onAtMostTheWorkersAsked() {
        let one = threadsSeen(iterations: 16, workers: 1)
        XCTAssertTrue(one.callerOnly, "one worker: the caller's thread alone")
        XCTAssertEqual(one.runs, [Int](repeating: 1, count: 16))
        let two = threadsSeen(iterations: 16, workers: 2)
        XCTAssertLessThanOrEqual(two.count, 2)
        XCTAssertEqual(two.runs, [Int](repeating: 1, count: 16))
        XCTAssertEqual(threadsSeen(iterations: 3, workers: 8).runs, [1, 1, 1])
        XCTAssertEqual(threadsSeen(iterations: 0, workers: 4).runs, [])
        XCTAssertEqual(Workers.threads(bands: 4), 1)
        XCTAssertEqual(Workers.threads(bands: 8), 2)
        XCTAssertEqual(Workers.threads(bands: 1), 1)
    }
}
