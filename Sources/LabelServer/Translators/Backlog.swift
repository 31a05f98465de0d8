import BackgroundWork
import Foundation
import LabelCore
import MissingKeys

/// What `GET /missing` derives from the served catalog, once per catalog load: the
/// untranslated keys of a language (`include=untranslated`) and the sweep that marks
/// entries resolved once a reload serves them from the requested language's own chain
/// (docs/decisions/missing-backlog.md).
///
/// Both are computed off the event loops: the route answers inline only when what it
/// needs is here (``untranslated(_:)`` and ``isSwept(_:)``), else it throws
/// `LabelRoute.NotBuilt` and the dispatcher runs it again on the builds worker.
final class Backlog: Sendable {
    /// At most this many untranslated keys are added to one answer; the answer says how
    /// many there are (`untranslated.total`, `X-Untranslated-Total`). Narrow it with `table`.
    static let maximumUntranslated = 10_000
    /// Lists kept per catalog load (language and table); beyond this the oldest goes.
    static let maximumLists = 16

    /// The keys of one language (and table, or all tables) the development language has and
    /// the language's chain lacks, in table then key order, at most ``maximumUntranslated``.
    struct Untranslated: Sendable {
        let entries: [MissingReport.Entry]
        /// All such keys, included or not.
        let total: Int
        var truncated: Bool { total > entries.count }
    }

    struct ListKey: Hashable, Sendable {
        /// Nil: every language of the store but the development language, one after the other.
        var language: String?
        var table: String?
    }

    private struct State {
        /// The catalog load (``ServiceState/loadedAt``) the lists and the sweep are of.
        var loadedAt: Date?
        var lists: [ListKey: Untranslated] = [:]
        /// The keys of `lists`, oldest first.
        var order: [ListKey] = []
        /// Per table, the development language's keys sorted: every list walks them.
        var sortedKeys: [String: [String]] = [:]
        /// The catalog load whose resolved entries are marked.
        var sweptLoad: Date?

        /// Forgets what was derived from another catalog load.
        mutating func adopt(_ load: Date) {
            guard loadedAt != load else { return }
            loadedAt = load
            lists = [:]
            order = []
            sortedKeys = [:]
        }

        mutating func keep(_ list: Untranslated, for key: ListKey) {
            if lists.updateValue(list, forKey: key) == nil { order.append(key) }
            while order.count > Backlog.maximumLists { lists[order.removeFirst()] = nil }
        }
    }

    private let state = Guarded(State())

    /// The cached list for `key` under `serving`'s catalog, or nil when it is not computed.
    func cached(_ key: ListKey, serving: ServiceState) -> Untranslated? {
        state.withLock { $0.loadedAt == serving.loadedAt ? $0.lists[key] : nil }
    }

    /// The list for `key`, computed (never on an event loop) when not cached.
    func untranslated(_ key: ListKey, serving: ServiceState) -> Untranslated {
        if let found = cached(key, serving: serving) { return found }
        EventLoopThread.assertNotCurrent("listing a language's untranslated keys")
        let computed = compute(key, serving: serving)
        state.withLock { state in
            state.adopt(serving.loadedAt)
            state.keep(computed, for: key)
        }
        return computed
    }

    /// `table`'s development-language keys in order, sorted once per catalog load.
    private func developmentKeys(_ table: String, development: LanguageTag, serving: ServiceState) -> [String] {
        let found = state.withLock { $0.loadedAt == serving.loadedAt ? $0.sortedKeys[table] : nil }
        if let found { return found }
        let sorted = serving.catalog.entries(table: table, language: development).keys.sorted()
        state.withLock { state in
            state.adopt(serving.loadedAt)
            state.sortedKeys[table] = sorted
        }
        return sorted
    }

    private func compute(_ key: ListKey, serving: ServiceState) -> Untranslated {
        let catalog = serving.catalog
        guard let development = catalog.developmentLanguage else { return Untranslated(entries: [], total: 0) }
        let languages = key.language.map { LanguageTag($0).map { [$0] } ?? [] } ?? catalog.languages.sorted { $0.rawValue < $1.rawValue }
        var entries: [MissingReport.Entry] = []
        var total = 0
        let never = Date(timeIntervalSince1970: 0)
        for language in languages where language != development {
            let chain = serving.resolver.chain(preferring: language)
            for table in catalog.tables where key.table == nil || key.table == table {
                for name in developmentKeys(table, development: development, serving: serving) {
                    let resolution = serving.resolver.resolve(key: name, table: table, chain: chain)
                    guard resolution.isMissing else { continue }
                    total += 1
                    guard entries.count < Self.maximumUntranslated else { continue }
                    entries.append(MissingReport.Entry(key: name, table: table, requested: language.rawValue,
                                                       servedFrom: resolution.source, hits: 0, firstSeen: never, lastSeen: never))
                }
            }
        }
        return Untranslated(entries: entries, total: total)
    }

    // MARK: Resolved entries

    /// Whether `serving`'s catalog has been checked against the report's open entries.
    func isSwept(_ serving: ServiceState) -> Bool {
        state.withLock { $0.sweptLoad == serving.loadedAt }
    }

    /// Marks every open entry that `serving`'s catalog serves from the requested language's
    /// own chain resolved at the catalog's load time, once per load (never on an event loop).
    ///
    /// - Returns: whether an entry changed (cached pages are then stale).
    @discardableResult
    func sweep(_ recorder: MissingKeyRecorder, serving: ServiceState) -> Bool {
        guard !isSwept(serving) else { return false }
        return sweep(recorder.snapshot(), serving: serving) { recorder.markResolved($0, at: $1) }
    }

    /// The sweep of `report` (the shared store's), marking with `markResolved` (which may
    /// throw: the load then stays unswept, and the next read tries again).
    func sweep<Failure: Error>(_ report: MissingReport, serving: ServiceState,
                               markResolved: ([MissingKeyRecorder.EntryID], Date) throws(Failure) -> Int) throws(Failure) -> Bool {
        guard !isSwept(serving) else { return false }
        EventLoopThread.assertNotCurrent("marking fixed missing keys resolved")
        var fixed: [MissingKeyRecorder.EntryID] = []
        for entry in report.entries where entry.resolvedAt == nil {
            if Self.isServed(entry, by: serving) {
                fixed.append(MissingKeyRecorder.EntryID(table: entry.table, key: entry.key, requested: entry.requested,
                                                        plural: entry.plural))
            }
        }
        let changed = try markResolved(fixed, serving.loadedAt)
        state.withLock { $0.sweptLoad = serving.loadedAt }
        return changed > 0
    }

    /// Served from the requested language's chain (not the development language or the key);
    /// for a plural miss, with the form the count selected.
    static func isServed(_ entry: MissingReport.Entry, by serving: ServiceState) -> Bool {
        guard let language = LanguageTag(entry.requested) else { return false }
        let resolution = serving.resolver.resolve(key: entry.key, table: entry.table,
                                                  chain: serving.resolver.chain(preferring: language))
        guard !resolution.isMissing, let found = resolution.entry else { return false }
        guard let plural = entry.plural else { return true }
        return found.string.variables[plural.variable]?.variants[plural.category] != nil
    }
}

extension Backlog {
    private struct TableKey: Hashable {
        var table: String
        var key: String
        var requested: String
    }

    /// `report` followed by the untranslated keys it does not list open already (a key
    /// requested and still missing is shown once, with its hits).
    static func appending(_ untranslated: Untranslated?, to report: MissingReport) -> MissingReport {
        guard let untranslated, !untranslated.entries.isEmpty else { return report }
        let listed = Set(report.entries.lazy
            .filter { $0.resolvedAt == nil && $0.plural == nil }
            .map { TableKey(table: $0.table, key: $0.key, requested: $0.requested) })
        return report.appending(untranslated.entries.filter {
            !listed.contains(TableKey(table: $0.table, key: $0.key, requested: $0.requested))
        })
    }

    /// A JSON page with `"untranslated":{"total":…,"included":…,"limit":…}` first: how many
    /// keys the language lacks, how many this answer includes, and the bound.
    static func marking(_ page: MissingReportCache.Page, _ untranslated: Untranslated) -> MissingReportCache.Page {
        guard page.identity.first == UInt8(ascii: "{") else { return page }
        var writer = JSONWriter()
        writer.beginObject()
        writer.beginObject("untranslated")
        writer.field("total", untranslated.total)
        writer.field("included", untranslated.entries.count)
        writer.field("limit", maximumUntranslated)
        writer.endObject()
        writer.endObject()
        return MissingReportCache.Page(identity: JSONSplice.prepending(writer.bytes, to: page.identity), gzip: nil,
                                       total: page.total, nextOffset: page.nextOffset)
    }
}
