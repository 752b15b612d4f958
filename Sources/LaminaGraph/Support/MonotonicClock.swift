import Dispatch

/// Milliseconds since an arbitrary point, from the monotonic clock: the one clock Lamina's timings read
/// (bench frames, profile stages and passes, the GPU's drained pass times, parity and demo renders).
@inline(__always) public func monotonicMilliseconds() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e6
}
