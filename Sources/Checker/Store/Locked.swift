#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a POSIX mutex: `Synchronization.Mutex` with a lock the thread sanitizer
/// can see.
///
/// Why not `Mutex`: on Linux it waits on a futex through a raw system call, from a library
/// built without the sanitizer's instrumentation, so the sanitizer sees neither its lock nor
/// its unlock. Two searches that took regions from `PagePool` on two threads (tests run in
/// parallel) were reported as a data race on the pool's list, one to twenty reports a run
/// of the explorer's suites, every one of them false. The sanitizer intercepts
/// `pthread_mutex_lock` and `pthread_mutex_unlock` wherever they are called from.
///
/// For state touched a few times a search (the page pool, the progress gate, the table of
/// scope names in the myTaxi model), never in the explorer's inner loop: each lock is a
/// call into libc.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    // The mutex lives at a fixed address of its own: POSIX forbids moving one.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // Read and written only between lock and unlock.
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` on the value while holding the lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        let locked = pthread_mutex_lock(mutex)
        precondition(locked == 0, "pthread_mutex_lock failed with \(locked)")
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
