import BackgroundWork
import Dispatch
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
        EventLoopThread.assertNotCurrent("an atomic file write")
        let temp = try writeTemporary(bytes, for: path)
        try replace(path, with: temp)
        syncDirectory(directory)
    }

    /// One file of ``write(_:)``.
    package struct Replacement: Sendable {
        package var path: String
        package var directory: String
        package var bytes: [UInt8]

        package init(path: String, directory: String, bytes: [UInt8]) {
            self.path = path
            self.directory = directory
            self.bytes = bytes
        }
    }

    /// Replaces several files: every temporary file is written and fsynced first (in
    /// parallel, so the file system commits them together), and only when all are on
    /// disk is each renamed over its file; then each directory is fsynced once. A
    /// failure before the renames leaves every file as it was; a rename that fails
    /// leaves the files renamed before it replaced and removes the other temporaries.
    package static func write(_ files: [Replacement]) throws(WriteError) {
        EventLoopThread.assertNotCurrent("an atomic file write")
        let results = Guarded([Result<String, WriteError>?](repeating: nil, count: files.count))
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let result: Result<String, WriteError>
            do throws(WriteError) { result = .success(try writeTemporary(files[index].bytes, for: files[index].path)) } catch { result = .failure(error) }
            results.withLock { $0[index] = result }
        }
        let temps = results.withLock { $0 }
        if let failure = temps.lazy.compactMap({ result -> WriteError? in if case .failure(let error)? = result { error } else { nil } }).first {
            for case .success(let temp)? in temps { unlink(temp) }
            throw failure
        }
        for (index, (file, result)) in zip(files, temps).enumerated() {
            guard case .success(let temp)? = result else { continue }
            do throws(WriteError) {
                try replace(file.path, with: temp)
            } catch {
                // The files not renamed yet keep no temporary behind.
                for case .success(let later)? in temps[(index + 1)...] { unlink(later) }
                throw error
            }
        }
        var synced: Set<String> = []
        for file in files where synced.insert(file.directory).inserted { syncDirectory(file.directory) }
    }

    /// `path.tmp-PID`, written and fsynced; removed again on any failure.
    private static func writeTemporary(_ bytes: [UInt8], for path: String) throws(WriteError) -> String {
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
        return temp
    }

    private static func replace(_ path: String, with temp: String) throws(WriteError) {
        guard rename(temp, path) == 0 else {
            let reason = "rename: \(String(cString: strerror(errno)))"
            unlink(temp)
            throw WriteError(path: path, reason: reason)
        }
    }

    /// Best effort: some file systems refuse fsync on directories.
    private static func syncDirectory(_ directory: String) {
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = fsync(directoryFD)
            close(directoryFD)
        }
    }
}

