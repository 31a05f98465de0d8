#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One writer at a time in a folder of the store: an exclusive `flock` on
/// `<folder>/.label-server.lock`, held from before the first file is read until the
/// value is released or dropped (or the process ends, however it ends: the kernel
/// releases it).
///
/// The lock file is created once and never written, renamed or removed (removing it
/// would let a later writer lock a new file while an earlier one still holds the old),
/// so after its first creation it changes nothing a store watcher sees. Its name starts
/// with a dot, which every reader of the store skips. `flock` locks belong to the open
/// file description: two `StoreLock`s on one folder exclude each other within one
/// process too.
package struct StoreLock: ~Copyable {
    package static let fileName = ".label-server.lock"
    /// The longest wait a caller may ask for (one day); more is taken as this.
    package static let maximumTimeout: Double = 86_400

    /// Why the lock was not taken, with a stable ``Code`` and the lock file's path.
    package struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        package enum Code: String, Sendable, Hashable {
            /// Another writer held the lock for the whole timeout.
            case timedOut = "lock-timeout"
            /// The lock file could not be opened or locked (read-only folder, a link or
            /// something not a regular file at its name).
            case unavailable = "lock-unavailable"
        }

        package var code: Code
        package var path: String
        package var reason: String
        package var description: String { "cannot lock \(path): \(reason)" }
    }

    package let path: String
    private let descriptor: Int32

    /// Takes the lock on `folder`, waiting up to `timeout` seconds (clamped to
    /// 0…``maximumTimeout``; 0 tries once) for another holder to release it.
    package init(folder: String, timeout: Double) throws(Failure) {
        path = (folder.hasSuffix("/") ? folder : folder + "/") + Self.fileName
        // O_NOFOLLOW: a link planted at the name is refused, never followed to create a
        // file elsewhere; O_NONBLOCK: a FIFO planted there does not block the open.
        let descriptor = open(path, O_RDONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Failure(code: .unavailable, path: path, reason: "open: \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw Failure(code: .unavailable, path: path, reason: "not a regular file")
        }
        do throws(Failure) {
            try Self.lock(descriptor, path: path, timeout: timeout)
        } catch {
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    /// Releases the lock now.
    package consuming func release() {}

    deinit { close(descriptor) }

    /// `flock(LOCK_EX | LOCK_NB)` until it succeeds or `timeout` has passed, trying again
    /// every 10 ms at first, then less often (at most every 200 ms).
    private static func lock(_ descriptor: Int32, path: String, timeout: Double) throws(Failure) {
        let limit = timeout.isNaN ? 0 : min(max(timeout, 0), maximumTimeout)
        let deadline = now() + limit
        var pause = 0.01
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let error = errno
            if error == EINTR { continue }
            guard error == EWOULDBLOCK else {
                throw Failure(code: .unavailable, path: path, reason: "flock: \(String(cString: strerror(error)))")
            }
            let left = deadline - now()
            guard left > 0 else {
                throw Failure(code: .timedOut, path: path,
                              reason: "another writer held it for \(formatted(limit)) s (--lock-timeout)")
            }
            let wait = min(pause, left)
            usleep(UInt32(wait * 1_000_000))
            pause = min(pause * 2, 0.2)
        }
    }

    private static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    private static func formatted(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
