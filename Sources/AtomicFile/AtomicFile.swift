import BackgroundWork
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file all at once: readers (a server with `--watch`, a reload) see the
/// old bytes or the new ones, never half a file.
///
/// The new bytes go to a temporary file created exclusively beside the file
/// (`O_CREAT|O_EXCL|O_NOFOLLOW`, an unpredictable name: ``TemporaryName``), are fsynced,
/// and the temporary is renamed over the file. A file that is a symbolic link is written
/// through: the temporary goes beside the link's target and replaces the target, so the
/// link stays a link. An existing file keeps its mode (and its owner and group where the
/// process may set them).
///
/// Shared by the server's state files (MissingKeys) and `label-server import`.
package enum AtomicFile {
    /// Why a write failed: the step (`open`, `write`, `fsync`, `rename`...) and the
    /// system's message, with a stable ``Code``.
    package struct WriteError: Error, Sendable, Hashable, CustomStringConvertible {
        package enum Code: String, Sendable, Hashable {
            /// A system call failed (the reason names it).
            case io = "write-failed"
            /// Every temporary name tried was taken (by a file or a planted link).
            case temporaryExists = "temporary-exists"
            /// The file is a symbolic link whose target does not exist.
            case danglingLink = "dangling-link"
        }

        package var path: String
        package var reason: String
        package var code: Code
        package var description: String { "cannot write \(path): \(reason)" }

        package init(path: String, reason: String, code: Code = .io) {
            self.path = path
            self.reason = reason
            self.code = code
        }
    }

    /// How a temporary file is named from the name of the file it replaces
    /// (``TemporaryName/random(for:)``; a test gives a fixed one).
    package typealias Naming = @Sendable (String) -> String

    /// Writes `bytes` to a temporary file beside `path`, fsyncs it, renames it over
    /// `path` and fsyncs the folder (`directory`, `path`'s folder; for a symbolic link,
    /// its target's folder). The temporary file never survives a failure.
    package static func write(_ bytes: [UInt8], to path: String, directory: String,
                              naming: Naming = TemporaryName.random) throws(WriteError) {
        EventLoopThread.assertNotCurrent("an atomic file write")
        let temp = try writeTemporary(bytes, for: path, naming: naming)
        try replace(temp)
        syncDirectory(temp.directory)
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

    /// A temporary file written and fsynced, and the file it is to replace.
    struct Temporary: Sendable {
        var path: String
        /// The file renamed over: the replacement's path, or its symlink's target.
        var destination: String
        /// The folder both are in.
        var directory: String
    }

    /// Replaces several files: every temporary file is written and fsynced first (in
    /// parallel, so the file system commits them together), and only when all are on
    /// disk is each renamed over its file; then each directory is fsynced once. A
    /// failure before the renames leaves every file as it was; a rename that fails
    /// leaves the files renamed before it replaced and removes the other temporaries.
    package static func write(_ files: [Replacement], naming: Naming = TemporaryName.random) throws(WriteError) {
        EventLoopThread.assertNotCurrent("an atomic file write")
        let results = Guarded([Result<Temporary, WriteError>?](repeating: nil, count: files.count))
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let result: Result<Temporary, WriteError>
            do throws(WriteError) {
                result = .success(try writeTemporary(files[index].bytes, for: files[index].path, naming: naming))
            } catch {
                result = .failure(error)
            }
            results.withLock { $0[index] = result }
        }
        let temps = results.withLock { $0 }
        if let failure = temps.lazy.compactMap({ result -> WriteError? in if case .failure(let error)? = result { error } else { nil } }).first {
            for case .success(let temp)? in temps { unlink(temp.path) }
            throw failure
        }
        var synced: Set<String> = []
        for (index, result) in temps.enumerated() {
            guard case .success(let temp)? = result else { continue }
            do throws(WriteError) {
                try replace(temp)
            } catch {
                // The files not renamed yet keep no temporary behind.
                for case .success(let later)? in temps[(index + 1)...] { unlink(later.path) }
                throw error
            }
            synced.insert(temp.directory)
        }
        for directory in synced { syncDirectory(directory) }
    }

    private static func replace(_ temp: Temporary) throws(WriteError) {
        guard rename(temp.path, temp.destination) == 0 else {
            let reason = "rename: \(String(cString: strerror(errno)))"
            unlink(temp.path)
            throw WriteError(path: temp.destination, reason: reason)
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

    /// The folder part of `path` (`.` for a bare name).
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
