import Foundation

extension MediaTiming {
    /// The moments of a timeline drawn at `fps`: `from`, `from + 1/fps`, ... up to `to` (included when it
    /// falls on a frame, within 1e-9 of a frame); just `from` when `to` is before it. Callers bound the count.
    public static func frameTimes(from: Double, to: Double, fps: Double) -> [Double] {
        let count = Int(((to - from) * fps + 1e-9).rounded(.down)) + 1
        return (0..<max(1, count)).map { from + Double($0) / fps }
    }
}
