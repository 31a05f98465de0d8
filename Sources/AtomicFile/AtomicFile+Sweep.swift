#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension AtomicFile {
    /// Removes the temporary files an interrupted write left (killed, out of disk, over a
    /// file-size limit) in `folder` and in each folder directly inside it (a bundle
    /// folder's `.lproj` folders): only regular files whose names are ``TemporaryName``s;
    /// links are never followed, neither to a file nor into a folder. Returns the paths
    /// removed.
    ///
    /// Only a writer holding the folder's ``StoreLock`` may call this: a temporary of a
    /// write under way looks the same.
    package static func removeStaleTemporaries(under folder: String) -> [String] {
        var removed: [String] = []
        for name in entries(of: folder) {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG where TemporaryName.isTemporary(name):
                if unlink(path) == 0 { removed.append(path) }
            case S_IFDIR:
                for inner in entries(of: path) where TemporaryName.isTemporary(inner) {
                    let innerPath = path + "/" + inner
                    guard lstat(innerPath, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                    if unlink(innerPath) == 0 { removed.append(innerPath) }
                }
            default:
                continue
            }
        }
        return removed.sorted()
    }

    /// The names in a folder (without `.` and `..`); none when it cannot be listed.
    private static func entries(of folder: String) -> [String] {
        guard let stream = opendir(folder) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
