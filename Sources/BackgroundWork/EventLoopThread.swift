#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which threads run an event loop, so that blocking code can refuse to run on one.
///
/// The server's rule, "a responder never blocks", in code: `EventLoop.run` marks its
/// thread (``markCurrent()``), and every function that blocks (an atomic file write, a
/// store reload, a compute-once build, a state file's flush) calls ``assertNotCurrent(_:)``
/// first, a `precondition`: a blocking call that ever reached a loop stops the process
/// (in release builds too) instead of stalling every connection on that loop.
///
/// Here, in the lowest target the blocking code and `HTTPServer` both depend on.
package enum EventLoopThread {
    /// One key for the process: non-nil on a thread marked as a loop.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// Whether the calling thread runs an event loop.
    package static var isCurrent: Bool { pthread_getspecific(key) != nil }

    /// Marks the calling thread as an event loop's, until ``unmarkCurrent()``.
    package static func markCurrent() {
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
    }

    /// Clears the mark (a loop's thread that goes on to do other work).
    package static func unmarkCurrent() {
        pthread_setspecific(key, nil)
    }

    /// Stops the process when called on an event loop: `work` blocks.
    package static func assertNotCurrent(_ work: @autoclosure () -> String,
                                         file: StaticString = #fileID, line: UInt = #line) {
        precondition(!isCurrent, "\(work()) blocks, and was called on an event loop", file: file, line: line)
    }
}
