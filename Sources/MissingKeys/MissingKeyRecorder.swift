import BackgroundWork
package import Foundation
package import LabelCore

/// Counts missing hits per `(table, key, requested language)` in bounded memory.
///
/// ``record(table:key:requested:servedFrom:at:)`` runs on the request path of
/// every event loop, so it is one hash probe and a counter update under a
/// mutex; it never touches disk (``MissingReportStore`` persists snapshots
/// from its own thread).
///
/// Bounds: at most ``maxEntries`` entries, and keys longer than
/// ``maxKeyBytes`` UTF-8 bytes are never stored. **When full, new entries are
/// dropped and counted while existing entries keep counting**: a flood of
/// random keys cannot evict the real missing keys already collected, and
/// memory stays at the cap. Table names and tags longer than their validated
/// maxima (``TableName/maximumLength``, ``LanguageTag/maximumLength``) are
/// refused like long keys, so a caller that skipped validation cannot grow
/// memory either. Dictionary hashing is per-process seeded, so keys chosen to
/// collide cannot degrade the probe.
///
/// **Client-reported entries have their own, smaller quota**
/// (``maxReportedEntries``, default a tenth of ``maxEntries``): unauthenticated
/// `POST /missing` bodies can hold at most that many entries, so the misses the
/// server observes itself always have at least `maxEntries - maxReportedEntries`
/// slots. Reports beyond the quota are refused and counted
/// (``MissingReport/Dropped/reported``). An entry stays "reported" (and
/// `servedFrom` stays `client`) until a real request misses it; from then on it
/// counts as observed and frees its quota slot.
///
/// Every counter saturates at ``MissingReport/maximumCount`` (``Swift/Int/addingCount(_:)``):
/// no recording traps, even after restoring a file at the documented maximum.
///
/// Each new entry is also emitted to `log` as one JSON line
/// (`{"event":"missing_key",...}`), built and emitted after the lock is released.
package final class MissingKeyRecorder: Sendable {
    package static let defaultMaxEntries = 10_000
    /// The most entries a report may be configured to keep (`--missing-max-entries`); a
    /// peer's page claiming more is refused.
    package static let maximumMaxEntries = 10_000_000
    package static let defaultMaxKeyBytes = 256
    /// Most items accepted in one client report.
    static let maximumReportedItems = 1_000
    /// Largest client report body: 1,000 items of maximal key, table and tag fit.
    package static let maximumReportedBodyBytes = 1 << 20

    /// What one recording did.
    package enum Outcome: Sendable, Hashable {
        /// A new entry was stored (and logged).
        case added
        /// An existing entry was counted.
        case counted
        /// Refused: the report already holds ``MissingKeyRecorder/maxEntries`` entries.
        case droppedFull
        /// Refused: the key (or table, or tag) is too long.
        case droppedLongKey
        /// Refused: a client-reported entry beyond ``MissingKeyRecorder/maxReportedEntries``.
        case droppedReported
    }

    /// Cheap totals for metrics, without copying the entries.
    package struct Statistics: Sendable, Hashable {
        package var entries: Int
        package var hits: Int
        package var dropped: MissingReport.Dropped
    }

    package let maxEntries: Int
    package let maxKeyBytes: Int
    /// Most entries created by client reports (`POST /missing`), within ``maxEntries``.
    package let maxReportedEntries: Int
    /// The `servedFrom` of entries only clients reported.
    static let reportedSource = "client"
    /// The longest key a client may report (`POST /missing`), in Unicode
    /// scalars, as openapi.yaml's `maxLength` counts them.
    static let maximumReportedKeyCharacters = LabelKeyValidation.maximumCharacters
    private let log: @Sendable (String) -> Void
    let state: Guarded<State>

    /// - Parameters:
    ///   - maxEntries: Most `(table, key, requested)` entries kept (at least 1).
    ///   - maxKeyBytes: Longest key stored, in UTF-8 bytes (at least 1).
    ///   - maxReportedEntries: Most client-reported entries (default a tenth of
    ///     `maxEntries`, at least 1; at most `maxEntries`).
    ///   - since: Start of the counting period shown in the report.
    ///   - log: Receives one JSON object line (no newline) per new entry and
    ///     once when a bound first starts dropping; called on the recording thread.
    package init(maxEntries: Int = defaultMaxEntries, maxKeyBytes: Int = defaultMaxKeyBytes,
                maxReportedEntries: Int? = nil,
                since: Date = Date(), log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.maxEntries = max(1, maxEntries)
        self.maxKeyBytes = max(1, maxKeyBytes)
        self.maxReportedEntries = min(self.maxEntries, max(1, maxReportedEntries ?? self.maxEntries / 10))
        self.log = log
        state = Guarded(State(since: since))
    }

    /// Counts one missing hit.
    ///
    /// - Parameters:
    ///   - table: The table asked for (already validated by the caller).
    ///   - key: The key asked for.
    ///   - requested: The canonical requested tag (`LanguageTag.rawValue`).
    ///   - servedFrom: The `source` the value came from (`framework/en`, `key`);
    ///     the latest one wins, as a translation may since have arrived in a fallback.
    ///   - at: When; kept as first seen for a new entry and as last seen always.
    @discardableResult
    package func record(table: String, key: String, requested: String, servedFrom: String, at: Date,
                       plural: PluralMiss? = nil) -> Outcome {
        record(table: table, key: key, requested: requested, servedFrom: servedFrom, at: at, plural: plural, reported: false)
    }

    /// `reported`: the miss comes from a client's report, not from a request the server answered.
    private func record(table: String, key: String, requested: String, servedFrom: String, at: Date,
                        plural: PluralMiss?, reported: Bool) -> Outcome {
        // utf8.count is O(1) for native strings: the length check costs nothing.
        guard key.utf8.count <= maxKeyBytes, table.utf8.count <= TableName.maximumLength,
              requested.utf8.count <= LanguageTag.maximumLength else {
            let first = state.withLock { state in
                state.dropped.longKeys = state.dropped.longKeys.addingCount(1)
                state.generation &+= 1
                defer { state.loggedLongKeyDrop = true }
                return !state.loggedLongKeyDrop
            }
            if first { logDropStarted("missing_key_too_long", at: at) }
            return .droppedLongKey
        }
        let id = EntryID(table: table, key: key, requested: requested, plural: plural)
        let (outcome, firstDrop) = state.withLock { state -> (Outcome, Bool) in
            state.generation &+= 1
            if let index = state.entries.index(forKey: id) {
                if reported {
                    // A client's word never replaces what the server observed, and never
                    // reopens a resolved entry (the server serves it; the app's copy is stale).
                    state.entries.values[index].countReported(at: at)
                } else {
                    // The server missed it again with the catalog it serves now: open again.
                    state.entries.values[index].resolvedAt = nil
                    let wasReported = state.entries.values[index].reported
                    state.entries.values[index].count(servedFrom: servedFrom, at: at)
                    if wasReported {
                        // The first observation replaces `client` whatever the clocks say.
                        state.entries.values[index].reported = false
                        state.entries.values[index].servedFrom = servedFrom
                        state.reportedEntries -= 1
                    }
                }
                state.hits = state.hits.addingCount(1)
                return (.counted, false)
            }
            // Full: a resolved entry makes room (the oldest resolved goes) before a new miss is dropped.
            guard state.entries.count < maxEntries || state.evictOldestResolved() else {
                state.dropped.newEntries = state.dropped.newEntries.addingCount(1)
                defer { state.loggedFull = true }
                return (.droppedFull, !state.loggedFull)
            }
            if reported {
                guard state.reportedEntries < maxReportedEntries else {
                    state.dropped.reported = state.dropped.reported.addingCount(1)
                    defer { state.loggedReportedFull = true }
                    return (.droppedReported, !state.loggedReportedFull)
                }
                state.reportedEntries += 1
            }
            state.entries[id] = Stats(hits: 1, firstSeen: at, lastSeen: at, servedFrom: servedFrom, reported: reported)
            state.hits = state.hits.addingCount(1)
            return (.added, false)
        }
        // The lock is released: building and emitting log lines never delays other recorders.
        if outcome == .added { logNewEntry(id, servedFrom: servedFrom, at: at) }
        if firstDrop {
            logDropStarted(outcome == .droppedReported ? "missing_report_reported_quota_full" : "missing_report_full", at: at)
        }
        return outcome
    }

    /// A copy of the whole report, in report order.
    package func snapshot() -> MissingReport { snapshotWithGeneration().report }

    /// Totals for metrics (one lock, no copy).
    package func statistics() -> Statistics {
        state.withLock { Statistics(entries: $0.entries.count, hits: $0.hits, dropped: $0.dropped) }
    }

    /// Forgets all entries and counters and restarts the period at `since`.
    package func reset(since: Date = Date()) {
        state.withLock { state in
            let generation = state.generation &+ 1
            state = State(since: since)
            state.generation = generation
        }
    }

    /// Marks the open entries among `ids` resolved at `at` (a reload's time); an entry
    /// already resolved keeps its first time.
    ///
    /// - Returns: how many entries changed.
    @discardableResult
    package func markResolved(_ ids: some Sequence<EntryID>, at: Date) -> Int {
        state.withLock { state in
            var changed = 0
            for id in ids {
                guard let index = state.entries.index(forKey: id), state.entries.values[index].resolvedAt == nil else { continue }
                state.entries.values[index].resolvedAt = at
                changed += 1
            }
            if changed > 0 {
                state.generation &+= 1
                state.mayHoldResolved = true
            }
            return changed
        }
    }

    /// Removes every entry matching all the given filters: `key`, `requested` (canonical
    /// tag), `table`; a nil filter matches any (plural misses included).
    ///
    /// - Returns: how many entries went.
    package func remove(key: String?, requested: String?, table: String?) -> Int {
        state.withLock { state in
            let gone = state.entries.keys.filter { id in
                (key == nil || id.key == key) && (requested == nil || id.requested == requested)
                    && (table == nil || id.table == table)
            }
            for id in gone {
                guard let stats = state.entries.removeValue(forKey: id) else { continue }
                state.hits = max(0, state.hits - stats.hits)
                if stats.reported { state.reportedEntries -= 1 }
            }
            if !gone.isEmpty { state.generation &+= 1 }
            return gone.count
        }
    }

    // MARK: - For MissingReportStore

    /// The report and the change counter it corresponds to, taken under one lock.
    ///
    /// Only the dictionary is retained under the lock; the copy-on-write copy
    /// is paid by the next recording, and the sort happens outside.
    package func snapshotWithGeneration() -> (report: MissingReport, generation: UInt64) {
        let (entries, dropped, since, generation) = state.withLock {
            ($0.entries, $0.dropped, $0.since, $0.generation)
        }
        let list = entries.map { id, stats in
            MissingReport.Entry(key: id.key, table: id.table, requested: id.requested, servedFrom: stats.servedFrom,
                                hits: stats.hits, firstSeen: stats.firstSeen, lastSeen: stats.lastSeen, plural: id.plural,
                                resolvedAt: stats.resolvedAt)
        }
        let limits = MissingReport.Limits(maxEntries: maxEntries, maxKeyBytes: maxKeyBytes,
                                          maxReportedEntries: maxReportedEntries)
        return (MissingReport(entries: list, dropped: dropped, since: since, limits: limits), generation)
    }

    /// The change counter: it moves on every recording, drop or reset.
    package var generation: UInt64 { state.withLock { $0.generation } }

    /// Replaces the state with a loaded report, returning the generation it now corresponds to.
    ///
    /// Entries beyond the current bounds (the limits were lowered since the
    /// file was written) are dropped, fewest hits first, and their hits counted.
    /// Every count is clamped to `0...MissingReport.maximumCount` and every sum saturates
    /// there, so a file at the documented maximum never makes a later recording trap.
    @discardableResult
    package func restore(_ report: MissingReport) -> UInt64 {
        var restored = State(since: report.since)
        restored.dropped = MissingReport.Dropped(newEntries: report.dropped.newEntries.clampedCount,
                                                 longKeys: report.dropped.longKeys.clampedCount,
                                                 reported: report.dropped.reported.clampedCount)
        restored.entries.reserveCapacity(min(report.entries.count, maxEntries))
        for entry in report.entries { // report order: most hits first
            let id = EntryID(table: entry.table, key: entry.key, requested: entry.requested, plural: entry.plural)
            if entry.key.utf8.count > maxKeyBytes || entry.table.utf8.count > TableName.maximumLength
                || entry.requested.utf8.count > LanguageTag.maximumLength {
                restored.dropped.longKeys = restored.dropped.longKeys.addingCount(entry.hits)
            } else if let index = restored.entries.index(forKey: id) {
                // A duplicate in the file (hand-merged, or two replicas' reports): the
                // latest sighting's source wins, as for live recordings. Hits are bounded
                // on load; the sums saturate rather than trap.
                restored.entries.values[index].merge(hits: entry.hits, firstSeen: entry.firstSeen,
                                                     lastSeen: entry.lastSeen, servedFrom: entry.servedFrom)
                if entry.resolvedAt == nil { restored.entries.values[index].resolvedAt = nil }
                restored.hits = restored.hits.addingCount(entry.hits)
            } else if restored.entries.count >= maxEntries {
                restored.dropped.newEntries = restored.dropped.newEntries.addingCount(entry.hits)
            } else if entry.servedFrom == Self.reportedSource && restored.reportedEntries >= maxReportedEntries {
                restored.dropped.reported = restored.dropped.reported.addingCount(entry.hits)
            } else {
                let reported = entry.servedFrom == Self.reportedSource
                if reported { restored.reportedEntries += 1 }
                restored.entries[id] = Stats(hits: entry.hits.clampedCount, firstSeen: entry.firstSeen,
                                             lastSeen: entry.lastSeen, servedFrom: entry.servedFrom, reported: reported,
                                             resolvedAt: entry.resolvedAt)
                if entry.resolvedAt != nil { restored.mayHoldResolved = true }
                restored.hits = restored.hits.addingCount(entry.hits)
            }
        }
        return state.withLock { state in
            restored.generation = state.generation &+ 1
            state = restored
            return restored.generation
        }
    }

    // MARK: - Log lines

    private func logNewEntry(_ id: EntryID, servedFrom: String, at: Date) {
        var line = JSONWriter(capacity: 160 + id.key.utf8.count)
        line.beginObject()
        line.field("event", "missing_key")
        line.field("table", id.table)
        line.field("key", id.key)
        line.field("requested", id.requested)
        line.field("servedFrom", servedFrom)
        if let plural = id.plural {
            line.field("variable", plural.variable)
            line.field("category", plural.category.rawValue)
        }
        line.field("at", MissingReport.timestamp(at))
        line.endObject()
        log(line.text)
    }

    private func logDropStarted(_ event: String, at: Date) {
        var line = JSONWriter()
        line.beginObject()
        line.field("event", event)
        line.field("maxEntries", maxEntries)
        line.field("maxKeyBytes", maxKeyBytes)
        line.field("at", MissingReport.timestamp(at))
        line.endObject()
        log(line.text)
    }
}

extension MissingKeyRecorder {
    package struct EntryID: Hashable, Sendable {
        package var table: String
        package var key: String
        package var requested: String
        /// A plural miss is its own entry: translators owe that form separately.
        package var plural: PluralMiss?

        package init(table: String, key: String, requested: String, plural: PluralMiss? = nil) {
            self.table = table
            self.key = key
            self.requested = requested
            self.plural = plural
        }

        /// A total order for ties (dictionary order is not stable across runs).
        var tieOrder: [String] {
            [table, key, requested, plural?.variable ?? "", plural?.category.rawValue ?? ""]
        }
    }

    struct Stats: Sendable {
        var hits: Int
        var firstSeen: Date
        var lastSeen: Date
        var servedFrom: String
        /// Only clients reported it; no request the server answered has missed it yet.
        var reported = false
        /// When a reload first served it from the requested language's own chain; nil while open.
        var resolvedAt: Date?

        /// A client report: counts and moves the dates, keeps the observed source.
        mutating func countReported(at: Date) {
            hits = hits.addingCount(1)
            if at > lastSeen { lastSeen = at }
            if at < firstSeen { firstSeen = at }
        }

        mutating func count(servedFrom source: String, at: Date) {
            hits = hits.addingCount(1)
            // Recordings from several loops can arrive slightly out of order:
            // the newest timestamp, and its source, win.
            if at >= lastSeen {
                lastSeen = at
                servedFrom = source
            }
            if at < firstSeen { firstSeen = at }
        }

        mutating func merge(hits more: Int, firstSeen first: Date, lastSeen last: Date, servedFrom source: String) {
            hits = hits.addingCount(more)
            if last >= lastSeen {
                lastSeen = last
                servedFrom = source
            }
            if first < firstSeen { firstSeen = first }
        }
    }

    struct State: Sendable {
        var entries: [EntryID: Stats] = [:]
        var hits = 0
        /// Entries with `reported` set, bounded by `maxReportedEntries`.
        var reportedEntries = 0
        var dropped = MissingReport.Dropped()
        var since: Date
        /// Moves on every change, so the store can tell whether a write is due.
        var generation: UInt64 = 0
        /// Drop warnings are logged once per period, not once per dropped hit.
        var loggedFull = false
        var loggedLongKeyDrop = false
        var loggedReportedFull = false
        /// False once a scan found no resolved entry, until one is marked resolved or
        /// restored: a flood of new misses at the cap then costs no walk of the entries each.
        var mayHoldResolved = false

        init(since: Date) { self.since = since }

        /// Removes the resolved entry resolved longest ago (on a tie, the first in key
        /// order), releasing its reported slot and its hits.
        ///
        /// - Returns: false when no entry is resolved (nothing removed).
        mutating func evictOldestResolved() -> Bool {
            guard mayHoldResolved else { return false }
            var oldest: (id: EntryID, at: Date)?
            for (id, stats) in entries {
                guard let at = stats.resolvedAt else { continue }
                if let current = oldest {
                    if at > current.at { continue }
                    if at == current.at, !id.tieOrder.lexicographicallyPrecedes(current.id.tieOrder) { continue }
                }
                oldest = (id, at)
            }
            guard let victim = oldest?.id, let stats = entries.removeValue(forKey: victim) else {
                mayHoldResolved = false
                return false
            }
            hits = max(0, hits - stats.hits)
            if stats.reported { reportedEntries -= 1 }
            return true
        }
    }
}

// MARK: - Client-reported misses

extension MissingKeyRecorder {
    /// What one client report did.
    package struct ReportSummary: Sendable, Hashable {
        /// Items counted (new or existing entries).
        package var recorded: Int
        /// Of those, items that created an entry.
        package var added: Int
        /// Items refused because the report is full, the key too long, or the
        /// client-reported quota used up (counted in the drop counters).
        package var dropped: Int
        /// Of those, items refused by the client-reported quota.
        package var refusedByQuota: Int = 0
    }

    /// Records the misses a client found locally (`POST /missing`).
    ///
    /// The body is a JSON array of objects:
    /// `[{"key": "Play", "lang": "de-AT", "table": "Accessibility"}, …]`.
    /// `key` (non-empty, at most ``maximumReportedKeyCharacters`` characters;
    /// one longer than ``maxKeyBytes`` bytes is counted as a dropped long key,
    /// like a request's) and `lang` (a
    /// well-formed BCP 47 tag, `_` accepted, canonicalized) are required; `table`
    /// is optional (default `defaultTable`) and must be a valid table name.
    /// Other fields are ignored, for forward compatibility. At most
    /// ``maximumReportedItems`` items and ``maximumReportedBodyBytes`` bytes.
    ///
    /// All items are validated before any is recorded, so a refused body
    /// records nothing and the client can resend it fixed.
    ///
    /// - Throws: ``MissingReportError`` naming the offending item's index and field.
    @discardableResult
    package func recordReported(_ body: [UInt8], servedFrom: String = reportedSource, at: Date = Date(),
                               defaultTable: String = "Localizable") throws(MissingReportError) -> ReportSummary {
        let items = try Self.parseReported(body, defaultTable: defaultTable)
        var summary = ReportSummary(recorded: 0, added: 0, dropped: 0)
        for item in items {
            switch record(table: item.table, key: item.key, requested: item.requested, servedFrom: servedFrom, at: at,
                          plural: item.plural, reported: true) {
            case .added: summary.recorded += 1; summary.added += 1
            case .counted: summary.recorded += 1
            case .droppedFull, .droppedLongKey: summary.dropped += 1
            case .droppedReported: summary.dropped += 1; summary.refusedByQuota += 1
            }
        }
        return summary
    }

    /// Validates a reported body into `(table, key, requested)` triples.
    package static func parseReported(_ body: [UInt8], defaultTable: String) throws(MissingReportError) -> [EntryID] {
        guard body.count <= maximumReportedBodyBytes else {
            throw .bodyTooLarge(bytes: body.count, limit: maximumReportedBodyBytes)
        }
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
        } catch {
            throw .malformedJSON(reason: Self.shortReason(error))
        }
        guard let array = parsed as? [Any] else { throw .notAnArray }
        guard array.count <= maximumReportedItems else {
            throw .tooManyItems(count: array.count, limit: maximumReportedItems)
        }
        var items: [EntryID] = []
        items.reserveCapacity(array.count)
        for (index, element) in array.enumerated() {
            guard let object = element as? [String: Any] else { throw .itemNotAnObject(index: index) }
            guard let key = object["key"] as? String else {
                throw .invalidField(index: index, field: "key", reason: object["key"] == nil ? "is missing" : "must be a string")
            }
            // The rules of GET /labels/{key}; a key over the report's byte limit is then counted as dropped.
            if let problem = LabelKeyValidation.problem(key, maximumBytes: LabelKeyValidation.maximumCharacters * 4) {
                throw .invalidField(index: index, field: "key", reason: problem.description)
            }
            guard let langText = object["lang"] as? String else {
                throw .invalidField(index: index, field: "lang", reason: object["lang"] == nil ? "is missing" : "must be a string")
            }
            guard let lang = LanguageTag(langText) else {
                throw .invalidField(index: index, field: "lang", reason: "is not a well-formed BCP 47 language tag")
            }
            let table: String
            switch object["table"] {
            case nil: table = defaultTable
            case let text as String:
                guard TableName.isValid(text) else {
                    throw .invalidField(index: index, field: "table",
                                        reason: "must be 1 to \(TableName.maximumLength) letters, digits, '_', '-' or '.', not starting with '.'")
                }
                table = text
            default:
                throw .invalidField(index: index, field: "table", reason: "must be a string")
            }
            items.append(EntryID(table: table, key: key, requested: lang.rawValue))
        }
        return items
    }

    /// Foundation's parse errors carry the useful part in the debug description.
    private static func shortReason(_ error: any Error) -> String {
        let nsError = error as NSError
        let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
        return String(detail.prefix(200))
    }
}
