import BackgroundWork
package import Foundation
import LabelCore
import Synchronization

/// Requests per `(table, key)` of the catalog, kept across restarts in
/// `STATE-DIR/usage.json` like the missing-key report: drained from the
/// lock-free ``UsageCounters`` once a second, written atomically
/// (write, fsync, rename) when changed, and on stop.
///
/// Bounded: at most ``maxEntries`` keys are kept (keys only ever come from the
/// catalog, but a file may hold keys a later store no longer has); beyond it
/// the keys with the fewest hits are dropped.
package final class UsageStore: Sendable {
    package static let fileName = "usage.json"
    package static let defaultMaxEntries = 100_000

    /// One key's totals.
    package struct Totals: Sendable, Hashable {
        package var hits: UInt64
        /// Seconds since 1970; 0 = never.
        package var latest: Int64

        package init(hits: UInt64, latest: Int64) {
            self.hits = hits
            self.latest = latest
        }

        /// Adds another replica's (or drain's) totals: hits saturate at
        /// ``MissingReport/maximumCount``, the latest request is the later one. Never traps.
        package mutating func add(_ other: Totals) {
            let cap = UInt64(MissingReport.maximumCount)
            hits = min(min(hits, cap) + min(other.hits, cap), cap)
            latest = max(latest, other.latest)
        }
    }

    package let fileURL: URL
    package let maxEntries: Int
    private let directoryPath: String
    private let current: @Sendable () -> UsageCounters
    private let log: @Sendable (String) -> Void
    private let state: Guarded<State>
    private let flusher = PeriodicTask(label: "label-server.usage-flush")
    private let failedWrites = Atomic<UInt64>(0)

    /// Writes of the file that failed since start (`label_server_state_write_failures_total`).
    package var writeFailures: UInt64 { failedWrites.load(ordering: .relaxed) }

    private struct State: Sendable {
        var totals: [UsageCounters.Key: Totals] = [:]
        var since: Date
        var dirty = false
        var failing = false
        /// The counters seen at the previous drain: after a reload they are
        /// drained once more, so a request in flight during the swap still counts.
        var previous: UsageCounters?
    }

    /// - Parameter current: The counters of the catalog being served (they change on reload).
    package init(stateDirectory: URL, maxEntries: Int = defaultMaxEntries, now: Date = Date(),
                current: @escaping @Sendable () -> UsageCounters, log: @escaping @Sendable (String) -> Void = { _ in }) {
        directoryPath = stateDirectory.path
        fileURL = stateDirectory.appendingPathComponent(Self.fileName)
        self.maxEntries = max(1, maxEntries)
        self.current = current
        self.log = log
        var initial = State(since: now)
        try? FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
        if let data = FileManager.default.contents(atPath: fileURL.path) {
            if let decoded = Self.decode(Array(data)) {
                initial.since = decoded.since
                initial.totals = decoded.totals
                if decoded.clamped > 0 {
                    log(Self.logLine("usage_file_clamped", ("reason", "\(decoded.clamped) hit counts above 2^53 clamped to 2^53")))
                }
            } else {
                let aside = fileURL.path + ".corrupt-\(Int(now.timeIntervalSince1970))"
                _ = try? FileManager.default.moveItem(atPath: fileURL.path, toPath: aside)
                log(Self.logLine("usage_file_corrupt", ("movedTo", aside)))
            }
        }
        state = Guarded(initial)
    }

    /// Moves the counters' hits into the totals; returns them with `since`.
    package func snapshot() -> (since: Date, totals: [UsageCounters.Key: Totals]) {
        state.withLock { state in
            drain(into: &state)
            return (state.since, state.totals)
        }
    }

    private func drain(into state: inout State) {
        let counters = current()
        var drained = counters.drain()
        if let previous = state.previous, previous !== counters { drained += previous.drain() }
        state.previous = counters
        guard !drained.isEmpty else { return }
        state.dirty = true
        for (key, hits, latest) in drained {
            state.totals[key, default: Totals(hits: 0, latest: 0)].add(Totals(hits: hits, latest: latest))
        }
        if state.totals.count > maxEntries {
            let kept = state.totals.sorted { $0.value.hits > $1.value.hits }.prefix(maxEntries)
            state.totals = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
        }
    }

    /// Drains and writes the file when anything changed.
    @discardableResult
    package func flushIfDirty() throws(MissingReportError) -> Bool {
        EventLoopThread.assertNotCurrent("the usage counts' flush")
        return try state.withLock { (state: inout State) throws(MissingReportError) -> Bool in
            drain(into: &state)
            guard state.dirty else { return false }
            do throws(MissingReportError) {
                try MissingReportStore.writeAtomically(Self.encode(since: state.since, totals: state.totals),
                                                       to: fileURL.path, directory: directoryPath)
            } catch {
                failedWrites.add(1, ordering: .relaxed)
                if !state.failing { log(Self.logLine("usage_write_failed", ("reason", error.message))) }
                state.failing = true
                throw error
            }
            state.failing = false
            state.dirty = false
            return true
        }
    }

    /// Flushes every `interval` on a background queue, never on an event loop.
    package func startFlushing(every interval: Duration = .seconds(1)) {
        flusher.start(every: interval) { [weak self] in _ = try? self?.flushIfDirty() }
    }

    /// Stops the timer (waiting out a flush in progress) and writes what is left (SIGTERM).
    package func stop() {
        flusher.stop()
        _ = try? flushIfDirty()
    }

    // MARK: File format

    /// `{"since":"…","entries":[{"table","key","hits","lastRequested"}]}`, sorted for stable files.
    static func encode(since: Date, totals: [UsageCounters.Key: Totals]) -> [UInt8] {
        let sorted = totals.sorted { ($0.key.table, $0.key.key) < ($1.key.table, $1.key.key) }
        var json = JSONWriter(capacity: 64 + sorted.reduce(0) { $0 + 96 + $1.key.key.utf8.count })
        json.beginObject()
        json.field("since", MissingReport.timestamp(since))
        json.array("entries", sorted) { item, entry in
            let (key, value) = entry
            item.beginObject()
            item.field("table", key.table)
            item.field("key", key.key)
            item.field("hits", Int(clamping: value.hits))
            item.field("lastRequested", value.latest > 0 ? MissingReport.timestamp(Date(timeIntervalSince1970: Double(value.latest)), fractional: false) : nil)
            item.endObject()
        }
        json.endObject()
        return json.bytes
    }

    /// Reads the file format, which is also the shape of `GET /usage` JSON.
    ///
    /// `nil` when it is not that shape (or a count is negative or not an integer). Hit counts
    /// above 2^53 (``MissingReport/maximumCount``) are clamped there and counted in `clamped`:
    /// a file is restored with them clamped (and logged).
    package static func decode(_ bytes: [UInt8]) -> (since: Date, totals: [UsageCounters.Key: Totals], clamped: Int)? {
        guard let root = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any],
              let since = (root["since"] as? String).flatMap(MissingReport.parseTimestamp),
              let list = root["entries"] as? [Any] else { return nil }
        var totals: [UsageCounters.Key: Totals] = [:]
        var clamped = 0
        for element in list {
            guard let object = element as? [String: Any], let table = object["table"] as? String,
                  let key = object["key"] as? String, let hits = object["hits"] as? Int, hits >= 0 else { return nil }
            let latest = (object["lastRequested"] as? String).flatMap(MissingReport.parseTimestamp)
            if hits > MissingReport.maximumCount { clamped += 1 }
            // parseTimestamp reads years 0000 to 9999 only: the conversion is exact.
            totals[UsageCounters.Key(table: table, key: key)] =
                Totals(hits: UInt64(hits.clampedCount), latest: latest.map { Int64($0.timeIntervalSince1970) } ?? 0)
        }
        return (since, totals, clamped)
    }

    /// `{"event":…,"level":"warning",name:value}`, the shape of the other state-file warnings.
    private static func logLine(_ event: String, _ field: (String, String)) -> String {
        var line = JSONWriter()
        line.beginObject()
        line.field("event", event)
        line.field("level", "warning")
        line.field(field.0, field.1)
        line.endObject()
        return line.text
    }
}
