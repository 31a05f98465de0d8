import BackgroundWork
import Foundation
import Glibc
import Synchronization

/// Reloads the store by itself when its files change (`--watch on`).
///
/// Linux: inotify on the store folder and every folder below it, symlinks followed, so a
/// Kubernetes ConfigMap update — new files in a fresh `..<timestamp>` folder, then an atomic
/// rename of the `..data` symlink — shows as one event on the store folder, and layouts of
/// symlinks (`app -> ..data/app`) are watched through to their targets; that thread blocks
/// in `poll` on the inotify descriptor. Where inotify is unavailable, a ``PeriodicTask``
/// compares a fingerprint of the tree every second instead (no thread of its own).
///
/// Changes are debounced (``quietPeriod`` without events, at most ``maximumDelay`` after the
/// first), then the existing ``StoreReloader`` reloads: a broken change keeps the previous
/// catalog and is logged and counted exactly like a failed SIGHUP. Watches are set again
/// after every reload, as folders come and go.
public final class StoreWatcher: Sendable {
    public let directory: String
    private let reload: @Sendable () -> Void
    private let log: @Sendable (String) -> Void
    private let stopping = Atomic<Bool>(false)
    /// The polling fallback: its timer and the fingerprint it last saw.
    private let poller = PeriodicTask(label: "label-server.store-poll")
    private let polled = Mutex<[String]>([])
    /// Seconds without a new event before reloading.
    public static let quietPeriod = 0.3
    /// Seconds after the first event by which a reload happens even if events keep coming.
    public static let maximumDelay = 1.5
    /// Folders deeper than this below the store are not watched (a symlink loop ends here too).
    static let maximumDepth = 8

    public init(directory: String, reload: @escaping @Sendable () -> Void, log: @escaping @Sendable (String) -> Void) {
        self.directory = directory
        self.reload = reload
        self.log = log
    }

    /// Starts watching: an inotify thread, or polling where inotify is unavailable.
    public func start() {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else {
            log("inotify unavailable (errno \(errno)); polling \(directory) every second")
            startPolling(every: .seconds(1))
            return
        }
        let thread = Thread { [self] in
            watchWithInotify(fd)
            close(fd)
        }
        thread.name = "label-server-store-watch"
        thread.start()
    }

    /// Stops watching: no change seen after this returns reloads. A reload already under way
    /// is not waited for (nothing is lost by leaving it at shutdown); the inotify thread
    /// ends within its 0.5 s `poll` timeout.
    public func stop() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        poller.cancel()
    }

    // MARK: inotify

    private func watchWithInotify(_ fd: Int32) {
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_CLOSE_WRITE | IN_ATTRIB
                          | IN_DELETE_SELF | IN_MOVE_SELF | IN_MODIFY)
        var watches: [Int32] = []
        func setWatches() {
            for watch in watches { inotify_rm_watch(fd, watch) }
            watches = Self.folders(under: directory).compactMap { path in
                let watch = inotify_add_watch(fd, path, mask)
                return watch >= 0 ? watch : nil
            }
        }
        setWatches()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 8)
        defer { buffer.deallocate() }
        var firstEvent: Double?
        var lastEvent = 0.0
        while !stopping.load(ordering: .sequentiallyConsistent) {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let wait: Int32 = firstEvent == nil ? 500 : 50
            if poll(&poller, 1, wait) > 0 {
                // Drain: the events only say "something changed"; the reload reads the truth.
                while read(fd, buffer.baseAddress, buffer.count) > 0 {}
                let now = Self.now()
                if firstEvent == nil { firstEvent = now }
                lastEvent = now
                continue
            }
            guard let first = firstEvent else { continue }
            let now = Self.now()
            if now - lastEvent >= Self.quietPeriod || now - first >= Self.maximumDelay {
                guard !stopping.load(ordering: .sequentiallyConsistent) else { break }
                firstEvent = nil
                log("the store changed on disk; reloading \(directory)")
                reload()
                setWatches()
            }
        }
    }

    // MARK: Polling

    /// Compares the tree's fingerprint with the last one every `interval`; the first is
    /// taken now, so a change right after start is seen.
    func startPolling(every interval: Duration) {
        polled.withLock { $0 = Self.fingerprint(directory) }
        poller.start(every: interval) { [weak self] in self?.pollOnce() }
    }

    private func pollOnce() {
        let current = Self.fingerprint(directory)
        let changed = polled.withLock { last in
            defer { last = current }
            return last != current
        }
        // Checked after the fingerprint: a change made after stop() returned is never reloaded.
        guard changed, !stopping.load(ordering: .sequentiallyConsistent) else { return }
        log("the store changed on disk; reloading \(directory)")
        reload()
    }

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

    /// Paths, sizes, modification times and symlink targets of the whole tree.
    static func fingerprint(_ root: String) -> [String] {
        var lines: [String] = []
        for folder in folders(under: root) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted() {
                let path = folder + "/" + name
                var info = stat()
                guard stat(path, &info) == 0 else { lines.append(path + " broken"); continue }
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? ""
                lines.append("\(path) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ino) \(target)")
            }
        }
        return lines
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
