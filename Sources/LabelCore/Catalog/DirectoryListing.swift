#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a folder of the store could not be listed: the errno, so that callers
/// tell "not there" (ENOENT) from "could not look" (EMFILE, EACCES, ELOOP…).
struct DirectoryListingError: Error, Sendable, Hashable, CustomStringConvertible {
    var code: Int32
    /// The path is a symbolic link whose target does not exist.
    var isDanglingLink: Bool

    var description: String {
        let reason = String(cString: strerror(code))
        return isDanglingLink ? "dangling symbolic link (\(reason))" : "\(reason) (errno \(code))"
    }
}

/// Lists a folder's entry names (without `.` and `..`) through opendir/readdir,
/// so that every failure keeps its errno; FileManager folds them into one error.
func listDirectory(_ path: String) -> Result<[String], DirectoryListingError> {
    guard let directory = opendir(path) else {
        let code = errno
        var status = stat()
        let dangling = code == ENOENT && lstat(path, &status) == 0
        return .failure(DirectoryListingError(code: code, isDanglingLink: dangling))
    }
    defer { closedir(directory) }
    var names: [String] = []
    while true {
        errno = 0
        guard let entry = readdir(directory) else {
            // readdir returns nil at the end (errno untouched) and on error (errno set).
            if errno != 0 { return .failure(DirectoryListingError(code: errno, isDanglingLink: false)) }
            return .success(names)
        }
        let name = withUnsafePointer(to: entry.pointee.d_name) {
            $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
        }
        if name != "." && name != ".." { names.append(name) }
    }
}
