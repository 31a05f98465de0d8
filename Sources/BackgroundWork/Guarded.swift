#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a POSIX mutex: the lock of the server's shared state.
///
/// Not `Synchronization.Mutex`: on Linux a contended `Mutex` waits in the kernel
/// (`FUTEX_LOCK_PI`), which ThreadSanitizer does not see as an acquire, so TSan reports
/// every `Mutex`-guarded value two threads contend as a race (four threads and a
/// `Mutex<[Int: Int]>` whose total comes out exact show it). `pthread_mutex_lock` is one
/// TSan intercepts: a race it reports here is real, and CI's TSan step needs no
/// suppression. The same `withLock` as `Mutex`, so the two read alike.
package final class Guarded<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Keeps the runtime's exclusivity check: unchecked, ThreadSanitizer reports the
    /// accesses made under the mutex as races (its instrumentation of an unchecked access
    /// does not sit inside the lock).
    private var value: Value

    package init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
