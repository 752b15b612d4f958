import ArgumentParser
import Dispatch
import Foundation

/// Where `lamina animate` hands each rendered frame: encoded and written on other threads while the next
/// frame renders, as a display's compositor hands a frame to scan-out and goes on with the next.
///
/// `ordered`: one job at a time, in the order given (an animated WebP or a video takes its frames in
/// order); otherwise up to `inFlight` jobs at once (PNG files, each on its own). At most `inFlight` frames
/// wait or are being encoded (each holds its image), so memory stays bounded whatever the timeline's
/// length. The first failure is kept: later `submit`s and `finish` report it (on standard error, as
/// `renderingStep` does) and throw exit code 2; jobs after it do nothing.
final class FrameSink {
    private let queue: DispatchQueue
    private let slots: DispatchSemaphore
    private let group = DispatchGroup()
    private let lock = NSLock()
    private var failure: (what: String, error: Error)?
    private var reported = false

    init(ordered: Bool, inFlight: Int) {
        queue = ordered ? DispatchQueue(label: "lamina.frames")
                        : DispatchQueue(label: "lamina.frames", attributes: .concurrent)
        slots = DispatchSemaphore(value: max(1, inFlight))
    }

    /// Frames in flight for frames of `bytes` bytes: up to `cores` (at least 1, at most 8), fewer where
    /// that many would hold over 256 MiB.
    static func inFlight(frameBytes bytes: Int, cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int {
        let byMemory = (256 << 20) / max(1, bytes)
        return max(1, min(cores, 8, byMemory))
    }

    /// Queues `job` (`what` names it in an error), waiting while `inFlight` jobs are queued or running.
    /// Throws exit code 2 once any job has failed.
    func submit(_ what: String, _ job: @escaping () throws -> Void) throws {
        try check()
        slots.wait()
        group.enter()
        queue.async { [self] in
            defer { slots.signal(); group.leave() }
            guard !failed else { return }
            do { try job() } catch { record(what, error) }
        }
    }

    /// Waits for every job; throws exit code 2 when one failed.
    func finish() throws {
        group.wait()
        try check()
    }

    private var failed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return failure != nil
    }

    private func record(_ what: String, _ error: Error) {
        lock.lock()
        defer { lock.unlock() }
        if failure == nil { failure = (what, error) }
    }

    private func check() throws {
        lock.lock()
        let first = failure
        let report = first != nil && !reported
        if report { reported = true }
        lock.unlock()
        guard let first else { return }
        if report, !(first.error is ExitCode) { printError("error: \(first.what): \(first.error)") }
        throw (first.error as? ExitCode) ?? ExitCode(2)
    }
}
