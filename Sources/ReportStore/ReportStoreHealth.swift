import BackgroundWork
import LabelCore
import Synchronization

/// Whether the report store answers, and the `/metrics` counters of its flushes: one log line
/// when Redis goes away and one when it is back, never one per request or flush.
final class ReportStoreHealth: Sendable {
    private let connected = Guarded<Bool?>(nil)
    private let log: @Sendable (String) -> Void
    /// The store, as its URL shows it (never a password).
    private let store: String
    let flushes = Atomic<UInt64>(0)
    let flushFailures = Atomic<UInt64>(0)
    /// Recordings refused because the buffer was full (while Redis was away, or a flood).
    let bufferDropped = Atomic<UInt64>(0)
    /// Entries in Redis as of the last flush.
    let entries = Atomic<Int>(0)
    /// Entries of the batch waiting to be retried (read by `/metrics` without the flush's lock).
    let pendingEntries = Atomic<Int>(0)

    init(store: String, log: @escaping @Sendable (String) -> Void) {
        self.store = store
        self.log = log
    }

    var isConnected: Bool { connected.withLock { $0 ?? false } }

    /// A call succeeded: logs once if the store was away.
    func succeeded() {
        let wasDown = connected.withLock { state -> Bool in
            defer { state = true }
            return state == false
        }
        if wasDown { log(line("report_store_recovered", level: "info", reason: nil)) }
    }

    /// A call failed: logs once when the store goes away (or is away at start-up).
    func failed(_ reason: String) {
        let wasUp = connected.withLock { state -> Bool in
            defer { state = false }
            return state != false
        }
        if wasUp { log(line("report_store_unavailable", level: "warning", reason: reason)) }
    }

    private func line(_ event: String, level: String, reason: String?) -> String {
        var line = JSONWriter()
        line.beginObject()
        line.field("event", event)
        line.field("level", level)
        line.field("store", store)
        if let reason {
            line.field("reason", reason)
            line.field("action", "label routes keep serving; hits are buffered and flushed when it is back")
        }
        line.endObject()
        return line.text
    }
}
