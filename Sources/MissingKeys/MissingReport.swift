package import LabelCore
package import Foundation

/// A snapshot of the missing-key report: entries sorted by hits, drop counters, and since when.
///
/// A value taken from ``MissingKeyRecorder/snapshot()``; filtering and
/// rendering work on the copy, so the request path never waits for a report
/// being rendered. Entries are always in report order: hits descending, then
/// last seen descending (most recent first), then table, key and requested
/// language, so equal reports render byte-identically.
package struct MissingReport: Sendable, Hashable {
    /// One `(table, key, requested language)` that was not served in the requested language.
    package struct Entry: Sendable, Hashable {
        package var key: String
        package var table: String
        /// The canonical tag the client asked for (`de-AT`).
        package var requested: String
        /// Where the value came from the last time: `framework/en`, `key`, or `client` for reported misses.
        package var servedFrom: String
        package var hits: Int
        package var firstSeen: Date
        package var lastSeen: Date
        /// For a plural miss (the language was found but lacks the category a
        /// count selected): the variable and the category it lacks. `nil` for a plain miss.
        package var plural: PluralMiss?
        /// When a reload first served the key from the requested language's own chain (the
        /// reload's time); `nil` while it is open. Resolved entries leave the default view.
        package var resolvedAt: Date?

        /// An entry the report never recorded: a key the development language has and the
        /// requested language lacks, added by `include=untranslated` (hits 0, no dates).
        package var isUntranslated: Bool { hits == 0 }

        package init(key: String, table: String, requested: String, servedFrom: String,
                    hits: Int, firstSeen: Date, lastSeen: Date, plural: PluralMiss? = nil, resolvedAt: Date? = nil) {
            self.plural = plural
            self.resolvedAt = resolvedAt
            self.key = key
            self.table = table
            self.requested = requested
            self.servedFrom = servedFrom
            self.hits = hits
            self.firstSeen = firstSeen
            self.lastSeen = lastSeen
        }
    }

    /// What the bounds refused, counted in recordings (hits), since ``since``.
    ///
    /// Counters are global: report filters do not apply to them, because a
    /// dropped recording is by definition not stored with its table or language.
    package struct Dropped: Sendable, Hashable {
        /// Recordings of a not-yet-stored entry refused because the report was full.
        /// The same unseen key recorded twice counts twice: telling them apart would need storing it.
        package var newEntries: Int
        /// Recordings refused because the key (or table, or tag) was longer than the limit.
        package var longKeys: Int
        /// Client-reported items (`POST /missing`) refused because client reports
        /// already hold their quota (``Limits/maxReportedEntries``) of entries.
        package var reported: Int

        /// All refused recordings (at most ``MissingReport/maximumCount``).
        package var hits: Int { newEntries.addingCount(longKeys).addingCount(reported) }

        package init(newEntries: Int = 0, longKeys: Int = 0, reported: Int = 0) {
            self.newEntries = newEntries
            self.longKeys = longKeys
            self.reported = reported
        }
    }

    /// The bounds in force when the snapshot was taken, shown so that drop counters can be read.
    package struct Limits: Sendable, Hashable {
        package var maxEntries: Int
        package var maxKeyBytes: Int
        /// Of ``maxEntries``, most created by client reports.
        package var maxReportedEntries: Int

        package init(maxEntries: Int, maxKeyBytes: Int, maxReportedEntries: Int? = nil) {
            self.maxEntries = maxEntries
            self.maxKeyBytes = maxKeyBytes
            self.maxReportedEntries = maxReportedEntries ?? max(1, maxEntries / 10)
        }
    }

    /// The entries in report order.
    package let entries: [Entry]
    package var dropped: Dropped
    /// When counting started: the first start with an empty state directory, or the last reset.
    package var since: Date
    package var limits: Limits

    /// Builds a report, putting `entries` in report order.
    package init(entries: [Entry], dropped: Dropped = Dropped(), since: Date,
                limits: Limits = Limits(maxEntries: MissingKeyRecorder.defaultMaxEntries,
                                        maxKeyBytes: MissingKeyRecorder.defaultMaxKeyBytes)) {
        self.entries = entries.sorted(by: Self.reportOrder)
        self.dropped = dropped
        self.since = since
        self.limits = limits
    }

    /// Entries already in report order (filtering keeps the order; no re-sort).
    init(ordered entries: [Entry], copying other: MissingReport) {
        self.entries = entries
        self.dropped = other.dropped
        self.since = other.since
        self.limits = other.limits
    }

    /// Sum of hits over the entries (at most ``maximumCount``).
    package var totalHits: Int { entries.reduce(0) { $0.addingCount($1.hits) } }

    /// The largest count (hits, drop counters, totals) a report holds, reads or writes:
    /// 2^53, the largest integer a JSON number carries exactly. Every count saturates here
    /// (``Swift/Int/addingCount(_:)``), so no count from a state file, a client's report or
    /// a long uptime reaches arithmetic that traps, and what one process writes another reads.
    package static let maximumCount = 1 << 53

    /// The entries for one requested language and/or one table; `nil` keeps all.
    ///
    /// `lang` matches the requested tag exactly after canonicalization
    /// (`de_at` finds `de-AT`; `de` does not include `de-AT`, which is a separate
    /// `.lproj` for translators). `table` matches exactly, as table names are file names.
    package func filtered(lang: String? = nil, table: String? = nil) -> MissingReport {
        guard lang != nil || table != nil else { return self }
        let wantedLang = lang.map { LanguageTag($0)?.rawValue ?? $0 }
        let kept = entries.filter { entry in
            (wantedLang == nil || entry.requested == wantedLang) && (table == nil || entry.table == table)
        }
        return MissingReport(ordered: kept, copying: self)
    }

    /// Which entries a view shows: ``View/open`` (the default), ``View/resolved`` or ``View/all``.
    package func filtered(view: View) -> MissingReport {
        switch view {
        case .all: self
        case .open: filtered { $0.resolvedAt == nil }
        case .resolved: filtered { $0.resolvedAt != nil }
        }
    }

    /// This report with `extra` entries after its own, in that order (no re-sort).
    package func appending(_ extra: [Entry]) -> MissingReport {
        extra.isEmpty ? self : MissingReport(ordered: entries + extra, copying: self)
    }

    /// The entries satisfying `isIncluded`, in report order (for searches).
    package func filtered(_ isIncluded: (Entry) -> Bool) -> MissingReport {
        MissingReport(ordered: entries.filter(isIncluded), copying: self)
    }

    /// Hits descending, then last seen descending, then table, key, requested: a total order.
    static func reportOrder(_ a: Entry, _ b: Entry) -> Bool {
        if a.hits != b.hits { return a.hits > b.hits }
        if a.lastSeen != b.lastSeen { return a.lastSeen > b.lastSeen }
        if a.table != b.table { return a.table < b.table }
        if a.key != b.key { return a.key < b.key }
        if a.requested != b.requested { return a.requested < b.requested }
        return (a.plural?.variable ?? "", a.plural?.category.rawValue ?? "") < (b.plural?.variable ?? "", b.plural?.category.rawValue ?? "")
    }
}

extension MissingReport {
    /// `state` of `GET /missing`: which entries are listed.
    package enum View: String, Sendable, Hashable, CaseIterable {
        /// Entries still missing: the default view and every export.
        case open
        /// Entries a reload has since served from the requested language's own chain.
        case resolved
        /// Both.
        case all
    }
}

extension Int {
    /// This count clamped to `0...MissingReport.maximumCount` (a negative count counts nothing).
    var clampedCount: Int { Swift.min(Swift.max(0, self), MissingReport.maximumCount) }

    /// The sum of two counts, each clamped first, saturating at ``MissingReport/maximumCount``:
    /// never traps, whatever the operands.
    func addingCount(_ other: Int) -> Int {
        // Both operands are at most 2^53: the sum cannot overflow.
        Swift.min(clampedCount + other.clampedCount, MissingReport.maximumCount)
    }
}
