import Foundation

/// Byte buffers of the renderer's intermediate passes, kept from one frame to the next.
///
/// An offscreen pass (a shadow atlas and its blur: some 30 MB at 1080p) lives only until the frame ends;
/// allocating it afresh every frame makes the kernel map and zero every page again, which cost more than
/// some of the drawing. The renderer gives the buffers back when a frame ends and takes one of the exact
/// size for the next. A taken buffer holds the bytes of an earlier frame: its taker writes every byte it
/// later reads (the draw passes clear their rows, the blur writes every output). At most `capacity`
/// buffers are kept, so a renderer holds about one frame's intermediates.
///
/// Thread-safe: renders on several threads take and give concurrently.
final class BufferPool: @unchecked Sendable {
    static let capacity = 8
    private let lock = NSLock()
    private var free: [[UInt8]] = []

    /// A kept buffer of exactly `count` bytes, with unspecified contents; else a new uninitialized one.
    func take(count: Int) -> [UInt8] {
        lock.lock()
        let i = free.firstIndex { $0.count == count }
        let kept = i.map { free.remove(at: $0) }
        lock.unlock()
        if let kept { return kept }
        return [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// Keeps `buffer` for a later `take` (the oldest kept one goes when the pool is full).
    func give(_ buffer: [UInt8]) {
        guard !buffer.isEmpty else { return }
        lock.lock()
        free.append(buffer)
        if free.count > BufferPool.capacity { free.removeFirst() }
        lock.unlock()
    }
}
