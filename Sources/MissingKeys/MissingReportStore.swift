import AtomicFile
import BackgroundWork
package import Foundation
import LabelCore
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps a ``MissingKeyRecorder`` durable in `<stateDirectory>/missing.json`.
///
/// - Load: at init. A missing file starts empty; an unreadable one, or one
///   that is not a JSON object with an `entries` array, is logged, moved aside
///   to `missing.json.corrupt-<UTC timestamp>` and the report starts empty: the
///   server never fails to start over its report. **One bad entry never costs
///   the others:** entries that fail validation (hits not a positive integer, a
///   bad date, a missing field, a key, table or tag that a request could not
///   carry) are dropped, counted and logged (the first ten one by one); the
///   valid ones are kept, the original file is kept beside as
///   `missing.json.invalid-<UTC timestamp>` and the next flush rewrites it clean.
///   Hits above 2^53, and drop counters outside 0 to 2^53, are clamped there and
///   logged; such an entry is kept and the file is not set aside.
/// - Write: the JSON rendering (``MissingReport/jsonBytes()``) goes to a temp
///   file in the same directory, is `fsync`ed, then `rename`d over
///   `missing.json` (atomic), and the directory is `fsync`ed so the rename
///   survives a power cut. Readers see the old file or the new one, never a part.
/// - When: ``flushIfDirty()`` writes only if anything changed since the last
///   write; ``startFlushing(every:)`` calls it every second from a background
///   queue, and ``stop()`` (on SIGTERM) flushes once more. So SIGTERM loses
///   nothing and `kill -9` at most the last interval. The request path never
///   waits on disk: it only touches the recorder.
///
/// Failures to write are logged once (and once on recovery), not every second,
/// counted (``writeFailures``, in `/metrics`) and retried at the next tick.
package final class MissingReportStore: Sendable {
    package let recorder: MissingKeyRecorder
    /// `<stateDirectory>/missing.json`.
    package let fileURL: URL
    private let directoryPath: String
    private let log: @Sendable (String) -> Void
    /// Held for a whole write, so flushes from the timer, `stop()` and `reset()` never interleave.
    private let flushState: Guarded<FlushState>
    private let flusher = PeriodicTask(label: "label-server.missing-report-flush")
    private let failedWrites = Atomic<UInt64>(0)

    /// Writes of the file that failed since start (`label_server_state_write_failures_total`).
    package var writeFailures: UInt64 { failedWrites.load(ordering: .relaxed) }

    /// The file name inside the state directory.
    package static let fileName = "missing.json"

    /// Opens the store and loads the report into `recorder` (replacing its state).
    ///
    /// Create it before the server starts recording. Never throws: problems are
    /// logged to `log` as JSON lines with `"level":"warning"`.
    package init(stateDirectory: URL, recorder: MissingKeyRecorder,
                log: @escaping @Sendable (String) -> Void = { _ in }, now: Date = Date()) {
        self.recorder = recorder
        self.log = log
        directoryPath = stateDirectory.path
        fileURL = stateDirectory.appendingPathComponent(Self.fileName)
        flushState = Guarded(FlushState(persistedGeneration: recorder.generation))
        do {
            try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
        } catch {
            warn("missing_report_state_dir_failed", path: directoryPath, reason: "\(error)")
        }
        load(now: now)
    }

    // MARK: Flushing

    /// Writes the report if anything changed since the last write.
    ///
    /// - Returns: whether a write happened.
    /// - Throws: ``MissingReportError/persistence(path:reason:)``; the report
    ///   stays dirty so the next call retries.
    @discardableResult
    package func flushIfDirty() throws(MissingReportError) -> Bool {
        EventLoopThread.assertNotCurrent("the missing-key report's flush")
        return try flushState.withLock { (state: inout FlushState) throws(MissingReportError) -> Bool in
            let (report, generation) = recorder.snapshotWithGeneration()
            guard generation != state.persistedGeneration else { return false }
            do throws(MissingReportError) {
                try Self.writeAtomically(report.jsonBytes(), to: fileURL.path, directory: directoryPath)
            } catch {
                failedWrites.add(1, ordering: .relaxed)
                if !state.failing { warn("missing_report_write_failed", path: fileURL.path, reason: error.message) }
                state.failing = true
                throw error
            }
            if state.failing { info("missing_report_write_recovered", path: fileURL.path) }
            state.failing = false
            state.persistedGeneration = generation
            return true
        }
    }

    /// Flushes every `interval` (when dirty) on a background queue until ``stop()``.
    ///
    /// Calling it again replaces the previous schedule.
    package func startFlushing(every interval: Duration = .seconds(1)) {
        // Failures are logged inside, once; the next tick retries.
        flusher.start(every: interval) { [weak self] in _ = try? self?.flushIfDirty() }
    }

    /// Stops the background flushing and flushes once more (call on SIGTERM).
    ///
    /// Safe to call more than once. Takes locks, so call it from the shutdown
    /// path, not from a raw signal handler.
    ///
    /// - Returns: false when the final write failed (it is logged): what was
    ///   recorded since the last successful flush is lost, and the process
    ///   should exit non-zero so a supervisor notices.
    @discardableResult
    package func stop() -> Bool {
        // Returns once a tick in progress has finished; then the latest state is written.
        flusher.stop()
        do {
            try flushIfDirty()
            return true
        } catch {
            warn("missing_report_final_flush_failed", path: fileURL.path, reason: error.message)
            return false
        }
    }

    /// Clears all entries and counters (`DELETE /missing`) and persists the empty report.
    ///
    /// - Throws: ``MissingReportError/persistence(path:reason:)``; the report
    ///   is cleared in memory even then, and the next flush retries the write.
    package func reset(at now: Date = Date()) throws(MissingReportError) {
        recorder.reset(since: now)
        try flushIfDirty()
    }

    /// Removes the entries matching every filter given (`DELETE /missing?key=K&lang=L&table=T`,
    /// each optional; a nil one matches any) and persists the report.
    ///
    /// - Returns: how many entries went (plural misses of the key are entries of their own).
    /// - Throws: ``MissingReportError/persistence(path:reason:)``; the entries are gone from
    ///   memory even then, and the next flush retries the write.
    @discardableResult
    package func remove(key: String?, requested: String?, table: String?) throws(MissingReportError) -> Int {
        let removed = recorder.remove(key: key, requested: requested, table: table)
        if removed > 0 { try flushIfDirty() }
        return removed
    }

    // MARK: Loading

    private func load(now: Date) {
        let path = fileURL.path
        let bytes: [UInt8]
        switch Self.readFile(path) {
        case .absent:
            return
        case .failed(let reason):
            moveAside(path: path, reason: "unreadable: \(reason)", now: now)
            return
        case .read(let read):
            bytes = read
        }
        do {
            let decoded = try Self.decode(bytes, now: now)
            let generation = recorder.restore(decoded.report)
            var line = JSONWriter()
            line.beginObject()
            line.field("event", "missing_report_loaded")
            line.field("level", decoded.problems.isEmpty ? "info" : "warning")
            line.field("path", path)
            line.field("entries", decoded.report.entries.count)
            line.field("invalid", decoded.invalidEntries)
            if decoded.problems.isEmpty {
                // Nothing to rewrite until the report changes.
                flushState.withLock { $0.persistedGeneration = generation }
            } else {
                for problem in decoded.problems.prefix(Self.loggedProblems) {
                    var entry = JSONWriter()
                    entry.beginObject()
                    entry.field("event", "missing_report_invalid_entry")
                    entry.field("level", "warning")
                    entry.field("path", path)
                    entry.field("reason", problem)
                    entry.endObject()
                    log(entry.text)
                }
                // Keep the original for inspection; the next flush writes the valid entries.
                let target = Self.asideName(path: path, kind: "invalid", now: now)
                if rename(path, target) == 0 { line.field("movedTo", target) }
            }
            line.endObject()
            log(line.text)
        } catch {
            moveAside(path: path, reason: error.reason, now: now)
        }
    }

    /// Invalid entries logged one by one at load; the rest are only counted.
    static let loggedProblems = 10

    /// `missing.json.<kind>-20250102T030405Z`, with a suffix if that exists already.
    private static func asideName(path: String, kind: String, now: Date) -> String {
        let stamp = MissingReport.timestamp(now, fractional: false)
            .replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
        var target = "\(path).\(kind)-\(stamp)"
        var suffix = 1
        while FileManager.default.fileExists(atPath: target) {
            target = "\(path).\(kind)-\(stamp)-\(suffix)"
            suffix += 1
        }
        return target
    }

    /// Renames a bad file out of the way so that it is kept for inspection and not overwritten.
    private func moveAside(path: String, reason: String, now: Date) {
        let target = Self.asideName(path: path, kind: "corrupt", now: now)
        var line = JSONWriter()
        line.beginObject()
        line.field("event", "missing_report_corrupt")
        line.field("level", "warning")
        line.field("path", path)
        line.field("reason", reason)
        if rename(path, target) == 0 {
            line.field("movedTo", target)
        } else {
            line.field("moveFailed", String(cString: strerror(errno)))
        }
        line.field("action", "starting with an empty report")
        line.endObject()
        log(line.text)
    }

    private enum ReadResult {
        case absent
        case read([UInt8])
        case failed(String)
    }

    private static func readFile(_ path: String) -> ReadResult {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            return errno == ENOENT ? .absent : .failed(String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return .read(bytes) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failed(String(cString: strerror(errno)))
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    package struct DecodeError: Error {
        package var reason: String
    }

    /// What a state file held: the valid entries, and why the others were dropped.
    package struct Decoded {
        package var report: MissingReport
        /// Entries dropped as invalid.
        var invalidEntries: Int
        /// One line per problem (entry index and reason; also a bad `since`).
        package var problems: [String]
    }

    /// The largest hit count read back: JSON numbers are exact up to 2^53.
    package static let maximumHits = MissingReport.maximumCount

    /// Reads back what ``MissingReport/jsonBytes()`` wrote, entry by entry.
    ///
    /// Only a file that is not a JSON object with an `entries` array is a
    /// ``DecodeError``; an invalid entry is dropped and described in
    /// ``Decoded/problems``, and a bad `since` becomes `now`.
    package static func decode(_ bytes: [UInt8], now: Date = Date()) throws(DecodeError) -> Decoded {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw DecodeError(reason: "not JSON (\((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"))")
        }
        guard let root = parsed as? [String: Any], let list = root["entries"] as? [Any] else {
            throw DecodeError(reason: #"not an object with an "entries" array"#)
        }
        var entries: [MissingReport.Entry] = []
        entries.reserveCapacity(list.count)
        var problems: [String] = []
        var invalid = 0
        for (index, element) in list.enumerated() {
            switch decodeEntry(element) {
            case .success(let (entry, clamped)):
                entries.append(entry)
                if clamped, problems.count < loggedProblems {
                    let shown = ((element as? [String: Any])?["hits"] as? Int).map(String.init) ?? "?"
                    problems.append("entry \(index): \"hits\" \(shown) is above 2^53; clamped")
                }
            case .failure(let problem):
                invalid += 1
                if problems.count < loggedProblems { problems.append("entry \(index): \(problem.reason)") }
            }
        }
        var dropped = MissingReport.Dropped()
        if let object = root["dropped"] as? [String: Any] {
            func counter(_ name: String) -> Int {
                let value = object[name] as? Int ?? 0
                if value != value.clampedCount {
                    problems.append("\"dropped.\(name)\" \(value) is outside 0 to 2^53; clamped")
                }
                return value.clampedCount
            }
            dropped.newEntries = counter("newEntries")
            dropped.longKeys = counter("longKeys")
            dropped.reported = counter("reported")
        }
        let since: Date
        if let parsedSince = (root["since"] as? String).flatMap(MissingReport.parseTimestamp) {
            since = parsedSince
        } else {
            since = entries.map(\.firstSeen).min() ?? now
            problems.append(#""since" is missing or not an ISO 8601 UTC timestamp; using the earliest first seen"#)
        }
        return Decoded(report: MissingReport(entries: entries, dropped: dropped, since: since),
                       invalidEntries: invalid, problems: problems)
    }

    /// One entry, validated like request input: a key `GET /labels/{key}` would
    /// accept, a valid table name, a well-formed tag (canonicalized), a source,
    /// hits an integer of at least 1 (clamped to 2^53: `clamped` is then true), and dates in order.
    private static func decodeEntry(_ element: Any) -> Result<(entry: MissingReport.Entry, clamped: Bool), DecodeError> {
        guard let object = element as? [String: Any] else { return .failure(DecodeError(reason: "not an object")) }
        func fail(_ reason: String) -> Result<(entry: MissingReport.Entry, clamped: Bool), DecodeError> {
            .failure(DecodeError(reason: reason))
        }
        guard let key = object["key"] as? String else { return fail(#""key" is missing or not a string"#) }
        if let problem = LabelKeyValidation.problem(key, maximumBytes: LabelKeyValidation.maximumCharacters * 4) {
            return fail("key \(problem)")
        }
        guard let table = object["table"] as? String, TableName.isValid(table) else {
            return fail(#""table" is missing or not a valid table name"#)
        }
        guard let requestedText = object["requested"] as? String, let requested = LanguageTag(requestedText) else {
            return fail(#""requested" is missing or not a well-formed BCP 47 tag"#)
        }
        guard let servedFrom = object["servedFrom"] as? String,
              LabelKeyValidation.problem(servedFrom, maximumBytes: 256) == nil else {
            return fail(#""servedFrom" is missing or not a short printable string"#)
        }
        // NSNumber bridging is exact: 1.5 and 2^70 are not Ints.
        guard let hits = object["hits"] as? Int, hits >= 1 else {
            return fail(#""hits" is not an integer from 1 to 2^53"#)
        }
        guard let first = (object["firstSeen"] as? String).flatMap(MissingReport.parseTimestamp),
              let last = (object["lastSeen"] as? String).flatMap(MissingReport.parseTimestamp) else {
            return fail(#""firstSeen" or "lastSeen" is missing or not an ISO 8601 UTC timestamp"#)
        }
        guard first <= last else { return fail(#""firstSeen" is after "lastSeen""#) }
        // A plural miss names its variable and category; both or neither.
        let plural = (object["variable"] as? String).flatMap { variable in
            (object["category"] as? String).flatMap(PluralCategory.init(rawValue:)).map { PluralMiss(variable: variable, category: $0) }
        }
        // Written since resolved entries exist; an older file has none (every entry open), and
        // one that is not a timestamp leaves the entry open rather than dropping it.
        let resolvedAt = (object["resolvedAt"] as? String).flatMap(MissingReport.parseTimestamp)
        let entry = MissingReport.Entry(key: key, table: table, requested: requested.rawValue, servedFrom: servedFrom,
                                        hits: hits.clampedCount, firstSeen: first, lastSeen: last, plural: plural,
                                        resolvedAt: resolvedAt)
        return .success((entry, hits > maximumHits))
    }

    // MARK: Writing

    /// Writes `bytes` to a temp file beside `path`, fsyncs it, renames it over
    /// `path` and fsyncs the directory (``AtomicFile``, shared with `import`).
    static func writeAtomically(_ bytes: [UInt8], to path: String, directory: String) throws(MissingReportError) {
        do throws(AtomicFile.WriteError) {
            try AtomicFile.write(bytes, to: path, directory: directory)
        } catch {
            throw .persistence(path: path, reason: error.reason)
        }
    }

    // MARK: Log lines

    private func warn(_ event: String, path: String, reason: String) {
        var line = JSONWriter()
        line.beginObject()
        line.field("event", event)
        line.field("level", "warning")
        line.field("path", path)
        line.field("reason", reason)
        line.endObject()
        log(line.text)
    }

    private func info(_ event: String, path: String) {
        var line = JSONWriter()
        line.beginObject()
        line.field("event", event)
        line.field("level", "info")
        line.field("path", path)
        line.endObject()
        log(line.text)
    }
}

extension MissingReportStore {
    struct FlushState: Sendable {
        /// The recorder generation `missing.json` holds.
        var persistedGeneration: UInt64
        /// The last write failed (logged once until a write succeeds).
        var failing = false
    }
}
