#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex that spins a moment before it sleeps (glibc's adaptive mutex), for locks held a few hundred
/// nanoseconds and taken by every worker in turn: a kept-value cache that each operation of a pass asks
/// while the pass is prepared on every core. `NSLock` sleeps at once on contention, and the wake-up costs
/// more than the work it waited for.
public final class AdaptiveLock: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if canImport(Glibc)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        #endif
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inlinable
    public func lock() { pthread_mutex_lock(mutex) }

    @inlinable
    public func unlock() { pthread_mutex_unlock(mutex) }
}
