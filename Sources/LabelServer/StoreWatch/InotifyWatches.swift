import Glibc

/// The store watcher's inotify watches, one per folder, kept without churn.
///
/// Arming again is idempotent: adding a watch to a folder that has one returns its
/// descriptor and queues nothing, and only watches on folders that left the tree are
/// removed (each removal queues an `IN_IGNORED`, which ``InotifyEvent/isChange`` does not
/// count): re-arming after a reload queues no event that would ask for the next one.
struct InotifyWatches {
    /// The inotify descriptor (non-blocking); its owner closes it.
    let descriptor: Int32
    /// The watch descriptors currently held.
    private(set) var watches: Set<Int32> = []

    static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_CLOSE_WRITE | IN_ATTRIB
                             | IN_DELETE_SELF | IN_MOVE_SELF | IN_MODIFY)

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// Watches every folder in `folders`, and no other.
    mutating func arm(_ folders: [String]) {
        var armed: Set<Int32> = []
        for path in folders {
            let watch = inotify_add_watch(descriptor, path, Self.mask)
            if watch >= 0 { armed.insert(watch) }
        }
        // A folder deleted has lost its watch already (the kernel removed it): EINVAL, harmless.
        for stale in watches.subtracting(armed) { inotify_rm_watch(descriptor, stale) }
        watches = armed
    }

    /// Reads every event queued now (the descriptor is non-blocking) into `buffer`.
    /// Bytes that do not parse (never seen from a kernel) stand for a change.
    func drain(_ buffer: UnsafeMutableRawBufferPointer) -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            guard count > 0 else { return events }
            do throws(InotifyEvent.ParseError) {
                events += try InotifyEvent.parse(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            } catch {
                events.append(InotifyEvent(watch: -1, mask: UInt32(IN_Q_OVERFLOW), name: ""))
            }
        }
    }
}
