package import BackgroundWork
import Clocks
import Foundation
import Glibc
import Synchronization

/// Reloads the store by itself when its files change (`--watch on`), and never while they
/// do not.
///
/// Linux: inotify on the store folder and every folder below it, symlinks followed, so a
/// Kubernetes ConfigMap update — new files in a fresh `..<timestamp>` folder, then an atomic
/// rename of the `..data` symlink — shows as one event on the store folder, and layouts of
/// symlinks (`app -> ..data/app`) are watched through to their targets; that thread blocks
/// in `poll` on the inotify descriptor. Where inotify is unavailable, a ``PeriodicTask``
/// compares the store's ``StoreFingerprint`` every second instead (no thread of its own).
///
/// Events are debounced and then looked at (``StoreWatchSchedule``): the watches are armed
/// again (only folders that came or went are touched, ``InotifyWatches``) and the store is
/// reloaded only when its fingerprint differs from the one taken before the last load —
/// the first is `serve`'s, taken before it read the store, so a change made before the
/// watches were armed reloads once. The existing ``StoreReloader`` reloads, on this
/// watcher's own thread (or the poller's queue), never on an event loop: a broken store
/// keeps the previous catalog and is logged and counted like a failed SIGHUP, once, and is
/// tried again only when its files change again.
package final class StoreWatcher: Sendable {
    package let directory: String
    private let reload: @Sendable () -> Void
    private let log: @Sendable (String) -> Void
    private let stopping = Atomic<Bool>(false)
    /// The fingerprint taken before the store was first loaded.
    private let initial: StoreFingerprint
    /// The polling fallback: its timer and the fingerprint it last saw.
    private let poller: PeriodicTask
    private let polled: Guarded<StoreFingerprint>

    /// - Parameters:
    ///   - loaded: the store's fingerprint taken before it was loaded; nil takes it now.
    ///   - clock: what the polling fallback's ticks come from (a test's manual clock).
    package init(directory: String, loaded: StoreFingerprint? = nil, clock: any PeriodicClock = DispatchPeriodicClock(),
                 reload: @escaping @Sendable () -> Void, log: @escaping @Sendable (String) -> Void) {
        poller = PeriodicTask(label: "label-server.store-poll", clock: clock)
        self.directory = directory
        self.reload = reload
        self.log = log
        initial = loaded ?? StoreFingerprint(of: directory)
        polled = Guarded(initial)
    }

    /// Starts watching: an inotify thread, or polling where inotify is unavailable.
    package func start() {
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
    package func stop() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        poller.cancel()
    }

    // MARK: inotify

    private func watchWithInotify(_ fd: Int32) {
        var watches = InotifyWatches(descriptor: fd)
        watches.arm(StoreFingerprint.folders(under: directory))
        var schedule = StoreWatchSchedule(loaded: initial)
        // The store may have changed between its load and the watches: look once, debounced.
        schedule.noteChange(at: Self.now())
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 8)
        defer { buffer.deallocate() }
        while !stopping.load(ordering: .sequentiallyConsistent) {
            switch schedule.step(at: Self.now()) {
            case .wait(let milliseconds):
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, milliseconds) > 0 else { continue }
                // Never seen: a descriptor that fails would wake `poll` at once, for ever.
                guard poller.revents & Int16(POLLERR | POLLNVAL) == 0 else {
                    log("the inotify descriptor failed; \(directory) is no longer watched (SIGHUP still reloads)")
                    return
                }
                schedule.receive(watches.drain(buffer), at: Self.now())
            case .look:
                // Armed first: a change after this point queues an event; one before it is in the fingerprint.
                watches.arm(StoreFingerprint.folders(under: directory))
                guard schedule.shouldReload(StoreFingerprint(of: directory), at: Self.now()),
                      !stopping.load(ordering: .sequentiallyConsistent) else { continue }
                log("the store changed on disk; reloading \(directory)")
                reload()
            }
        }
    }

    // MARK: Polling

    /// Compares the tree's fingerprint with the last one every `interval`; the first is the
    /// one taken before the load, so a change made since is seen.
    func startPolling(every interval: Duration) {
        poller.start(every: interval) { [weak self] in self?.pollOnce() }
    }

    private func pollOnce() {
        let current = StoreFingerprint(of: directory)
        // Out of descriptors or memory: no picture of the store; the next tick looks again.
        guard current.isComplete else { return }
        let changed = polled.withLock { last in
            defer { last = current }
            return last != current
        }
        // Checked after the fingerprint: a change made after stop() returned is never reloaded.
        guard changed, !stopping.load(ordering: .sequentiallyConsistent) else { return }
        log("the store changed on disk; reloading \(directory)")
        reload()
    }

    /// Monotonic seconds, what ``StoreWatchSchedule`` counts in.
    private static func now() -> Double { Double(MonotonicClock.now()) / 1e9 }
}
