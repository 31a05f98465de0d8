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
    /// False when a folder could not be listed for want of resources of this process
    /// (EMFILE, ENFILE, ENOMEM): then the lines are no picture of the store, and the watcher
    /// decides nothing from them. A folder the store makes unreadable (EACCES, a vanished
    /// folder) is part of the picture (a line says so) and keeps it complete.
    let isComplete: Bool
    /// Folders deeper than this below the store are not walked (a symlink loop ends here too).
    static let maximumDepth = 8

    /// Fingerprints the tree under `root` now.
    package init(of root: String) {
        var lines: [String] = []
        var complete = true
        let (folders, walked) = Self.walk(under: root)
        complete = walked
        for folder in folders {
            let listing = Self.names(in: folder)
            guard let names = listing.names else {
                if listing.shortOfResources { complete = false }
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
        self.isComplete = complete
    }

    /// For tests: a fingerprint with the given lines.
    init(lines: [String], isComplete: Bool = true) {
        self.lines = lines
        self.isComplete = isComplete
    }

    /// Every folder under `root` (itself included), symlinks followed, each real folder once.
    static func folders(under root: String) -> [String] { walk(under: root).folders }

    /// The folders under `root`, and whether every one of them could be listed as far as
    /// this process's resources go (see ``isComplete``).
    private static func walk(under root: String) -> (folders: [String], complete: Bool) {
        var result: [String] = []
        var seen: Set<String> = []
        var complete = true
        func visit(_ path: String, depth: Int) {
            guard depth <= maximumDepth, let real = realPath(path), seen.insert(real).inserted else { return }
            result.append(path)
            let listing = names(in: path)
            if listing.shortOfResources { complete = false }
            guard let names = listing.names else { return }
            for name in names.sorted() {
                let child = path + "/" + name
                var info = stat()
                if stat(child, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { visit(child, depth: depth + 1) }
            }
        }
        visit(root, depth: 0)
        return (result, complete)
    }

    /// The entries of a folder (without `.` and `..`), or nil with whether the failure was
    /// this process running short (EMFILE, ENFILE, ENOMEM) rather than the folder itself.
    private static func names(in folder: String) -> (names: [String]?, shortOfResources: Bool) {
        guard let stream = opendir(folder) else {
            let error = errno
            return (nil, error == EMFILE || error == ENFILE || error == ENOMEM)
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return (names, false)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
