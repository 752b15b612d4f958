import Foundation

extension PathRasterizer {
    /// Runs `body` with a rasterizer from a process-wide pool, given back after: its buffers (edges, the
    /// row's accumulation and coverage) have grown for an earlier path, so a frame of many paths allocates
    /// and grows them a few times instead of once per path. Thread-safe; each caller has its own rasterizer
    /// for the call, and what it computes does not depend on which one it got (every buffer is reset or
    /// written before it is read).
    public static func withPooled<Result>(_ body: (inout PathRasterizer) throws -> Result) rethrows -> Result {
        var rasterizer = Pool.shared.take()
        defer { Pool.shared.give(rasterizer) }
        return try body(&rasterizer)
    }

    /// The rasterizers between calls: at most `capacity`, and none holding more than `maximumEdges` edges'
    /// worth of buffers (a huge path's buffers go back to the allocator).
    final class Pool: @unchecked Sendable {
        static let shared = Pool()
        static let capacity = 16
        static let maximumEdges = 1 << 16

        private let lock = NSLock()
        private var free: [PathRasterizer] = []

        func take() -> PathRasterizer {
            lock.lock()
            defer { lock.unlock() }
            return free.popLast() ?? PathRasterizer()
        }

        func give(_ rasterizer: PathRasterizer) {
            guard rasterizer.edges.capacity <= Pool.maximumEdges, rasterizer.delta.count <= 1 << 16 else { return }
            lock.lock()
            defer { lock.unlock() }
            if free.count < Pool.capacity { free.append(rasterizer) }
        }
    }
}
