#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Replaces a file all at once: readers (a server with `--watch`, a reload) see the
/// old bytes or the new ones, never half a file.
///
/// Shared by the server's state files (MissingKeys) and `label-server import`.
package enum AtomicFile {
    /// Why a write failed: the step (`open`, `write`, `fsync`, `rename`...) and the
    /// system's message.
    package struct WriteError: Error, Sendable, Hashable, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "cannot write \(path): \(reason)" }

        package init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Writes `bytes` to a temporary file beside `path`, fsyncs it, renames it over
    /// `path` and fsyncs `directory`. The temporary file never survives a failure.
    package static func write(_ bytes: [UInt8], to path: String, directory: String) throws(WriteError) {
        let temp = "\(path).tmp-\(getpid())"
        func failure(_ step: String) -> WriteError {
            let reason = "\(step): \(String(cString: strerror(errno)))"
            unlink(temp)
            return WriteError(path: path, reason: reason)
        }
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure("open \(temp)") }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                let error = failure("write")
                close(fd)
                throw error
            }
            written += count
        }
        // The data must be on disk before the rename makes it the file, or a
        // crash could leave an empty file.
        guard fsync(fd) == 0 else {
            let error = failure("fsync")
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw failure("close") }
        guard rename(temp, path) == 0 else { throw failure("rename") }
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            // Best effort: some file systems refuse fsync on directories.
            _ = fsync(directoryFD)
            close(directoryFD)
        }
    }
}
