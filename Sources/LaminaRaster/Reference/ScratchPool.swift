import Foundation

/// Band scratch kept between bands and renders: a band takes one ready to use instead of allocating and
/// clearing a few hundred kilobytes. Within a draw pass, a scratch's corner table keeps the corners earlier
/// bands evaluated; the first band of another pass empties it, so each pass evaluates its own corners.
///
/// Thread-safe: the bands of one pass, and renders on several threads, take and give concurrently.
final class ScratchPool: @unchecked Sendable {
    private let lock = NSLock()
    private var free: [BandScratch] = []
    private var passes: UInt64 = 0

    /// A number for a new draw pass, for `take`.
    func beginPass() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        passes &+= 1
        return passes
    }

    /// Scratch for operations up to `width` columns wide, for draw pass number `pass`.
    func take(width: Int, pass: UInt64) -> BandScratch {
        lock.lock()
        let scratch: BandScratch
        if let i = free.firstIndex(where: { $0.width >= width }) {
            scratch = free.remove(at: i)
            lock.unlock()
        } else {
            // None is wide enough: replace one, so that the pool does not grow with every wider frame.
            let narrow = free.popLast()
            lock.unlock()
            narrow?.deallocate()
            scratch = BandScratch(width: width)
        }
        if scratch.pass.pointee != pass {
            scratch.corners.reset()
            scratch.pass.pointee = pass
        }
        return scratch
    }

    func give(_ scratch: BandScratch) {
        lock.lock()
        free.append(scratch)
        lock.unlock()
    }

    deinit {
        for scratch in free { scratch.deallocate() }
    }
}
