#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

extension AtomicFile {
    /// How many fresh names a write tries before it gives up (a name taken by chance
    /// is one in 2^64; every one taken means someone plants them).
    static let nameAttempts = 8

    /// The file a write replaces: `path` itself, or the target of the symbolic link at
    /// `path` (every link on the way resolved), so the link is written through, not
    /// replaced by a regular file.
    static func destination(of path: String) throws(WriteError) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return path }
        guard let resolved = realpath(path, nil) else {
            let reason = "a symbolic link whose target cannot be resolved (\(String(cString: strerror(errno))))"
            throw WriteError(path: path, reason: reason, code: errno == ENOENT ? .danglingLink : .io)
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A temporary file beside `path`'s destination, created exclusively and never through
    /// a link, holding `bytes`, fsynced, with the mode (owner, group) of the file it
    /// replaces; removed again on any failure.
    static func writeTemporary(_ bytes: [UInt8], for path: String, naming: Naming) throws(WriteError) -> Temporary {
        try stall(before: path, in: parent(of: path))
        let destination = try destination(of: path)
        let directory = parent(of: destination)
        let name = String(destination[(destination.lastIndex(of: "/").map(destination.index(after:)) ?? destination.startIndex)...])
        var existing = stat()
        let replacesFile = stat(destination, &existing) == 0
        let (descriptor, temp) = try createExclusively(in: directory, naming: { naming(name) },
                                                       mode: replacesFile ? 0o600 : 0o644, for: path)
        func failure(_ step: String) -> WriteError {
            let reason = "\(step): \(String(cString: strerror(errno)))"
            close(descriptor)
            unlink(temp)
            return WriteError(path: path, reason: reason)
        }
        if replacesFile {
            // Created 0600, so the bytes are never readable more widely than the file's.
            if existing.st_uid != geteuid() || existing.st_gid != getegid() {
                _ = fchown(descriptor, existing.st_uid, existing.st_gid)   // best effort: only root may give files away
            }
            guard fchmod(descriptor, existing.st_mode & 0o7777) == 0 else { throw failure("fchmod \(temp)") }
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("write \(temp)")
            }
            written += count
        }
        // The data must be on disk before the rename makes it the file, or a
        // crash could leave an empty file.
        guard fsync(descriptor) == 0 else { throw failure("fsync \(temp)") }
        guard close(descriptor) == 0 else {
            let reason = "close \(temp): \(String(cString: strerror(errno)))"
            unlink(temp)
            throw WriteError(path: path, reason: reason)
        }
        return Temporary(path: temp, destination: destination, directory: directory)
    }

    /// Opens a new file in `directory` under a name from `naming`: `O_CREAT|O_EXCL`, so
    /// an existing file or link at the name is never opened, and `O_NOFOLLOW`; a taken
    /// name is followed by a fresh one, up to ``nameAttempts``.
    private static func createExclusively(in directory: String, naming: () -> String, mode: mode_t,
                                          for path: String) throws(WriteError) -> (Int32, String) {
        var taken: [String] = []
        for _ in 0..<nameAttempts {
            let temp = directory + "/" + naming()
            let descriptor = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if descriptor >= 0 { return (descriptor, temp) }
            guard errno == EEXIST || errno == ELOOP else {
                throw WriteError(path: path, reason: "open \(temp): \(String(cString: strerror(errno)))")
            }
            taken.append(temp)
        }
        throw WriteError(path: path, reason: "every temporary name tried exists (\(taken.last ?? directory))",
                         code: .temporaryExists)
    }
}
