import Foundation
import Glibc

/// What the store's files look like from outside: every entry's path, size, modification
/// and change times, inode, mode and symlink target, folders followed through symlinks.
///
/// The store watcher reloads only when the fingerprint differs from the one taken before
/// the last load, so events that change nothing (its own re-arming, a read) never reload,
/// a broken store is tried again only once its files change again, and a change made
/// between the first load and the watch being armed is still seen (`serve` takes the
/// first fingerprint before it reads the store).
package struct StoreFingerprint: Equatable, Sendable {
    /// One line per entry, in a stable order.
    let lines: [String]
    /// Folders deeper than this below the store are not walked (a symlink loop ends here too).
    static let maximumDepth = 8

    /// Fingerprints the tree under `root` now.
    package init(of root: String) {
        var lines: [String] = []
        for folder in Self.folders(under: root) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
                lines.append(folder + " unreadable")
                continue
            }
            for name in names.sorted() {
                let path = folder + "/" + name
                var info = stat()
                // A dangling symlink is part of the picture: it breaks the store.
                guard stat(path, &info) == 0 else { lines.append(path + " broken"); continue }
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? ""
                lines.append("\(path) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) "
                             + "\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec) \(info.st_ino) \(info.st_mode) \(target)")
            }
        }
        self.lines = lines
    }

    /// For tests: a fingerprint with the given lines.
    init(lines: [String]) { self.lines = lines }

    /// Every folder under `root` (itself included), symlinks followed, each real folder once.
    static func folders(under root: String) -> [String] {
        var result: [String] = []
        var seen: Set<String> = []
        func visit(_ path: String, depth: Int) {
            guard depth <= maximumDepth, let real = realPath(path), seen.insert(real).inserted else { return }
            result.append(path)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
            for name in names.sorted() {
                let child = path + "/" + name
                var info = stat()
                if stat(child, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { visit(child, depth: depth + 1) }
            }
        }
        visit(root, depth: 0)
        return result
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
