import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps a ``MissingKeyRecorder`` durable in `<stateDirectory>/missing.json`.
///
/// - Load: at init. A missing file starts empty; a corrupt or unreadable one
///   is logged, moved aside to `missing.json.corrupt-<UTC timestamp>` and the
///   report starts empty: the server never fails to start over its report.
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
/// and retried at the next tick.
public final class MissingReportStore: Sendable {
    public let recorder: MissingKeyRecorder
    /// `<stateDirectory>/missing.json`.
    public let fileURL: URL
    private let directoryPath: String
    private let log: @Sendable (String) -> Void
    /// Held for a whole write, so flushes from the timer, `stop()` and `reset()` never interleave.
    private let flushState: Mutex<FlushState>
    private let timer = Mutex<TimerBox?>(nil)
    private let queue = DispatchQueue(label: "label-server.missing-report-flush")

    /// The file name inside the state directory.
    public static let fileName = "missing.json"

    /// Opens the store and loads the report into `recorder` (replacing its state).
    ///
    /// Create it before the server starts recording. Never throws: problems are
    /// logged to `log` as JSON lines with `"level":"warning"`.
    public init(stateDirectory: URL, recorder: MissingKeyRecorder,
                log: @escaping @Sendable (String) -> Void = { _ in }, now: Date = Date()) {
        self.recorder = recorder
        self.log = log
        directoryPath = stateDirectory.path
        fileURL = stateDirectory.appendingPathComponent(Self.fileName)
        flushState = Mutex(FlushState(persistedGeneration: recorder.generation))
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
    public func flushIfDirty() throws(MissingReportError) -> Bool {
        try flushState.withLock { (state: inout FlushState) throws(MissingReportError) -> Bool in
            let (report, generation) = recorder.snapshotWithGeneration()
            guard generation != state.persistedGeneration else { return false }
            do throws(MissingReportError) {
                try Self.writeAtomically(report.jsonBytes(), to: fileURL.path, directory: directoryPath)
            } catch {
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
    public func startFlushing(every interval: Duration = .seconds(1)) {
        let (seconds, attoseconds) = interval.components
        let nanoseconds = max(1_000_000, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        let source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds),
                        leeway: .nanoseconds(nanoseconds / 20))
        source.setEventHandler { [weak self] in
            // Failures are logged inside, once; the next tick retries.
            _ = try? self?.flushIfDirty()
        }
        let previous = timer.withLock { box in
            let previous = box
            box = TimerBox(source: source)
            return previous
        }
        previous?.source.cancel()
        source.resume()
    }

    /// Stops the background flushing and flushes once more (call on SIGTERM).
    ///
    /// Safe to call more than once. A final write failure is logged. Takes
    /// locks, so call it from the shutdown path, not from a raw signal handler.
    public func stop() {
        let box = timer.withLock { box in
            let current = box
            box = nil
            return current
        }
        box?.source.cancel()
        // flushIfDirty waits for a flush in progress, then writes the latest state.
        _ = try? flushIfDirty()
    }

    /// Clears all entries and counters (`DELETE /missing`) and persists the empty report.
    ///
    /// - Throws: ``MissingReportError/persistence(path:reason:)``; the report
    ///   is cleared in memory even then, and the next flush retries the write.
    public func reset(at now: Date = Date()) throws(MissingReportError) {
        recorder.reset(since: now)
        try flushIfDirty()
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
            let report = try Self.decode(bytes)
            let generation = recorder.restore(report)
            flushState.withLock { $0.persistedGeneration = generation }
            var line = JSONWriter()
            line.beginObject()
            line.field("event", "missing_report_loaded")
            line.field("level", "info")
            line.field("path", path)
            line.field("entries", report.entries.count)
            line.endObject()
            log(line.text)
        } catch {
            moveAside(path: path, reason: error.reason, now: now)
        }
    }

    /// Renames a bad file out of the way so that it is kept for inspection and not overwritten.
    private func moveAside(path: String, reason: String, now: Date) {
        let stamp = MissingReport.timestamp(now, fractional: false)
            .replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
        var target = "\(path).corrupt-\(stamp)"
        var suffix = 1
        while FileManager.default.fileExists(atPath: target) {
            target = "\(path).corrupt-\(stamp)-\(suffix)"
            suffix += 1
        }
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

    struct DecodeError: Error {
        var reason: String
    }

    /// Reads back what ``MissingReport/jsonBytes()`` wrote; anything else is a ``DecodeError``.
    static func decode(_ bytes: [UInt8]) throws(DecodeError) -> MissingReport {
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
        for (index, element) in list.enumerated() {
            guard let object = element as? [String: Any],
                  let key = object["key"] as? String, let table = object["table"] as? String,
                  let requested = object["requested"] as? String, let servedFrom = object["servedFrom"] as? String,
                  let hits = object["hits"] as? Int, hits > 0,
                  let first = (object["firstSeen"] as? String).flatMap(MissingReport.parseTimestamp),
                  let last = (object["lastSeen"] as? String).flatMap(MissingReport.parseTimestamp) else {
                throw DecodeError(reason: "entry \(index) is incomplete or mistyped")
            }
            // A plural miss names its variable and category; both or neither.
            let plural = (object["variable"] as? String).flatMap { variable in
                (object["category"] as? String).flatMap(PluralCategory.init(rawValue:)).map { PluralMiss(variable: variable, category: $0) }
            }
            entries.append(MissingReport.Entry(key: key, table: table, requested: requested, servedFrom: servedFrom,
                                               hits: hits, firstSeen: first, lastSeen: last, plural: plural))
        }
        var dropped = MissingReport.Dropped()
        if let object = root["dropped"] as? [String: Any] {
            dropped.newEntries = max(0, object["newEntries"] as? Int ?? 0)
            dropped.longKeys = max(0, object["longKeys"] as? Int ?? 0)
        }
        guard let since = (root["since"] as? String).flatMap(MissingReport.parseTimestamp) else {
            throw DecodeError(reason: #""since" is missing or not an ISO 8601 UTC timestamp"#)
        }
        return MissingReport(entries: entries, dropped: dropped, since: since)
    }

    // MARK: Writing

    /// Writes `bytes` to a temp file beside `path`, fsyncs it, renames it over
    /// `path` and fsyncs the directory. The temp file never survives a failure.
    static func writeAtomically(_ bytes: [UInt8], to path: String, directory: String) throws(MissingReportError) {
        let temp = "\(path).tmp-\(getpid())"
        func failure(_ step: String) -> MissingReportError {
            let reason = "\(step): \(String(cString: strerror(errno)))"
            unlink(temp)
            return .persistence(path: path, reason: reason)
        }
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure("open \(temp)") }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                let error = failure("write")
                close(fd)
                throw error
            }
            written += count
        }
        // The data must be on disk before the rename makes it the file, or a
        // crash could leave an empty missing.json.
        guard fsync(fd) == 0 else {
            let error = failure("fsync")
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw failure("close") }
        guard rename(temp, path) == 0 else { throw failure("rename") }
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            // Best effort: some file systems refuse fsync on directories.
            _ = fsync(directoryFD)
            close(directoryFD)
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

    /// Dispatch sources are thread-safe; the box lets one sit in a `Mutex`.
    struct TimerBox: @unchecked Sendable {
        let source: any DispatchSourceTimer
    }
}
